package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"browserctl/hubclient"
	"browserctl/rpc"
)

func newCmdSession(f *Factory) *cobra.Command {
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
		Args: noArgs,

		Annotations: notReplayed(groupOnly),
	}
	c.AddCommand(newCmdSessionCreate(f), newCmdSessionAttachCurrent(f), newCmdSessionList(f),
		newCmdSessionRename(f), newCmdSessionRelease(f), newCmdSessionClose(f), newCmdSessionUse(f))
	return c
}

func newCmdSessionCreate(f *Factory) *cobra.Command {
	var p rpc.SessionCreateParams
	c := &cobra.Command{
		Use:     "create",
		Short:   "Create a session: a new tab group with one tab; it becomes the current session",
		Example: "  browserctl session create --name work --url https://example.com",
		Args:    noArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return sessionResult(c, f, rpc.SessionCreate, p, "created", true)
		},
		Annotations: replays(opensPage),
	}
	c.Flags().StringVar(&p.Name, "name", "", "the tab group's title")
	c.Flags().StringVar(&p.URL, "url", "", "the first tab's URL (default about:blank)")
	return c
}

func newCmdSessionAttachCurrent(f *Factory) *cobra.Command {
	var p rpc.SessionAttachCurrentParams
	c := &cobra.Command{
		Use:     "attach-current",
		Short:   "Take over the user's active tab as a new session; it becomes the current session",
		Example: "  browserctl session attach-current --name mine",
		Args:    noArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return sessionResult(c, f, rpc.SessionAttachCurrent, p, "attached", true)
		},
		Annotations: notReplayed("it takes the tab in front, which differs on a replay"),
	}
	c.Flags().StringVar(&p.Name, "name", "", "the tab group's title")
	return c
}

// sessionResult calls a method answering a Session and prints it: its id
// for scripts, a sentence on a terminal. With makeCurrent the session
// becomes the caller's current one (the hub's for a one-shot command, the
// REPL's or batch run's own in them).
func sessionResult(c *cobra.Command, f *Factory, method string, params any, verb string, makeCurrent bool) error {
	raw, err := callHub(c.Context(), f, method, params)
	if err != nil {
		return err
	}
	var s rpc.Session
	if err := decodeResult(method, raw, &s); err != nil {
		return err
	}
	if makeCurrent {
		if err := useSession(c.Context(), f, s.SessionID); err != nil {
			return fmt.Errorf("%s session %s, but could not make it the current session: %w", verb, s.SessionID, err)
		}
	}
	return render(f, raw, func() error {
		if !f.IO.IsStdoutTTY() {
			fmt.Fprintln(f.IO.Out, s.SessionID)
			return nil
		}
		cs := f.IO.ColorScheme()
		fmt.Fprintf(f.IO.Out, "%s session %s %q (tabs %s, active %d)\n", verb, cs.Cyan(s.SessionID), s.Name, joinInts(s.TabIDs), s.ActiveTabID)
		return nil
	})
}

func joinInts(ids []int) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = strconv.Itoa(id)
	}
	return strings.Join(s, ",")
}

func newCmdSessionList(f *Factory) *cobra.Command {
	return &cobra.Command{
		Use:     "list",
		Aliases: []string{"ls"},
		Short:   "List sessions",
		Example: "  browserctl session list\n  browserctl session list --json",
		Args:    noArgs,
		RunE: func(c *cobra.Command, args []string) error {
			raw, err := callHub(c.Context(), f, rpc.SessionList, struct{}{})
			if err != nil {
				return err
			}
			return render(f, raw, func() error {
				var res rpc.SessionListResult
				if err := decodeResult(rpc.SessionList, raw, &res); err != nil {
					return err
				}
				current := currentSession(c.Context(), f)
				t := newTable(f, "ID", "NAME", "GROUP", "TABS", "ACTIVE", "")
				for _, s := range res.Sessions {
					row := []string{s.SessionID, s.Name, strconv.Itoa(s.GroupID), joinInts(s.TabIDs), strconv.Itoa(s.ActiveTabID)}
					if s.SessionID == current {
						row = append(row, "current")
					}
					t.add(row...)
				}
				if len(res.Sessions) == 0 && f.IO.IsStdoutTTY() {
					fmt.Fprintln(f.IO.ErrOut, inREPLWords(f, "no sessions: `browserctl session create` makes one"))
					return nil
				}
				return t.print()
			})
		},
		Annotations: notReplayed(readsOnly),
	}
}

func newCmdSessionRename(f *Factory) *cobra.Command {
	return &cobra.Command{
		Use:               "rename ID NAME",
		Short:             "Rename a session",
		Example:           "  browserctl session rename s1 shopping",
		Args:              exactArgs(2, "a session ID and a NAME"),
		ValidArgsFunction: completeSessionIDs(f),
		RunE: func(c *cobra.Command, args []string) error {
			return sessionResult(c, f, rpc.SessionRename, rpc.SessionRenameParams{SessionID: args[0], Name: args[1]}, "renamed", false)
		},
		Annotations: notReplayed(idsDiffer),
	}
}

func newCmdSessionRelease(f *Factory) *cobra.Command {
	return sessionEndCmd(f, "release", rpc.SessionRelease, "Release a session: detach the debugger, keep its tab group and tabs", "released")
}

func newCmdSessionClose(f *Factory) *cobra.Command {
	return sessionEndCmd(f, "close", rpc.SessionClose, "Close a session: close its tab group's tabs", "closed")
}

func sessionEndCmd(f *Factory, name, method, short, verb string) *cobra.Command {
	return &cobra.Command{
		Use:               name + " [ID]",
		Short:             short + " (default: --session, else the current session)",
		Example:           fmt.Sprintf("  browserctl session %s s1\n  browserctl session %s", name, name),
		Args:              rangeArgs(0, 1, "at most one session ID"),
		ValidArgsFunction: completeSessionIDs(f),
		RunE: func(c *cobra.Command, args []string) error {
			p := rpc.SessionIDParams{SessionID: sessionOf(f)}
			if len(args) == 1 {
				p.SessionID = args[0]
			}
			raw, err := callHub(c.Context(), f, method, p)
			if err != nil {
				return err
			}
			return render(f, raw, func() error {
				var res struct {
					SessionID string `json:"sessionId"`
				}
				_ = json.Unmarshal(raw, &res)
				done(f, "%s session %s", verb, res.SessionID)
				return nil
			})
		},
		Annotations: notReplayed(idsDiffer),
	}
}

func newCmdSessionUse(f *Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "use ID",
		Short: "Make ID the current session (\"\" clears it)",
		Long: `Set the session that commands act on when they name none. One-shot, the
hub keeps it for the shells' later commands (and for a REPL or batch run
started later) until another one-shot create, attach-current or use. In a
REPL or a batch run it sets their own session only.`,
		Example:           "  browserctl session use s2\n  browserctl session use \"\"",
		Args:              exactArgs(1, "a session ID"),
		ValidArgsFunction: completeSessionIDs(f),
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
				return marshalJSON(f, st)
			}
			if st.Session == "" {
				done(f, "no current session")
			} else {
				done(f, "current session %s", st.Session)
			}
			return nil
		},
		Annotations: notReplayed(idsDiffer),
	}
}

// useSession makes id, a session the browser just answered, the caller's
// current session: the hub's for a one-shot command, the REPL's or batch
// run's own in them.
func useSession(ctx context.Context, f *Factory, id string) error {
	h, err := f.Hub()
	if err != nil {
		return err
	}
	if own, ok := h.(interface{ Hold(string) }); ok {
		own.Hold(id)
		return nil
	}
	_, err = h.UseSession(ctx, id)
	return err
}

// currentSession is the caller's current session, "" when there is none
// or the hub cannot tell.
func currentSession(ctx context.Context, f *Factory) string {
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
