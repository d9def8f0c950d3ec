package cmd

// The element commands: click, hover, scroll-into-view, fill, type, select.

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

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
