package cmd

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

// Actions beyond the spec's that need more than a declaration: dblclick,
// check, uncheck, drag, and the keyboard group (its `type` is declared on
// pages.keyboardType). Each takes a REF or a CSS selector (target.go).

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
