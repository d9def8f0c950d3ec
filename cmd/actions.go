package cmd

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/rpc"
)

// The keyboard group (its `type` is declared on pages.keyboardType), and
// how `is` prints.

func newCmdKeyboard(f *cmdutil.Factory) *cobra.Command {
	c := &cobra.Command{
		Use:   "keyboard",
		Short: "Keyboard input to whatever has focus",
		Example: `  browserctl focus '#editor'
  browserctl keyboard type 'hello world'`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, args []string) error { return c.Help() },

		Annotations: cmdutil.NotReplayed(rpc.GroupOnly),
	}
	return c
}

// isResult prints true/false (or the JSON with --json) and turns false into
// exit 1 with nothing more on stderr.
func isResult(f *cmdutil.Factory) func(raw json.RawMessage) error {
	return func(raw json.RawMessage) error {
		var res rpc.IsResult
		if err := cmdutil.DecodeResult(rpc.PageIs, raw, &res); err != nil {
			return err
		}
		if err := cmdutil.Render(f, raw, func() error {
			_, err := fmt.Fprintln(f.IO.Out, res.Value)
			return err
		}); err != nil {
			return err
		}
		if !res.Value {
			return &cmdutil.ReportedError{Code: cmdutil.ExitError}
		}
		return nil
	}
}

func init() {
	// is: true or false, and exit 1 for false.
	cmdutil.Printers[rpc.PrintIs] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, _ rpc.Command, _ map[string]string) {
		pc.Result = isResult(f)
	}
}
