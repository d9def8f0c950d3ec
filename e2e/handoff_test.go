package e2e

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// `browserctl handoff MESSAGE` marks the session's tab group while it
// waits, shows the message in the popup with a Done button, and returns
// (with the page's URL and title) when the person presses Done there; the
// group's title and colour come back after.
func TestHandoffFromTheCLIDoneInThePopup(t *testing.T) {
	tag := tagFor(t)
	name := "handoff " + tag
	var sess struct {
		SessionID string `json:"sessionId"`
	}
	mustJSON(t, &sess, "session", "create", "--name", name, "--url", pageURL("/inline", tag, "html", "<title>Consent</title><h1>Consent</h1>"))
	t.Cleanup(func() { run(t, "session", "release", sess.SessionID) })
	h.rec.waitFor(t, tag, "the page's load", func(e event) bool { return e.Type == "load" })
	popup := popupPage(t)
	group := func() (string, string) {
		var g struct{ Title, Color string }
		popup.eval(`chrome.tabGroups.query({}).then(gs => { const g = gs.find(g => (g.title || "").endsWith(`+jsString(name)+`)); return g ? {title: g.title, color: g.color} : {}; })`, &g)
		return g.Title, g.Color
	}
	_, colour := group()

	type answer struct {
		out, errOut string
		code        int
	}
	done := make(chan answer, 1)
	go func() {
		out, errOut, code := runWithin(t, 90*time.Second, "--session", sess.SessionID, "--timeout", "60s", "handoff", "Please accept the terms yourself")
		done <- answer{out, errOut, code}
	}()
	deadline := time.Now().Add(10 * time.Second)
	for !popup.evalBool(`!document.getElementById("handoffs-section").hidden`) {
		if time.Now().After(deadline) {
			t.Fatal("the popup never showed the handoff")
		}
		time.Sleep(100 * time.Millisecond)
	}
	if got := popup.evalString(`document.getElementById("handoffs").textContent`); !strings.Contains(got, "Please accept the terms yourself") {
		t.Errorf("the popup shows %q", got)
	}
	if title, c := group(); !strings.HasPrefix(title, "⏸ needs you: ") || c != "red" {
		t.Errorf("while waiting the group is %q %s, want it marked", title, c)
	}
	select {
	case a := <-done:
		t.Fatalf("handoff returned before Done: exit %d %s %s", a.code, a.out, a.errOut)
	case <-time.After(500 * time.Millisecond):
	}
	popup.eval(`document.querySelector("#handoffs button").click()`, nil)
	select {
	case a := <-done:
		var r struct {
			Done  bool   `json:"done"`
			URL   string `json:"url"`
			Title string `json:"title"`
		}
		if a.code != 0 || json.Unmarshal([]byte(a.out), &r) != nil || !r.Done || r.Title != "Consent" || !strings.Contains(r.URL, tag) {
			t.Errorf("after Done: exit %d %s %s", a.code, a.out, a.errOut)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("handoff did not return after Done in the popup")
	}
	if title, c := group(); title != name || c != colour {
		t.Errorf("after the handoff the group is %q %s, want %q %s back", title, c, name, colour)
	}

	// Nobody presses Done: --timeout ends it, exit 1, nothing left marked.
	start := time.Now()
	_, errOut, code := runWithin(t, 30*time.Second, "--session", sess.SessionID, "--timeout", "1s", "handoff", "Nobody is here")
	if code != 1 || !strings.Contains(errOut, "did not press Done within 1s") {
		t.Errorf("an unanswered handoff: exit %d %s", code, errOut)
	}
	if took := time.Since(start); took > 15*time.Second {
		t.Errorf("a 1 s handoff took %s", took)
	}
	if title, _ := group(); title != name {
		t.Errorf("after the timeout the group is %q", title)
	}
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
