package cmd

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

func newCmdGet(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.GetParams
	c := &cobra.Command{
		Use:   "get " + strings.Join(rpc.GetWhat.Values, "|") + " [REF]",
		Short: "Read the page's title or url, or an element's text, value, html or box",
		Long: `Read one thing from the page. text and html without a REF read the whole
document; value and box need a REF. box prints x y width height (CSS
pixels, viewport coordinates).`,
		Example: `  browserctl get title
  browserctl get text e12
  browserctl get box e3 --json`,
		Args: rangeArgs(1, 2, "what to get ("+strings.Join(rpc.GetWhat.Values, ", ")+") and an optional REF"),
		ValidArgsFunction: func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) == 0 {
				return filterStrings(rpc.GetWhat.Values, toComplete), cobra.ShellCompDirectiveNoFileComp
			}
			return completeRefs(f, 1)(c, args, toComplete)
		},
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID, p.What = sessionOf(f), args[0]
			if !rpc.GetWhat.Has(p.What) {
				return nil, usageErrorf("cannot get %q: %s", p.What, rpc.GetWhat.Or())
			}
			if len(args) == 2 {
				p.Ref = args[1]
			}
			if (p.What == "value" || p.What == "box") && p.Ref == "" {
				return nil, usageErrorf("get %s needs a REF", p.What)
			}
			return &pageCall{Method: rpc.PageGet, Params: p, Human: func(raw json.RawMessage) error {
				var res rpc.ValueResult
				if err := decodeResult(rpc.PageGet, raw, &res); err != nil {
					return err
				}
				if p.What == "box" {
					var b rpc.Box
					if err := json.Unmarshal(res.Value, &b); err == nil {
						_, err := fmt.Fprintf(f.IO.Out, "%g %g %g %g\n", b.X, b.Y, b.Width, b.Height)
						return err
					}
				}
				return printValue(f.IO.Out, res.Value)
			}}, nil
		}),
	}
	addTabFlag(c, f, &p.TabID)
	return c
}

func filterStrings(list []string, prefix string) []cobra.Completion {
	var out []cobra.Completion
	for _, v := range list {
		if len(prefix) <= len(v) && v[:len(prefix)] == prefix {
			out = append(out, v)
		}
	}
	return out
}
