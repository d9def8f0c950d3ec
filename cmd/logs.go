package cmd

// Logs: console and errors (network.go: the request log and blocking).
//
// --follow is a loop of long polls (the hub forwards only request and
// response; the extension pushes nothing): each call passes the last seq
// seen as "after" and waitMs; the extension answers as soon as something
// newer is logged, or empty after waitMs, and the loop calls again until
// Ctrl-C (in the REPL, Ctrl-C ends the line and the REPL goes on). With
// --json a follow prints one JSON entry per line.

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"browserctl/logview"
	"browserctl/rpc"
	"browserctl/termsafe"
)

// followWait is how long one long poll waits for a new entry; the call's
// timeout leaves the hub room above it.
const (
	followWait    = 10 * time.Second
	followTimeout = followWait + 15*time.Second
)

// safeText makes page text safe for a one-line field of a terminal.
func safeText(s string) string { return termsafe.Line(s) }

// logReader runs logs.* once, or follows with --follow.
type logReader struct {
	f      *Factory
	method string
	params any            // a pointer to the method's params
	cursor *rpc.LogCursor // inside params: moved on by each follow call
	follow bool
	// print prints one batch; it answers the cursor for the next call.
	print func(raw json.RawMessage, first bool) (next int64, err error)
}

func (lr *logReader) run(ctx context.Context) error {
	h, err := lr.f.Hub()
	if err != nil {
		return err
	}
	first := true
	for {
		timeout := lr.f.Globals.Timeout
		if !first {
			timeout = followTimeout
			ctx = withoutBudget(ctx)
		}
		raw, err := h.Call(ctx, lr.method, lr.params, timeout)
		if err != nil {
			if lr.follow && ctx.Err() != nil {
				return nil // Ctrl-C in the REPL ends the follow, not in error
			}
			return err
		}
		next, err := lr.print(raw, first)
		if err != nil || !lr.follow {
			return err
		}
		first = false
		lr.cursor.Clear = false
		lr.cursor.Limit = 0
		lr.cursor.After = &next
		lr.cursor.WaitMs = int(followWait / time.Millisecond)
		if ctx.Err() != nil {
			return nil
		}
	}
}

func logRunE(f *Factory, runF func(*logReader) error, build func(args []string) (*logReader, error)) func(*cobra.Command, []string) error {
	return func(c *cobra.Command, args []string) error {
		lr, err := build(args)
		if err != nil {
			return err
		}
		if runF != nil {
			return runF(lr)
		}
		return lr.run(c.Context())
	}
}

// printEntries prints a batch: the result as it is, or with --follow one
// JSON entry per line; for people, each entry through human.
func printEntries[T any](f *Factory, raw json.RawMessage, follow bool, entries []T, human func(T)) error {
	if f.Globals.JSON {
		if !follow {
			return printJSON(f, raw)
		}
		for _, e := range entries {
			b, err := json.Marshal(e)
			if err != nil {
				return err
			}
			fmt.Fprintf(f.IO.Out, "%s\n", b)
		}
		return nil
	}
	for _, e := range entries {
		human(e)
	}
	return nil
}

// ---- console ----

func newCmdConsole(f *Factory, runF func(*logReader) error) *cobra.Command {
	var p rpc.ConsoleParams
	var follow bool
	c := &cobra.Command{
		Use:   "console",
		Short: "Print the tab's console messages since it joined the session (--follow to stream)",
		Long: `Print the console messages (level, text, source location) of the tab,
kept from the moment the tab joined the session (create, attach-current,
tab open, a tab its page opened): the newest 1000, oldest
dropped first. --level L keeps L and the levels above it (debug < log, info <
warning < error). --clear empties the log after printing it. --follow keeps
printing new messages until Ctrl-C (in the REPL too).`,
		Example: `  browserctl console
  browserctl console --level warning
  browserctl console --follow
  browserctl console --clear --json`,
		Args:              noArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: logRunE(f, runF, func(args []string) (*logReader, error) {
			if p.Level != "" && !rpc.ConsoleLevel.Has(p.Level) {
				return nil, usageErrorf("--level must be one of %s, got %q", strings.Join(rpc.ConsoleLevel.Values, ", "), p.Level)
			}
			if p.Limit < 0 {
				return nil, usageErrorf("--last must be >= 0, got %d", p.Limit)
			}
			p.PageParams.SessionID = sessionOf(f)
			q := p
			lr := &logReader{f: f, method: rpc.LogsConsole, params: &q, cursor: &q.LogCursor, follow: follow}
			lr.print = func(raw json.RawMessage, first bool) (int64, error) {
				var r rpc.ConsoleResult
				if err := decodeResult(rpc.LogsConsole, raw, &r); err != nil {
					return 0, err
				}
				if first && r.Dropped > 0 && f.IO.IsStderrTTY() {
					fmt.Fprintf(f.IO.ErrOut, "(%d older messages were dropped)\n", r.Dropped)
				}
				return r.Next, printEntries(f, raw, follow, r.Entries, func(e rpc.ConsoleEntry) {
					fmt.Fprintln(f.IO.Out, logview.ConsoleLine(f.IO.ColorScheme(), e))
				})
			}
			return lr, nil
		}),
		Annotations: notReplayed(readsOnly),
	}
	c.Flags().StringVar(&p.Level, "level", "", "lowest level to show: debug, log, info, warning, error")
	c.Flags().BoolVar(&p.Clear, "clear", false, "empty the log after printing it")
	c.Flags().BoolVarP(&follow, "follow", "f", false, "keep printing new messages until Ctrl-C")
	c.Flags().IntVar(&p.Limit, "last", 0, "only the newest N messages")
	_ = c.RegisterFlagCompletionFunc("level", cobra.FixedCompletions(rpc.ConsoleLevel.Values, cobra.ShellCompDirectiveNoFileComp))
	addTabFlag(c, f, &p.TabID)
	return c
}

// ---- errors ----

func newCmdErrors(f *Factory, runF func(*logReader) error) *cobra.Command {
	var p rpc.ErrorsParams
	var follow bool
	c := &cobra.Command{
		Use:   "errors",
		Short: "Print the tab's uncaught exceptions and unhandled promise rejections (--follow to stream)",
		Long: `Print the uncaught exceptions and unhandled promise rejections of the tab
since the tab joined the session (the newest 200, oldest dropped first), with
their source location; --json carries the stack too. --clear empties the
log after printing it; --follow keeps printing new ones until Ctrl-C.`,
		Example: `  browserctl errors
  browserctl errors --follow
  browserctl errors --clear --json`,
		Args:              noArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: logRunE(f, runF, func(args []string) (*logReader, error) {
			p.PageParams.SessionID = sessionOf(f)
			q := p
			lr := &logReader{f: f, method: rpc.LogsErrors, params: &q, cursor: &q.LogCursor, follow: follow}
			lr.print = func(raw json.RawMessage, first bool) (int64, error) {
				var r rpc.ErrorsResult
				if err := decodeResult(rpc.LogsErrors, raw, &r); err != nil {
					return 0, err
				}
				return r.Next, printEntries(f, raw, follow, r.Entries, func(e rpc.ErrorEntry) {
					fmt.Fprintln(f.IO.Out, logview.ErrorLine(f.IO.ColorScheme(), e))
				})
			}
			return lr, nil
		}),
		Annotations: notReplayed(readsOnly),
	}
	c.Flags().BoolVar(&p.Clear, "clear", false, "empty the log after printing it")
	c.Flags().BoolVarP(&follow, "follow", "f", false, "keep printing new errors until Ctrl-C")
	addTabFlag(c, f, &p.TabID)
	return c
}
