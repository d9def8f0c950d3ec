package cmd

// eval: JavaScript in the page.

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

func newCmdEval(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.EvalParams
	c := &cobra.Command{
		Use:   "eval JS",
		Short: "Evaluate JavaScript in the page and print its JSON value (promises are awaited)",
		Example: `  browserctl eval document.title
  browserctl eval 'document.querySelectorAll("a").length'`,
		Args: minArgs(1, "a JavaScript expression"),
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID, p.Expression = sessionOf(f), strings.Join(args, " ")
			// The extension waits --timeout for the value (its default is
			// the spec's 30 s, so that is not sent); the hub a little longer.
			if f.Globals.Timeout != rpc.DefaultTimeout {
				p.TimeoutMS = int(f.Globals.Timeout / time.Millisecond)
			}
			return &pageCall{Method: rpc.PageEval, Params: p, MinTimeout: f.Globals.Timeout + waitSlack, Human: func(raw json.RawMessage) error {
				var res rpc.ValueResult
				if err := decodeResult(rpc.PageEval, raw, &res); err != nil {
					return err
				}
				return printValue(f.IO.Out, res.Value)
			}}, nil
		}),
		Annotations: replays(),
	}
	addTabFlag(c, f, &p.TabID)
	return c
}

// firstArgOf completes the first argument from a list and never offers
// files for any argument.
func firstArgOf(values ...string) completeFunc {
	return func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return filterStrings(values, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}
