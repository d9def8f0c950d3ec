package cmd

// Logs: console, errors, network requests/block/unblock.
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

	"browserctl/rpc"
	"browserctl/termsafe"
)

// followWait is how long one long poll waits for a new entry; the call's
// timeout leaves the hub room above it.
const (
	followWait    = 10 * time.Second
	followTimeout = followWait + 15*time.Second
)

// safeText makes page text safe for a one-line field of a terminal:
// termsafe's escapes, and newlines and tabs shown as \n and \t.
func safeText(s string) string {
	return termsafe.String(lineBreaks.Replace(s))
}

var lineBreaks = strings.NewReplacer("\n", `\n`, "\t", `\t`)

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

func clock(ms int64) string {
	if ms <= 0 {
		return "--:--:--.---"
	}
	return time.UnixMilli(ms).Format("15:04:05.000")
}

func location(url string, line, col int) string {
	if url == "" {
		return ""
	}
	if line <= 0 {
		return url
	}
	if col <= 0 {
		return fmt.Sprintf("%s:%d", url, line)
	}
	return fmt.Sprintf("%s:%d:%d", url, line, col)
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
					printConsoleEntry(f, e)
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

func printConsoleEntry(f *Factory, e rpc.ConsoleEntry) {
	cs := f.IO.ColorScheme()
	level := fmt.Sprintf("%-7s", e.Level)
	switch e.Level {
	case "error":
		level = cs.Red(level)
	case "warning":
		level = cs.Yellow(level)
	case "debug":
		level = cs.Dim(level)
	}
	loc := location(e.URL, e.Line, e.Column)
	if loc != "" {
		loc = "  " + cs.Dim(safeText(loc))
	}
	fmt.Fprintf(f.IO.Out, "%s %s %s%s\n", cs.Dim(clock(e.Time)), level, safeText(e.Text), loc)
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
					cs := f.IO.ColorScheme()
					loc := location(e.URL, e.Line, e.Column)
					if loc != "" {
						loc = "  " + cs.Dim(safeText(loc))
					}
					fmt.Fprintf(f.IO.Out, "%s %s %s%s\n", cs.Dim(clock(e.Time)), cs.Red(fmt.Sprintf("%-9s", e.Kind)), safeText(e.Text), loc)
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

// ---- network ----

func newCmdNetwork(f *Factory) *cobra.Command {
	c := &cobra.Command{
		Use:   "network",
		Short: "The tab's requests, one request whole; answer requests yourself (route), HAR, WebSockets",
		Example: `  browserctl network requests --failed
  browserctl network request 12
  browserctl network requests --filter /api/ --follow
  browserctl network block '*.png' ads.example
  browserctl network unblock ads.example
  browserctl network route /api/user --body '{"name":"Ann"}' --content-type application/json
  browserctl network har start; browserctl network har stop run.har
  browserctl network ws --frames w1 --follow`,
		Args: noArgs,

		Annotations: notReplayed(groupOnly),
	}
	c.AddCommand(newCmdNetworkRequests(f, nil), newCmdNetworkRequest(f, nil), newCmdNetworkBlock(f, nil, true), newCmdNetworkBlock(f, nil, false),
		newCmdNetworkRoute(f, nil), newCmdNetworkRoutes(f, nil), newCmdNetworkUnroute(f, nil), newCmdNetworkHAR(f), newCmdNetworkWS(f))
	return c
}

func newCmdNetworkRequests(f *Factory, runF func(*logReader) error) *cobra.Command {
	var p rpc.NetworkLogParams
	var follow bool
	c := &cobra.Command{
		Use:   "requests",
		Short: "List the tab's requests: method, status or failure, type, size, time, URL",
		Long: `List the requests the tab made since it joined the session (the newest
1000 finished ones, oldest dropped first, then the ones still in flight):
a short id (for network request ID), method, status (or the failure reason: net::ERR_..., "blocked" for a
request network block failed), resource type, bytes received, time taken
and URL. --filter keeps URLs containing TEXT (any case); --failed keeps
failures and HTTP statuses >= 400. --follow prints each request as it
finishes, until Ctrl-C.`,
		Example: `  browserctl network requests
  browserctl network requests --failed
  browserctl network requests --filter api --follow --json`,
		Args:              noArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: logRunE(f, runF, func(args []string) (*logReader, error) {
			p.PageParams.SessionID = sessionOf(f)
			q := p
			lr := &logReader{f: f, method: rpc.LogsNetwork, params: &q, cursor: &q.LogCursor, follow: follow}
			lr.print = func(raw json.RawMessage, first bool) (int64, error) {
				var r rpc.NetworkResult
				if err := decodeResult(rpc.LogsNetwork, raw, &r); err != nil {
					return 0, err
				}
				if !follow && !f.Globals.JSON {
					t := newTable(f, "ID", "METHOD", "STATUS", "TYPE", "SIZE", "TIME", "URL")
					for _, e := range append(r.Requests, r.Inflight...) {
						t.add(e.ID, e.Method, requestStatus(e), e.Type, humanBytes(e.Size), requestTime(e), safeText(e.URL))
					}
					return r.Next, t.print()
				}
				entries := r.Requests
				if first {
					entries = append(entries, r.Inflight...)
				}
				return r.Next, printEntries(f, raw, follow, entries, func(e rpc.RequestEntry) {
					fmt.Fprintf(f.IO.Out, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", e.ID, e.Method, requestStatus(e), e.Type, humanBytes(e.Size), requestTime(e), safeText(e.URL))
				})
			}
			return lr, nil
		}),
		Annotations: notReplayed(readsOnly),
	}
	c.Flags().StringVar(&p.Filter, "filter", "", "only URLs containing TEXT")
	c.Flags().BoolVar(&p.Failed, "failed", false, "only failed requests and HTTP errors (status >= 400)")
	c.Flags().BoolVar(&p.Clear, "clear", false, "empty the log after printing it")
	c.Flags().BoolVarP(&follow, "follow", "f", false, "keep printing requests as they finish until Ctrl-C")
	addTabFlag(c, f, &p.TabID)
	return c
}

func requestStatus(e rpc.RequestEntry) string {
	switch {
	case e.Blocked:
		return "blocked"
	case e.Failure != "":
		return safeText(e.Failure)
	case e.DurationMs < 0:
		if e.Status > 0 {
			return fmt.Sprintf("%d…", e.Status)
		}
		return "pending"
	}
	return fmt.Sprint(e.Status)
}

func requestTime(e rpc.RequestEntry) string {
	if e.DurationMs < 0 {
		return "-"
	}
	return fmt.Sprintf("%d ms", e.DurationMs)
}

func newCmdNetworkBlock(f *Factory, runF func(*pageCall) error, block bool) *cobra.Command {
	var p rpc.BlockParams
	use, method, short := "block", rpc.NetworkBlock, "Make requests whose URL matches PATTERN fail, in every tab of the session"
	example := `  browserctl network block ads.example.com
  browserctl network block '*://*/*.png' '*analytics*'`
	if !block {
		use, method, short = "unblock", rpc.NetworkUnblock, "Stop blocking PATTERN"
		example = "  browserctl network unblock ads.example.com"
	}
	c := &cobra.Command{
		Use:   use + " PATTERN...",
		Short: short,
		Long: short + `. The short form of network route PATTERN --abort: a
blocked request fails with net::ERR_BLOCKED_BY_CLIENT and shows as
"blocked" in network requests; network routes lists the patterns as abort
routes and network unroute removes them too. The block list lives in the
extension until its service worker restarts. Prints the session's block
list after the change.

` + patternHelp,
		Example:           example,
		Args:              minArgs(1, "at least one PATTERN"),
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			for _, a := range args {
				if strings.TrimSpace(a) == "" {
					return nil, usageErrorf("a PATTERN must not be empty")
				}
			}
			p.SessionID, p.Patterns = sessionOf(f), args
			return &pageCall{Method: method, Params: p, Human: func(raw json.RawMessage) error {
				var r rpc.BlockResult
				if err := decodeResult(method, raw, &r); err != nil {
					return err
				}
				if len(r.SkippedTabIDs) > 0 {
					warn(f, "tabs %v could not be attached now; they get the list on their first command", r.SkippedTabIDs)
				}
				if len(r.Patterns) == 0 && f.IO.IsStderrTTY() {
					fmt.Fprintln(f.IO.ErrOut, "nothing is blocked")
				}
				for _, pat := range r.Patterns {
					fmt.Fprintln(f.IO.Out, safeText(pat))
				}
				return nil
			}}, nil
		}),
		Annotations: replays(),
	}
	return c
}
