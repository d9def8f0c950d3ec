package cmd

// wait --response PATTERN [--status N]: network.waitResponse.

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode"

	"browserctl/rpc"
)

// checkURLPattern refuses a PATTERN network block, route and wait
// --response cannot use: empty, or holding spaces or control characters
// (no URL has them).
func checkURLPattern(flag, p string) error {
	if strings.TrimSpace(p) == "" {
		return usageErrorf("%s must not be empty", flag)
	}
	for _, r := range p {
		if unicode.IsSpace(r) || unicode.IsControl(r) {
			return usageErrorf("%s %q holds a space or control character: no URL matches it (write %%20 for a space)", flag, p)
		}
	}
	if strings.HasSuffix(p, `\`) && !strings.HasSuffix(p, `\\`) {
		return usageErrorf(`%s %q ends in a lone \ (it escapes the next character: write \\ for a backslash)`, flag, p)
	}
	return nil
}

// checkStatus refuses an HTTP status outside 100..599.
func checkStatus(flag string, n int) error {
	if n < 100 || n > 599 {
		return usageErrorf("%s must be an HTTP status 100..599, got %d", flag, n)
	}
	return nil
}

func waitResponseCall(f *Factory, wf waitForFlags, tab int) (*pageCall, error) {
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
	p.PageParams = pageParams(f, tab)
	ms, min := budgetMS(f)
	p.TimeoutMS = ms
	return &pageCall{Method: rpc.NetworkWaitResp, Params: &p, MinTimeout: min, Human: func(raw json.RawMessage) error {
		var res rpc.WaitResponseResult
		if err := decodeResult(rpc.NetworkWaitResp, raw, &res); err != nil {
			return err
		}
		fmt.Fprintf(f.IO.Out, "%d %s\n", res.Status, safeText(res.URL))
		return nil
	}}, nil
}
