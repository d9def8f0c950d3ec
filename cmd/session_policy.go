package cmd

// browserctl session policy: the person's rules for a session (what they
// are asked before, when its tabs let go of the debugger).

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/rpc"
)

func init() {
	sessionSubcommands = append(sessionSubcommands, newCmdSessionPolicy)
}

// parseConfirm reads --confirm: kinds separated by commas; "" or "none"
// asks before nothing.
func parseConfirm(s string) ([]string, error) {
	out := []string{}
	if t := strings.TrimSpace(s); t == "" || t == "none" {
		return out, nil
	}
	for _, k := range strings.Split(s, ",") {
		k = strings.TrimSpace(k)
		if !rpc.ConfirmKind.Has(k) {
			return nil, cmdutil.UsageErrorf("--confirm: %q is not one of %s (or none)", k, rpc.ConfirmKind.Or())
		}
		out = append(out, k)
	}
	return out, nil
}

func newCmdSessionPolicy(f *cmdutil.Factory) *cobra.Command {
	var confirm string
	var idle time.Duration
	c := &cobra.Command{
		Use:   "policy [ID] [--confirm KINDS] [--detach-when-idle DURATION]",
		Short: "Ask the person before what cannot be undone; detach a session's tabs while idle",
		Long: `Set the person's rules for a session (default: --session, else the current
session); without flags, print them.

--confirm lists what the person at the browser is asked to allow first, any
of submit (a click, Enter or Space that submits a form or presses a button
of type submit), upload, download, navigate-offsite (a navigation, a new
tab, back/forward or a link to another site than the session's first page:
not its host, a parent or a subdomain of it), eval (JavaScript: eval,
wait --fn, init-script add) and close (session close, tab close); none asks
before nothing. Before such an action the page the person watches shows a
bar (in a closed shadow root: page scripts can neither read nor press it)
saying which caller wants to do what ("mcp claude-code wants to click 'Pay
now' on shop.example") with Allow and Deny; the popup shows the same. The
call waits within its --timeout: Allow and it runs; Deny and it fails with
reason denied (exit 1); no answer in time and it fails with approval_timeout
(exit 4). Only a person's click answers (a page script's is ignored), and
while the session waits no input reaches its tabs (approval_pending).

--detach-when-idle detaches the session's tabs from the debugger after that
long without a call and attaches them again at the next call (0: never).
Chrome's "started debugging this browser" bar goes about 5 s after the last
tab of the whole browser is detached, and comes back with the next attach.
While a tab is detached its console, errors and requests are not recorded,
and refs taken before are stale (take a new snapshot).

A capability may read the policy, never change it; an MCP client cannot
change it (mcp --confirm sets it for the sessions its clients create).`,
		Example: `  browserctl session policy s3 --confirm submit,upload,download,navigate-offsite,eval,close
  browserctl session policy --confirm none
  browserctl session policy s3 --detach-when-idle 2m
  browserctl session policy s3`,
		Args:              cmdutil.RangeArgs(0, 1, "at most one session ID"),
		ValidArgsFunction: cmdutil.CompleteSessionIDs(f),
		RunE: func(c *cobra.Command, args []string) error {
			p := rpc.SessionPolicyParams{SessionID: cmdutil.SessionOf(f)}
			if len(args) == 1 {
				p.SessionID = args[0]
			}
			if c.Flags().Changed("confirm") {
				kinds, err := parseConfirm(confirm)
				if err != nil {
					return err
				}
				p.Confirm = &kinds
			}
			if c.Flags().Changed("detach-when-idle") {
				if idle < 0 {
					return cmdutil.UsageErrorf("--detach-when-idle must be >= 0")
				}
				ms := int(idle.Milliseconds())
				p.DetachWhenIdleMs = &ms
			}
			raw, err := cmdutil.CallHub(c.Context(), f, rpc.SessionSetPolicy, &p)
			if err != nil {
				return err
			}
			return cmdutil.Render(f, raw, func() error {
				var pol rpc.SessionPolicy
				if err := json.Unmarshal(raw, &pol); err != nil {
					return err
				}
				fmt.Fprintln(f.IO.Out, policyWords(pol))
				return nil
			})
		},
		Annotations: cmdutil.NotReplayed(rpc.IDsDiffer),
	}
	c.Flags().StringVar(&confirm, "confirm", "", "ask the person before these, comma-separated: "+strings.Join(rpc.ConfirmKind.Values, ",")+" (none: nothing)")
	c.Flags().DurationVar(&idle, "detach-when-idle", 0, "detach the session's tabs after this long without a call (0: never)")
	return c
}

// policyWords is a policy for a person.
func policyWords(p rpc.SessionPolicy) string {
	asks := "asks the person before nothing"
	if len(p.Confirm) > 0 {
		asks = "asks the person before " + strings.Join(p.Confirm, ", ")
	}
	idle := "its tabs stay attached"
	if p.DetachWhenIdleMs > 0 {
		idle = "its tabs detach after " + (time.Duration(p.DetachWhenIdleMs) * time.Millisecond).String() + " without a call"
	}
	s := fmt.Sprintf("session %s %s; %s", p.SessionID, asks, idle)
	if p.FirstSite != "" {
		s += "; its first site: " + cmdutil.SafeText(p.FirstSite)
	}
	return s
}
