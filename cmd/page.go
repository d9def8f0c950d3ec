package cmd

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

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

func refCmd(f *Factory, runF func(*pageCall) error, use, method, short, example, verb string) *cobra.Command {
	var p rpc.RefParams
	c := &cobra.Command{
		Use:               use + " REF",
		Short:             short,
		Long:              short + ".\n\n" + targetHelp,
		Example:           example,
		Args:              exactArgs(1, "a REF from the last snapshot or a CSS selector"),
		ValidArgsFunction: completeRefs(f, 0),
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID = sessionOf(f)
			p.Ref, p.Selector = target(args[0])
			return &pageCall{Method: method, Params: p, Human: okDone(f, verb+" "+args[0])}, nil
		}),
		Annotations: replays(targetAt(0)),
	}
	addTabFlag(c, f, &p.TabID)
	return c
}

func newCmdHover(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.HoverParams
	short := "Move the mouse over an element by ref or CSS selector"
	c := &cobra.Command{
		Use:               "hover REF",
		Annotations:       replays(targetAt(0)),
		Short:             short,
		Long:              short + ".\n\n" + targetHelp + "\n\n" + forceHelp,
		Example:           "  browserctl hover e5\n  browserctl hover nav.menu",
		Args:              exactArgs(1, "a REF from the last snapshot or a CSS selector"),
		ValidArgsFunction: completeRefs(f, 0),
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID = sessionOf(f)
			p.Ref, p.Selector = target(args[0])
			return &pageCall{Method: rpc.PageHover, Params: p, Human: pointerDone(f, "hovered", args[0])}, nil
		}),
	}
	addForceFlag(c, &p.Force)
	addTabFlag(c, f, &p.TabID)
	return c
}

func newCmdScrollIntoView(f *Factory, runF func(*pageCall) error) *cobra.Command {
	return refCmd(f, runF, "scroll-into-view", rpc.PageScrollIntoView, "Scroll an element into view by ref or CSS selector", "  browserctl scroll-into-view e40\n  browserctl scroll-into-view footer", "scrolled to")
}

func newCmdFill(f *Factory, runF func(*pageCall) error) *cobra.Command {
	return refTextCmd(f, runF, "fill", rpc.PageFill, "Replace an input's value by ref or CSS selector", "Replace an input's value.",
		"  browserctl fill e4 'hello world'\n  browserctl fill 'input[name=q]' hello", "filled",
		func(page rpc.PageParams, ref, selector, text string) any {
			return rpc.FillParams{PageParams: page, Ref: ref, Selector: selector, Value: text}
		})
}

func newCmdType(f *Factory, runF func(*pageCall) error) *cobra.Command {
	return refTextCmd(f, runF, "type", rpc.PageType, "Type text into an element by ref or CSS selector, key by key",
		"Focus an element, then type text into it key by key.", "  browserctl type e4 'search terms'", "typed into",
		func(page rpc.PageParams, ref, selector, text string) any {
			return rpc.TypeParams{PageParams: page, Ref: ref, Selector: selector, Text: text}
		})
}

// refTextCmd is a command that sends a target (REF or CSS selector) and a
// TEXT (fill, type); params puts them into the method's params.
func refTextCmd(f *Factory, runF func(*pageCall) error, use, method, short, long, example, verb string,
	params func(page rpc.PageParams, ref, selector, text string) any) *cobra.Command {
	var page rpc.PageParams
	c := &cobra.Command{
		Use:               use + " REF TEXT",
		Short:             short,
		Long:              long + "\n\n" + targetHelp,
		Example:           example,
		Args:              exactArgs(2, "a REF and a TEXT"),
		ValidArgsFunction: completeRefs(f, 0),
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			page.SessionID = sessionOf(f)
			ref, selector := target(args[0])
			return &pageCall{Method: method, Params: params(page, ref, selector, args[1]), Human: okDone(f, verb+" "+args[0])}, nil
		}),
		Annotations: replays(targetAt(0)),
	}
	addTabFlag(c, f, &page.TabID)
	return c
}

func newCmdSelect(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.SelectParams
	c := &cobra.Command{
		Use:               "select REF VALUE...",
		Short:             "Select options of a <select> by ref or CSS selector (each VALUE an option's value, else its label)",
		Long:              "Select options of a <select>: each VALUE is an option's value, else its label.\n\n" + targetHelp,
		Example:           "  browserctl select e7 red\n  browserctl select e8 red green",
		Args:              minArgs(2, "a REF and at least one VALUE"),
		ValidArgsFunction: completeRefs(f, 0),
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID, p.Values = sessionOf(f), args[1:]
			p.Ref, p.Selector = target(args[0])
			return &pageCall{Method: rpc.PageSelect, Params: p, Human: func(raw json.RawMessage) error {
				var res rpc.SelectResult
				if err := decodeResult(rpc.PageSelect, raw, &res); err != nil {
					return err
				}
				for _, v := range res.Selected {
					fmt.Fprintln(f.IO.Out, v)
				}
				return nil
			}}, nil
		}),
		Annotations: replays(targetAt(0)),
	}
	addTabFlag(c, f, &p.TabID)
	return c
}

// ---- keyboard, scrolling, mouse ----

func newCmdPress(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.PressParams
	c := &cobra.Command{
		Use:     "press KEY",
		Short:   "Press a key, with optional modifiers",
		Example: "  browserctl press Enter\n  browserctl press Control+a\n  browserctl press Shift+Tab",
		Args:    exactArgs(1, "a KEY such as Enter or Control+a"),
		ValidArgsFunction: cobra.FixedCompletions([]string{"Enter", "Tab", "Escape", "Backspace", "Delete", "ArrowUp", "ArrowDown",
			"ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown", "Space", "Control+a", "Shift+Tab"}, cobra.ShellCompDirectiveNoFileComp),
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID, p.Key = sessionOf(f), args[0]
			return &pageCall{Method: rpc.PagePress, Params: p, Human: okDone(f, "pressed "+args[0])}, nil
		}),
		Annotations: replays(),
	}
	addTabFlag(c, f, &p.TabID)
	return c
}

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

func newCmdMouse(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.MouseParams
	c := &cobra.Command{
		Use:   "mouse " + strings.Join(rpc.MouseAction.Values, "|") + " X Y",
		Short: "Send a mouse event at viewport coordinates (CSS pixels)",
		Example: `  browserctl mouse click 120 300
  browserctl mouse wheel 400 300 --dy 600`,
		Args:              exactArgs(3, "an ACTION ("+strings.Join(rpc.MouseAction.Values, ", ")+"), X and Y"),
		ValidArgsFunction: firstArgOf(rpc.MouseAction.Values...),
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID, p.Action = sessionOf(f), args[0]
			if err := checkEnum("action", rpc.MouseAction, p.Action); err != nil {
				return nil, err
			}
			if err := checkEnum("--button", rpc.MouseButton, p.Button); err != nil {
				return nil, err
			}
			var err error
			if p.X, err = strconv.ParseFloat(args[1], 64); err != nil {
				return nil, usageErrorf("X must be a number, got %q", args[1])
			}
			if p.Y, err = strconv.ParseFloat(args[2], 64); err != nil {
				return nil, usageErrorf("Y must be a number, got %q", args[2])
			}
			return &pageCall{Method: rpc.PageMouse, Params: p, Human: okDone(f, "mouse "+args[0])}, nil
		}),
		Annotations: replays(),
	}
	enumFlag(c, &p.Button, "button", rpc.MouseButton, "left, right or middle (default left)")
	c.Flags().Float64Var(&p.DeltaX, "dx", 0, "horizontal wheel delta")
	c.Flags().Float64Var(&p.DeltaY, "dy", 0, "vertical wheel delta")
	addTabFlag(c, f, &p.TabID)
	return c
}

// ---- eval ----

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
