package cmd

import (
	"context"
	"testing"

	"browserctl/cmd/cmdutil"
)

// The REPL runs a fresh tree per line: a flag given on one line is gone on
// the next, and the REPL's own flags are every line's defaults.
func TestREPLLinesDoNotLeakFlags(t *testing.T) {
	e := newTestEnv(t)
	e.h.results["tabs.active"] = `{"tabId":101}`
	*e.f.Globals = cmdutil.EnvGlobals(e.f.Getenv) // as the REPL's own root parsed them:
	e.f.Globals.Session = "s-repl"                // `browserctl --session s-repl repl`
	lf := replFactory(e.f, e.h)
	ctx := context.Background()

	Run(ctx, lf.Factory, []string{"--json", "--session", "s9", "tab", "active"})
	if got := e.out.String(); got != "{\"tabId\":101}\n" {
		t.Errorf("first line printed %q", got)
	}
	if c := e.h.lastCall(t); c.Params != `{"sessionId":"s9"}` {
		t.Errorf("first line sent %s", c.Params)
	}
	e.out.Reset()
	Run(ctx, lf.Factory, []string{"tab", "active"})
	if got := e.out.String(); got != "101\t\t\t\t\n" {
		t.Errorf("second line printed %q: --json leaked", got)
	}
	if c := e.h.lastCall(t); c.Params != `{"sessionId":"s-repl"}` {
		t.Errorf("second line sent %s, want the REPL's --session", c.Params)
	}
	if code := Run(ctx, lf.Factory, []string{"repl"}); code != cmdutil.ExitError {
		t.Errorf("repl inside the REPL: exit %d", code)
	}
	if code := Run(ctx, lf.Factory, []string{"serve"}); code != cmdutil.ExitError {
		t.Errorf("serve inside the REPL: exit %d", code)
	}
}
