package rpc

import (
	"testing"
	"time"
)

// cookies set --expires takes a duration from now, an RFC 3339 time or
// epoch seconds, and answers epoch seconds.
func TestCookieExpiry(t *testing.T) {
	now := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	for in, want := range map[string]string{
		"1h":                   "1796043600",
		"2026-12-01T00:00:00Z": "1796083200",
		"1800000000":           "1800000000",
	} {
		if got, err := cookieExpiry(now, in); err != nil || got != want {
			t.Errorf("cookieExpiry(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"someday", "-5", ""} {
		if got, err := cookieExpiry(now, bad); err == nil {
			t.Errorf("cookieExpiry(%q) = %v, want an error", bad, got)
		}
	}
}
