package hubclient

// One deadline for a whole command: connecting, starting a hub, waiting
// for the extension and every call share the command's --timeout.

import (
	"context"
	"time"
)

const (
	// HubSlack is how much longer than the command's budget the hub may
	// take to answer a call: the extension's own "timed out" answer (it
	// gets the budget as timeoutMs) arrives before the hub's.
	HubSlack = 500 * time.Millisecond
	// transportMargin is how much longer than the hub's own timeout a
	// client waits for its answer before giving up on a hub that does not
	// answer at all (a stopped or wedged one).
	transportMargin = 250 * time.Millisecond
	// CallMargin is how far past its budget a call can end: HubSlack and
	// the transport margin, under a second.
	CallMargin = HubSlack + transportMargin
)

type budgetKey struct{}

type budget struct {
	start time.Time
	d     time.Duration
}

// WithBudget makes everything done under ctx through a Client or an AutoHub
// one command's that started at start and may take d: each call, a hub's
// start-up and the wait for the extension end by start+d (the hub's answer
// by start+d+CallMargin at the latest), whatever each call's own timeout
// says. A later WithBudget replaces it; d <= 0 removes it (each call then
// has its own timeout only).
func WithBudget(ctx context.Context, start time.Time, d time.Duration) context.Context {
	return context.WithValue(ctx, budgetKey{}, budget{start: start, d: d})
}

// BudgetOf is ctx's command budget: its start and length.
func BudgetOf(ctx context.Context) (start time.Time, d time.Duration, ok bool) {
	b, ok := ctx.Value(budgetKey{}).(budget)
	if !ok || b.d <= 0 {
		return time.Time{}, 0, false
	}
	return b.start, b.d, true
}

// callEnd is when the hub should have answered a call made now with
// timeout: after timeout, or at the end of ctx's budget (plus HubSlack),
// whichever comes first.
func callEnd(ctx context.Context, now time.Time, timeout time.Duration) time.Time {
	end := now.Add(timeout)
	if start, d, ok := BudgetOf(ctx); ok {
		if b := start.Add(d + HubSlack); b.Before(end) {
			end = b
		}
	}
	return end
}

// withCallBudget is ctx with a budget: its own, or one of timeout from now
// when it has none (a call made outside any command: MCP, a library user).
func withCallBudget(ctx context.Context, timeout time.Duration) (context.Context, time.Time) {
	if start, d, ok := BudgetOf(ctx); ok {
		return ctx, start.Add(d)
	}
	now := time.Now()
	return WithBudget(ctx, now, timeout), now.Add(timeout)
}
