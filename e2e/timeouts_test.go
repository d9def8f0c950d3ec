package e2e

// --timeout bounds a call end to end, eval included: a promise that
// resolves after 25 s (past the extension's 20 s default per CDP command)
// answers with --timeout 40s, and one that never resolves times out with
// exit 4 and a timeout hint.

import (
	"strings"
	"testing"
	"time"
)

func TestEvalHonoursTimeout(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/lab.html", tag))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)
	var r struct {
		Value string `json:"value"`
	}
	start := time.Now()
	mustJSON(t, &r, in(s, "--timeout", "40s", "eval", "new Promise(r => setTimeout(() => { window.resolvedAt = Date.now(); r('late-25s'); }, 25000))")...)
	if r.Value != "late-25s" {
		t.Errorf("eval of a promise resolving after 25 s answered %q", r.Value)
	}
	if !p.evalBool("typeof window.resolvedAt === 'number'") || time.Since(start) < 25*time.Second {
		t.Errorf("the eval answered before its promise resolved")
	}

	_, errOut, code := runWithin(t, 20*time.Second, in(s, "--timeout", "2s", "eval", "new Promise(() => {})")...)
	errOut = errorLine(t, errOut)
	if code != 4 || !strings.Contains(errOut, "timed out") || !strings.Contains(errOut, "hint: timed out: ") {
		t.Errorf("eval of a promise that never resolves with --timeout 2s: exit %d, %q; want exit 4 with a timeout hint", code, errOut)
	}
	if strings.Contains(errOut, "snapshot") {
		t.Errorf("a timeout got the stale-ref hint: %q", errOut)
	}
	// The session is free again at once.
	if v := getString(t, s, "title"); v != "Lab" {
		t.Errorf("after the timed-out eval, get title = %q", v)
	}
}

// Not only eval: a click whose handler keeps the page busy for 21 s (past
// the extension's old 20 s limit per CDP command) succeeds with --timeout
// 40s, and the page reports the click's handler ran to its end.
func TestSlowClickHonoursTimeout(t *testing.T) {
	tag := tagFor(t)
	html := `<button id="slow" onclick="const end = Date.now() + 21000; while (Date.now() < end) {} report('slow-done', {})">Slow</button>`
	s := newSession(t, pageURL("/inline", tag, "html", html))
	h.rec.waitFor(t, tag, "its load", func(e event) bool { return e.Type == "load" })
	ref := takeSnapshot(t, s, "-i").ref(t, "button", "Slow")
	mustRun(t, in(s, "--timeout", "40s", "click", ref)...)
	h.rec.waitFor(t, tag, "the slow handler's end", func(e event) bool { return e.Type == "slow-done" })
}
