package cmd

import (
	"encoding/json"
	"fmt"
	"strings"

	"browserctl/cmd/cmdutil"
	"browserctl/rpc"
)

// find is declared on pages.find's row.
func init() {
	cmdutil.Printers[rpc.PrintFound] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, _ rpc.Command, _ map[string]string) {
		pc.Result = func(raw json.RawMessage) error { return printFound(f, raw) }
	}
}

// printFound prints the elements as snapshot lines, or the array with
// --json; nothing found is exit 1.
func printFound(f *cmdutil.Factory, raw json.RawMessage) error {
	var res rpc.FindResult
	if err := cmdutil.DecodeResult(rpc.PageFind, raw, &res); err != nil {
		return err
	}
	if res.Elements == nil {
		res.Elements = []rpc.Ref{}
	}
	if f.Globals.JSON {
		if err := cmdutil.MarshalJSON(f, res.Elements); err != nil {
			return err
		}
	} else {
		cs := f.IO.ColorScheme()
		var b strings.Builder
		for _, e := range res.Elements {
			// As snapshot lines; raw already went through printable, so
			// page text reaches the terminal escaped.
			fmt.Fprintf(&b, "- %s \"%s\" %s\n", cs.Magenta(e.Role), e.Name, cs.Cyan("[ref="+e.Ref+"]"))
		}
		if _, err := fmt.Fprint(f.IO.Out, b.String()); err != nil {
			return err
		}
	}
	if len(res.Elements) == 0 {
		return &cmdutil.ReportedError{Code: cmdutil.ExitError, Err: fmt.Errorf("no element matches")}
	}
	return nil
}
