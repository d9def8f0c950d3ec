package cmd

import (
	"encoding/json"

	"strconv"
	"time"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

// waitSlack is added to a wait's own length for the call's timeout, so the
// page answers before the hub gives up.
const waitSlack = 5 * time.Second

func newCmdWait(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.WaitParams
	c := &cobra.Command{
		Use:   "wait MS | wait --load STATE",
		Short: "Wait for milliseconds, or for a load state (load, domcontentloaded, networkidle)",
		Long: `Wait in the page: MS milliseconds, or until the tab reaches a load state.
A load-state wait gives up after --timeout (default 30s).`,
		Example: `  browserctl wait 500
  browserctl wait --load networkidle --timeout 10s`,
		Args: rangeArgs(0, 1, "milliseconds, or --load STATE"),
		RunE: func(c *cobra.Command, args []string) error {
			return pageRunE(f, runF, func(args []string) (*pageCall, error) {
				p.SessionID = sessionOf(f)
				pc := &pageCall{Method: rpc.PageWait, Params: &p, Human: func(raw json.RawMessage) error {
					var res rpc.WaitResult
					if err := decodeResult(rpc.PageWait, raw, &res); err != nil {
						return err
					}
					done(f, "waited %d ms", res.Waited)
					return nil
				}}
				switch {
				case len(args) == 1 && p.State != "":
					return nil, usageErrorf("give either MS or --load STATE, not both")
				case len(args) == 1:
					ms, err := strconv.Atoi(args[0])
					if err != nil || ms < 0 {
						return nil, usageErrorf("MS must be a whole number >= 0, got %q", args[0])
					}
					p.MS = &ms
					pc.MinTimeout = time.Duration(ms)*time.Millisecond + waitSlack
				case p.State != "":
					if err := checkEnum("--load", rpc.LoadState, p.State); err != nil {
						return nil, err
					}
					if c.Flags().Changed("timeout") {
						p.Timeout = int(f.Globals.Timeout / time.Millisecond)
					}
					wait := rpc.DefaultTimeout
					if p.Timeout > 0 {
						wait = time.Duration(p.Timeout) * time.Millisecond
					}
					pc.MinTimeout = wait + waitSlack
				default:
					return nil, usageErrorf("wait needs MS or --load STATE")
				}
				return pc, nil
			})(c, args)
		},
	}
	enumFlag(c, &p.State, "load", rpc.LoadState, "load, domcontentloaded or networkidle")
	addTabFlag(c, f, &p.TabID)
	return c
}
