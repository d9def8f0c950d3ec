package failure

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"browserctl/hub/hubclient"
	"browserctl/rpc"
)

func TestExitCodeFor(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want ExitCode
	}{
		{"nil", nil, ExitOK},
		{"plain", errors.New("boom"), ExitError},
		{"usage", Usagef("bad"), ExitUsage},
		{"stale ref", rpc.FromWire(4109, "gone", nil), ExitRetry},
		{"timeout", rpc.ErrTimeout("pages.click", time.Second), ExitRetry},
		{"connection lost", rpc.ErrConnectionLost("replaced"), ExitRetry},
		{"not connected", rpc.ErrNotConnected(), ExitNoBrowser},
		{"session required", rpc.FromWire(4103, "x", nil), ExitError},
		{"tab not found", rpc.FromWire(4104, "x", nil), ExitError},
		{"page op", rpc.FromWire(4110, "x", nil), ExitError},
		{"bad params", rpc.FromWire(-32602, "x", nil), ExitError},
		{"no hub", fmt.Errorf("wrapped: %w", hubclient.ErrNoHub), ExitNoBrowser},
		{"not a hub", fmt.Errorf("wrapped: %w", hubclient.ErrNotAHub), ExitNoBrowser},
		{"unauthorized", fmt.Errorf("wrapped: %w", hubclient.ErrUnauthorized), ExitNoBrowser},
		{"waited in vain", &hubclient.NotConnectedError{Msg: "x"}, ExitNoBrowser},
		{"reported", &ReportedError{Code: ExitRetry}, ExitRetry},
		{"wrapped browser error", fmt.Errorf("ctx: %w", rpc.FromWire(4109, "x", nil)), ExitRetry},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ExitCodeFor(tt.err); got != tt.want {
				t.Errorf("ExitCodeFor(%v) = %d, want %d", tt.err, got, tt.want)
			}
		})
	}
}

func TestDescribe(t *testing.T) {
	for _, c := range []struct {
		name          string
		err           error
		code          int
		errName, hint string
		retryable     bool
		browser       bool
	}{
		{"stale ref", rpc.FromWire(4109, "page ref not found", nil), 4109, "page_ref_not_found", "the ref is stale", true, true},
		{"usage", Usagef("bad flag"), CodeUsage, "usage", "Run 'browserctl click --help' for usage.", false, false},
		{"no hub", fmt.Errorf("x: %w", hubclient.ErrNoHub), CodeNoHub, "no_hub", "any browser command starts a hub", false, false},
		{"not a hub", fmt.Errorf("x: %w", hubclient.ErrNotAHub), CodeNotAHub, "not_a_hub", "another program holds this address", false, false},
		{"token", fmt.Errorf("x: %w", hubclient.ErrUnauthorized), CodeTokenRefused, "token_refused", "holds another token", false, false},
		{"frozen hub", fmt.Errorf("%w: no answer to GET /status", hubclient.ErrNotAHub), CodeHubNotAnswering, "hub_not_answering", "stopped (SIGSTOP)", true, false},
		{"local", errors.New("disk full"), CodeFailed, "failed", "", false, false},
		{"session required", rpc.FromWire(4103, "no session", nil), 4103, "session_required", "`browserctl open URL` makes one", false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := Describe("browserctl click", "127.0.0.1:9222", c.err)
			if r.Code != c.code || r.Name != c.errName || r.Retryable != c.retryable || r.Browser != c.browser || !strings.Contains(r.Hint, c.hint) {
				t.Errorf("Describe = %+v", r)
			}
			if c.hint == "" && r.Hint != "" {
				t.Errorf("a local failure has the hint %q", r.Hint)
			}
		})
	}
	// the hub's own 4101 names a refused handshake: its fix is the hint
	r := Describe("", "a:1", rpc.FromWire(4101, "no extension connected; the hub refused one; fix: reinstall it", nil))
	if r.Message != "no extension connected; the hub refused one" || r.Hint != "reinstall it" {
		t.Errorf("a refused handshake: %+v", r)
	}
	// a frozen hub's probe is reworded with the address
	r = Describe("", "127.0.0.1:9", fmt.Errorf("%w: no answer to GET /status", hubclient.ErrNotAHub))
	if !strings.HasPrefix(r.Message, "no answer from the hub: 127.0.0.1:9 accepted the connection") {
		t.Errorf("a frozen hub: %q", r.Message)
	}
}
