package e2e

import (
	"context"
	"encoding/json"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// extensionID is pinned by the "key" in the extension's manifest (README).
const extensionID = "ahkecfcpbpikcjmdgcmaafdmkdaocaeb"

// popupPage opens the extension's popup.html in a tab of its own (headless
// Chromium has no toolbar to click) through the test's CDP connection; the
// tab is closed when the test ends.
func popupPage(t *testing.T) *page {
	t.Helper()
	url := "chrome-extension://" + extensionID + "/popup.html"
	res, err := h.cdp.call(t.Context(), "", "Target.createTarget", map[string]any{"url": url})
	if err != nil {
		t.Fatalf("CDP open %s: %v", url, err)
	}
	var r struct {
		TargetID string `json:"targetId"`
	}
	_ = json.Unmarshal(res, &r)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_, _ = h.cdp.call(ctx, "", "Target.closeTarget", map[string]any{"targetId": r.TargetID})
	})
	p := h.cdp.page(t, "/popup.html")
	// The new target's URL is the popup's from the start, while its document
	// may still be the initial about:blank (no chrome.storage there), and an
	// evaluation across the commit fails: wait, ignoring such failures, until
	// the popup's own document has loaded.
	ready := `location.href === ` + strconv.Quote(url) + ` && document.readyState === "complete" && !!(globalThis.chrome && chrome.storage)`
	deadline := time.Now().Add(10 * time.Second)
	for !p.tryEvalBool(ready) {
		if time.Now().After(deadline) {
			t.Fatalf("the popup page never loaded (%s)", ready)
		}
		time.Sleep(30 * time.Millisecond)
	}
	return p
}

// popupText is what the popup shows about the connection.
func popupText(p *page) string {
	return p.evalString(`[...document.querySelectorAll("#connection p")].filter(e => !e.hidden).map(e => e.textContent).join(" | ")`)
}

// waitPopup waits (up to d) until the connection text contains want.
func waitPopup(t *testing.T, p *page, want string, d time.Duration) string {
	t.Helper()
	deadline := time.Now().Add(d)
	for {
		got := popupText(p)
		if strings.Contains(got, want) {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("the popup never said %q within %s; it says %q", want, d, got)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// restoreConnection undoes what the popup test did to the shared harness:
// the popup's stored address and token go (config.json applies again), the
// hub runs, and the extension is connected.
func restoreConnection(t *testing.T, p *page) {
	p.eval(`chrome.storage.local.remove(["server", "token"]).then(() => chrome.runtime.sendMessage({type: "reconnect"})).then(() => true)`, nil)
	if h.serve == nil {
		if err := h.startServe(); err != nil {
			t.Fatalf("restarting the hub: %v", err)
		}
	}
	if _, errOut, code := runWithin(t, 50*time.Second, "status", "--wait", "40s"); code != 0 {
		t.Fatalf("the extension did not reconnect after the popup test: exit %d, %s", code, errOut)
	}
}

// The popup, opened as a page in the real browser, says how the connection
// stands, lists the sessions with their tab counts, releases one in one
// click (the CLI's next call on it answers 4107), says "refused" for a wrong
// token and "no hub" when the hub is gone, and reconnects on request.
func TestPopup(t *testing.T) {
	tag := tagFor(t)
	p := popupPage(t)
	t.Cleanup(func() { restoreConnection(t, p) })
	hubURL := "ws://" + h.addr + "/ws/browser"

	// Connected: which hub, since when, both protocol versions.
	got := waitPopup(t, p, "Connected to "+hubURL+" since ", 10*time.Second)
	if !strings.Contains(got, "Protocol 1 (hub 1)") {
		t.Errorf("the popup does not show the protocol versions: %q", got)
	}

	// Sessions, each with its tab count, as the CLI sees them.
	s := newSession(t, pageURL("/lab.html", tag))
	waitLoad(t, s)
	mustRun(t, in(s, "tab", "open", pageURL("/lab.html", tag+"-second"))...)
	row := `document.querySelector('#sessions li[data-session-id="` + s.SessionID + `"]')`
	p.waitTrue(row+` !== null && `+row+`.textContent.includes("2 tabs")`, "a row for session "+s.SessionID+" with 2 tabs")
	if name := p.evalString(row + `.querySelector(".name").textContent`); !strings.Contains(name, t.Name()) {
		t.Errorf("the session's row names %q, want the session's name %q", name, t.Name())
	}

	// Release from the popup: the row goes, the CLI's next call answers
	// 4107, and the tabs stay open in the browser.
	p.eval(row+`.querySelector("button").click()`, nil)
	p.waitTrue(row+` === null`, "the released session's row gone")
	mustFail(t, 1, 4107, in(s, "get", "title")...)
	left := h.cdp.pagesWith(t, tag)
	if len(left) != 2 {
		t.Errorf("after release from the popup %d of the session's 2 tabs are open, want both", len(left))
	}
	t.Cleanup(func() { // released tabs are the user's now; the test closes its own
		for _, ti := range left {
			_, _ = h.cdp.call(context.Background(), "", "Target.closeTarget", map[string]any{"targetId": ti.TargetID})
		}
	})

	// A wrong token, saved from the popup: refused, in words.
	p.eval(`document.getElementById("token").value = "not-the-token"; document.getElementById("save").click()`, nil)
	// with the proof, a wrong key and a hub that is not ours read alike: the
	// hub's proof does not check, and nothing is sent
	got = waitPopup(t, p, "Refused: "+hubURL+" failed to prove itself", 15*time.Second)
	if !strings.Contains(got, "Next try at ") {
		t.Errorf("refused: the popup does not say when it tries again: %q", got)
	}
	if _, _, code := run(t, "status"); code != 3 {
		t.Errorf("status while the extension holds a wrong token: exit %d, want 3", code)
	}
	// The right token again (an empty field falls back to config.json).
	p.eval(`document.getElementById("token").value = ""; document.getElementById("save").click()`, nil)
	waitPopup(t, p, "Connected to "+hubURL, 15*time.Second)

	// No hub: the popup says so and when it tries next.
	h.killServe()
	got = waitPopup(t, p, "No hub at "+hubURL+".", 15*time.Second)
	if !strings.Contains(got, "Next try at ") {
		t.Errorf("no hub: the popup does not say when it tries again: %q", got)
	}
	// Let the backoff grow past what the test waits below, then bring the
	// hub back and press "Reconnect now": connected at once, not at the
	// next scheduled try.
	deadline := time.Now().Add(20 * time.Second)
	for p.evalFloat(`chrome.runtime.sendMessage({type: "getStatus"}).then(s => s.retryInMs ?? 0)`) < 3000 {
		if time.Now().After(deadline) {
			t.Fatalf("the extension's next retry never got 3 s away: %q", popupText(p))
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err := h.startServe(); err != nil {
		t.Fatalf("restarting the hub: %v", err)
	}
	start := time.Now()
	p.eval(`document.getElementById("reconnect").click()`, nil)
	waitPopup(t, p, "Connected to "+hubURL, 2500*time.Millisecond)
	t.Logf("reconnected %s after the click", time.Since(start).Round(time.Millisecond))

	// The address field: a wrong port saved from the popup is used (no hub
	// there), and clearing it returns to config.json's address.
	port, err := freePort()
	if err != nil {
		t.Fatal(err)
	}
	other := "ws://127.0.0.1:" + strconv.Itoa(port) + "/ws/browser"
	p.eval(`document.getElementById("server").value = "`+other+`"; document.getElementById("save").click()`, nil)
	waitPopup(t, p, "No hub at "+other+".", 15*time.Second)
	p.eval(`document.getElementById("server").value = ""; document.getElementById("save").click()`, nil)
	waitPopup(t, p, "Connected to "+hubURL, 15*time.Second)
}

// Stop from the popup (its button clicked in the popup's page) during a
// long wait: the wait ends with stopped_by_person long before its timeout,
// the next call is refused the same way, the tabs stay; Resume restores it.
// The shell's session stop / resume do the same.
func TestStopFromThePopup(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/lab.html", tag))
	waitLoad(t, s)
	p := popupPage(t)
	row := `document.querySelector('#sessions li[data-session-id="` + s.SessionID + `"]')`
	p.waitTrue(row+` !== null && `+row+`.querySelector("button.stop") !== null`, "a Stop button for session "+s.SessionID)

	type outcome struct {
		stderr string
		code   int
		took   time.Duration
	}
	ended := make(chan outcome, 1)
	go func() {
		t0 := time.Now()
		_, stderr, code := h.exec(context.Background(), in(s, "--timeout", "60s", "wait", "--text", "never-there-"+tag)...)
		ended <- outcome{stderr, code, time.Since(t0)}
	}()
	time.Sleep(700 * time.Millisecond) // the wait is under way in the page
	stopAt := time.Now()
	p.eval(row+`.querySelector("button.stop").click()`, nil)
	select {
	case o := <-ended:
		t.Logf("the wait ended %s after Stop", time.Since(stopAt).Round(time.Millisecond))
		if o.code != 1 || !strings.Contains(o.stderr, "stopped_by_person") {
			t.Errorf("the wait under Stop: exit %d, %s", o.code, o.stderr)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the wait did not end when the person pressed Stop")
	}
	refusedAt := time.Now()
	if _, stderr, code := run(t, in(s, "get", "title")...); code != 1 || !strings.Contains(stderr, "stopped_by_person") {
		t.Errorf("a call after Stop: exit %d, %s", code, stderr)
	}
	t.Logf("the next call was refused %s after Stop (its own process took %s)", time.Since(stopAt).Round(time.Millisecond), time.Since(refusedAt).Round(time.Millisecond))
	if n := len(h.cdp.pagesWith(t, tag)); n != 1 {
		t.Errorf("after Stop the session has %d tab(s) open, want its one", n)
	}
	p.waitTrue(row+`.classList.contains("stopped") && `+row+`.querySelector("button.resume") !== null`, "the row marked stopped with a Resume button")
	p.eval(row+`.querySelector("button.resume").click()`, nil)
	p.waitTrue(row+` !== null && !`+row+`.classList.contains("stopped")`, "the row resumed")
	mustRun(t, in(s, "get", "title")...)

	// the same from a shell
	mustRun(t, "session", "stop", s.SessionID)
	if _, stderr, code := run(t, in(s, "get", "title")...); code != 1 || !strings.Contains(stderr, "stopped_by_person") {
		t.Errorf("a call after session stop: exit %d, %s", code, stderr)
	}
	var list struct {
		Sessions []struct {
			SessionID string `json:"sessionId"`
			Stopped   bool   `json:"stopped"`
		} `json:"sessions"`
	}
	mustJSON(t, &list, "session", "list")
	for _, x := range list.Sessions {
		if x.SessionID == s.SessionID && !x.Stopped {
			t.Errorf("session list does not say %s is stopped", s.SessionID)
		}
	}
	mustRun(t, "session", "resume", s.SessionID)
	mustRun(t, in(s, "get", "title")...)
}

// events --follow --json during a scripted flow yields each expected event
// once, in order, one JSON line each.
func TestEventsFollowAFlow(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/agent.html", tag))
	waitLoad(t, s)
	follow := exec.Command(h.bin, "--server", h.addr, "--session", s.SessionID, "--json", "events", "--follow")
	follow.Env = h.env()
	var out lockedBuffer
	follow.Stdout = &out
	if err := follow.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = follow.Process.Kill(); _ = follow.Wait() }()
	time.Sleep(500 * time.Millisecond) // the first poll is waiting

	mustRun(t, in(s, "open", pageURL("/agent.html", tag, "step", "2"))...)
	mustRun(t, in(s, "eval", `console.error("boom-`+tag+`"); fetch("http://127.0.0.1:1/nothing-there").catch(() => 0); 1`)...)
	mustRun(t, in(s, "click", "#delete")...) // a confirm opens
	mustRun(t, in(s, "dialog", "accept")...)
	mustRun(t, "session", "stop", s.SessionID)
	mustRun(t, "session", "resume", s.SessionID)

	want := []string{"navigation", "console_error", "request_failed", "dialog_opened", "session_stopped", "session_resumed"}
	var got []string
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		got = got[:0]
		for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			var e struct {
				Type      string `json:"type"`
				SessionID string `json:"sessionId"`
				URL       string `json:"url"`
			}
			if json.Unmarshal([]byte(line), &e) == nil && e.Type != "" {
				if e.Type == "request_failed" && strings.Contains(e.URL, "/report") {
					continue // the test page's own reports, cut off by its navigations
				}
				if e.SessionID != s.SessionID {
					t.Errorf("an event of another session: %s", line)
				}
				got = append(got, e.Type)
			}
		}
		if len(got) >= len(want) && got[len(got)-1] == "session_resumed" {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	// navigations of the page itself may come more than once (the first
	// load's and the open's); the others exactly once, in this order
	var seen []string
	for _, g := range got {
		if g == "navigation" && len(seen) > 0 && seen[len(seen)-1] == "navigation" {
			continue
		}
		seen = append(seen, g)
	}
	if strings.Join(seen, ",") != strings.Join(want, ",") {
		t.Errorf("events %v, want %v\n%s", got, want, out.String())
	}
}
