package cmd

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"browserctl/cmd/cmdutil"
	"browserctl/repl"
	"browserctl/rpc"
)

// What batch sends for each line: # starts a comment only at a line's
// start, a pasted `browserctl` and a BOM are dropped, a failing line is
// echoed with its control characters escaped.
func TestBatchReadsLinesAsMeant(t *testing.T) {
	e := newTestEnv(t)
	e.f.Getenv = func(k string) string { return map[string]string{"BROWSERCTL_SESSION": "s1"}[k] }
	e.h.results[rpc.PageGet] = `{"value":"T"}`
	e.h.errs[rpc.PageClick] = &rpc.BrowserError{Code: 4110, Message: "page operation failed: no element matches"}
	e.f.IO.In = strings.NewReader(repl.BOM + "get text #msg\n" +
		"  # a comment, and a blank line\n\n" +
		"browserctl get title\n" +
		"click '#x\x1b]0;pwned\x07'\n")
	code := Run(context.Background(), e.f, []string{"batch"})
	if code != cmdutil.ExitError {
		t.Fatalf("batch: exit %d, want 1 (the click failed); stderr:\n%s", code, e.err)
	}
	var sent []string
	for _, c := range e.h.calls {
		sent = append(sent, c.Method+" "+c.Params)
	}
	want := []string{
		`pages.get {"sessionId":"s1","what":"text","selector":"#msg"}`,
		`pages.get {"sessionId":"s1","what":"title"}`,
		`pages.click {"sessionId":"s1","selector":"#x\u001b]0;pwned\u0007"}`,
	}
	if strings.Join(sent, "\n") != strings.Join(want, "\n") {
		t.Errorf("calls:\n%s\nwant:\n%s", strings.Join(sent, "\n"), strings.Join(want, "\n"))
	}
	if strings.ContainsAny(e.err.String(), "\x1b\x07") {
		t.Errorf("stderr holds raw control characters: %q", e.err)
	}
	if !strings.Contains(e.err.String(), `line 5: click '#x\x1b]0;pwned\x07'`) {
		t.Errorf("stderr %q does not echo line 5 escaped", e.err)
	}
}

// A 16 MiB line runs; a longer one fails with exit 2 naming its line and
// the limit, is not run, and --keep-going goes on after it.
func TestBatchLineLimit(t *testing.T) {
	e := newTestEnv(t)
	e.f.Getenv = func(k string) string { return map[string]string{"BROWSERCTL_SESSION": "s1"}[k] }
	e.h.results[rpc.PageEval] = `{"value":1}`
	e.h.results[rpc.PageGet] = `{"value":"T"}`
	expr := strings.Repeat("x", repl.MaxLineBytes-len("eval "))
	e.f.IO.In = strings.NewReader("eval " + expr + "\n" + "eval " + expr + "y\n" + "get title\n")
	code := Run(context.Background(), e.f, []string{"--json", "batch", "--keep-going"})
	if code != cmdutil.ExitUsage {
		t.Fatalf("batch: exit %d, want 2; stderr:\n%.300s", code, e.err)
	}
	var methods []string
	for _, c := range e.h.calls {
		methods = append(methods, c.Method)
		if c.Method == rpc.PageEval {
			var p struct{ Expression string }
			_ = json.Unmarshal([]byte(c.Params), &p)
			if p.Expression != expr {
				t.Errorf("the 16 MiB line reached the page as %d bytes, want %d", len(p.Expression), len(expr))
			}
		}
	}
	if strings.Join(methods, " ") != "pages.eval pages.get" {
		t.Errorf("calls %v, want the 16 MiB eval and get title (the longer line not run)", methods)
	}
	out := strings.Split(strings.TrimSpace(e.out.String()), "\n")
	if len(out) != 3 || !strings.Contains(out[1], `line 2 is longer than 16 MiB`) || !strings.Contains(out[1], `"exit":2`) {
		t.Errorf("--json output: %.500q", out)
	}

	help := newTestEnv(t)
	Run(context.Background(), help.f, []string{"batch", "--help"})
	if !strings.Contains(help.out.String(), "up to 16 MiB long") {
		t.Errorf("batch --help does not give the longest line:\n%s", help.out)
	}
}

// A line's $NAME comes from the environment and is sent, but neither
// stderr nor --json shows its value; a missing one fails the line (exit 2)
// naming the variable, and the line is not run.
func TestBatchExpandsEnvironmentVariables(t *testing.T) {
	const secret = "hunter2-Secret"
	old := repl.LookupEnv
	repl.LookupEnv = func(k string) (string, bool) {
		v, ok := map[string]string{"PASSWORD_1": secret}[k]
		return v, ok
	}
	defer func() { repl.LookupEnv = old }()
	e := newTestEnv(t)
	e.f.Getenv = func(k string) string { return map[string]string{"BROWSERCTL_SESSION": "s1"}[k] }
	e.h.results[rpc.PageFill] = `{"ok":true}`
	e.h.errs[rpc.PageClick] = &rpc.BrowserError{Code: 4110, Message: "page operation failed: no element matches #" + secret}
	e.f.IO.In = strings.NewReader("fill '#pw' $PASSWORD_1\nclick \"#${PASSWORD_1}\"\nfill '#pw' $PASSWORD_2\n")
	code := Run(context.Background(), e.f, []string{"--json", "batch", "--keep-going"})
	if code != cmdutil.ExitError {
		t.Fatalf("batch: exit %d, want 1 (the click failed first); stderr:\n%s", code, e.err)
	}
	var sent []string
	for _, c := range e.h.calls {
		sent = append(sent, c.Method+" "+c.Params)
	}
	want := []string{
		`pages.fill {"sessionId":"s1","selector":"#pw","value":"` + secret + `"}`,
		`pages.click {"sessionId":"s1","selector":"#` + secret + `"}`,
	}
	if strings.Join(sent, "\n") != strings.Join(want, "\n") {
		t.Errorf("calls:\n%s\nwant:\n%s", strings.Join(sent, "\n"), strings.Join(want, "\n"))
	}
	if strings.Contains(e.out.String()+e.err.String(), secret) {
		t.Errorf("the secret shows in the output:\n%s\n%s", e.out, e.err)
	}
	lines := strings.Split(strings.TrimSpace(e.out.String()), "\n")
	var last struct {
		Command string
		Exit    int
		Error   struct{ Message string }
	}
	if len(lines) != 3 || json.Unmarshal([]byte(lines[2]), &last) != nil || last.Exit != 2 || !strings.Contains(last.Error.Message, "PASSWORD_2") {
		t.Errorf("the missing variable's line: %q; want exit 2 naming PASSWORD_2", lines)
	}
}

// --report: the first failing line's number, text and reason, the page's
// snapshot around its target with the likest line marked; --report --json
// one object and nothing per line; a missing variable is a usage failure
// with no page to show.
func TestBatchReport(t *testing.T) {
	e := newTestEnv(t)
	e.f.Getenv = func(k string) string { return map[string]string{"BROWSERCTL_SESSION": "s1"}[k] }
	e.h.results[rpc.PageGet] = `{"value":"T"}`
	e.h.errs[rpc.PageClick] = &rpc.BrowserError{Code: 4110, Message: "page operation failed: no element matches", Reason: rpc.ReasonNotFound}
	e.h.results[rpc.PageSnapshot] = `{"snapshot":"- heading \"Reports\" [ref=e1]\n- button \"Filter now\" [ref=e2]\n- link \"Download\" [ref=e3]","refs":{},"url":"http://x/list","title":"Reports","tabId":1}`
	script := "get title\n# a comment\nclick 'role=button[name=\"Apply filter\"]'\nget title\n"
	e.f.IO.In = strings.NewReader(script)
	if code := Run(context.Background(), e.f, []string{"batch", "--report"}); code != cmdutil.ExitError {
		t.Fatalf("exit %d, want 1; stderr:\n%s", code, e.err)
	}
	for _, want := range []string{`report: line 3 failed (not_found, exit 1): click 'role=button[name="Apply filter"]'`, `> - button "Filter now" [ref=e2]`, "http://x/list"} {
		if !strings.Contains(e.err.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, e.err)
		}
	}

	j := newTestEnv(t)
	j.f.Getenv = e.f.Getenv
	j.h.results, j.h.errs = e.h.results, e.h.errs
	j.f.IO.In = strings.NewReader(script)
	if code := Run(context.Background(), j.f, []string{"--json", "batch", "--report"}); code != cmdutil.ExitError {
		t.Fatalf("--json: exit %d", code)
	}
	var rep map[string]any
	if err := json.Unmarshal(j.out.Bytes(), &rep); err != nil {
		t.Fatalf("--report --json printed more than one object: %v\n%s", err, j.out)
	}
	if rep["line"] != 3.0 || rep["reason"] != "not_found" || rep["ran"] != 2.0 || !strings.Contains(rep["near"].(string), "Filter now") {
		t.Errorf("report %v", rep)
	}

	v := newTestEnv(t)
	v.f.Getenv = e.f.Getenv
	v.h.results = e.h.results
	old := repl.LookupEnv
	repl.LookupEnv = func(string) (string, bool) { return "", false }
	defer func() { repl.LookupEnv = old }()
	v.f.IO.In = strings.NewReader("get title\nfill '#pw' $PASSWORD_1\n")
	if code := Run(context.Background(), v.f, []string{"--json", "batch", "--report"}); code != cmdutil.ExitUsage {
		t.Fatalf("missing variable: exit %d", code)
	}
	if !strings.Contains(v.out.String(), `"reason":"usage"`) || !strings.Contains(v.out.String(), "PASSWORD_1") || strings.Contains(v.out.String(), "excerpt") {
		t.Errorf("missing variable: %s", v.out)
	}
}
