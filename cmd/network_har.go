package cmd

// network har start / network har stop FILE: the session's requests as a
// HAR 1.2 file (network.harStart, network.harStop); the extension
// collects the entries, this side writes the file around them.

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"time"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

func newCmdNetworkHAR(f *Factory) *cobra.Command {
	c := &cobra.Command{
		Use:   "har",
		Short: "Record the session's requests as a HAR file: har start, har stop FILE",
		Long: fmt.Sprintf(`har start begins recording every request of the session's tabs (tabs
opened later too); har stop FILE ends it and writes HAR 1.2 to FILE, which
Chrome DevTools' Network panel ("Import HAR file"), Playwright and other
HAR viewers open: each request's method, URL, headers, query string and
POST body, the response's status, headers and, when it is text and small,
its body (content.text), and timings from the browser's own measurements
(-1 where a phase did not happen).

Bounds: the newest %d requests are kept (older ones are dropped and
counted); a response body goes in only when it is text and at most %d KiB,
and at most %d MiB of bodies in all. The recording lives in the extension's
memory: it ends with the session, or when the extension's service worker
restarts.`, rpc.HAREntriesMax, rpc.HARTextMax>>10, rpc.HARBodiesMax>>20),
		Example: `  browserctl network har start
  browserctl open https://example.com
  browserctl network har stop example.har`,
		Args: noArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return usageErrorf("network har needs a subcommand: start or stop FILE")
		},
		Annotations: notReplayed(groupOnly),
	}
	c.AddCommand(newCmdNetworkHARStart(f, nil), newCmdNetworkHARStop(f))
	return c
}

func newCmdNetworkHARStart(f *Factory, runF func(*pageCall) error) *cobra.Command {
	return &cobra.Command{
		Use:               "start",
		Short:             "Start recording the session's requests for a HAR file",
		Example:           "  browserctl network har start",
		Args:              noArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			return &pageCall{Method: rpc.NetworkHARStart, Params: rpc.SessionIDParams{SessionID: sessionOf(f)}, Human: func(raw json.RawMessage) error {
				var r rpc.HARStartResult
				if err := decodeResult(rpc.NetworkHARStart, raw, &r); err != nil {
					return err
				}
				if !r.Started {
					warn(f, "a HAR recording was already running in this session: it goes on")
					return nil
				}
				done(f, "recording requests (the newest %d are kept); network har stop FILE writes them", r.MaxEntries)
				return nil
			}}, nil
		}),
		Annotations: replays(),
	}
}

// harFile is a HAR 1.2 document.
type harFile struct {
	Log harLog `json:"log"`
}

type harLog struct {
	Version string         `json:"version"`
	Creator harCreator     `json:"creator"`
	Pages   []any          `json:"pages"`
	Entries []rpc.HAREntry `json:"entries"`
	Comment string         `json:"comment,omitempty"`
}

type harCreator struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// toolVersion is the binary's module version ("devel" for a local build).
func toolVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}

// harDocument wraps the recording's entries in HAR 1.2's log.
func harDocument(r rpc.HARStopResult) harFile {
	entries := r.Entries
	if entries == nil {
		entries = []rpc.HAREntry{}
	}
	for i := range entries {
		if entries[i].Cache == nil {
			entries[i].Cache = map[string]string{}
		}
	}
	log := harLog{Version: "1.2", Creator: harCreator{Name: "browserctl", Version: toolVersion()}, Pages: []any{}, Entries: entries}
	if r.Dropped > 0 {
		log.Comment = fmt.Sprintf("%d older requests were dropped (the newest %d are kept)", r.Dropped, rpc.HAREntriesMax)
	}
	return harFile{Log: log}
}

// writeHAR writes the document to path (0644); a missing folder is refused.
func writeHAR(path string, doc harFile) (int, error) {
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return 0, err
	}
	b = append(b, '\n')
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return 0, fmt.Errorf("cannot write %s: %v", path, unwrapPathError(err))
	}
	return len(b), nil
}

func newCmdNetworkHARStop(f *Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "stop FILE",
		Short: "Stop the session's HAR recording and write it to FILE (HAR 1.2)",
		Long: `Stop the session's HAR recording and write HAR 1.2 to FILE. FILE's folder
must exist (checked before the recording stops, so a typo loses nothing).
No recording running is exit 2.`,
		Example: "  browserctl network har stop session.har",
		Args:    exactArgs(1, "FILE"),
		RunE: func(c *cobra.Command, args []string) error {
			path := args[0]
			if dir := filepath.Dir(path); dir != "" {
				if st, err := os.Stat(dir); err != nil || !st.IsDir() {
					return usageErrorf("cannot write %s: the folder %s does not exist", path, dir)
				}
			}
			if err := checkWritable(path); err != nil {
				return err // before the stop: the recording goes on
			}
			raw, err := callHub(c.Context(), f, rpc.NetworkHARStop, rpc.SessionIDParams{SessionID: sessionOf(f)})
			var be *rpc.BrowserError
			if errors.As(err, &be) && be.Code == rpc.CodeInvalidParams {
				return &UsageError{Err: fmt.Errorf("%s", be.Message)}
			}
			if err != nil {
				return err
			}
			var res rpc.HARStopResult
			if err := decodeResult(rpc.NetworkHARStop, raw, &res); err != nil {
				return err
			}
			n, err := writeHAR(path, harDocument(res))
			if err != nil {
				return err
			}
			abs, _ := filepath.Abs(path)
			if f.Globals.JSON {
				return marshalJSON(f, map[string]any{"path": abs, "bytes": n, "entries": len(res.Entries), "dropped": res.Dropped})
			}
			fmt.Fprintln(f.IO.Out, abs)
			since := time.UnixMilli(res.Started)
			done(f, "%d requests since %s, %d bytes", len(res.Entries), since.Format("15:04:05"), n)
			if res.Dropped > 0 {
				warn(f, "%d older requests were dropped (the newest %d are kept)", res.Dropped, rpc.HAREntriesMax)
			}
			return nil
		},
		Annotations: replays(),
	}
}
