package cmd

// dialog status|accept [TEXT]|dismiss|policy MODE, and the stderr line a
// page command prints when a JavaScript dialog opened during it.

import (
	"encoding/json"
	"fmt"
	"strings"

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
	c.AddCommand(newCmdDialogStatus(f, nil), newCmdDialogAnswer(f, nil, true), newCmdDialogAnswer(f, nil, false),
		newCmdDialogPolicy(f, nil))
	return c
}

func newCmdDialogStatus(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.DialogParams
	c := &cobra.Command{
		Use:     "status",
		Short:   "Print the open dialog (type, message, a prompt's default text), or that none is open",
		Example: "  browserctl dialog status\n  browserctl dialog status --json",
		Args:    noArgs,
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID, p.Action = sessionOf(f), "status"
			return &pageCall{Method: rpc.PageDialog, Params: p, Human: func(raw json.RawMessage) error {
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
			}}, nil
		}),
		Annotations: notReplayed(readsOnly),
	}
	addTabFlag(c, f, &p.TabID)
	return c
}

func newCmdDialogAnswer(f *Factory, runF func(*pageCall) error, accept bool) *cobra.Command {
	var p rpc.DialogParams
	use, short, example, args := "dismiss", "Dismiss the open dialog (confirm() returns false, prompt() null)",
		"  browserctl dialog dismiss", noArgs
	if accept {
		use, short, example, args = "accept [TEXT]", "Accept the open dialog; TEXT answers a prompt",
			"  browserctl dialog accept\n  browserctl dialog accept 'Ada Lovelace'", rangeArgs(0, 1, "an optional TEXT")
	}
	c := &cobra.Command{
		Use:     use,
		Short:   short,
		Example: example,
		Args:    args,
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID, p.Action = sessionOf(f), "dismiss"
			if accept {
				p.Action = "accept"
				if len(args) == 1 {
					p.Text = &args[0]
				}
			}
			return &pageCall{Method: rpc.PageDialog, Params: p, Human: func(raw json.RawMessage) error {
				var res rpc.DialogResult
				if err := decodeResult(rpc.PageDialog, raw, &res); err != nil {
					return err
				}
				done(f, "%sed %s \"%s\"", p.Action, res.Type, safeText(res.Message))
				return nil
			}}, nil
		}),
		Annotations: replays(),
	}
	addTabFlag(c, f, &p.TabID)
	return c
}

func newCmdDialogPolicy(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.SetDialogPolicyParams
	c := &cobra.Command{
		Use:               "policy accept|dismiss|hold",
		Short:             "Set how the session answers dialogs (hold: confirm and prompt wait for you)",
		Example:           "  browserctl dialog policy accept\n  browserctl dialog policy hold",
		Args:              exactArgs(1, "a MODE: accept, dismiss or hold"),
		ValidArgsFunction: firstArgOf(rpc.DialogPolicy.Values...),
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID, p.Policy = sessionOf(f), args[0]
			if !rpc.DialogPolicy.Has(p.Policy) {
				return nil, usageErrorf("policy must be %s, got %q", strings.Join(rpc.DialogPolicy.Values, ", "), p.Policy)
			}
			return &pageCall{Method: rpc.SessionSetDialogPolicy, Params: p, Human: okDone(f, "dialog policy "+p.Policy)}, nil
		}),
		Annotations: replays(),
	}
	return c
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
