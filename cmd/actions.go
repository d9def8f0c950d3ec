package cmd

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"browserctl/rpc"
	"browserctl/termsafe"
)

// The actions of issue 8 beyond the spec's: dblclick, check, uncheck, focus,
// drag, keyboard type, is. Each takes a REF or a CSS selector (target.go).

func newCmdDblclick(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.ClickParams
	c := &cobra.Command{
		Use:               "dblclick REF",
		Short:             "Double-click an element by ref or CSS selector",
		Long:              "Double-click an element: two clicks, then the page's dblclick.\n\n" + targetHelp + "\n\n" + forceHelp,
		Example:           "  browserctl dblclick e3\n  browserctl dblclick '.cell[data-row=\"2\"]'",
		Args:              exactArgs(1, "a REF from the last snapshot or a CSS selector"),
		ValidArgsFunction: completeRefs(f, 0),
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID, p.ClickCount = sessionOf(f), 2
			p.Ref, p.Selector = target(args[0])
			return &pageCall{Method: rpc.PageClick, Params: p, Human: pointerDone(f, "double-clicked", args[0])}, nil
		}),
		Annotations: replays(targetAt(0)),
	}
	addForceFlag(c, &p.Force)
	addTabFlag(c, f, &p.TabID)
	return c
}

func newCmdCheck(f *Factory, runF func(*pageCall) error) *cobra.Command {
	return checkCmd(f, runF, true)
}

func newCmdUncheck(f *Factory, runF func(*pageCall) error) *cobra.Command {
	return checkCmd(f, runF, false)
}

func checkCmd(f *Factory, runF func(*pageCall) error, checked bool) *cobra.Command {
	var p rpc.CheckParams
	verb, example := "check", "  browserctl check e7\n  browserctl check '#terms'\n  browserctl check 'input[name=size][value=m]'"
	short := "Check a checkbox, radio or switch (nothing happens when it already is)"
	if !checked {
		verb, example = "uncheck", "  browserctl uncheck e7\n  browserctl uncheck '#newsletter'"
		short = "Uncheck a checkbox or switch (nothing happens when it already is)"
	}
	c := &cobra.Command{
		Use:   verb + " REF",
		Short: short,
		Long: short + `. It is clicked as a user would click it; a hidden input behind a
styled label is clicked through the page. A radio button cannot be
unchecked: check another of its group.

` + targetHelp + ` For check and uncheck a selector falls back
to its first match when none is visible.

` + forceHelp,
		Example:           example,
		Args:              exactArgs(1, "a REF from the last snapshot or a CSS selector"),
		ValidArgsFunction: completeRefs(f, 0),
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID, p.Checked = sessionOf(f), &checked
			p.Ref, p.Selector = target(args[0])
			return &pageCall{Method: rpc.PageCheck, Params: p, Human: func(raw json.RawMessage) error {
				var r rpc.CheckResult
				_ = json.Unmarshal(raw, &r)
				if r.Target == nil {
					done(f, "%s already %sed", termsafe.String(args[0]), verb)
					return nil
				}
				done(f, "%sed %s", verb, actedOn(r.Target, args[0]))
				return nil
			}}, nil
		}),
		Annotations: replays(targetAt(0)),
	}
	addForceFlag(c, &p.Force)
	addTabFlag(c, f, &p.TabID)
	return c
}

func newCmdFocus(f *Factory, runF func(*pageCall) error) *cobra.Command {
	return refCmd(f, runF, "focus", rpc.PageFocus, "Focus an element by ref or CSS selector", "  browserctl focus e4\n  browserctl focus 'input[type=search]'", "focused")
}

func newCmdDrag(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.DragParams
	c := &cobra.Command{
		Use:   "drag SRC DST",
		Short: "Drag one element onto another (each a ref or CSS selector)",
		Long: `Press the mouse on SRC, move it to DST in steps and release it there.
Pages that drag by mouse events see them all; an HTML5 drag (draggable=true)
gets its dragenter, dragover and drop on DST. Both ends are hit-tested.

` + targetHelp + "\n\n" + forceHelp,
		Example:           "  browserctl drag e3 e9\n  browserctl drag '#card-1' '#column-done'",
		Args:              exactArgs(2, "a source and a destination, each a REF or a CSS selector"),
		ValidArgsFunction: completeRefs(f, 0),
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID = sessionOf(f)
			p.Ref, p.Selector = target(args[0])
			p.ToRef, p.ToSelector = target(args[1])
			return &pageCall{Method: rpc.PageDrag, Params: p, Human: func(raw json.RawMessage) error {
				var r rpc.PointerResult
				_ = json.Unmarshal(raw, &r)
				done(f, "dragged %s to %s", actedOn(r.Target, args[0]), actedOn(r.To, args[1]))
				return nil
			}}, nil
		}),
		Annotations: replays(targetAt(0), targetAt(1)),
	}
	addForceFlag(c, &p.Force)
	addTabFlag(c, f, &p.TabID)
	return c
}

func newCmdKeyboard(f *Factory) *cobra.Command {
	c := &cobra.Command{
		Use:   "keyboard",
		Short: "Keyboard input to whatever has focus",
		Example: `  browserctl focus '#editor'
  browserctl keyboard type 'hello world'`,
		Args: noArgs,
		RunE: func(c *cobra.Command, args []string) error { return c.Help() },

		Annotations: notReplayed(groupOnly),
	}
	c.AddCommand(newCmdKeyboardType(f, nil))
	return c
}

func newCmdKeyboardType(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.KeyboardTypeParams
	c := &cobra.Command{
		Use:   "type TEXT",
		Short: "Type text key by key into whatever has focus (a field you cannot ref)",
		Example: `  browserctl keyboard type 'hello world'
  browserctl click e4 && browserctl keyboard type 42`,
		Args:              exactArgs(1, "the TEXT to type"),
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID, p.Text = sessionOf(f), args[0]
			return &pageCall{Method: rpc.PageKeyboardType, Params: p, Human: okDone(f, "typed")}, nil
		}),
		Annotations: replays(),
	}
	addTabFlag(c, f, &p.TabID)
	return c
}

func newCmdIs(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.IsParams
	c := &cobra.Command{
		Use:   "is visible|enabled|checked REF",
		Short: "Whether an element is visible, enabled or checked: prints true/false, exit 0/1",
		Long: `Ask the page whether an element is visible, enabled or checked. Prints
true or false and exits 0 for true, 1 for false, so a script can write
` + "`if browserctl is visible '#banner'; then ...`" + `.

is visible with a selector is whether any match is visible (false when
nothing matches); enabled and checked look at the first visible match, else
the first match.

` + targetHelp,
		Example: `  browserctl is visible '#cookie-banner'
  browserctl is enabled e12
  browserctl is checked 'input[name=terms]' --json`,
		Args: exactArgs(2, "a state (visible, enabled, checked) and a REF or CSS selector"),
		ValidArgsFunction: func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) == 0 {
				return filterStrings(rpc.ElementState.Values, toComplete), cobra.ShellCompDirectiveNoFileComp
			}
			return completeRefs(f, 1)(c, args, toComplete)
		},
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID, p.State = sessionOf(f), args[0]
			if !rpc.ElementState.Has(p.State) {
				return nil, usageErrorf("cannot ask whether it is %q: %s", p.State, rpc.ElementState.Or())
			}
			p.Ref, p.Selector = target(args[1])
			return &pageCall{Method: rpc.PageIs, Params: p, Result: isResult(f)}, nil
		}),
		Annotations: notReplayed(readsOnly),
	}
	addTabFlag(c, f, &p.TabID)
	return c
}

// isResult prints true/false (or the JSON with --json) and turns false into
// exit 1 with nothing more on stderr.
func isResult(f *Factory) func(raw json.RawMessage) error {
	return func(raw json.RawMessage) error {
		var res rpc.IsResult
		if err := decodeResult(rpc.PageIs, raw, &res); err != nil {
			return err
		}
		if err := render(f, raw, func() error {
			_, err := fmt.Fprintln(f.IO.Out, res.Value)
			return err
		}); err != nil {
			return err
		}
		if !res.Value {
			return &ReportedError{Code: ExitError}
		}
		return nil
	}
}
