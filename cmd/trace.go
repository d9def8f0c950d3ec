package cmd

// trace start [--categories ...] [--screenshots] / trace stop FILE,
// declared on their rows and group (rpc/evidence.go): a Chrome trace of
// the session's active tab (CDP Tracing through the extension), written
// as the JSON DevTools' Performance panel and Perfetto open.

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"

	"browserctl/cmd/cmdutil"
	"browserctl/internal/evidence"
	"browserctl/rpc"
)

func init() {
	cmdutil.Hooks[rpc.HookTraceStart] = func(_ context.Context, _ *cmdutil.Factory, pc *cmdutil.PageCall, _ map[string]string) error {
		for _, cat := range pc.Params.(rpc.TraceStartParams).Categories {
			if cat == "" {
				return cmdutil.UsageErrorf("--categories: an empty category name")
			}
		}
		return nil
	}
	// trace stop FILE: FILE checked before the stop (a refused one leaves
	// the trace running), then the trace's JSON read into it.
	cmdutil.Hooks[rpc.HookTraceStop] = func(ctx context.Context, f *cmdutil.Factory, pc *cmdutil.PageCall, args map[string]string) error {
		path, force := args["FILE"], args["--force"] == "true"
		if err := checkWritable(path, force); err != nil {
			return err
		}
		pc.Refused = refusedAsUsage
		pc.Result = func(raw json.RawMessage) error {
			var res rpc.TraceStopResult
			if err := cmdutil.DecodeResult(rpc.TraceStop, raw, &res); err != nil {
				return err
			}
			sid := cmdutil.SessionOf(f)
			wrote, err := evidence.WriteTrace(path, res, func(method string, p map[string]any) (json.RawMessage, error) {
				p["sessionId"] = sid
				return callRaw(ctx, f, method, p)
			}, force)
			if err != nil {
				return err
			}
			if res.ScreenshotsTruncated {
				warn(f, "the screenshots stopped early: the trace's frames reached their memory bound")
			}
			abs, _ := filepath.Abs(path)
			if f.Globals.JSON {
				return cmdutil.MarshalJSON(f, map[string]any{"path": abs, "bytes": wrote.Bytes, "tabId": res.TabID, "screenshots": wrote.Screenshots})
			}
			fmt.Fprintln(f.IO.Out, abs)
			if res.Screenshots > 0 || wrote.Screenshots > 0 {
				cmdutil.Done(f, "%d bytes of trace, %d screenshots", wrote.Bytes, wrote.Screenshots)
			} else {
				cmdutil.Done(f, "%d bytes of trace", wrote.Bytes)
			}
			return nil
		}
		return nil
	}
}
