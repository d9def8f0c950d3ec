package cmd

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/rpc"
)

// getWhats are pages.get's values (rpc.GetWhat) and the names of get's
// subcommands, declared on methods of their own (get attr, get count ...).
func getWhats() []string {
	whats := append([]string{}, rpc.GetWhat.Values...)
	for _, d := range cmdutil.DeclaredCmds() {
		if len(d.Words) == 2 && d.Words[0] == "get" {
			whats = append(whats, d.Words[1])
		}
	}
	return whats
}

func newCmdGet(f *cmdutil.Factory, runF func(*cmdutil.PageCall) error) *cobra.Command {
	var p rpc.GetParams
	c := &cobra.Command{
		Use:   "get " + strings.Join(rpc.GetWhat.Values, "|") + " [REF] | attr REF NAME | count SELECTOR",
		Short: "Read the page's title or url, an element's text, value, html, box or attribute, or count matches",
		Long: `Read one thing from the page. text and html without a REF read the whole
document; value and box need a REF. box prints x y width height (CSS
pixels, viewport coordinates). attr prints an attribute of an element (nothing
when it has none; --json gives null); count prints how many elements match a
CSS selector, visible or not.

` + cmdutil.TargetHelp,
		Example: `  browserctl get title
  browserctl get text e12
  browserctl get box e3 --json
  browserctl get text '#status'
  browserctl get attr e5 href
  browserctl get count 'ul.results > li'`,
		Args: cmdutil.RangeArgs(1, 3, "what to get ("+strings.Join(getWhats(), ", ")+") and an optional REF"),
		ValidArgsFunction: func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) == 0 {
				return cmdutil.FilterStrings(rpc.GetWhat.Values, toComplete), cobra.ShellCompDirectiveNoFileComp
			}
			return cmdutil.CompleteRefs(f, 1)(c, args, toComplete)
		},
		RunE: cmdutil.PageRunE(f, runF, func(args []string) (*cmdutil.PageCall, error) {
			p.SessionID, p.What = cmdutil.SessionOf(f), args[0]
			if whats := getWhats(); !slices.Contains(whats, p.What) {
				return nil, cmdutil.UsageErrorf("cannot get %q: %s or %s", p.What, strings.Join(whats[:len(whats)-1], ", "), whats[len(whats)-1])
			}
			if len(args) > 2 {
				return nil, cmdutil.UsageErrorf("get %s takes one REF, got %q", p.What, args[1:])
			}
			if len(args) == 2 {
				p.Ref, p.Selector = cmdutil.Target(args[1])
			}
			if (p.What == "value" || p.What == "box") && p.Ref == "" && p.Selector == "" {
				return nil, cmdutil.UsageErrorf("get %s needs a REF", p.What)
			}
			return &cmdutil.PageCall{Method: rpc.PageGet, Params: p, Human: func(raw json.RawMessage) error {
				var res rpc.ValueResult
				if err := cmdutil.DecodeResult(rpc.PageGet, raw, &res); err != nil {
					return err
				}
				if p.What == "box" {
					var b rpc.Box
					if err := json.Unmarshal(res.Value, &b); err == nil {
						_, err := fmt.Fprintf(f.IO.Out, "%g %g %g %g\n", b.X, b.Y, b.Width, b.Height)
						return err
					}
				}
				return cmdutil.PrintValue(f.IO.Out, res.Value)
			}}, nil
		}),
		Annotations: cmdutil.NotReplayed(rpc.ReadsOnly),
	}
	cmdutil.AddTabFlag(c, f, &p.TabID)
	return c
}
