package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/hub/hubclient"
	"browserctl/internal/termsafe"
	"browserctl/rpc"
)

func newCmdSession(f *cmdutil.Factory) *cobra.Command {
	c := &cobra.Command{
		Use:   "session",
		Short: "Create, list and pick sessions (Chrome tab groups)",
		Long: `A session is a Chrome tab group that browserctl drives. The session a
command acts on is --session, else $BROWSERCTL_SESSION, else the current
session: the shells' current session, which one-shot create,
attach-current and use set (the hub keeps it). A REPL, a batch run and each
mcp client hold a session of their own instead: a REPL and a batch run
start on the shells' current session, and their create, attach-current and
use change only their own. A script's ` + "`call sessions.create`" + ` changes
no current session. open makes a session when there is none.`,
		Example: `  browserctl session create --name work --url https://example.com
  browserctl session list
  browserctl session use s2`,
		Args: cmdutil.NoArgs,

		Annotations: cmdutil.NotReplayed(rpc.GroupOnly),
	}
	c.AddCommand(newCmdSessionUse(f))
	for _, mk := range sessionSubcommands {
		c.AddCommand(mk(f))
	}
	return c
}

// sessionSubcommands are the hand-written session commands of other files.
var sessionSubcommands []func(*cmdutil.Factory) *cobra.Command

func init() {
	// session create, attach-current, rename: the session's id for
	// scripts, a sentence on a terminal; create and attach-current make it
	// the caller's current session (the hub's for a one-shot command, the
	// REPL's or batch run's own in them).
	cmdutil.Printers[rpc.PrintSession] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, dc rpc.Command, _ map[string]string) {
		verb, current := map[string]string{"session create": "created", "session attach-current": "attached"}[dc.Path]
		if !current {
			verb = "renamed"
		}
		var s rpc.Session
		pc.After = func(ctx context.Context, raw json.RawMessage) error {
			if err := cmdutil.DecodeResult(pc.Method, raw, &s); err != nil || !current {
				return err
			}
			if err := cmdutil.UseSession(ctx, f, s.SessionID); err != nil {
				return fmt.Errorf("%s session %s, but could not make it the current session: %w", verb, s.SessionID, err)
			}
			return nil
		}
		pc.Human = func(raw json.RawMessage) error {
			_ = json.Unmarshal(raw, &s)
			if !f.IO.IsStdoutTTY() {
				fmt.Fprintln(f.IO.Out, s.SessionID)
				return nil
			}
			cs := f.IO.ColorScheme()
			on := ""
			if s.Browser != "" {
				on = " on browser " + termsafe.String(s.Browser)
			}
			fmt.Fprintf(f.IO.Out, "%s session %s %q%s (tabs %s, active %d)\n", verb, cs.Cyan(s.SessionID), s.Name, on, joinInts(s.TabIDs), s.ActiveTabID)
			return nil
		}
	}
	// session list: a table, the current session marked.
	cmdutil.Printers[rpc.PrintSessions] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, _ rpc.Command, _ map[string]string) {
		var current string
		pc.After = func(ctx context.Context, _ json.RawMessage) error {
			if !f.Globals.JSON {
				current = currentSession(ctx, f)
			}
			return nil
		}
		pc.Human = func(raw json.RawMessage) error {
			var res rpc.SessionListResult
			if err := cmdutil.DecodeResult(pc.Method, raw, &res); err != nil {
				return err
			}
			for _, u := range res.Unreachable {
				fmt.Fprintf(f.IO.ErrOut, "warning: browser %s did not answer; its sessions are missing: %s\n", termsafe.String(u.Browser), termsafe.Line(u.Error))
			}
			// with several browsers (or one that names itself), each session's
			withBrowser := slices.ContainsFunc(res.Sessions, func(s rpc.Session) bool { return s.Browser != "" })
			header := []string{"ID", "NAME", "GROUP", "TABS", "ACTIVE", ""}
			if withBrowser {
				header = []string{"ID", "BROWSER", "NAME", "GROUP", "TABS", "ACTIVE", ""}
			}
			t := cmdutil.NewTable(f, header...)
			for _, s := range res.Sessions {
				row := []string{s.SessionID, s.Name, strconv.Itoa(s.GroupID), joinInts(s.TabIDs), strconv.Itoa(s.ActiveTabID)}
				if withBrowser {
					row = slices.Insert(row, 1, termsafe.String(s.Browser))
				}
				var marks []string
				if s.SessionID == current {
					marks = append(marks, "current")
				}
				if s.Stopped {
					marks = append(marks, "stopped by the person")
				}
				if len(marks) > 0 {
					row = append(row, strings.Join(marks, ", "))
				}
				t.Add(row...)
			}
			if len(res.Sessions) == 0 && f.IO.IsStdoutTTY() {
				fmt.Fprintln(f.IO.ErrOut, cmdutil.InREPLWords(f, "no sessions: `browserctl session create` makes one"))
				return nil
			}
			return t.Print()
		}
	}
}

func joinInts(ids []int) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = strconv.Itoa(id)
	}
	return strings.Join(s, ",")
}

func newCmdSessionUse(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "use ID",
		Short: "Make ID the current session (\"\" clears it)",
		Long: `Set the session that commands act on when they name none. One-shot, the
hub keeps it for the shells' later commands (and for a REPL or batch run
started later) until another one-shot create, attach-current or use. In a
REPL or a batch run it sets their own session only.`,
		Example:           "  browserctl session use s2\n  browserctl session use \"\"",
		Args:              cmdutil.ExactArgs(1, "a session ID"),
		ValidArgsFunction: cmdutil.CompleteSessionIDs(f),
		RunE: func(c *cobra.Command, args []string) error {
			h, err := f.Hub()
			if err != nil {
				return err
			}
			st, err := h.UseSession(c.Context(), args[0])
			if err != nil {
				return err
			}
			if f.Globals.JSON {
				return cmdutil.MarshalJSON(f, st)
			}
			if st.Session == "" {
				cmdutil.Done(f, "no current session")
			} else {
				cmdutil.Done(f, "current session %s", st.Session)
			}
			return nil
		},
		Annotations: cmdutil.NotReplayed(rpc.IDsDiffer),
	}
}

// currentSession is the caller's current session, "" when there is none
// or the hub cannot tell.
func currentSession(ctx context.Context, f *cmdutil.Factory) string {
	h, err := f.Hub()
	if err != nil {
		return ""
	}
	st, err := hubclient.StatusOf(ctx, h)
	if err != nil {
		return ""
	}
	return st.Session
}
