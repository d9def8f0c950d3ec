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
		Post: func(raw json.RawMessage) (json.RawMessage, error) {
			return downloadFolder(f).SettleClick(raw), nil
		},
		Human: func(raw json.RawMessage) error {
			var a rpc.ClickResult
			if err := cmdutil.DecodeResult(rpc.PageClick, raw, &a); err != nil {
				return err
			}
			cmdutil.Done(f, "clicked %s", cmdutil.ActedOn(a.Target, ref))
			if a.Navigation != nil {
				fmt.Fprintf(f.IO.Out, "the click started a navigation to %s\n", termsafe.String(a.Navigation.URL))
				noteHTTPError(f, a.Navigation.Status)
			}
			if a.Popup != nil {
				fmt.Fprintf(f.IO.Out, "the click opened tab %d\n", a.Popup.TabID)
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
			return nil
		},
	}
}

func okDone(f *cmdutil.Factory, msg string) func(json.RawMessage) error {
	return func(json.RawMessage) error {
		cmdutil.Done(f, "%s", msg)
		return nil
	}
}
