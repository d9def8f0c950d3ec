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

	"browserctl/evidence"
	"browserctl/rpc"
)

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
