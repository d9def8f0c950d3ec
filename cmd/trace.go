package cmd

// trace start [--categories ...] [--screenshots] / trace stop FILE: a
// Chrome trace of the session's active tab (CDP Tracing through the
// extension), written as the JSON DevTools' Performance panel and Perfetto
// open.

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"browserctl/evidence"
	"browserctl/rpc"
)

func newCmdTrace(f *Factory) *cobra.Command {
	c := &cobra.Command{
		Use:         "trace",
		Annotations: notReplayed(groupOnly),
		Short:       "Record a Chrome performance trace: trace start, trace stop FILE",
		Long: `trace start begins a Chrome trace of the session's active tab (CDP Tracing,
by default the categories DevTools' Performance panel records); trace stop
FILE ends it and writes the trace's JSON ({"traceEvents": [...]}) to FILE,
which DevTools' Performance panel ("Load profile") and ui.perfetto.dev open.

--screenshots adds the page's screencast frames (JPEG, 500 px wide, at most
64 MB of them) as DevTools' Screenshot events, placed on the trace's clock
by console.timeStamp marks the page gets every 2 s; trace stop inserts them
when it writes FILE, and fails (with FILE written without them) when they
cannot be placed.

The trace is kept by the browser while it runs (its own buffer bounds it). A
trace ends with its session; a tab that closes while it is traced takes the
trace with it (trace stop then says so).`,
		Example: `  browserctl trace start --screenshots
  browserctl click e3
  browserctl trace stop run.json`,
		Args: noArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return usageErrorf("trace needs a subcommand: start or stop")
		},
	}
	c.AddCommand(newCmdTraceStart(f), newCmdTraceStop(f))
	return c
}

func newCmdTraceStart(f *Factory) *cobra.Command {
	var p rpc.TraceStartParams
	c := &cobra.Command{
		Use:         "start",
		Annotations: replays(),
		Short:       "Start tracing the session's active tab",
		Example:     "  browserctl trace start\n  browserctl trace start --categories devtools.timeline,v8.execute --screenshots",
		Args:        noArgs,
		RunE: func(c *cobra.Command, args []string) error {
			for _, cat := range p.Categories {
				if cat == "" {
					return usageErrorf("--categories: an empty category name")
				}
			}
			p.SessionID = sessionOf(f)
			raw, err := callHub(c.Context(), f, rpc.TraceStart, p)
			if err != nil {
				return err
			}
			return render(f, raw, func() error {
				var res rpc.TraceStartResult
				if err := decodeResult(rpc.TraceStart, raw, &res); err != nil {
					return err
				}
				done(f, "tracing tab %d (trace stop FILE writes it)", res.TabID)
				return nil
			})
		},
	}
	c.Flags().StringSliceVar(&p.Categories, "categories", nil, "trace categories, comma-separated; -NAME excludes (default: DevTools' Performance panel's)")
	c.Flags().BoolVar(&p.Screenshots, "screenshots", false, "add screenshots of the page to the trace (its screencast, JPEG 500 px wide; DevTools' filmstrip)")
	return c
}

func newCmdTraceStop(f *Factory) *cobra.Command {
	c := &cobra.Command{
		Use:         "stop FILE",
		Annotations: replays(),
		Short:       "Stop the session's trace and write its JSON to FILE",
		Example:     "  browserctl trace stop trace.json",
		Args:        exactArgs(1, "FILE"),
		RunE: func(c *cobra.Command, args []string) error {
			path := args[0]
			if err := checkWritable(path); err != nil {
				return err // before the stop: the trace goes on
			}
			ctx := c.Context()
			raw, err := callHub(ctx, f, rpc.TraceStop, rpc.SessionIDParams{SessionID: sessionOf(f)})
			var be *rpc.BrowserError
			if errors.As(err, &be) && be.Code == rpc.CodeInvalidParams {
				return &UsageError{Err: fmt.Errorf("%s", be.Message)} // no trace running
			}
			if err != nil {
				return err
			}
			var res rpc.TraceStopResult
			if err := decodeResult(rpc.TraceStop, raw, &res); err != nil {
				return err
			}
			sid := sessionOf(f)
			wrote, err := evidence.WriteTrace(path, res, func(method string, p map[string]any) (json.RawMessage, error) {
				p["sessionId"] = sid
				return callRaw(ctx, f, method, p)
			})
			if err != nil {
				return err
			}
			if res.ScreenshotsTruncated {
				warn(f, "the screenshots stopped early: the trace's frames reached their memory bound")
			}
			abs, _ := filepath.Abs(path)
			if f.Globals.JSON {
				return marshalJSON(f, map[string]any{"path": abs, "bytes": wrote.Bytes, "tabId": res.TabID, "screenshots": wrote.Screenshots})
			}
			fmt.Fprintln(f.IO.Out, abs)
			if res.Screenshots > 0 || wrote.Screenshots > 0 {
				done(f, "%d bytes of trace, %d screenshots", wrote.Bytes, wrote.Screenshots)
			} else {
				done(f, "%d bytes of trace", wrote.Bytes)
			}
			return nil
		},
	}
	return c
}
