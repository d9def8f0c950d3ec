package cmd

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/rpc"
)

// waitForFlags are the conditions of `wait` that pages.waitFor carries out.
type waitForFlags struct {
	text, selector, url, fn string
	gone                    bool
	// response: network.waitResponse instead (wait_response.go)
	response string
	status   int
}

func (w *waitForFlags) count() int {
	n := 0
	for _, s := range []string{w.text, w.selector, w.url, w.fn, w.response} {
		if s != "" {
			n++
		}
	}
	return n
}

func newCmdWait(f *cmdutil.Factory, runF func(*cmdutil.PageCall) error) *cobra.Command {
	var p rpc.WaitParams
	var wf waitForFlags
	c := &cobra.Command{
		Use:   "wait MS | --load STATE | --text TEXT | --selector CSS | --url PATTERN | --fn JS | --response PATTERN",
		Short: "Wait for milliseconds, a load state, text, an element, a URL, a JavaScript condition or a response",
		Long: `Wait in the page, never by polling from here:
  MS                milliseconds
  --load STATE      load, domcontentloaded or networkidle
  --text TEXT       TEXT is visible on the page (--gone: no longer is)
  --selector CSS    an element matching CSS is visible (--gone: none is)
  --url PATTERN     the tab's URL contains PATTERN or matches it as a glob
                    (** any characters, * any but /, {a,b} either)
  --fn JS           the JavaScript expression is truthy (promises awaited);
                    prints its value
  --response PATTERN  a response whose URL matches PATTERN arrives (from
                    now on; network block's syntax: without * or ? a URL
                    substring, with them a wildcard pattern over the whole
                    URL); --status N only one with that HTTP status; prints
                    its status and URL
Every wait but MS gives up after --timeout (default 30s) with exit 4 and a
message naming what it waited for.`,
		Example: `  browserctl wait 500
  browserctl wait --load networkidle --timeout 10s
  browserctl wait --text "Welcome back"
  browserctl wait --selector "#spinner" --gone
  browserctl wait --url "**/dashboard*"
  browserctl wait --fn "document.querySelectorAll('li').length > 10"
  browserctl wait --response /api/save --status 200`,
		Args: cmdutil.RangeArgs(0, 1, "milliseconds, or one of --load, --text, --selector, --url, --fn, --response"),
		RunE: func(c *cobra.Command, args []string) error {
			return cmdutil.PageRunE(f, runF, func(args []string) (*cmdutil.PageCall, error) {
				modes := wf.count() + len(args)
				if p.State != "" {
					modes++
				}
				if modes != 1 {
					if modes == 0 {
						return nil, cmdutil.UsageErrorf("wait needs MS or --load STATE, --text, --selector, --url, --fn, --response")
					}
					return nil, cmdutil.UsageErrorf("give one of MS, --load, --text, --selector, --url, --fn, --response, not several")
				}
				if wf.status != 0 && wf.response == "" {
					return nil, cmdutil.UsageErrorf("--status goes with --response")
				}
				if wf.response != "" {
					return waitResponseCall(f, wf, p.TabID)
				}
				if wf.gone && wf.text == "" && wf.selector == "" {
					return nil, cmdutil.UsageErrorf("--gone goes with --text or --selector")
				}
				if wf.count() == 1 {
					return waitForCall(f, wf, p.TabID), nil
				}
				p.SessionID = cmdutil.SessionOf(f)
				pc := &cmdutil.PageCall{Method: rpc.PageWait, Params: &p, Human: func(raw json.RawMessage) error {
					var res rpc.WaitResult
					if err := cmdutil.DecodeResult(rpc.PageWait, raw, &res); err != nil {
						return err
					}
					cmdutil.Done(f, "waited %d ms", res.Waited)
					return nil
				}}
				if len(args) == 1 {
					ms, err := strconv.Atoi(args[0])
					if err != nil || ms < 0 {
						return nil, cmdutil.UsageErrorf("MS must be a whole number >= 0, got %q", args[0])
					}
					p.MS = &ms
					pc.MinTimeout = time.Duration(ms)*time.Millisecond + cmdutil.WaitSlack
					return pc, nil
				}
				if err := cmdutil.CheckEnum("--load", rpc.LoadState, p.State); err != nil {
					return nil, err
				}
				if c.Flags().Changed("timeout") {
					p.Timeout = int(f.Globals.Timeout / time.Millisecond)
				}
				wait := rpc.DefaultTimeout
				if p.Timeout > 0 {
					wait = time.Duration(p.Timeout) * time.Millisecond
				}
				pc.MinTimeout = wait + cmdutil.WaitSlack
				return pc, nil
			})(c, args)
		},
		Annotations: cmdutil.Replays(rpc.WaitsItself),
	}
	cmdutil.EnumFlag(c, &p.State, "load", rpc.LoadState, "load, domcontentloaded or networkidle")
	c.Flags().StringVar(&wf.text, "text", "", "wait until TEXT is visible on the page")
	c.Flags().StringVar(&wf.selector, "selector", "", "wait until an element matching the CSS selector is visible")
	c.Flags().StringVar(&wf.url, "url", "", "wait until the tab's URL contains PATTERN or matches it as a glob")
	c.Flags().StringVar(&wf.fn, "fn", "", "wait until the JavaScript expression is truthy")
	c.Flags().BoolVar(&wf.gone, "gone", false, "with --text or --selector: wait until it is no longer visible")
	c.Flags().StringVar(&wf.response, "response", "", "wait until a response whose URL matches PATTERN arrives")
	c.Flags().IntVar(&wf.status, "status", 0, "with --response: only a response with this HTTP status")
	for _, name := range []string{"text", "selector", "url", "fn", "response", "status"} {
		_ = c.RegisterFlagCompletionFunc(name, cobra.NoFileCompletions)
	}
	cmdutil.AddTabFlag(c, f, &p.TabID)
	return c
}

// waitForCall is the pages.waitFor call for --text, --selector, --url or --fn.
func waitForCall(f *cmdutil.Factory, wf waitForFlags, tab int) *cmdutil.PageCall {
	p := rpc.WaitForParams{Text: wf.text, Selector: wf.selector, URL: wf.url, Fn: wf.fn, Gone: wf.gone}
	p.PageParams = cmdutil.PageParams(f, tab)
	var min time.Duration
	p.TimeoutMS, min = budgetMS(f)
	return &cmdutil.PageCall{Method: rpc.PageWaitFor, Params: &p, MinTimeout: min, Human: func(raw json.RawMessage) error {
		var res rpc.WaitForResult
		if err := cmdutil.DecodeResult(rpc.PageWaitFor, raw, &res); err != nil {
			return err
		}
		switch {
		case wf.url != "":
			fmt.Fprintln(f.IO.Out, cmdutil.SafeText(res.URL))
		case wf.fn != "":
			return cmdutil.PrintValue(f.IO.Out, res.Value)
		default:
			cmdutil.Done(f, "waited %d ms", res.Waited)
		}
		return nil
	}}
}
