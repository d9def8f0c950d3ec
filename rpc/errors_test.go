package rpc

import (
	"testing"
	"time"
)

// Every timeout is retryable (spec section 6), the hub's and the
// extension's alike; other failures keep their table's retryability.
func TestTimeoutsAreRetryable(t *testing.T) {
	for _, tc := range []struct {
		code      int
		msg       string
		retryable bool
	}{
		{4102, "timed out after 5000 ms waiting for networkidle", true},
		{4102, "Runtime.evaluate did not answer within 10000 ms", true},
		{4102, "no focused element", false},
		{4110, "timed out: the page's own message", false}, // a page's exception text, not our timeout
		{4109, "page ref not found: e3", true},
		{4104, "tab 9 not found", false},
	} {
		if got := FromWire(tc.code, tc.msg, nil).Retryable; got != tc.retryable {
			t.Errorf("FromWire(%d, %q).Retryable = %v, want %v", tc.code, tc.msg, got, tc.retryable)
		}
	}
	// IsTimeout tells a timeout from the other retryable errors.
	for _, tt := range []struct {
		err           *BrowserError
		retry, isTime bool
	}{
		{FromWire(4102, `timed out after 1000 ms waiting for text "x" to appear`, nil), true, true},
		{ErrTimeout("pages.eval", 40*time.Second), true, true},
		{FromWire(4102, "something else failed", nil), false, false},
		{FromWire(4110, "timed out in the page", nil), false, false},
		{FromWire(4109, "page ref not found", nil), true, false},
		{ErrConnectionLost("gone"), true, false},
	} {
		if tt.err.Retryable != tt.retry || IsTimeout(tt.err) != tt.isTime {
			t.Errorf("%v: retryable %v, timeout %v; want %v, %v", tt.err, tt.err.Retryable, IsTimeout(tt.err), tt.retry, tt.isTime)
		}
	}
	if e := ErrTimeout("pages.click", time.Second); !IsTimeout(e) || !e.Retryable {
		t.Errorf("the hub's ErrTimeout %v is not a retryable timeout", e)
	}
}

func TestFromWireReason(t *testing.T) {
	for _, tc := range []struct {
		code      int
		data      string
		reason    Reason
		retryable bool
	}{
		{4109, `{"reason":"stale_ref"}`, ReasonStaleRef, true},
		{4109, `{"reason":"not_found"}`, ReasonNotFound, false},
		{4110, `{"reason":"covered"}`, ReasonCovered, false},
		{4102, `{"reason":"timeout"}`, ReasonTimeout, true},
		{4110, `{"reason":"Not A Word"}`, "", false},
		{4110, `{}`, "", false},
		{4110, ``, "", false},
	} {
		be := FromWire(tc.code, "m", []byte(tc.data))
		if be.Reason != tc.reason || be.Retryable != tc.retryable {
			t.Errorf("FromWire(%d, %s) = reason %q retryable %v, want %q %v", tc.code, tc.data, be.Reason, be.Retryable, tc.reason, tc.retryable)
		}
	}
	if got := (&BrowserError{Code: 4110, Reason: ReasonCovered, Message: "x"}).Error(); got != "error 4110 page_operation_failed (covered): x" {
		t.Errorf("Error() = %q", got)
	}
}

func TestReasonsTable(t *testing.T) {
	seen := map[Reason]bool{}
	for _, r := range Reasons {
		if seen[r.Reason] || r.Meaning == "" {
			t.Errorf("reason %q doubled or without meaning", r.Reason)
		}
		seen[r.Reason] = true
	}
	for _, e := range Errors {
		if _, ok := LookupReason(DefaultReason(e.Code)); !ok {
			t.Errorf("code %d has no default reason in the table", e.Code)
		}
	}
}
