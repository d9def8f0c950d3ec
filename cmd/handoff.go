package cmd

import (
	"encoding/json"
	"fmt"
	"time"

	"browserctl/cmd/cmdutil"
	"browserctl/rpc"
)

// handoffWait is how long handoff waits for the person without --timeout.
const handoffWait = 5 * time.Minute

func init() {
	// handoff: waits for the person (--timeout, else handoffWait), fails
	// when they did not press Done, prints the page's URL and title.
	cmdutil.Printers[rpc.PrintHandoff] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, _ rpc.Command, _ map[string]string) {
		wait := handoffWait
		if f.Globals.Timeout != rpc.DefaultTimeout && f.Globals.Timeout > 0 {
			wait = f.Globals.Timeout
		}
		p := pc.Params.(rpc.HandoffParams)
		p.TimeoutMS = int(wait / time.Millisecond)
		pc.Params, pc.MinTimeout = p, wait+cmdutil.WaitSlack
		var r rpc.HandoffResult
		pc.Post = func(raw json.RawMessage) (json.RawMessage, error) {
			if err := cmdutil.DecodeResult(rpc.PageHandoff, raw, &r); err != nil {
				return nil, err
			}
			if !r.Done {
				return nil, fmt.Errorf("the person did not press Done within %s (the page is at %s)", wait, cmdutil.SafeText(r.URL))
			}
			return raw, nil
		}
		pc.Human = func(json.RawMessage) error {
			_, err := fmt.Fprintf(f.IO.Out, "done: %s\n%s\n", cmdutil.SafeText(r.URL), cmdutil.SafeText(r.Title))
			return err
		}
	}
}
