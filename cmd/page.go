package cmd

// How click, scroll and eval print (they are declared on their rows,
// rpc/input.go and rpc/read.go): click's printer is written here too.

import (
	"encoding/json"
	"fmt"

	"browserctl/cmd/cmdutil"
	"browserctl/internal/termsafe"
	"browserctl/rpc"
)

func init() {
	// click: what was pressed, and a chooser, download, navigation or tab
	// it set off.
	cmdutil.Printers[rpc.PrintClick] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, _ rpc.Command, args map[string]string) {
		cc := clickCall(f, pc.Params.(rpc.ClickParams), args["REF"])
		pc.Post, pc.Human = cc.Post, cc.Human
	}
	// press: "pressed KEY", and what the key set off.
	cmdutil.Printers[rpc.PrintPress] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, _ rpc.Command, args map[string]string) {
		pc.Post = settleDownload(f)
		pc.Human = func(raw json.RawMessage) error {
			var a rpc.PressResult
			if err := cmdutil.DecodeResult(rpc.PagePress, raw, &a); err != nil {
				return err
			}
			cmdutil.Done(f, "pressed %s", args["KEY"])
			printAftermath(f, "the key", a.Aftermath)
			return nil
		}
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

// clickCall is pages.click whose result may name a file chooser the click
// opened or a download it started; a finished download is moved into
// --download-dir before anything is printed.
func clickCall(f *cmdutil.Factory, p rpc.ClickParams, ref string) *cmdutil.PageCall {
	return &cmdutil.PageCall{
		Method: rpc.PageClick,
		Params: p,
		Post:   settleDownload(f),
		Human: func(raw json.RawMessage) error {
			var a rpc.ClickResult
			if err := cmdutil.DecodeResult(rpc.PageClick, raw, &a); err != nil {
				return err
			}
			cmdutil.Done(f, "clicked %s", cmdutil.ActedOn(a.Target, ref))
			printAftermath(f, "the click", a.Aftermath)
			return nil
		},
	}
}

// settleDownload moves a finished download an action's result names into
// --download-dir before anything is printed.
func settleDownload(f *cmdutil.Factory) func(json.RawMessage) (json.RawMessage, error) {
	return func(raw json.RawMessage) (json.RawMessage, error) {
		return downloadFolder(f).SettleDownload(raw), nil
	}
}

// printAftermath says what a click or key (by) set off: a navigation (and
// an HTTP error status it came with), a tab, a download, a file chooser.
func printAftermath(f *cmdutil.Factory, by string, a rpc.Aftermath) {
	if a.Navigation != nil {
		fmt.Fprintf(f.IO.Out, "%s started a navigation to %s\n", by, termsafe.String(a.Navigation.URL))
		noteHTTPError(f, a.Navigation.Status)
	}
	if a.Popup != nil {
		fmt.Fprintf(f.IO.Out, "%s opened tab %d\n", by, a.Popup.TabID)
	}
	if a.Download != nil {
		printDownloadLine(f, *a.Download)
	}
	if a.FileChooser != nil {
		n := "a file"
		if a.FileChooser.Mode == "selectMultiple" {
			n = "files"
		}
		fmt.Fprintf(f.IO.Out, "file chooser opened (it takes %s): answer it with `browserctl upload FILE...`\n", n)
	}
}

func okDone(f *cmdutil.Factory, msg string) func(json.RawMessage) error {
	return func(json.RawMessage) error {
		cmdutil.Done(f, "%s", msg)
		return nil
	}
}
