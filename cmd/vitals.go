package cmd

// vitals and highlight, declared on their rows (rpc/evidence.go): how
// vitals prints, and highlight's TARGET or --clear and its --duration.

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"browserctl/cmd/cmdutil"
	"browserctl/internal/evidence"
	"browserctl/rpc"
)

func init() {
	cmdutil.Printers[rpc.PrintVitals] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, _ rpc.Command, _ map[string]string) {
		pc.Human = func(raw json.RawMessage) error {
			var v rpc.VitalsResult
			if err := cmdutil.DecodeResult(rpc.PageVitals, raw, &v); err != nil {
				return err
			}
			evidence.WriteVitals(f.IO.Out, v)
			return nil
		}
	}
	cmdutil.Hooks[rpc.HookHighlight] = func(_ context.Context, f *cmdutil.Factory, pc *cmdutil.PageCall, args map[string]string) error {
		p := pc.Params.(rpc.HighlightParams)
		_, target := args["TARGET"]
		if p.Clear == target {
			return cmdutil.UsageErrorf("highlight takes a TARGET or --clear, one of them")
		}
		duration, _ := time.ParseDuration(args["--duration"])
		if duration < 0 {
			return cmdutil.UsageErrorf("--duration must not be negative, got %s", duration)
		}
		if target {
			d := int(duration / time.Millisecond)
			p.DurationMS = &d
		}
		pc.Params = p
		pc.Human = func(raw json.RawMessage) error {
			if p.Clear {
				cmdutil.Done(f, "outline cleared")
				return nil
			}
			var res rpc.HighlightResult
			if err := cmdutil.DecodeResult(rpc.PageHighlight, raw, &res); err != nil {
				return err
			}
			if res.Box == nil {
				return fmt.Errorf("pages.highlight answered no box for %s", res.Target)
			}
			cmdutil.Done(f, "outlined %s at %.0f,%.0f %.0fx%.0f", res.Target, res.Box.X, res.Box.Y, res.Box.Width, res.Box.Height)
			return nil
		}
		return nil
	}
}
