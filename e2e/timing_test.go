package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// -v tells where a real click's time went: the hub's trace, and the
// extension's breakdown by CDP method, the mouse events among them; the
// click itself still happens (the page counts it) and stdout is only the
// result.
func TestVerboseTimingOfAClick(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/inline", tag, "html",
		`<button id=b onclick="this.dataset.n = (+this.dataset.n || 0) + 1">Count</button>`))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)

	out, errOut, code := run(t, in(s, "-v", "click", "#b")...)
	if code != 0 {
		t.Fatalf("click -v: exit %d: %s", code, errOut)
	}
	if strings.Contains(out, "timing") {
		t.Errorf("the breakdown went to stdout: %q", out)
	}
	if n := p.evalString(`document.getElementById('b').dataset.n`); n != "1" {
		t.Errorf("the button was clicked %q times, want 1", n)
	}
	for _, re := range []string{
		`(?m)^timing: [0-9.]+ ms in all: .*click #b$`,
		`(?m)^  call +[0-9.]+ ms  pages\.click$`,
		`(?m)^    wire +[0-9.]+ ms`,
		`(?m)^    extension +[0-9.]+ ms`,
		`(?m)^    cdp +[0-9.]+ ms  .*Input\.dispatchMouseEvent x[1-9]`,
	} {
		if !regexp.MustCompile(re).MatchString(errOut) {
			t.Errorf("stderr lacks %s:\n%s", re, errOut)
		}
	}

	// The parts fit in the call: the mouse events go out without waiting
	// for each, and the CDP row is the time one was in flight, not their sum.
	callMs, cdpMs := msOfRow(t, errOut, "call"), msOfRow(t, errOut, "cdp")
	if cdpMs > callMs {
		t.Errorf("the cdp row (%.1f ms) exceeds the call (%.1f ms):\n%s", cdpMs, callMs, errOut)
	}

	// open: the navigation's own commands are counted toward it (the
	// handler passes a copy of its params on), and its wait for the load
	_, errOut, code = run(t, in(s, "-v", "open", pageURL("/lab.html", tag))...)
	if code != 0 {
		t.Fatalf("open -v: exit %d: %s", code, errOut)
	}
	if !regexp.MustCompile(`(?m)^    cdp +[0-9.]+ ms  .*Page\.navigate x1`).MatchString(errOut) {
		t.Errorf("open -v does not count Page.navigate toward the call:\n%s", errOut)
	}
	if !regexp.MustCompile(`(?m)^    page +[0-9.]+ ms  waiting for the page's load x1 `).MatchString(errOut) {
		t.Errorf("open -v does not show the wait for the page's load:\n%s", errOut)
	}

	// batch: one breakdown per line
	file := filepath.Join(t.TempDir(), "lines")
	if err := os.WriteFile(file, []byte("get title\nget url\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, errOut, code = run(t, in(s, "-v", "batch", "-f", file)...)
	if code != 0 {
		t.Fatalf("batch -v: exit %d: %s", code, errOut)
	}
	if n := strings.Count(errOut, "timing: "); n != 2 {
		t.Errorf("batch -v printed %d breakdowns, want 2:\n%s", n, errOut)
	}
}

// msOfRow is the milliseconds of the first "-v" breakdown row named name.
func msOfRow(t *testing.T, report, name string) float64 {
	t.Helper()
	m := regexp.MustCompile(`(?m)^ +` + name + ` +([0-9.]+) ms`).FindStringSubmatch(report)
	if m == nil {
		t.Fatalf("no %s row in:\n%s", name, report)
	}
	v, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
