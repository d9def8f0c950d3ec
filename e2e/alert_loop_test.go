package e2e

// A page that loops alert() costs nothing lasting: a call that timed out
// during the loop, then `dialog` and `open`, leave the tab usable.

import (
	"strings"
	"testing"
	"time"
)

func TestAlertLoopThenRecovery(t *testing.T) {
	t.Run("loop from a call", func(t *testing.T) {
		tag := tagFor(t)
		s := newSession(t, pageURL("/lab.html", tag))
		waitLoad(t, s)
		// After the eval answered: 300 alerts, each accepted at once by the
		// default policy; the page reports when its loop is over.
		mustRun(t, in(s, "eval", "setTimeout(() => { for (let i = 0; i < 300; i++) alert('loop ' + i); report('loop-done', {}); }, 100); 1")...)
		time.Sleep(300 * time.Millisecond)
		// A call during the loop times out (the page's script never yields).
		_, errOut, code := runWithin(t, 30*time.Second, in(s, "--timeout", "1s", "snapshot", "-i")...)
		t.Logf("snapshot -i during the loop: exit %d, %s", code, errorLine(t, errOut))
		h.rec.waitFor(t, tag, "the end of its alert loop", func(e event) bool { return e.Type == "loop-done" })
		recovered(t, s, tag)
	})
	t.Run("loop as the page loads", func(t *testing.T) {
		tag := tagFor(t)
		s := newSession(t, pageURL("/alerts.html", tag, "n", "300"))
		_, errOut, code := runWithin(t, 30*time.Second, in(s, "--timeout", "2s", "snapshot", "-i")...)
		t.Logf("snapshot -i during the loop: exit %d, %s", code, errorLine(t, errOut))
		out, errOut, code := runWithin(t, 30*time.Second, in(s, "dialog", "dismiss")...)
		t.Logf("dialog dismiss: exit %d, %s %s", code, out, errOut)
		h.rec.waitFor(t, tag, "the end of its alert loop", func(e event) bool { return e.Type == "loop-done" })
		recovered(t, s, tag)
	})
}

// recovered: no dialog held, open loads a page, and page calls work there.
func recovered(t *testing.T, s session, tag string) {
	t.Helper()

	// dialog: nothing is held open any more.
	var st struct {
		Open bool `json:"open"`
	}
	mustJSON(t, &st, in(s, "dialog", "status")...)
	if st.Open {
		t.Errorf("dialog status after the loop ended: a dialog is still open")
	}
	next := pageURL("/lab.html", tag+"-next")
	out, errOut, code := runWithin(t, 40*time.Second, in(s, "open", next)...)
	if code != 0 {
		t.Errorf("open after the alert loop: exit %d, %s %s", code, out, errOut)
	}
	h.rec.waitFor(t, tag+"-next", "the next page's load", func(e event) bool { return e.Type == "load" })
	for _, args := range [][]string{{"snapshot", "-i"}, {"eval", "document.title"}, {"get", "title"}} {
		out, errOut, code := runWithin(t, 30*time.Second, in(s, args...)...)
		if code != 0 || !strings.Contains(out, "Lab") {
			t.Errorf("%v after the loop, dialog and open: exit %d, %s %s", args, code, abbrev(out), errOut)
		}
	}
	p := h.cdp.page(t, tag+"-next")
	if got := p.evalString("location.search"); !strings.Contains(got, tag+"-next") {
		t.Errorf("the tab is at %q, want the page open loaded", got)
	}
}
