package e2e

// wait --text/--selector/--gone/--url/--fn in the browser: each succeeds
// only once the page's late content is there (the page's own window.arrived
// says when, read over the test's CDP), and times out with exit 4 naming
// what it waited for.

import (
	"context"
	"strings"
	"testing"
	"time"
)

// arrivedAlready says whether the page's late content was there when the
// wait returned (read right after it).
func arrived(p *page) bool { return p.evalBool("typeof window.arrived === 'number'") }

func TestWaitKinds(t *testing.T) {
	cases := []struct {
		name  string
		args  []string
		check string // true in the page once the wait is over
	}{
		{"text", []string{"--text", "Results arrived late"}, `document.body.innerText.includes("Results   arrived late") || document.body.innerText.includes("Results arrived late")`},
		{"selector", []string{"--selector", "#late-box"}, `getComputedStyle(document.getElementById("late-box")).display === "block"`},
		{"selector gone", []string{"--selector", "#spinner", "--gone"}, `document.getElementById("spinner") === null`},
		{"text gone", []string{"--text", "Loading, please wait", "--gone"}, `!document.body.innerText.includes("Loading")`},
		{"fn", []string{"--fn", "window.ready === true"}, `window.ready === true`},
		{"fn promise", []string{"--fn", "new Promise(r => setTimeout(() => r(window.ready), 20))"}, `window.ready === true`},
		// a function is called: the function itself is truthy at once
		{"fn function", []string{"--fn", "() => window.ready === true"}, `window.ready === true`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tag := tagFor(t)
			s := newSession(t, pageURL("/waits.html", tag))
			p := h.cdp.page(t, tag)
			if arrived(p) {
				t.Fatalf("the late content was there before the wait began")
			}
			mustRun(t, in(s, append([]string{"wait", "--timeout", "15s"}, c.args...)...)...)
			if !arrived(p) || !p.evalBool(c.check) {
				t.Errorf("wait %v returned before the late content arrived", c.args)
			}
		})
	}
}

func TestWaitFnPrintsValueAndURLPrintsURL(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/waits.html", tag, "push", "xyz"))
	p := h.cdp.page(t, tag)
	var r struct {
		Waited float64 `json:"waited"`
		URL    string  `json:"url"`
	}
	mustJSON(t, &r, in(s, "wait", "--url", "**/done-xyz*")...)
	if !arrived(p) || !strings.Contains(r.URL, "/done-xyz?") {
		t.Errorf("wait --url **/done-xyz* answered %+v (arrived: %v)", r, arrived(p))
	}
	if got := p.evalString("location.href"); got != r.URL {
		t.Errorf("the tab is at %s, wait --url answered %s", got, r.URL)
	}
	var v struct {
		Value any `json:"value"`
	}
	mustJSON(t, &v, in(s, "wait", "--fn", "document.querySelectorAll('#late-text').length")...)
	if v.Value != float64(1) {
		t.Errorf("wait --fn answered value %v, want 1", v.Value)
	}
}

// A wait spans a navigation: the text is on the next page.
func TestWaitAcrossNavigation(t *testing.T) {
	tag := tagFor(t)
	next := pageURL("/lab.html", tag+"-next")
	s := newSession(t, pageURL("/waits.html", tag, "go", next))
	mustRun(t, in(s, "wait", "--timeout", "15s", "--text", "Some plain text here")...)
	h.rec.waitFor(t, tag+"-next", "the next page's load", func(e event) bool { return e.Type == "load" })
	p := h.cdp.page(t, tag+"-next")
	if !p.evalBool(`document.body.innerText.includes("Some plain text here")`) {
		t.Errorf("the wait returned, but the next page does not show the text")
	}
	// A URL wait across a real navigation, too.
	s2 := newSession(t, pageURL("/waits.html", tag+"-u", "go", pageURL("/lab.html", tag+"-u2", "done", "1")))
	out := mustRun(t, in(s2, "wait", "--url", "**/lab.html?done=1*")...)
	if !strings.Contains(out, tag+"-u2") {
		t.Errorf("wait --url across a navigation answered %s", out)
	}
}

func TestWaitTimeouts(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/lab.html", tag))
	waitLoad(t, s)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--text", "never-there-42"}, `text "never-there-42"`},
		{[]string{"--selector", "#never-there"}, `"#never-there"`},
		{[]string{"--selector", "#heading", "--gone"}, `"#heading" to disappear`},
		{[]string{"--url", "**/never*"}, `"**/never*"`},
		{[]string{"--fn", "window.never === 1"}, `window.never === 1`},
		{[]string{"--load", "networkidle", "--text", "x"}, ""}, // usage: one at a time
	} {
		args := in(s, append([]string{"--timeout", "1s", "wait"}, c.args...)...)
		_, errOut, code := run(t, args...)
		errOut = errorLine(t, errOut)
		if c.want == "" {
			if code != 2 {
				t.Errorf("wait %v: exit %d, want 2", c.args, code)
			}
			continue
		}
		if code != 4 || !strings.Contains(errOut, "timed out after 1000 ms") || !strings.Contains(errOut, c.want) {
			t.Errorf("wait %v: exit %d, stderr %q; want exit 4 and a timeout naming %s", c.args, code, errOut, c.want)
		}
		if !strings.Contains(errOut, "hint: timed out: ") || strings.Contains(errOut, "snapshot") {
			t.Errorf("wait %v: the hint is not the timeout's: %q", c.args, errOut)
		}
	}
	// A selector the page cannot parse is an error at once, not a timeout.
	_, errOut, code := run(t, in(s, "wait", "--selector", "##bad((")...)
	if code != 1 || !strings.Contains(errOut, "not a valid CSS selector") {
		t.Errorf("wait --selector ##bad((: exit %d, %q", code, errOut)
	}
	// An expression that throws is an error at once.
	_, errOut, code = run(t, in(s, "wait", "--fn", "nosuchfunction()")...)
	if code != 1 || !strings.Contains(errOut, "nosuchfunction") {
		t.Errorf("wait --fn nosuchfunction(): exit %d, %q", code, errOut)
	}
}

// A tab closed during a wait ends the wait at once with 4104.
func TestTabClosedDuringWait(t *testing.T) {
	for _, args := range [][]string{{"wait", "--text", "never-there"}, {"wait", "20000"}} {
		t.Run(args[1], func(t *testing.T) {
			tag := tagFor(t)
			s := newSession(t, pageURL("/lab.html", tag))
			waitLoad(t, s)
			var tb tab
			mustJSON(t, &tb, in(s, "tab", "open", pageURL("/lab.html", tag+"-victim"))...)
			h.rec.waitFor(t, tag+"-victim", "the victim tab's load", func(e event) bool { return e.Type == "load" })
			victim := h.cdp.page(t, tag+"-victim")
			type res struct {
				errOut string
				code   int
				took   time.Duration
			}
			done := make(chan res, 1)
			go func() {
				start := time.Now()
				_, errOut, code := h.exec(context.Background(), in(s, append([]string{"--timeout", "25s", "--tab", itoa(tb.TabID)}, args...)...)...)
				done <- res{errOut, code, time.Since(start)}
			}()
			time.Sleep(1500 * time.Millisecond) // the wait is under way
			closedAt := time.Now()
			if _, err := h.cdp.call(t.Context(), "", "Target.closeTarget", map[string]any{"targetId": victim.target}); err != nil {
				t.Fatalf("CDP close: %v", err)
			}
			select {
			case r := <-done:
				if r.code != 1 || !strings.Contains(r.errOut, "error 4104 ") || !strings.Contains(r.errOut, "was closed") {
					t.Errorf("wait on a tab closed under it: exit %d, %q; want 4104", r.code, r.errOut)
				}
				t.Logf("the wait ended %s after the tab closed", time.Since(closedAt).Round(time.Millisecond))
			case <-time.After(15 * time.Second):
				t.Fatalf("the wait did not end when its tab closed")
			}
		})
	}
}
