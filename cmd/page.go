package cmd

// How click, scroll and eval print (they are declared on their rows,
// rpc/input.go and rpc/read.go).

import (
	"encoding/json"
	"fmt"

	"browserctl/cmd/cmdutil"
	"browserctl/rpc"
)

func init() {
	// click: what was pressed, and a chooser or download it set off.
	cmdutil.Printers[rpc.PrintClick] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, _ rpc.Command, args map[string]string) {
		cc := clickCall(f, pc.Params.(rpc.ClickParams), args["REF"])
		pc.Post, pc.Human = cc.Post, cc.Human
	}
	// scroll: the new scroll position, x and y.
	cmdutil.Printers[rpc.PrintScroll] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, _ rpc.Command, _ map[string]string) {
		pc.Human = func(raw json.RawMessage) error {
			var res rpc.ScrollResult
			if err := cmdutil.DecodeResult(pc.Method, raw, &res); err != nil {
				return err
			}
			_, err := fmt.Fprintf(f.IO.Out, "%g %g\n", res.ScrollX, res.ScrollY)
			return err
		}
	}
	// value: a result's value, a string as it is, anything else as JSON on
	// one line.
	cmdutil.Printers[rpc.PrintValue] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, _ rpc.Command, _ map[string]string) {
		pc.Human = func(raw json.RawMessage) error {
			var res rpc.ValueResult
			if err := cmdutil.DecodeResult(pc.Method, raw, &res); err != nil {
				return err
			}
			return cmdutil.PrintValue(f.IO.Out, res.Value)
		}
	}
}

func okDone(f *cmdutil.Factory, msg string) func(json.RawMessage) error {
	return func(json.RawMessage) error {
		cmdutil.Done(f, "%s", msg)
		return nil
	}
}
