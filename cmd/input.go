package cmd

// keyboard, scrolling, mouse.

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

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
