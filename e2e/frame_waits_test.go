package e2e

// Waits with frames: wait --text/--selector (and --gone) see the
// documents of same-origin, cross-origin (another process) and nested frames
// the page shows. The frame pages' late content (testdata/late.js) reports
// its arrival to the test server, with the page's own clock: each wait must
// return after that, never before; when nothing arrives it times out with
// exit 4. A hidden frame's content is not visible.

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func msSinceEpoch(t time.Time) float64 { return float64(t.UnixNano()) / 1e6 }

func TestWaitSeesLateContentInFrames(t *testing.T) {
	type waitCase struct {
		name string
		args func(who string) []string
	}
	cases := []waitCase{
		{"text", func(who string) []string { return []string{"--text", "Arrived in " + who} }},
		{"selector", func(who string) []string { return []string{"--selector", "#late-" + who} }},
		{"selector gone", func(who string) []string { return []string{"--selector", "#spinner-" + who, "--gone"} }},
		{"text gone", func(who string) []string { return []string{"--text", "Working in " + who, "--gone"} }},
	}
	for _, who := range []string{"cross", "nested", "same"} {
		for _, c := range cases {
			if who == "same" && c.name != "text" {
				continue // the same-origin frame: one case is enough
			}
			t.Run(who+" "+c.name, func(t *testing.T) {
				s, tag, _ := framesPageWith(t, "in", who, "late", "3000")
				if got := h.rec.of(tag, "arrived"); len(got) > 0 {
					t.Fatalf("the late content arrived before the wait began (raise late=): %v", got)
				}
				args := c.args(who)
				began := time.Now()
				mustRun(t, in(s, append([]string{"--timeout", "15s", "wait"}, args...)...)...)
				returned := time.Now()
				ev := h.rec.waitFor(t, tag, "the arrival in "+who, func(e event) bool { return e.Type == "arrived" && e.str("who") == who })
				at := ev.num("at")
				if at < msSinceEpoch(began) {
					t.Fatalf("the content arrived %.0f ms before the wait began: the test proves nothing (raise late=)", msSinceEpoch(began)-at)
				}
				// The page's clock and ours may differ by a few ms; an early answer would be seconds early.
				if at > msSinceEpoch(returned)+100 {
					t.Errorf("wait %v returned %.0f ms before the content arrived in the %s frame", args, at-msSinceEpoch(returned), who)
				}
			})
		}
	}
}

// waitTimesOut runs a 1 s wait that must end with exit 4 naming what it waited for.
func waitTimesOut(t *testing.T, s session, args ...string) {
	t.Helper()
	_, errOut, code := run(t, in(s, append([]string{"--timeout", "1s", "wait"}, args...)...)...)
	errOut = errorLine(t, errOut)
	if code != 4 || !strings.Contains(errOut, "timed out after 1000 ms") {
		t.Errorf("wait %v: exit %d, stderr %q; want exit 4 and a timeout", args, code, errOut)
	}
}

func TestWaitInFramesTimesOutWhenNothingArrives(t *testing.T) {
	s, tag, _ := framesPageWith(t, "in", "nested", "late", "never")
	// The frames are seen: what is there is found at once. The first wait
	// has a longer budget than the next: its waiters in the frames' worlds,
	// cancelled when the top document answered, must not hold up the next
	// wait there until their own time is out (they did, for the first call
	// into an out-of-process frame's world).
	for i, args := range [][]string{{"--text", "Frames page"}, {"--text", "Working in nested"}, {"--selector", "#spinner-nested"}, {"--text", "Cross button"}} {
		var r struct {
			Waited float64 `json:"waited"`
		}
		budget := "5s"
		if i == 0 {
			budget = "60s"
		}
		mustJSON(t, &r, in(s, append([]string{"--timeout", budget, "wait"}, args...)...)...)
		t.Logf("wait %v: found after %.0f ms in the extension", args, r.Waited) // for the report, not asserted
	}
	waitTimesOut(t, s, "--text", "Arrived in nested")
	waitTimesOut(t, s, "--selector", "#late-nested")
	waitTimesOut(t, s, "--selector", "#spinner-nested", "--gone")
	waitTimesOut(t, s, "--text", "Working in nested", "--gone")
	waitTimesOut(t, s, "--selector", "#btn-cross", "--gone")
	if got := h.rec.of(tag, "arrived"); len(got) > 0 {
		t.Errorf("late=never arrived: %v", got)
	}
}

func TestWaitIgnoresHiddenFrames(t *testing.T) {
	s, tag, _ := framesPageWith(t, "hide", "cross")
	p := h.cdp.page(t, tag)
	if !p.evalBool(`getComputedStyle(document.getElementById("cross")).display === "none"`) {
		t.Fatalf("the cross-origin frame is not hidden")
	}
	// Its document and the one nested in it are loaded (framesPage saw their
	// load events) but not shown.
	waitTimesOut(t, s, "--text", "Cross button")
	waitTimesOut(t, s, "--selector", "#btn-nested")
	mustRun(t, in(s, "--timeout", "5s", "wait", "--selector", "#btn-cross", "--gone")...)
	mustRun(t, in(s, "--timeout", "5s", "wait", "--text", "Inner button nested", "--gone")...)
	// Once shown, it is seen.
	p.eval(`document.getElementById("cross").style.display = ""; true`, nil)
	mustRun(t, in(s, "--timeout", "5s", "wait", "--text", "Cross button")...)
	mustRun(t, in(s, "--timeout", "5s", "wait", "--selector", "#btn-nested")...)
}

type waitResult struct {
	errOut string
	code   int
	took   time.Duration
}

// waitInBackground starts a wait and answers its outcome on the channel.
func waitInBackground(s session, args ...string) <-chan waitResult {
	done := make(chan waitResult, 1)
	go func() {
		start := time.Now()
		_, errOut, code := h.exec(context.Background(), in(s, append([]string{"wait"}, args...)...)...)
		done <- waitResult{errOut, code, time.Since(start)}
	}()
	return done
}

func waitResultOf(t *testing.T, what string, done <-chan waitResult) waitResult {
	t.Helper()
	select {
	case r := <-done:
		return r
	case <-time.After(30 * time.Second):
		t.Fatalf("%s did not end", what)
		return waitResult{}
	}
}

// A wait under way sees a frame document that replaces another (the
// cross-origin frame navigates) and a cross-origin frame added to the page.
func TestWaitFollowsFramesThatComeDuringIt(t *testing.T) {
	s, tag, x := framesPage(t)
	p := h.cdp.page(t, tag)
	moved := waitInBackground(s, "--timeout", "15s", "--text", "Inner button moved")
	added := waitInBackground(s, "--timeout", "15s", "--selector", "#btn-added")
	time.Sleep(1500 * time.Millisecond) // both waits are under way
	select {
	case r := <-moved:
		t.Fatalf("the wait for the moved frame's text ended before the frame moved: %+v", r)
	case r := <-added:
		t.Fatalf("the wait for the added frame's button ended before the frame was added: %+v", r)
	default:
	}
	p.eval(`document.getElementById("cross").src = "`+x+`/frame-inner.html?t=`+tag+`&who=moved"; true`, nil)
	p.eval(`(() => { const f = document.createElement("iframe"); f.src = "`+x+`/frame-inner.html?t=`+tag+`&who=added"; document.body.appendChild(f); return true; })()`, nil)
	for what, done := range map[string]<-chan waitResult{"the moved frame's text": moved, "the added frame's button": added} {
		if r := waitResultOf(t, "the wait for "+what, done); r.code != 0 {
			t.Errorf("the wait for %s: exit %d, %q", what, r.code, r.errOut)
		}
	}
	for _, who := range []string{"moved", "added"} {
		h.rec.waitFor(t, tag, "the load of the "+who+" frame", func(e event) bool {
			return e.Type == "load" && strings.Contains(e.str("url"), x+"/frame-inner.html") && strings.Contains(e.str("url"), "who="+who)
		})
	}
}

// A confirm held open in a cross-origin frame ends a wait at once with 4110
// naming it; a tab closed during a wait that watches frames ends it with 4104.
func TestFrameWaitEndsOnDialogAndClosedTab(t *testing.T) {
	s, tag, _ := framesPageWith(t, "ask", "cross", "late", "3000")
	done := waitInBackground(s, "--timeout", "25s", "--text", "never-there-in-frames")
	r := waitResultOf(t, "the wait while the frame's confirm is open", done)
	if r.code != 1 || !strings.Contains(r.errOut, "error 4110 ") || !strings.Contains(r.errOut, "asked in cross") {
		t.Errorf("wait with a confirm open in the cross-origin frame: exit %d, %q; want 4110 naming it", r.code, r.errOut)
	}
	if r.took > 15*time.Second {
		t.Errorf("the wait ended %s after it began: the held confirm did not end it", r.took)
	}
	mustRun(t, in(s, "dialog", "dismiss")...)
	if e := h.rec.waitFor(t, tag, "the frame's confirm answer", func(e event) bool { return e.Type == "frame-asked" }); e.Data["ok"] != false {
		t.Errorf("confirm() in the frame returned %v, want false", e.Data["ok"])
	}

	done = waitInBackground(s, "--timeout", "25s", "--selector", "#never-there-in-frames")
	time.Sleep(1500 * time.Millisecond) // the wait is under way
	if _, err := h.cdp.call(t.Context(), "", "Target.closeTarget", map[string]any{"targetId": h.cdp.page(t, tag).target}); err != nil {
		t.Fatalf("CDP close: %v", err)
	}
	r = waitResultOf(t, "the wait on a closed tab", done)
	if r.code != 1 || !strings.Contains(r.errOut, "error 4104 ") {
		t.Errorf("wait on a tab closed under it: exit %d, %q; want 4104", r.code, r.errOut)
	}
}

// Frames of another origin of the same site (another port of 127.0.0.1)
// share the page's process: the "cross" frame and the frame nested in it
// (of the page's own origin, inside the other one) are in-process but
// cross-origin to their parents.
func TestWaitSeesLateContentInSameSiteFrames(t *testing.T) {
	for _, c := range []struct {
		name, who string
		args      []string
	}{
		{"cross text", "cross", []string{"--text", "Arrived in cross"}},
		{"nested selector", "nested", []string{"--selector", "#late-nested"}},
		{"nested text gone", "nested", []string{"--text", "Working in nested", "--gone"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			other := httptest.NewServer(h.rec.handler())
			t.Cleanup(other.Close)
			s, tag, _ := framesPageAt(t, other.URL, "in", c.who, "late", "3000")
			began := time.Now()
			mustRun(t, in(s, append([]string{"--timeout", "15s", "wait"}, c.args...)...)...)
			returned := time.Now()
			ev := h.rec.waitFor(t, tag, "the arrival in "+c.who, func(e event) bool { return e.Type == "arrived" && e.str("who") == c.who })
			if at := ev.num("at"); at < msSinceEpoch(began) {
				t.Fatalf("the content arrived before the wait began (raise late=)")
			} else if at > msSinceEpoch(returned)+100 {
				t.Errorf("wait %v returned %.0f ms before the content arrived in the %s frame", c.args, at-msSinceEpoch(returned), c.who)
			}
		})
	}
	// Nothing arrives: a timeout.
	other := httptest.NewServer(h.rec.handler())
	t.Cleanup(other.Close)
	s, _, _ := framesPageAt(t, other.URL, "in", "nested", "late", "never")
	mustRun(t, in(s, "--timeout", "5s", "wait", "--text", "Working in nested")...)
	waitTimesOut(t, s, "--text", "Arrived in nested")
	waitTimesOut(t, s, "--selector", "#spinner-nested", "--gone")
}
