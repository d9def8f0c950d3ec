package cmdutil

// How a page command runs: what it parsed (PageCall), the call through the
// hub, and the result printed for people or as JSON. The page commands are
// in page.go, snapshot.go, actions.go and the files of their groups.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

// PageCall is what a page command parsed: the method, its params and how
// to print the result for people. A test's runF stops right here.
type PageCall struct {
	Method string
	Params any
	// MinTimeout raises the call's timeout above --timeout (wait MS).
	MinTimeout time.Duration
	// Keep records what a result leaves behind (snapshot: its refs for
	// completion), whatever the output mode.
	Keep  func(raw json.RawMessage)
	Human func(raw json.RawMessage) error
	// Result, when set, prints the result itself (--json included) and
	// may turn it into an exit code (`is` exits 1 for false).
	Result func(raw json.RawMessage) error
	// Post runs on the result before it is printed, --json or not, and may
	// replace it (a click's download moved into --download-dir).
	Post func(raw json.RawMessage) (json.RawMessage, error)
	// NoSession, when set, runs when the call was refused for naming no
	// session where there is none at all (4103, so nothing was done), or
	// the current one the hub filled in is gone (4107 for a command given
	// no --session: its tabs were closed): it makes one and answers the
	// params to send again.
	NoSession func(ctx context.Context, f *Factory, gone bool) (any, error)
	// Before runs first and may complete Params with what only the
	// browser knows (a tab named by its URL).
	Before func(ctx context.Context) error
	// After runs on the result, --json or not, before it is printed (a
	// new session made the current one).
	After func(ctx context.Context, raw json.RawMessage) error
	// Refused, when set, turns the call's error into the command's (a
	// stop with nothing to stop: a usage error).
	Refused func(err error) error
}

func (pc *PageCall) run(ctx context.Context, f *Factory) error {
	h, err := f.Hub()
	if err != nil {
		return err
	}
	if pc.Before != nil {
		if err := pc.Before(ctx); err != nil {
			return err
		}
	}
	timeout := f.Globals.Timeout
	if pc.MinTimeout > timeout {
		timeout = pc.MinTimeout
		ctx = raiseBudget(ctx, pc.MinTimeout-WaitSlack)
	}
	raw, err := h.Call(ctx, pc.Method, withTimeoutMS(pc.Method, pc.Params, f.Globals.Timeout), timeout)
	var be *rpc.BrowserError
	if err != nil && pc.NoSession != nil && errors.As(err, &be) &&
		(be.Code == rpc.CodeSessionRequired || be.Code == rpc.CodeSessionNotFound && SessionOf(f) == "") {
		params, nerr := pc.NoSession(ctx, f, be.Code == rpc.CodeSessionNotFound)
		if nerr != nil {
			return nerr
		}
		raw, err = h.Call(ctx, pc.Method, withTimeoutMS(pc.Method, params, f.Globals.Timeout), timeout)
	}
	if err != nil && pc.Refused != nil {
		return pc.Refused(err)
	}
	if err != nil {
		return err
	}
	if pc.Post != nil {
		if raw, err = pc.Post(raw); err != nil {
			return err
		}
	}
	if pc.Keep != nil {
		pc.Keep(raw)
	}
	if pc.After != nil {
		if err := pc.After(ctx, raw); err != nil {
			return err
		}
	}
	raw = printable(f, raw)
	reportDialog(f, raw)
	reportReplaced(f, raw)
	if pc.Result != nil {
		return pc.Result(raw)
	}
	return Render(f, raw, func() error {
		if pc.Human == nil {
			return nil
		}
		return pc.Human(raw)
	})
}

// PageRunE builds the call with build and runs it (or hands it to runF).
func PageRunE(f *Factory, runF func(*PageCall) error, build func(args []string) (*PageCall, error)) func(*cobra.Command, []string) error {
	return func(c *cobra.Command, args []string) error {
		pc, err := build(args)
		if err != nil {
			return err
		}
		if runF != nil {
			return runF(pc)
		}
		return pc.run(c.Context(), f)
	}
}

// AddTabFlag adds --tab, the tab of the session a page command acts on.
func AddTabFlag(c *cobra.Command, f *Factory, tab *int) {
	c.Flags().IntVar(tab, "tab", 0, "tab id in the session (default: the session's active tab)")
	_ = c.RegisterFlagCompletionFunc("tab", func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return completeTabIDs(f, false)(c, nil, toComplete)
	})
}

// WaitSlack is added to a wait's own length for the call's timeout, so the
// page answers before the hub gives up.
const WaitSlack = 5 * time.Second

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
		what += ` "` + SafeText(d.Message) + `"`
	}
	switch d.State {
	case "open":
		fmt.Fprintln(f.IO.ErrOut, InREPLWords(f, fmt.Sprintf("dialog: %s is open; browserctl dialog accept|dismiss", what)))
	default:
		fmt.Fprintf(f.IO.ErrOut, "dialog: %s was %s\n", what, d.State)
	}
}

// reportReplaced says on stderr, --json or not, that the extension replaced
// a tab stuck in a dialog loop (a result's replacedTab, rpc.ReplacedTab).
func reportReplaced(f *Factory, raw json.RawMessage) {
	v, ok := rpc.Member(raw, "replacedTab")
	if !ok || len(v) == 0 || v[0] != '{' {
		return
	}
	var r rpc.ReplacedTab
	if json.Unmarshal(v, &r) != nil || r.New == 0 {
		return
	}
	fmt.Fprintf(f.IO.ErrOut, "tab %d was stuck in a dialog loop; replaced by tab %d (same session and group)\n", r.Old, r.New)
}
