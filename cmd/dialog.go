package cmd

// The dialog group (its subcommands status, accept [TEXT], dismiss and
// policy MODE are declared on pages.dialog and sessions.setDialogPolicy),
// and the stderr line a page command prints when a JavaScript dialog
// opened during it.

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

func newCmdDialog(f *Factory) *cobra.Command {
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
		Args: noArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return usageErrorf("dialog needs a subcommand: status, accept, dismiss or policy")
		},
		Annotations: notReplayed(groupOnly),
	}
	return c // status, accept, dismiss, policy: declared on pages.dialog and sessions.setDialogPolicy
}

// printDialogStatus prints dialog status's result: the open dialog, or
// that none is open; the policy on a terminal's stderr.
func printDialogStatus(f *Factory, raw json.RawMessage) error {
	var res rpc.DialogResult
	if err := decodeResult(rpc.PageDialog, raw, &res); err != nil {
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

// reportDialog prints one stderr line when a page command's result says a
// dialog opened during it; the command itself succeeded.
func reportDialog(f *Factory, raw json.RawMessage) {
	v, ok := rpc.Member(raw, "dialog")
	if !ok || len(v) == 0 || v[0] != '{' {
		return
	}
	var d rpc.DialogReport
	if json.Unmarshal(v, &d) != nil || d.Type == "" {
		return
	}
	what := d.Type
	if d.Message != "" || d.Type != "beforeunload" { // Chrome gives beforeunload no text
		what += ` "` + safeText(d.Message) + `"`
	}
	switch d.State {
	case "open":
		fmt.Fprintln(f.IO.ErrOut, inREPLWords(f, fmt.Sprintf("dialog: %s is open; browserctl dialog accept|dismiss", what)))
	default:
		fmt.Fprintf(f.IO.ErrOut, "dialog: %s was %s\n", what, d.State)
	}
}
