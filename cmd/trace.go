package cmd

// trace start [--categories ...] [--screenshots] / trace stop FILE: a
// Chrome trace of the session's active tab (CDP Tracing through the
// extension), written as the JSON DevTools' Performance panel and Perfetto
// open.

import (
	"context"
	"encoding/json"
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
	return c
}

func init() {
	hooks["trace start"] = func(_ context.Context, _ *Factory, pc *pageCall, _ map[string]string) error {
		for _, cat := range pc.Params.(rpc.TraceStartParams).Categories {
			if cat == "" {
				return usageErrorf("--categories: an empty category name")
			}
		}
		return nil
	}
	// trace stop FILE: FILE checked before the stop (a refused one leaves
	// the trace running), then the trace's JSON read into it.
	hooks["trace stop"] = func(ctx context.Context, f *Factory, pc *pageCall, args map[string]string) error {
		path := args["FILE"]
		if err := checkWritable(path); err != nil {
			return err
		}
		pc.Refused = refusedAsUsage
		pc.Result = func(raw json.RawMessage) error {
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
		}
		return nil
	}
}
