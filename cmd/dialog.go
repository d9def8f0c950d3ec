package cmd

// The dialog group (its subcommands status, accept [TEXT], dismiss and
// policy MODE are declared on pages.dialog and sessions.setDialogPolicy),
// and the stderr line a page command prints when a JavaScript dialog
// opened during it.

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/rpc"
)

func newCmdDialog(f *cmdutil.Factory) *cobra.Command {
	c := &cobra.Command{
		Use:   "dialog",
		Short: "The page's JavaScript dialog (alert, confirm, prompt, beforeunload): status, accept, dismiss, policy",
		Long: `A session answers JavaScript dialogs by its policy:
  hold     (default) alert and beforeunload are accepted at once; confirm and
           prompt stay open until dialog accept or dismiss
  accept   every dialog is accepted at once (a prompt with its default text)
  dismiss  every dialog is dismissed at once
While a dialog is held open, other page commands fail with error 4110 naming
it. A command during which a dialog opened says so on stderr.`,
		Example: `  browserctl dialog status
  browserctl dialog accept
  browserctl dialog accept 'my answer'
  browserctl dialog dismiss
  browserctl dialog policy accept`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return cmdutil.UsageErrorf("dialog needs a subcommand: status, accept, dismiss or policy")
		},
		Annotations: cmdutil.NotReplayed(rpc.GroupOnly),
	}
	return c // status, accept, dismiss, policy: declared on pages.dialog and sessions.setDialogPolicy
}

// printDialogStatus prints dialog status's result: the open dialog, or
// that none is open; the policy on a terminal's stderr.
func printDialogStatus(f *cmdutil.Factory, raw json.RawMessage) error {
	var res rpc.DialogResult
	if err := cmdutil.DecodeResult(rpc.PageDialog, raw, &res); err != nil {
		return err
	}
	if !res.Open {
		fmt.Fprintln(f.IO.Out, "no dialog is open")
	} else if res.Type == "prompt" {
		fmt.Fprintf(f.IO.Out, "%s %q default %q\n", res.Type, res.Message, res.DefaultPrompt)
	} else {
		fmt.Fprintf(f.IO.Out, "%s %q\n", res.Type, res.Message)
	}
	if f.IO.IsStderrTTY() && res.Policy != "" {
		fmt.Fprintf(f.IO.ErrOut, "policy: %s\n", res.Policy)
	}
	return nil
}

func init() {
	// dialog status: the open dialog, or that none is.
	cmdutil.Printers[rpc.PrintDialog] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, _ rpc.Command, _ map[string]string) {
		pc.Human = func(raw json.RawMessage) error { return printDialogStatus(f, raw) }
	}
}
