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
		if got := FromWire(tc.code, tc.msg).Retryable; got != tc.retryable {
			t.Errorf("FromWire(%d, %q).Retryable = %v, want %v", tc.code, tc.msg, got, tc.retryable)
		}
	}
	// IsTimeout tells a timeout from the other retryable errors.
	for _, tt := range []struct {
		err           *BrowserError
		retry, isTime bool
	}{
		{FromWire(4102, `timed out after 1000 ms waiting for text "x" to appear`), true, true},
		{ErrTimeout("pages.eval", 40*time.Second), true, true},
		{FromWire(4102, "something else failed"), false, false},
		{FromWire(4110, "timed out in the page"), false, false},
		{FromWire(4109, "page ref not found"), true, false},
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
