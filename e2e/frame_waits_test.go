package e2e

// Issue 8 point 2 with frames: wait --text/--selector (and --gone) see the
// documents of same-origin, cross-origin (another process) and nested frames
// the page shows. The frame pages' late content (testdata/late.js) reports
// its arrival to the test server, with the page's own clock: each wait must
// return after that, never before; when nothing arrives it times out with
// exit 4. A hidden frame's content is not visible.

import (
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
	// The frames are seen: what is there is found at once.
	mustRun(t, in(s, "--timeout", "5s", "wait", "--text", "Working in nested")...)
	mustRun(t, in(s, "--timeout", "5s", "wait", "--selector", "#spinner-nested")...)
	mustRun(t, in(s, "--timeout", "5s", "wait", "--text", "Cross button")...)
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
