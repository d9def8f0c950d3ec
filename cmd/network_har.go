package cmd

// network har start / network har stop FILE: the session's requests as a
// HAR 1.2 file (network.harStart, network.harStop); the extension collects
// the entries, package har writes the file around them. har start is
// declared; har stop is written by hand: it checks FILE before the call
// stops the recording, and writes it after.

import (
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/internal/har"
	"browserctl/rpc"
)

func newCmdNetworkHAR(f *cmdutil.Factory) *cobra.Command {
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
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return cmdutil.UsageErrorf("network har needs a subcommand: start or stop FILE")
		},
		Annotations: cmdutil.NotReplayed(rpc.GroupOnly),
	}
	c.AddCommand(newCmdNetworkHARStop(f))
	return c
}

func newCmdNetworkHARStop(f *cmdutil.Factory) *cobra.Command {
	var force bool
	c := &cobra.Command{
		Use:   "stop FILE",
		Short: "Stop the session's HAR recording and write it to FILE (HAR 1.2)",
		Long: `Stop the session's HAR recording and write HAR 1.2 to FILE. FILE's folder
must exist (checked before the recording stops, so a typo loses nothing).
No recording running is exit 2.`,
		Example: "  browserctl network har stop session.har",
		Args:    cmdutil.ExactArgs(1, "FILE"),
		RunE: func(c *cobra.Command, args []string) error {
			path := args[0]
			if err := har.CheckFolder(path); err != nil {
				return &cmdutil.UsageError{Err: err}
			}
			if err := checkWritable(path, force); err != nil {
				return err // before the stop: the recording goes on
			}
			raw, err := cmdutil.CallHub(c.Context(), f, rpc.NetworkHARStop, rpc.SessionIDParams{SessionID: cmdutil.SessionOf(f)})
			var be *rpc.BrowserError
			if errors.As(err, &be) && be.Code == rpc.CodeInvalidParams {
				return &cmdutil.UsageError{Err: errors.New(be.Message)} // no recording running
			}
			if err != nil {
				return err
			}
			var res rpc.HARStopResult
			if err := cmdutil.DecodeResult(rpc.NetworkHARStop, raw, &res); err != nil {
				return err
			}
			n, err := har.Write(path, har.Document(res), force)
			if err != nil {
				return err
			}
			abs, _ := filepath.Abs(path)
			if f.Globals.JSON {
				return cmdutil.MarshalJSON(f, map[string]any{"path": abs, "bytes": n, "entries": len(res.Entries), "dropped": res.Dropped})
			}
			fmt.Fprintln(f.IO.Out, abs)
			cmdutil.Done(f, "%d requests since %s, %d bytes", len(res.Entries), time.UnixMilli(res.Started).Format("15:04:05"), n)
			if res.Dropped > 0 {
				warn(f, "%d older requests were dropped (the newest %d are kept)", res.Dropped, rpc.HAREntriesMax)
			}
			return nil
		},
		Annotations: cmdutil.Replays(),
	}
	c.Flags().BoolVar(&force, "force", false, "replace FILE if it exists (never through a symlink)")
	return c
}
