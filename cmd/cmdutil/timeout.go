package cmdutil

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"browserctl/hub/hubclient"
	"browserctl/rpc"
)

// --timeout is the budget of a whole browser command: from the moment it
// starts, connecting to the hub, starting one, waiting for the extension
// (--wait, cut to what is left) and every call share it, and the command
// ends within hubclient.CallMargin of it even when the hub never answers.
// A command that waits longer on purpose (wait MS, download --wait-for)
// raises its budget to that wait; --follow's long polls have none.

// BudgetCommand says whether c is a browser command, bounded by --timeout:
// one of the "browser" or "page" groups (not serve, repl, mcp, batch, whose
// lines are each bounded, status --wait, launch).
func BudgetCommand(c *cobra.Command) bool {
	for ; c.HasParent(); c = c.Parent() {
		if !c.Parent().HasParent() {
			return c.GroupID == "browser" || c.GroupID == "page"
		}
	}
	return false
}

// WithCommandBudget starts the budget of a browser command now.
func WithCommandBudget(ctx context.Context, timeout time.Duration) context.Context {
	if timeout <= 0 {
		timeout = rpc.DefaultTimeout
	}
	return hubclient.WithBudget(ctx, time.Now(), timeout)
}

// raiseBudget gives the command at least d in all, counted from its start,
// for a wait the user asked for that is longer than --timeout.
func raiseBudget(ctx context.Context, d time.Duration) context.Context {
	start, cur, ok := hubclient.BudgetOf(ctx)
	if !ok || d <= cur {
		return ctx
	}
	return hubclient.WithBudget(ctx, start, d)
}

// withoutBudget takes the command's budget off ctx: --follow polls until
// interrupted, each poll with its own timeout.
func withoutBudget(ctx context.Context) context.Context {
	return hubclient.WithBudget(ctx, time.Time{}, 0)
}

// withTimeoutMS gives a pages.* call's params the caller's --timeout as
// timeoutMs (docs/protocol.md "timeoutMs"), so the extension never cuts one
// of the call's CDP commands shorter than --timeout. Only a --timeout other
// than the spec's 30 s is sent (the extension's default is that), and params
// that carry a timeoutMs (or pages.wait's timeout) of their own keep it;
// pages.download's timeout (its wait for the file) does not stand for it.
func withTimeoutMS(method string, params any, timeout time.Duration) any {
	if !strings.HasPrefix(method, rpc.SessionScopedPrefix) || timeout == rpc.DefaultTimeout || timeout <= 0 {
		return params
	}
	raw, ok := params.(json.RawMessage)
	if !ok {
		b, err := json.Marshal(params)
		if err != nil {
			return params // the hub reports it
		}
		raw = b
	}
	t := bytes.TrimSpace(raw)
	if len(t) < 2 || t[0] != '{' || t[len(t)-1] != '}' {
		return params
	}
	// pages.wait's own "timeout" already says it. pages.download's "timeout"
	// is its wait for the download (--wait-for), not for its target: the
	// click's wait for the target is still bounded by --timeout.
	owns := []string{"timeoutMs"}
	if method == rpc.PageWait {
		owns = append(owns, "timeout")
	}
	for _, own := range owns {
		if _, has := rpc.Member(t, own); has {
			return json.RawMessage(t)
		}
	}
	out := make([]byte, 0, len(t)+24)
	out = append(out, t[:len(t)-1]...)
	if len(bytes.TrimSpace(t[1:len(t)-1])) > 0 {
		out = append(out, ',')
	}
	out = append(out, `"timeoutMs":`...)
	out = strconv.AppendInt(out, timeout.Milliseconds(), 10)
	return json.RawMessage(append(out, '}'))
}
