package cmd

// Helpers the command tests share: what a command line sends, and the
// lines that must be refused before anything is sent.

import (
	"encoding/json"
	"reflect"
	"testing"

	"browserctl/cmd/cmdutil"
	"browserctl/rpc"
)

// sentCase is a command line and the call it must send.
type sentCase struct{ args, method, params string }

// callOf runs args on e with method failing, and answers the call it sent.
func (e *testEnv) callOf(t *testing.T, args, method string) fakeCall {
	t.Helper()
	e.h.errs[method] = rpc.FromWire(4110, "stop here", nil)
	e.run(args)
	return e.h.lastCall(t)
}

// checkSent runs each case's line on a fresh env (setup, when not nil,
// prepares it) and checks the call it sent, its params compared as JSON
// values.
func checkSent(t *testing.T, cases []sentCase, setup func(*testEnv)) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.args, func(t *testing.T) {
			e := newTestEnv(t)
			if setup != nil {
				setup(e)
			}
			if c := e.callOf(t, tt.args, tt.method); c.Method != tt.method || !sameJSON(c.Params, tt.params) {
				t.Errorf("sent %s %s, want %s %s", c.Method, c.Params, tt.method, tt.params)
			}
		})
	}
}

// checkUsage runs each line on a fresh env (setup, when not nil, prepares
// it): each must exit 2 and send nothing.
func checkUsage(t *testing.T, setup func(*testEnv), lines ...string) {
	t.Helper()
	for _, args := range lines {
		t.Run(args, func(t *testing.T) {
			e := newTestEnv(t)
			if setup != nil {
				setup(e)
			}
			if code := e.run(args); code != cmdutil.ExitUsage {
				t.Errorf("exit %d, want 2; stderr %q", code, e.err)
			}
			if len(e.h.calls) != 0 {
				t.Errorf("a usage error reached the hub: %+v", e.h.calls)
			}
		})
	}
}

// sameJSON says whether two JSON texts hold the same value, whatever the
// order of their members (timeoutMs is PageParams', so it comes first).
func sameJSON(a, b string) bool {
	var va, vb any
	if json.Unmarshal([]byte(a), &va) != nil || json.Unmarshal([]byte(b), &vb) != nil {
		return a == b
	}
	return reflect.DeepEqual(va, vb)
}
