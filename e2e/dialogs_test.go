package e2e

// Dialogs never block a session: alerts and beforeunload are accepted and
// reported, confirm and prompt are held until `dialog accept|dismiss`, and
// the page itself reports the answer it got.

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

type dialogReport struct {
	Type    string `json:"type"`
	Message string `json:"message"`
	State   string `json:"state"`
}

// clickReporting clicks ref and returns the dialog its --json result reports.
func clickReporting(t *testing.T, s session, ref string) (dialogReport, string) {
	t.Helper()
	out, errOut, code := runWithin(t, 30*time.Second, in(s, "click", ref)...)
	if code != 0 {
		t.Fatalf("the click that opens a dialog: exit %d, %s", code, errOut)
	}
	var r struct {
		OK     bool          `json:"ok"`
		Dialog *dialogReport `json:"dialog"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || !r.OK || r.Dialog == nil {
		t.Fatalf("click --json answered %q: want ok and a dialog member", out)
	}
	return *r.Dialog, errOut
}

func dialogPage(t *testing.T, tag string) (session, snapshot) {
	t.Helper()
	s := newSession(t, pageURL("/dialogs.html", tag))
	h.rec.waitFor(t, tag, "its load", func(e event) bool { return e.Type == "load" })
	return s, takeSnapshot(t, s, "-i")
}

func TestAlertAcceptedAndReported(t *testing.T) {
	tag := tagFor(t)
	s, snap := dialogPage(t, tag)
	d, errOut := clickReporting(t, s, snap.ref(t, "button", "Alert"))
	if d != (dialogReport{"alert", "Saved!", "accepted"}) {
		t.Errorf("the click's dialog member: %+v", d)
	}
	if !strings.Contains(errOut, `dialog: alert "Saved!" was accepted`) {
		t.Errorf("stderr %q does not report the alert", errOut)
	}
	h.rec.waitFor(t, tag, "that its script went on after the alert", func(e event) bool { return e.Type == "after-alert" })
	if v := getString(t, s, "title"); v != "Dialogs" {
		t.Errorf("a page call after the alert: title %q", v)
	}
}

func TestConfirmHeldThenAnswered(t *testing.T) {
	for _, c := range []struct {
		answer []string
		want   bool
	}{{[]string{"accept"}, true}, {[]string{"dismiss"}, false}} {
		t.Run(c.answer[0], func(t *testing.T) {
			tag := tagFor(t)
			s, snap := dialogPage(t, tag)
			d, errOut := clickReporting(t, s, snap.ref(t, "button", "Confirm"))
			if d != (dialogReport{"confirm", "Delete everything?", "open"}) {
				t.Errorf("the click's dialog member: %+v", d)
			}
			if !strings.Contains(errOut, `dialog: confirm "Delete everything?" is open; browserctl dialog accept|dismiss`) {
				t.Errorf("stderr %q lacks the dialog line", errOut)
			}
			// Held: page calls fail at once naming it; press and mouse too.
			for _, args := range [][]string{{"get", "title"}, {"press", "Escape"}, {"mouse", "click", "5", "5"}, {"wait", "--text", "x"}} {
				start := time.Now()
				errOut := mustFail(t, 1, 4110, in(s, args...)...)
				if !strings.Contains(errOut, "confirm") || !strings.Contains(errOut, "Delete everything?") {
					t.Errorf("%v with a confirm open: %q does not name it", args, errOut)
				}
				if time.Since(start) > 5*time.Second {
					t.Errorf("%v took %s to fail: not at once", args, time.Since(start))
				}
			}
			var st struct {
				Open    bool   `json:"open"`
				Type    string `json:"type"`
				Message string `json:"message"`
				Policy  string `json:"policy"`
			}
			mustJSON(t, &st, in(s, "dialog", "status")...)
			if !st.Open || st.Type != "confirm" || st.Message != "Delete everything?" || st.Policy != "hold" {
				t.Errorf("dialog status: %+v", st)
			}
			mustRun(t, in(s, append([]string{"dialog"}, c.answer...)...)...)
			e := h.rec.waitFor(t, tag, "what confirm() returned", func(e event) bool { return e.Type == "confirm" })
			if got, ok := e.Data["value"].(bool); !ok || got != c.want {
				t.Errorf("dialog %s: the page's confirm() returned %v, want %v", c.answer[0], e.Data["value"], c.want)
			}
			mustJSON(t, &st, in(s, "dialog", "status")...)
			if st.Open {
				t.Errorf("dialog status after answering: still open %+v", st)
			}
			if v := getString(t, s, "title"); v != "Dialogs" {
				t.Errorf("after answering, get title = %q", v)
			}
			mustFail(t, 1, 4110, in(s, "dialog", "accept")...) // none open now
		})
	}
}

// A press whose mousedown handler opens a confirm: the click reports the
// dialog held, the page sees no release while it is open, and once it is
// answered the release reaches the page, one mouseup and one click, as a
// person's would.
func TestPressThatOpensAConfirmEndsWhenItCloses(t *testing.T) {
	tag := tagFor(t)
	s, snap := dialogPage(t, tag)
	d, _ := clickReporting(t, s, snap.ref(t, "button", "Hold"))
	if d != (dialogReport{"confirm", "Hold on?", "open"}) {
		t.Errorf("the click's dialog member: %+v", d)
	}
	if got := h.rec.of(tag, "hold-up", "hold-click"); len(got) != 0 {
		t.Errorf("with the confirm open the page saw %d release events, want none", len(got))
	}
	mustRun(t, in(s, "dialog", "accept")...)
	e := h.rec.waitFor(t, tag, "what confirm() returned", func(e event) bool { return e.Type == "hold-confirm" })
	if v, _ := e.Data["value"].(bool); !v {
		t.Errorf("the page's confirm() returned %v, want true", e.Data["value"])
	}
	h.rec.waitFor(t, tag, "the release after the confirm", func(e event) bool { return e.Type == "hold-click" })
	h.rec.settle()
	if up, clicks := len(h.rec.of(tag, "hold-up")), len(h.rec.of(tag, "hold-click")); up != 1 || clicks != 1 {
		t.Errorf("after the confirm the page saw %d mouseup and %d click, want 1 and 1", up, clicks)
	}
}

func TestPromptAnswered(t *testing.T) {
	tag := tagFor(t)
	s, snap := dialogPage(t, tag)
	d, _ := clickReporting(t, s, snap.ref(t, "button", "Prompt"))
	if d.Type != "prompt" || d.State != "open" {
		t.Errorf("the click's dialog member: %+v", d)
	}
	out := mustRun(t, in(s, "dialog", "status")...)
	if !strings.Contains(out, `"defaultPrompt":"anonymous"`) {
		t.Errorf("dialog status of a prompt: %s, want its default text", out)
	}
	mustRun(t, in(s, "dialog", "accept", "Ada Lovelace")...)
	e := h.rec.waitFor(t, tag, "what prompt() returned", func(e event) bool { return e.Type == "prompt" })
	if e.str("value") != "Ada Lovelace" {
		t.Errorf("the page's prompt() returned %v", e.Data["value"])
	}
}

func TestDialogPolicy(t *testing.T) {
	tag := tagFor(t)
	s, snap := dialogPage(t, tag)
	mustRun(t, in(s, "dialog", "policy", "accept")...)
	d, errOut := clickReporting(t, s, snap.ref(t, "button", "Confirm"))
	if d.State != "accepted" || !strings.Contains(errOut, "was accepted") {
		t.Errorf("policy accept: %+v, %q", d, errOut)
	}
	h.rec.waitFor(t, tag, "confirm() returning true", func(e event) bool { return e.Type == "confirm" && e.Data["value"] == true })
	d, _ = clickReporting(t, s, snap.ref(t, "button", "Prompt"))
	h.rec.waitFor(t, tag, "prompt() returning its default", func(e event) bool { return e.Type == "prompt" && e.str("value") == "anonymous" })

	mustRun(t, in(s, "dialog", "policy", "dismiss")...)
	d, _ = clickReporting(t, s, snap.ref(t, "button", "Confirm"))
	if d.State != "dismissed" {
		t.Errorf("policy dismiss: %+v", d)
	}
	h.rec.waitFor(t, tag, "confirm() returning false", func(e event) bool { return e.Type == "confirm" && e.Data["value"] == false })

	// The policy is the session's: another session still holds a confirm.
	tag2 := tagFor(t) + "-other"
	s2, snap2 := dialogPage(t, tag2)
	if d, _ := clickReporting(t, s2, snap2.ref(t, "button", "Confirm")); d.State != "open" {
		t.Errorf("another session's confirm: %+v, want held", d)
	}
	mustRun(t, in(s2, "dialog", "dismiss")...)
	if _, errOut, code := run(t, in(s, "dialog", "policy", "sometimes")...); code != 2 || !strings.Contains(errOut, "accept, dismiss, hold") {
		t.Errorf("dialog policy sometimes: exit %d, %q; want a usage error naming the modes", code, errOut)
	}
}

// beforeunload is accepted on navigation by default; with policy dismiss
// the page stays.
func TestBeforeUnload(t *testing.T) {
	ns := newNavServer(t)
	tag := tagFor(t)
	a := ns.url("/nav.html", tag, "name", "A", "unload", "1")
	s := newSession(t, a)
	h.rec.waitFor(t, tag, "page A's load", func(e event) bool { return e.Type == "load" })
	// beforeunload asks only a page the user has interacted with.
	poke := takeSnapshot(t, s, "-i").ref(t, "button", "Poke")
	mustRun(t, in(s, "click", poke)...)
	h.rec.waitFor(t, tag, "the poke", func(e event) bool { return e.Type == "poke" })
	p := h.cdp.page(t, tag)

	mustRun(t, in(s, "dialog", "policy", "dismiss")...)
	_, errOut, code := run(t, in(s, "--timeout", "10s", "open", ns.url("/nav.html", tag, "name", "B"))...)
	if code != 1 || !strings.Contains(errOut, "a beforeunload dialog was dismissed") {
		t.Errorf("open with beforeunload dismissed: exit %d, %q; want a failed navigation", code, errOut)
	}
	if got := p.evalString("location.href"); got != a {
		t.Errorf("beforeunload dismissed, yet the tab went to %s", got)
	}
	// reload sends no error of its own: the dismissed question ends it at once
	_, errOut, code = run(t, in(s, "--timeout", "10s", "reload")...)
	if code != 1 || !strings.Contains(errOut, "the page shown stays") {
		t.Errorf("reload with beforeunload dismissed: exit %d, %q; want a failed navigation, not a timeout", code, errOut)
	}

	mustRun(t, in(s, "dialog", "policy", "hold")...)
	b := ns.url("/nav.html", tag, "name", "B")
	out, errOut, code := run(t, in(s, "open", b)...)
	if code != 0 || !strings.Contains(out, `"state":"accepted"`) || !strings.Contains(errOut, "dialog: beforeunload was accepted") {
		t.Errorf("open with beforeunload under the default policy: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	h.rec.waitFor(t, tag, "page B's load", func(e event) bool { return e.Type == "load" && strings.Contains(e.str("url"), "name=B") })
	if got := p.evalString("location.href"); got != b {
		t.Errorf("after open B the tab is at %s", got)
	}
}

// A tab whose page asks to stay (beforeunload) closes by its session's
// dialog policy, as a navigation leaves it: at once under the default
// policy, and under dismiss it stays and tab close fails saying why. The
// tabs gone or kept are read from the browser's own target list.
func TestCloseATabThatAsksToStay(t *testing.T) {
	ns := newNavServer(t)
	tag := tagFor(t)
	s := newSession(t, pageURL("/lab.html", tag))
	pagesOf := func(name string) int {
		return len(h.cdp.targets(t, func(ti targetInfo) bool {
			return ti.Type == "page" && strings.Contains(ti.URL, tag) && strings.Contains(ti.URL, "name="+name)
		}))
	}
	// a tab of the session at a page that asks to stay, once a person
	// (here: a click) has used it
	asking := func(name string) int {
		var tb struct {
			TabID int `json:"tabId"`
		}
		mustJSON(t, &tb, in(s, "tab", "open", ns.url("/nav.html", tag, "name", name, "unload", "1"))...)
		load := h.rec.waitFor(t, tag, "page "+name+"'s load", func(e event) bool { return e.Type == "load" && strings.Contains(e.str("url"), "name="+name) })
		poke := takeSnapshot(t, s, "-i", "--tab", itoa(tb.TabID)).ref(t, "button", "Poke")
		mustRun(t, in(s, "click", poke, "--tab", itoa(tb.TabID))...)
		h.rec.waitFor(t, tag, "the poke", func(e event) bool { return e.Type == "poke" && e.num("at") > load.num("at") })
		return tb.TabID
	}

	mustRun(t, in(s, "dialog", "policy", "dismiss")...)
	kept := asking("Kept")
	_, errOut, code := runWithin(t, 20*time.Second, in(s, "tab", "close", itoa(kept))...)
	if code != 1 || !strings.Contains(errOut, "stays open: its page asked to stay (beforeunload)") {
		t.Errorf("tab close of a page that asks to stay, policy dismiss: exit %d, stderr %q; want a failure saying why", code, errOut)
	}
	if n := pagesOf("Kept"); n != 1 {
		t.Errorf("after the refused close the browser has %d tabs of the page, want it kept", n)
	}

	mustRun(t, in(s, "dialog", "policy", "hold")...)
	_, errOut, code = runWithin(t, 20*time.Second, in(s, "tab", "close", itoa(kept))...)
	if code != 0 {
		t.Errorf("tab close of a page that asks to stay, default policy: exit %d, stderr %q; want it closed", code, errOut)
	}
	waitGone := func(name string) {
		t.Helper()
		for deadline := time.Now().Add(5 * time.Second); pagesOf(name) != 0; time.Sleep(50 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Errorf("the tab at page %s is still open in the browser", name)
				return
			}
		}
	}
	waitGone("Kept")

	// the whole session, with such a page in it
	asking("Closed")
	_, errOut, code = runWithin(t, 20*time.Second, "session", "close", s.SessionID)
	if code != 0 {
		t.Errorf("session close with a page that asks to stay: exit %d, stderr %q", code, errOut)
	}
	waitGone("Closed")
}
