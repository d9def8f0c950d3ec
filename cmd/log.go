package cmd

// browserctl log: the sessions' journal, what each caller did.

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/hub/hubapi"
	"browserctl/internal/termsafe"
	"browserctl/rpc"
)

func newCmdLog(f *cmdutil.Factory) *cobra.Command {
	var follow bool
	var since time.Duration
	c := &cobra.Command{
		Use:   "log [--session S] [--follow] [--since DURATION]",
		Short: "What each caller did in the sessions: the journal of calls that reached the browser",
		Long: `Print the journal the hub keeps of every call that reached the browser: when,
which caller (shell, repl, batch FILE, mcp CLIENT, with its pid), the
session, the method, what it acted on (button "Pay now" [e3], a selector, a
URL), how it ended (ok, or the error's code and reason) and how long it
took. Values typed into fields are never kept, only their length. The hub
keeps the newest 10,000 entries of each session while it runs.

Without --session, every session's (a capability sees its own only).
--since keeps the entries newer than that; --follow prints new ones as
they come until Ctrl-C; --json prints one JSON object a line.`,
		Example: `  browserctl log
  browserctl log --session s3 --since 10m
  browserctl log --follow --json`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if since < 0 {
				return cmdutil.UsageErrorf("--since must be positive")
			}
			h, err := f.Hub()
			if err != nil {
				return err
			}
			j, ok := h.(hubapi.JournalReader)
			if !ok {
				return errors.New("this hub keeps no journal")
			}
			ctx, cancel := interruptible(c.Context())
			defer cancel()
			entries, err := j.Journal(ctx, f.Globals.Session, 0, follow)
			if err != nil {
				return err
			}
			var from time.Time
			if since > 0 {
				from = time.Now().Add(-since)
			}
			n := 0
			for e := range entries {
				if e.Time.Before(from) {
					continue
				}
				n++
				if f.Globals.JSON {
					if err := cmdutil.MarshalJSON(f, e); err != nil {
						return err
					}
					continue
				}
				fmt.Fprintln(f.IO.Out, journalLine(f, e))
			}
			if n == 0 && !f.Globals.JSON && !follow && f.IO.IsStdoutTTY() {
				fmt.Fprintln(f.IO.ErrOut, "no calls in the journal yet")
			}
			return nil
		},
		Annotations: cmdutil.NotReplayed(rpc.ReadsOnly),
	}
	c.Flags().BoolVar(&follow, "follow", false, "print new entries as they come, until Ctrl-C")
	c.Flags().DurationVar(&since, "since", 0, "only entries newer than this (10m, 1h)")
	return c
}

// journalLine is one entry for a person: time, session, caller, what,
// outcome, duration. Everything a page or a caller wrote is escaped.
func journalLine(f *cmdutil.Factory, e hubapi.JournalEntry) string {
	cs := f.IO.ColorScheme()
	who := e.Caller.String()
	if e.Caller.PID != 0 {
		who += " (pid " + strconv.Itoa(e.Caller.PID) + ")"
	}
	what := e.Method
	if e.Target != "" {
		what += " " + e.Target
	}
	if e.ValueLength != nil {
		what += fmt.Sprintf(" (%d chars typed)", *e.ValueLength)
	}
	if e.URL != "" {
		what += " -> " + e.URL
	}
	outcome := cs.Green("ok")
	if !e.OK {
		why := e.Reason
		if e.Message != "" {
			why += ": " + e.Message
		}
		outcome = cs.Red(fmt.Sprintf("error %d", e.Code)) + " " + termsafe.Line(why)
	}
	return fmt.Sprintf("%s %s %s %s %s %s",
		e.Time.Local().Format("15:04:05.000"), cs.Cyan(termsafe.Line(e.Session)), termsafe.Line(who), termsafe.Line(what), outcome, fmtMs(e.DurationMs))
}

func fmtMs(ms float64) string {
	if ms < 10 {
		return strconv.FormatFloat(ms, 'f', 1, 64) + "ms"
	}
	return strconv.FormatFloat(ms, 'f', 0, 64) + "ms"
}
