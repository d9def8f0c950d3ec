package cmd

// wait --response PATTERN [--status N]: network.waitResponse.

import (
	"encoding/json"
	"fmt"

	"browserctl/cmd/cmdutil"
	"browserctl/cmd/internal/netargs"
	"browserctl/rpc"
)

// checkURLPattern refuses a PATTERN no URL can match (network.CheckPattern).
func checkURLPattern(flag, p string) error { return netargs.CheckPattern(flag, p) }

// checkStatus refuses an HTTP status outside 100..599.
func checkStatus(flag string, n int) error { return netargs.CheckStatus(flag, n) }

func waitResponseCall(f *cmdutil.Factory, wf waitForFlags, tab int) (*cmdutil.PageCall, error) {
	if err := checkURLPattern("--response", wf.response); err != nil {
		return nil, err
	}
	p := rpc.WaitResponseParams{Pattern: wf.response}
	if wf.status != 0 {
		if err := checkStatus("--status", wf.status); err != nil {
			return nil, err
		}
		p.Status = wf.status
	}
	p.PageParams = cmdutil.PageParams(f, tab)
	ms, min := budgetMS(f)
	p.TimeoutMS = ms
	return &cmdutil.PageCall{Method: rpc.NetworkWaitResp, Params: &p, MinTimeout: min, Human: func(raw json.RawMessage) error {
		var res rpc.WaitResponseResult
		if err := cmdutil.DecodeResult(rpc.NetworkWaitResp, raw, &res); err != nil {
			return err
		}
		fmt.Fprintf(f.IO.Out, "%d %s\n", res.Status, cmdutil.SafeText(res.URL))
		return nil
	}}, nil
}
