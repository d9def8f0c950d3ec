package cmd

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

// ---- ref actions ----

func newCmdClick(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.ClickParams
	c := &cobra.Command{
		Use:               "click REF",
		Short:             "Click an element by ref or CSS selector",
		Long:              "Click an element.\n\n" + targetHelp + "\n\n" + forceHelp,
		Example:           "  browserctl click e3\n  browserctl click '#submit'\n  browserctl click e3 --button right\n  browserctl click e3 --count 2",
		Args:              exactArgs(1, "a REF from the last snapshot or a CSS selector"),
		ValidArgsFunction: completeRefs(f, 0),
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID = sessionOf(f)
			p.Ref, p.Selector = target(args[0])
			if err := checkEnum("--button", rpc.MouseButton, p.Button); err != nil {
				return nil, err
			}
			return clickCall(f, p, args[0]), nil // reports a chooser or download
		}),
		Annotations: replays(targetAt(0)),
	}
	enumFlag(c, &p.Button, "button", rpc.MouseButton, "left, right or middle (default left)")
	c.Flags().IntVar(&p.ClickCount, "count", 0, "click count (2 for a double click)")
	addForceFlag(c, &p.Force)
	addTabFlag(c, f, &p.TabID)
	return c
}

func okDone(f *Factory, msg string) func(json.RawMessage) error {
	return func(json.RawMessage) error {
		done(f, "%s", msg)
		return nil
	}
}

// ---- keyboard, scrolling, mouse ----

func newCmdScroll(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.ScrollParams
	c := &cobra.Command{
		Use:   "scroll " + strings.Join(rpc.ScrollDirection.Values, "|") + " [PX]",
		Short: "Scroll the page (default 500 CSS pixels); prints the new scroll position",
		Example: `  browserctl scroll down
  browserctl scroll up 200`,
		Args:              rangeArgs(1, 2, "a direction ("+strings.Join(rpc.ScrollDirection.Values, ", ")+") and optional pixels"),
		ValidArgsFunction: firstArgOf(rpc.ScrollDirection.Values...),
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID, p.Direction = sessionOf(f), args[0]
			if err := checkEnum("direction", rpc.ScrollDirection, p.Direction); err != nil {
				return nil, err
			}
			if len(args) == 2 {
				n, err := strconv.Atoi(args[1])
				if err != nil || n < 0 {
					return nil, usageErrorf("pixels must be a whole number >= 0, got %q", args[1])
				}
				p.Amount = n
			}
			return &pageCall{Method: rpc.PageScroll, Params: p, Human: func(raw json.RawMessage) error {
				var res rpc.ScrollResult
				if err := decodeResult(rpc.PageScroll, raw, &res); err != nil {
					return err
				}
				_, err := fmt.Fprintf(f.IO.Out, "%g %g\n", res.ScrollX, res.ScrollY)
				return err
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
