package cmd

// The printers of the logs.* commands (console, errors, network requests),
// declared on their rows in rpc/logs.go: each prints a batch, and with
// --follow one batch a call (cmdutil's follow); --json prints the
// result as it came, or following one JSON entry a line.

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"browserctl/cmd/cmdutil"
	"browserctl/cmd/internal/logview"
	"browserctl/internal/termsafe"
	"browserctl/rpc"
)

// printEntries prints a batch: the result as it is, or with --follow one
// JSON entry per line; for people, each entry through human.
func printEntries[T any](f *cmdutil.Factory, raw json.RawMessage, follow bool, entries []T, human func(T)) error {
	if f.Globals.JSON {
		if !follow {
			return cmdutil.PrintJSON(f, raw)
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

// logPrinter is the printer of a logs.* command: print prints one batch,
// first the answer to the first call.
func logPrinter[R any](print func(f *cmdutil.Factory, r R, raw json.RawMessage, follow, first bool) error) func(*cmdutil.Factory, *cmdutil.PageCall, rpc.Command, map[string]string) {
	return func(f *cmdutil.Factory, pc *cmdutil.PageCall, _ rpc.Command, args map[string]string) {
		follow, first := args["--follow"] != "", true
		pc.Result = func(raw json.RawMessage) error {
			var r R
			if err := cmdutil.DecodeResult(pc.Method, raw, &r); err != nil {
				return err
			}
			defer func() { first = false }()
			return print(f, r, raw, follow, first)
		}
	}
}

func init() {
	// console: a line a message; the dropped ones said once.
	cmdutil.Printers[rpc.PrintConsole] = logPrinter(func(f *cmdutil.Factory, r rpc.ConsoleResult, raw json.RawMessage, follow, first bool) error {
		if first && r.Dropped > 0 && f.IO.IsStderrTTY() {
			fmt.Fprintf(f.IO.ErrOut, "(%d older messages were dropped)\n", r.Dropped)
		}
		return printEntries(f, raw, follow, r.Entries, func(e rpc.ConsoleEntry) {
			fmt.Fprintln(f.IO.Out, logview.ConsoleLine(f.IO.ColorScheme(), e))
		})
	})
	// events: a line an event (page text escaped); --json a JSON line each.
	cmdutil.Printers[rpc.PrintEvents] = logPrinter(func(f *cmdutil.Factory, r rpc.EventsResult, raw json.RawMessage, follow, _ bool) error {
		if f.Globals.JSON {
			return printEntries(f, raw, true, r.Events, nil) // one JSON line an event, followed or not
		}
		return printEntries(f, raw, follow, r.Events, func(e rpc.Event) {
			line := time.UnixMilli(e.Time).Local().Format("15:04:05.000") + " " + e.SessionID + " " + e.Type
			if e.TabID != 0 {
				line += " tab " + strconv.Itoa(e.TabID)
			}
			if e.URL != "" {
				line += " " + e.URL
			}
			if e.Text != "" {
				line += " " + strconv.Quote(e.Text)
			}
			fmt.Fprintln(f.IO.Out, termsafe.Line(line))
		})
	})
	// errors: a line an exception.
	cmdutil.Printers[rpc.PrintErrors] = logPrinter(func(f *cmdutil.Factory, r rpc.ErrorsResult, raw json.RawMessage, follow, _ bool) error {
		return printEntries(f, raw, follow, r.Entries, func(e rpc.ErrorEntry) {
			fmt.Fprintln(f.IO.Out, logview.ErrorLine(f.IO.ColorScheme(), e))
		})
	})
	// network requests: a table, or following a line a request as it
	// finishes (those in flight with the first answer).
	cmdutil.Printers[rpc.PrintRequests] = logPrinter(func(f *cmdutil.Factory, r rpc.NetworkResult, raw json.RawMessage, follow, first bool) error {
		if !follow && !f.Globals.JSON {
			t := cmdutil.NewTable(f, logview.RequestHeader...)
			for _, e := range append(r.Requests, r.Inflight...) {
				t.Add(logview.RequestCells(e)...)
			}
			return t.Print()
		}
		entries := r.Requests
		if first {
			entries = append(entries, r.Inflight...)
		}
		return printEntries(f, raw, follow, entries, func(e rpc.RequestEntry) {
			fmt.Fprintln(f.IO.Out, strings.Join(logview.RequestCells(e), "\t"))
		})
	})
}
