package cmd

// open, back, forward, reload are declared on their rows
// (rpc/navigation.go): each waits until the new page reached
// --wait-until and prints the final URL and title. Here are that printer
// and the session open makes when there is none.

import (
	"encoding/json"
	"fmt"
	"time"

	"browserctl/cmd/cmdutil"
	"browserctl/rpc"
)

// budgetMS is the --timeout the extension gets for a call that waits; the
// hub waits cmdutil.WaitSlack longer, so the extension's own "timed out" answer,
// which names what it waited for, arrives first.
func budgetMS(f *cmdutil.Factory) (int, time.Duration) {
	return int(f.Globals.Timeout / time.Millisecond), f.Globals.Timeout + cmdutil.WaitSlack
}

func init() {
	// nav: the final URL and title, one a line; an HTTP error status on
	// stderr.
	// A URL that answered a file: the download line after them, the file
	// moved into --download-dir first.
	cmdutil.Printers[rpc.PrintNav] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, _ rpc.Command, _ map[string]string) {
		pc.Post = settleDownload(f)
		pc.Human = func(raw json.RawMessage) error {
			var res rpc.NavResult
			if err := cmdutil.DecodeResult(pc.Method, raw, &res); err != nil {
				return err
			}
			if _, err := fmt.Fprintf(f.IO.Out, "%s\n%s\n", cmdutil.SafeText(res.URL), cmdutil.SafeText(res.Title)); err != nil {
				return err
			}
			noteHTTPError(f, res.Status)
			if res.Download != nil {
				printDownloadLine(f, *res.Download)
			}
			return nil
		}
	}
}

// noteHTTPError tells a person on stderr that the page a navigation
// arrived at came with an HTTP error status: it loaded, but it is the
// server's error page.
func noteHTTPError(f *cmdutil.Factory, status int) {
	if line := rpc.HTTPErrorLine(status); line != "" {
		fmt.Fprintf(f.IO.ErrOut, "note: %s\n", line)
	}
}
