package cmd

import (
	"context"
	"strings"
	"testing"

	"browserctl/cmd/cmdutil"
	"browserctl/rpc"
)

// What `save` writes for a REPL session: refs as the targets the page gave,
// a wait after each line the tab left its document on (none after a line
// that waited itself), failed and read-only lines out, ids as comments.
func TestSaveScriptFromREPLLines(t *testing.T) {
	e := newTestEnv(t)
	*e.f.Globals = cmdutil.EnvGlobals(e.f.Getenv) // as the REPL's own root parsed them
	lf := replFactory(e.f, e.h)
	rec := newRecorder(e.h, lf.Factory)
	ctx := context.Background()
	page := func(doc, url, target string) {
		e.h.results[rpc.PageDurableTarget] = `{"url":"` + url + `","document":"` + doc + `","target":"` + target + `"}`
	}
	line := func(args ...string) {
		t.Helper()
		sl := rec.Before(ctx, args)
		rec.After(sl, Run(ctx, lf.Factory, args) == cmdutil.ExitOK)
	}
	e.h.results[rpc.SessionCreate] = `{"sessionId":"s1","name":"","groupId":1,"tabIds":[101],"activeTabId":101}`
	e.h.results[rpc.PageClick] = `{"ok":true}`
	e.h.results[rpc.PageFill] = `{"ok":true}`
	e.h.results[rpc.PageWait] = `{"waited":10}`
	e.h.results[rpc.PagePress] = `{"ok":true}`
	e.h.results[rpc.PageGet] = `{"value":"T"}`
	e.h.results[rpc.TabActivate] = `{"tabId":7}`
	e.h.results[rpc.TabList] = `{"tabs":[{"tabId":101,"url":"http://a/found"}]}`
	e.h.results[rpc.PageEval] = `{"value":"x y"}`

	line("session", "create", "--url", "http://a/") // no page yet: pages.durableTarget has no answer
	page("1", "http://a/", `role=link[name=\"Next page\"]`)
	line("click", "e5")
	page("2", "http://a/next", `input[name=\"q\"]`)
	line("get", "title")
	line("fill", "@e7", "it's")
	e.h.errs[rpc.PageClick] = &rpc.BrowserError{Code: 4110, Message: "page operation failed: covered"}
	line("click", "e8")
	line("wait", "10")
	page("3", "http://a/found", "")
	line("press", "Enter")
	line("tab", "activate", "7")
	line("--tab", "101", "press", "Tab")
	line("eval", "--", `document.title = "x y"`)
	line("scroll", "down", "-50") // not a flag cobra knows: fails, and nothing panics

	got := strings.Join(rec.Script(ctx), "\n")
	want := strings.Join([]string{
		"session create --url http://a/",
		"# the line above opened http://a/",
		"wait --load load",
		`click 'role=link[name="Next page"]'`,
		"# the line above opened http://a/next",
		"wait --load load",
		"# not replayed (it only reads): get title",
		`fill 'input[name="q"]' 'it'\''s'`,
		"# failed, not replayed: click e8",
		"wait 10",
		"press Enter",
		"# not replayed (tab 7 is not a tab of the session): tab activate 7",
		"# the line below names a session or tab id; the ids differ on a replay",
		"--tab 101 press Tab",
		`eval document.title = "x y"`,
		"# failed, not replayed: scroll down -50",
	}, "\n")
	if got != want {
		t.Errorf("script:\n%s\nwant:\n%s", got, want)
	}
}

// save refuses to overwrite a file without --force and works only in the REPL.
func TestSaveKeepsAnExistingFile(t *testing.T) {
	e := newTestEnv(t)
	file := e.dir + "/steps.txt"
	if code := Run(context.Background(), e.f, []string{"save", file}); code != cmdutil.ExitUsage {
		t.Errorf("save outside the REPL: exit %d, want 2", code)
	}
	*e.f.Globals = cmdutil.EnvGlobals(e.f.Getenv) // as the REPL's own root parsed them
	lf := replFactory(e.f, e.h)
	lf.Script = func(context.Context) []string { return []string{"press Enter"} }
	if code := Run(context.Background(), lf.Factory, []string{"save", file}); code != cmdutil.ExitOK {
		t.Fatalf("save: exit %d: %s", code, e.err)
	}
	lf.Script = func(context.Context) []string { return []string{"press Tab"} }
	if code := Run(context.Background(), lf.Factory, []string{"save", file}); code != cmdutil.ExitError {
		t.Errorf("save over an existing file: exit %d, want 1", code)
	}
	if !strings.Contains(e.err.String(), "save --force overwrites it") {
		t.Errorf("stderr %q does not say how to overwrite", e.err)
	}
	if code := Run(context.Background(), lf.Factory, []string{"save", "--force", file}); code != cmdutil.ExitOK {
		t.Errorf("save --force: exit %d", code)
	}
	e.out.Reset()
	if code := Run(context.Background(), lf.Factory, []string{"save", "-"}); code != cmdutil.ExitOK || !strings.HasSuffix(e.out.String(), "\npress Tab\n") {
		t.Errorf("save -: exit %d, printed %q", code, e.out)
	}
}

// A session that acted on a page it found open: the script opens it first.
func TestSaveScriptNamesTheStartPage(t *testing.T) {
	e := newTestEnv(t)
	*e.f.Globals = cmdutil.EnvGlobals(e.f.Getenv) // as the REPL's own root parsed them
	lf := replFactory(e.f, e.h)
	rec := newRecorder(e.h, lf.Factory)
	ctx := context.Background()
	e.h.results[rpc.PageDurableTarget] = `{"url":"http://a/start","document":"1","target":"#go"}`
	e.h.results[rpc.PageClick] = `{"ok":true}`
	args := []string{"click", "e1"}
	rec.After(rec.Before(ctx, args), Run(ctx, lf.Factory, args) == cmdutil.ExitOK)
	want := []string{"# the session started on this page", "open http://a/start", "click '#go'"}
	if got := rec.Script(ctx); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("script %q, want %q", got, want)
	}
}
