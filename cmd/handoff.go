package cmd

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

// handoffWait is how long handoff waits for the person without --timeout.
const handoffWait = 5 * time.Minute

func newCmdHandoff(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.HandoffParams
	c := &cobra.Command{
		Use:         "handoff MESSAGE",
		Annotations: replays(), // a replay that needed the person needs them again
		Short:       "Hand the session's tab to the person at the browser and wait until they press Done",
		Long: `Bring the session's tab to the front, show MESSAGE in the page and in the
extension's popup with a Done button, mark the session's tab group, and wait
until the person presses Done (or --timeout, default 5m here): for a login
with 2FA, a CAPTCHA, a consent the agent must not give. Prints the page's URL
and title then. Not pressed in time: exit 1.`,
		Example: `  browserctl handoff "Please sign in, then press Done"
  browserctl --timeout 15m handoff "Solve the CAPTCHA" --json`,
		Args:              exactArgs(1, "a MESSAGE for the person"),
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			if args[0] == "" {
				return nil, usageErrorf("the MESSAGE must not be empty")
			}
			wait := handoffWait
			if f.Globals.Timeout != rpc.DefaultTimeout && f.Globals.Timeout > 0 {
				wait = f.Globals.Timeout
			}
			p.PageParams.SessionID, p.Message = sessionOf(f), args[0]
			p.TimeoutMS = int(wait / time.Millisecond)
			var r rpc.HandoffResult
			return &pageCall{Method: rpc.PageHandoff, Params: p, MinTimeout: wait + waitSlack,
				Post: func(raw json.RawMessage) (json.RawMessage, error) {
					if err := decodeResult(rpc.PageHandoff, raw, &r); err != nil {
						return nil, err
					}
					if !r.Done {
						return nil, fmt.Errorf("the person did not press Done within %s (the page is at %s)", wait, safeText(r.URL))
					}
					return raw, nil
				},
				Human: func(json.RawMessage) error {
					_, err := fmt.Fprintf(f.IO.Out, "done: %s\n%s\n", safeText(r.URL), safeText(r.Title))
					return err
				}}, nil
		}),
	}
	addTabFlag(c, f, &p.TabID)
	return c
}
