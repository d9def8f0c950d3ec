package cmd

// session grant / revoke / grants: per-session capabilities, secrets that
// reach one session's tab group and nothing else (the hub enforces it:
// hub/capability).

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

func init() {
	sessionSubcommands = append(sessionSubcommands, newCmdSessionGrant, newCmdSessionRevoke, newCmdSessionGrants)
}

// granter is the hub that mints and ends capabilities: only the control
// token's holder reaches one.
func granter(f *cmdutil.Factory) (hubapi.Granter, error) {
	if _, err := cmdutil.ControlToken(f); err != nil {
		return nil, err
	}
	h, err := f.Hub()
	if err != nil {
		return nil, err
	}
	g, ok := h.(hubapi.Granter)
	if !ok {
		return nil, errors.New("this hub cannot grant capabilities")
	}
	return g, nil
}

func newCmdSessionGrant(f *cmdutil.Factory) *cobra.Command {
	var readOnly, anySite bool
	var origins, files []string
	var ttl time.Duration
	c := &cobra.Command{
		Use:   "grant [SESSION] [--read-only] [--origins O,...] [--files DIR,...] [--any-site] [--ttl D]",
		Short: "Print a capability: a secret that reaches only one session",
		Long: `Print a capability for SESSION (default: --session, else the current
session). Use it wherever the token goes ($BROWSERCTL_TOKEN=<capability>,
` + "`browserctl mcp`" + ` started with it): every call it makes is confined to that
session's tab group. Other sessions are invisible to it; using, closing,
releasing or renaming another session, tab attach, tab user-list, session
create and moving the shells' current session are refused with reason
forbidden (exit 1). --read-only allows only calls that change nothing
(snapshot, get, find, is, screenshot, console, network lists, cookies).
Cookie calls reach only the sites the session's tabs show unless
--any-site is granted. --origins fences the session while the capability
lives: its navigations elsewhere fail with reason origin_not_allowed, and
every request of its tabs to another origin (a link, a form, window.open,
fetch, a subresource) is aborted, for every caller of that session.
A capability never loads a file: URL, and its uploads (which give a page
this machine's files) take files only from the folders --files names;
without it, none.
The hub keeps only a hash of it, 0600 in the state folder, so it survives a
hub restart; it ends at --ttl, at ` + "`session revoke`" + `, or when its session is
closed or released.`,
		Example: `  browserctl session grant s3 --read-only --ttl 1h
  BROWSERCTL_TOKEN=$(browserctl session grant) browserctl mcp`,
		Args:              cmdutil.RangeArgs(0, 1, "at most one SESSION"),
		ValidArgsFunction: cmdutil.CompleteSessionIDs(f),
		RunE: func(c *cobra.Command, args []string) error {
			if ttl < 0 {
				return cmdutil.UsageErrorf("--ttl must be positive")
			}
			g, err := granter(f)
			if err != nil {
				return err
			}
			sid := f.Globals.Session
			if len(args) == 1 {
				sid = args[0]
			}
			if sid == "" {
				sid = currentSession(c.Context(), f)
			}
			if sid == "" {
				return &rpc.BrowserError{Code: rpc.CodeSessionRequired, Reason: rpc.ReasonNoSession, Message: "no session to grant: name one (`browserctl session list`)"}
			}
			if err := sessionExists(c.Context(), f, sid); err != nil {
				return err
			}
			for i, d := range files {
				abs, err := filepath.Abs(d)
				if err != nil {
					return cmdutil.UsageErrorf("--files %s: %v", d, err)
				}
				files[i] = abs
			}
			res, err := g.Grant(c.Context(), hubapi.GrantRequest{SessionID: sid, ReadOnly: readOnly, AnySite: anySite, Origins: origins, Files: files, TTLMs: ttl.Milliseconds()})
			if err != nil {
				return err
			}
			if f.Globals.JSON {
				return cmdutil.MarshalJSON(f, res)
			}
			fmt.Fprintln(f.IO.Out, res.Capability)
			what := grantAccess(res.Grant)
			until := "until revoked or the session ends"
			if !res.Grant.Expires.IsZero() {
				until = "until " + res.Grant.Expires.Local().Format(time.DateTime)
			}
			fmt.Fprintf(f.IO.ErrOut, "capability %s: session %s, %s, %s (`browserctl session revoke %s` ends it)\n", res.Grant.ID, sid, what, until, res.Grant.ID)
			return nil
		},
		Annotations: cmdutil.NotReplayed("it hands out a secret"),
	}
	c.Flags().BoolVar(&readOnly, "read-only", false, "allow only calls that change nothing")
	c.Flags().StringSliceVar(&origins, "origins", nil, "limit the session to these origins while it lives (scheme://host[:port], *. for subdomains; comma-separated)")
	c.Flags().StringSliceVar(&files, "files", nil, "the folders its uploads may take files from (comma-separated; default: none)")
	c.Flags().BoolVar(&anySite, "any-site", false, "let its cookie calls reach sites the session's tabs do not show (--any-site)")
	c.Flags().DurationVar(&ttl, "ttl", 0, "end it after this long (default: until revoked or the session ends)")
	return c
}

// grantAccess says what a capability may do: "full use" or "read-only",
// and the origins and folders it is held to.
func grantAccess(g hubapi.Grant) string {
	what := "full use"
	if g.ReadOnly {
		what = "read-only"
	}
	if g.AnySite {
		what += ", any site's cookies"
	}
	if len(g.Origins) > 0 {
		what += ", only " + strings.Join(g.Origins, " ")
	}
	if len(g.Files) > 0 {
		what += ", uploads from " + strings.Join(g.Files, " ")
	}
	return what
}

// sessionExists fails with 4107 when the browser has no session sid.
func sessionExists(ctx context.Context, f *cmdutil.Factory, sid string) error {
	h, err := f.Hub()
	if err != nil {
		return err
	}
	raw, err := h.Call(hubapi.WithOwnSession(ctx), rpc.SessionList, nil, 0)
	if err != nil {
		return err
	}
	var list rpc.SessionListResult
	if err := json.Unmarshal(raw, &list); err != nil {
		return err
	}
	for _, s := range list.Sessions {
		if s.SessionID == sid {
			return nil
		}
	}
	return &rpc.BrowserError{Code: rpc.CodeSessionNotFound, Reason: rpc.ReasonNoSession, Message: "session not found: " + sid}
}

func newCmdSessionRevoke(f *cmdutil.Factory) *cobra.Command {
	c := &cobra.Command{
		Use:   "revoke [CAPABILITY|ID]",
		Short: "End a capability (or with --session all of a session's) at once",
		Long: `End a capability, named by its secret or by the id ` + "`session grant`" + ` and
` + "`session grants`" + ` show; with --session S, every capability of S. Calls in flight
with it end with reason forbidden.`,
		Example: "  browserctl session revoke 3fa2c1d9e0ab\n  browserctl session revoke --session s3",
		Args:    cmdutil.RangeArgs(0, 1, "one CAPABILITY or ID"),
		RunE: func(c *cobra.Command, args []string) error {
			all := ""
			if fl := c.Flag("session"); fl != nil && fl.Changed {
				all = f.Globals.Session // given on this command line, not from $BROWSERCTL_SESSION
			}
			if (len(args) == 1) == (all != "") {
				return cmdutil.UsageErrorf("name one capability, or --session S for all of a session's")
			}
			g, err := granter(f)
			if err != nil {
				return err
			}
			req := hubapi.RevokeRequest{SessionID: all}
			if len(args) == 1 {
				req.Capability = args[0]
			}
			res, err := g.Revoke(c.Context(), req)
			if err != nil {
				return err
			}
			if f.Globals.JSON {
				return cmdutil.MarshalJSON(f, res)
			}
			if res.Revoked == 0 {
				return &rpc.BrowserError{Code: rpc.CodeOperationFailed, Reason: rpc.ReasonNotFound, Message: "no such capability"}
			}
			cmdutil.Done(f, "revoked %d capability(s)", res.Revoked)
			return nil
		},
		Annotations: cmdutil.NotReplayed("it ends a secret"),
	}
	return c
}

func newCmdSessionGrants(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:     "grants",
		Short:   "List the live capabilities (ids, never secrets)",
		Example: "  browserctl session grants",
		Args:    cmdutil.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			g, err := granter(f)
			if err != nil {
				return err
			}
			list, err := g.Grants(c.Context())
			if err != nil {
				return err
			}
			if f.Globals.JSON {
				return cmdutil.MarshalJSON(f, list)
			}
			t := cmdutil.NewTable(f, "ID", "SESSION", "ACCESS", "EXPIRES")
			for _, gr := range list.Grants {
				access, exp := grantAccess(gr), "-"
				if !gr.Expires.IsZero() {
					exp = gr.Expires.Local().Format(time.DateTime)
				}
				t.Add(gr.ID, gr.SessionID, access, exp)
			}
			return t.Print()
		},
		Annotations: cmdutil.NotReplayed(rpc.ReadsOnly),
	}
}
