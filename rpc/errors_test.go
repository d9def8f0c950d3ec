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
	if e := ErrTimeout("pages.click", time.Second); !IsTimeout(e) || !e.Retryable {
		t.Errorf("the hub's ErrTimeout %v is not a retryable timeout", e)
	}
}
