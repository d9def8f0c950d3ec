package cmd

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

// The keyboard group (its `type` is declared on pages.keyboardType), and
// how `is` prints.

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
