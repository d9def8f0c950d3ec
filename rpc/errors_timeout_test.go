package rpc

import (
	"testing"
	"time"
)

// A 4102 the extension answers because a call ran out of its time is a
// timeout like the hub's own: retryable, and IsTimeout says so.
func TestTimeoutsAreRetryable(t *testing.T) {
	tests := []struct {
		err           *BrowserError
		retry, isTime bool
	}{
		{FromWire(4102, `timed out after 1000 ms waiting for text "x" to appear`), true, true},
		{ErrTimeout("pages.eval", 40*time.Second), true, true},
		{FromWire(4102, "something else failed"), false, false},
		{FromWire(4110, "timed out in the page"), false, false},
		{FromWire(4109, "page ref not found"), true, false},
		{ErrConnectionLost("gone"), true, false},
	}
	for _, tt := range tests {
		if tt.err.Retryable != tt.retry || IsTimeout(tt.err) != tt.isTime {
			t.Errorf("%v: retryable %v, timeout %v; want %v, %v", tt.err, tt.err.Retryable, IsTimeout(tt.err), tt.retry, tt.isTime)
		}
	}
}
