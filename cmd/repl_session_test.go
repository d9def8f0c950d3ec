package cmd

import (
	"context"
	"slices"
	"testing"

	"browserctl/cmd/cmdutil"
	"browserctl/rpc"
)

// A REPL's (or batch run's) session create, attach-current and use change
// its own session, never the hub's; one-shot ones change the hub's.
func TestREPLSessionIsItsOwn(t *testing.T) {
	e := newTestEnv(t)
	e.h.results[rpc.SessionList] = `{"sessions":[{"sessionId":"s2"},{"sessionId":"s5"}]}`
	e.h.results[rpc.SessionCreate] = `{"sessionId":"s5","name":"","groupId":1,"tabIds":[101],"activeTabId":101}`
	e.h.results[rpc.SessionAttachCurrent] = `{"sessionId":"s7","name":"","groupId":2,"tabIds":[102],"activeTabId":102}`
	e.h.results[rpc.PageGet] = `{"value":"T"}`
	*e.f.Globals = cmdutil.EnvGlobals(e.f.Getenv)
	lf := replFactory(e.f, e.h)
	ctx := context.Background()
	sentWith := func(what string) {
		t.Helper()
		if code := Run(ctx, lf.Factory, []string{"get", "title"}); code != cmdutil.ExitOK {
			t.Fatalf("get title: exit %d: %s", code, e.err.String())
		}
		if c := e.h.lastCall(t); c.Params != `{"sessionId":"`+what+`","what":"title"}` && !(what == "" && c.Params == `{"what":"title"}`) {
			t.Errorf("get title sent %s, want session %q", c.Params, what)
		}
	}
	sentWith("")
	for _, tc := range []struct {
		line []string
		want string
	}{
		{[]string{"session", "use", "s2"}, "s2"},
		{[]string{"session", "create"}, "s5"},
		{[]string{"session", "attach-current"}, "s7"},
	} {
		if code := Run(ctx, lf.Factory, tc.line); code != cmdutil.ExitOK {
			t.Fatalf("%v: exit %d: %s", tc.line, code, e.err.String())
		}
		sentWith(tc.want)
	}
	if code := Run(ctx, lf.Factory, []string{"session", "use", "s9"}); code != cmdutil.ExitError {
		t.Errorf("use of a session the browser does not have: exit %d", code)
	}
	sentWith("s7")
	if len(e.h.used) != 0 {
		t.Errorf("the REPL's lines set the hub's current session: %q", e.h.used)
	}

	// one-shot: the hub's
	if code := Run(ctx, e.f, []string{"session", "create"}); code != cmdutil.ExitOK {
		t.Fatalf("one-shot session create: exit %d: %s", code, e.err.String())
	}
	if !slices.Equal(e.h.used, []string{"s5"}) {
		t.Errorf("one-shot session create: the hub's current session set to %q, want [s5]", e.h.used)
	}
}
