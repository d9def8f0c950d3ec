package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func tabsOf(t *testing.T, s session) []tab {
	t.Helper()
	var r struct {
		Tabs []tab `json:"tabs"`
	}
	mustJSON(t, &r, "tab", "list", "--session", s.SessionID)
	return r.Tabs
}

// Two sessions live in two tab groups and never touch each other's tabs.
func TestSessionsAreIsolated(t *testing.T) {
	tagA, tagB := tagFor(t)+"-A", tagFor(t)+"-B"
	a := newSession(t, pageURL("/lab.html", tagA))
	b := newSession(t, pageURL("/lab.html", tagB))
	waitLoad(t, a)
	waitLoad(t, b)
	if a.SessionID == b.SessionID || a.GroupID == b.GroupID {
		t.Fatalf("two sessions share an id or a group: %+v %+v", a, b)
	}
	var list struct {
		Sessions []session `json:"sessions"`
	}
	mustJSON(t, &list, "session", "list")
	seen := map[string]session{}
	for _, x := range list.Sessions {
		seen[x.SessionID] = x
	}
	if seen[a.SessionID].GroupID != a.GroupID || seen[b.SessionID].GroupID != b.GroupID {
		t.Errorf("session list does not show both sessions with their groups: %+v", list.Sessions)
	}
	tabsA, tabsB := tabsOf(t, a), tabsOf(t, b)
	if len(tabsA) != 1 || len(tabsB) != 1 {
		t.Fatalf("each session has one tab; tab list: A %+v, B %+v", tabsA, tabsB)
	}
	ta, tb := tabsA[0], tabsB[0]
	if !strings.Contains(ta.URL, tagA) || ta.SessionID != a.SessionID || ta.GroupID != a.GroupID {
		t.Errorf("session A lists %+v", ta)
	}
	if !strings.Contains(tb.URL, tagB) || tb.SessionID != b.SessionID || tb.GroupID != b.GroupID {
		t.Errorf("session B lists %+v", tb)
	}
	pa, pb := h.cdp.page(t, tagA), h.cdp.page(t, tagB)

	// The user's view: every tab, each with its session ("" for none).
	var all struct {
		Tabs []tab `json:"tabs"`
	}
	mustJSON(t, &all, "tab", "user-list")
	owner := map[int]string{}
	for _, x := range all.Tabs {
		owner[x.TabID] = x.SessionID
	}
	if owner[ta.TabID] != a.SessionID || owner[tb.TabID] != b.SessionID {
		t.Errorf("tab user-list does not show A's and B's tabs in their sessions: %+v", all.Tabs)
	}

	// Actions in A change A's page only.
	snapA := takeSnapshot(t, a, "-i")
	mustRun(t, in(a, "fill", snapA.ref(t, "textbox", "Second"), "from A")...)
	mustRun(t, in(a, "click", snapA.ref(t, "button", "Click me"))...)
	h.rec.waitFor(t, tagA, "the click in A", func(e event) bool { return e.Type == "button" })
	if v := pa.evalString(`document.getElementById("second").value`); v != "from A" {
		t.Errorf("fill in A: A's field holds %q", v)
	}
	if v := pb.evalString(`document.getElementById("second").value`); v != "start" {
		t.Errorf("fill in A changed B's page: B's field holds %q", v)
	}
	h.rec.settle()
	if ev := h.rec.of(tagB, "click", "button", "input", "keydown"); len(ev) != 0 {
		t.Errorf("actions in A reached B's page: %s", h.rec.dump(tagB))
	}

	// A page call in A naming B's tab: 4104, and B's page is untouched.
	bTab := fmt.Sprint(tb.TabID)
	callFail(t, 4104, "pages.get", map[string]any{"sessionId": a.SessionID, "tabId": tb.TabID, "what": "title"})
	callFail(t, 4104, "pages.eval", map[string]any{"sessionId": a.SessionID, "tabId": tb.TabID, "expression": "document.body.innerHTML = 'hijacked'"})
	mustFail(t, 1, 4104, in(a, "get", "title", "--tab", bTab)...)
	mustFail(t, 1, 4104, in(a, "click", snapA.ref(t, "button", "Click me"), "--tab", bTab)...)
	mustFail(t, 1, 4104, "tab", "activate", bTab, "--session", a.SessionID)
	mustFail(t, 1, 4104, "tab", "close", bTab, "--session", a.SessionID)
	if v := pb.evalString(`document.body.innerHTML.includes('hijacked') ? 'hijacked' : 'intact'`); v != "intact" {
		t.Errorf("session A evaluated in B's tab")
	}
	if len(h.cdp.pagesWith(t, tagB)) != 1 {
		t.Errorf("session A closed B's tab")
	}
	if tabs := tabsOf(t, b); len(tabs) != 1 || tabs[0].TabID != tb.TabID {
		t.Errorf("B's tabs changed: %+v", tabs)
	}
}

// An alert never blocks: the default dialog policy accepts it at once and
// the click reports it. A held confirm fails page calls at once with 4110
// naming the dialog; none hangs.
func TestAlertNeverHangs(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/lab.html", tag))
	waitLoad(t, s)
	alerter := takeSnapshot(t, s, "-i").ref(t, "button", "Alert me")
	// The click that opens the alert must itself come back.
	_, errOut, code := runWithin(t, 40*time.Second, in(s, "click", alerter)...)
	if code != 0 || !strings.Contains(errOut, `dialog: alert "hello from e2e" was accepted`) {
		t.Errorf("the click that opened an alert: exit %d, %s", code, errOut)
	}
	for _, args := range [][]string{{"snapshot", "-i"}, {"eval", "1"}} {
		mustRun(t, in(s, args...)...)
	}
	// A confirm opened from a script (no click involved) blocks page calls
	// the same way, named as such.
	c := newSession(t, pageURL("/lab.html", tag+"-confirm"))
	waitLoad(t, c)
	_, errOut, code = runWithin(t, 40*time.Second, in(c, "eval", "setTimeout(() => confirm('sure, e2e?'), 200); 1")...)
	if code != 0 && !strings.Contains(errorLine(t, errOut), "error 4110 ") {
		t.Errorf("the eval that scheduled a confirm: exit %d, %s", code, errOut)
	}
	h.rec.settle()
	errOut = mustFail(t, 1, 4110, in(c, "get", "title")...)
	if !strings.Contains(errOut, "confirm") || !strings.Contains(errOut, "sure, e2e?") {
		t.Errorf("get title with a confirm open: the error does not name the dialog and its text: %q", errOut)
	}

	// The hub and the other sessions still work.
	other := newSession(t, pageURL("/lab.html", tag+"-other"))
	waitLoad(t, other)
	if v := getString(t, other, "title"); v != "Lab" {
		t.Errorf("another session while an alert is open: title %q", v)
	}
}

// A closed tab and a released or closed session give clear errors, never an
// empty success.
func TestClosedTabAndReleasedSession(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/lab.html", tag))
	waitLoad(t, s)

	var second tab
	mustJSON(t, &second, in(s, "tab", "open", pageURL("/lab.html", tag+"-second"))...)
	if second.TabID == 0 || second.SessionID != s.SessionID {
		t.Fatalf("tab open answered %+v", second)
	}
	var closed struct {
		TabID  int  `json:"tabId"`
		Closed bool `json:"closed"`
	}
	mustJSON(t, &closed, in(s, "tab", "close", itoa(second.TabID))...)
	if !closed.Closed || closed.TabID != second.TabID {
		t.Errorf("tab close answered %+v", closed)
	}
	deadline := time.Now().Add(5 * time.Second)
	for len(h.cdp.pagesWith(t, tag+"-second")) != 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if n := len(h.cdp.pagesWith(t, tag+"-second")); n != 0 {
		t.Errorf("tab close: the tab is still open in the browser")
	}
	callFail(t, 4104, "pages.get", map[string]any{"sessionId": s.SessionID, "tabId": second.TabID, "what": "title"})
	mustFail(t, 1, 4104, in(s, "tab", "activate", itoa(second.TabID))...)
	for _, tb := range tabsOf(t, s) {
		if tb.TabID == second.TabID {
			t.Errorf("tab list still lists the closed tab %d", second.TabID)
		}
	}

	// The user closes the session's last tab behind the extension's back:
	// a page call is an error, never an empty success.
	s3 := newSession(t, pageURL("/lab.html", tag+"-usercloses"))
	waitLoad(t, s3)
	victim := h.cdp.page(t, tag+"-usercloses")
	if _, err := h.cdp.call(t.Context(), "", "Target.closeTarget", map[string]any{"targetId": victim.target}); err != nil {
		t.Fatalf("CDP close: %v", err)
	}
	deadline = time.Now().Add(5 * time.Second)
	for len(h.cdp.pagesWith(t, tag+"-usercloses")) != 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	for _, args := range [][]string{{"get", "title"}, {"snapshot", "-i"}} {
		out, errOut, code := run(t, in(s3, args...)...)
		if code == 0 || !strings.HasPrefix(errorLine(t, errOut), "error 41") {
			t.Errorf("%v after the session's only tab was closed: exit %d, stdout %q, stderr %q; want a 41xx error", args, code, out, errOut)
		}
	}

	// Release: the debugger lets go, the tab stays, the session is gone.
	var rel struct {
		SessionID string `json:"sessionId"`
		Released  bool   `json:"released"`
	}
	mustJSON(t, &rel, "session", "release", s.SessionID)
	if !rel.Released || rel.SessionID != s.SessionID {
		t.Errorf("session release answered %+v", rel)
	}
	if len(h.cdp.pagesWith(t, tag)) != 1 {
		t.Errorf("session release closed the session's tab")
	}
	mustFail(t, 1, 4107, in(s, "get", "title")...)
	mustFail(t, 1, 4107, in(s, "snapshot")...)

	// Close: the group's tabs go.
	s2 := newSession(t, pageURL("/lab.html", tag+"-closeme"))
	waitLoad(t, s2)
	mustRun(t, "session", "close", s2.SessionID)
	deadline = time.Now().Add(5 * time.Second)
	for len(h.cdp.pagesWith(t, tag+"-closeme")) != 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if len(h.cdp.pagesWith(t, tag+"-closeme")) != 0 {
		t.Errorf("session close left its tab open")
	}
	mustFail(t, 1, 4107, in(s2, "get", "title")...)
}

// The hub dies (SIGKILL) and comes back on the same port: the extension
// reconnects within its backoff and calls work again.
func TestHubRestartReconnects(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/lab.html", tag))
	waitLoad(t, s)
	h.killServe()
	// Nothing listens now: a call fails at once, exit 3, and starts no hub.
	if _, errOut, code := run(t, "status"); code != 3 {
		t.Errorf("status with the hub dead: exit %d, want 3; %s", code, errOut)
	}
	if err := h.startServe(); err != nil {
		t.Fatalf("restarting the hub: %v", err)
	}
	_, errOut, code := runWithin(t, 50*time.Second, "status", "--wait", "40s")
	if code != 0 {
		t.Fatalf("the extension did not reconnect to the restarted hub within its 30 s backoff: exit %d, %s", code, errOut)
	}
	// The session lives in the extension, so it survives the hub.
	if tabs := tabsOf(t, s); len(tabs) != 1 || !strings.Contains(tabs[0].URL, tag) {
		t.Errorf("tab list after the restart: %+v", tabs)
	}
	if v := getString(t, s, "title"); v != "Lab" {
		t.Errorf("get title after the restart = %q", v)
	}
	s2 := newSession(t, pageURL("/lab.html", tag+"-new"))
	waitLoad(t, s2)
	if s2.SessionID == s.SessionID {
		t.Errorf("a new session took the id %q of a live session", s2.SessionID)
	}
	if v := getString(t, s2, "url"); !strings.Contains(v, tag+"-new") {
		t.Errorf("a new session after the restart is at %q", v)
	}
}

// The extension's service worker, as the test's own CDP connection sees it.
func extensionWorkers(t *testing.T) []targetInfo {
	t.Helper()
	return h.cdp.targets(t, func(ti targetInfo) bool {
		return ti.Type == "service_worker" && strings.HasPrefix(ti.URL, "chrome-extension://") && strings.HasSuffix(ti.URL, "/background.js")
	})
}

type hubStatus struct {
	Connected bool      `json:"connected"`
	Since     time.Time `json:"since"`
	Session   string    `json:"session"`
}

// Spec: a service worker that Chrome stops and starts again reconnects by
// itself, and its sessions survive (chrome.storage.session). Chrome stops
// it here as it would an idle one (Target.closeTarget on the worker over
// the test's own CDP connection); the keepalive alarm (0.4 min) or any
// extension event starts it again.
func TestServiceWorkerRestartKeepsSessions(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/lab.html", tag))
	waitLoad(t, s)
	if v := getString(t, s, "title"); v != "Lab" {
		t.Fatalf("get title before the restart = %q", v)
	}
	var before hubStatus
	mustJSON(t, &before, "status")

	workers := extensionWorkers(t)
	if len(workers) != 1 {
		t.Fatalf("want one service worker target of the extension, found %+v", workers)
	}
	if _, err := h.cdp.call(t.Context(), "", "Target.closeTarget", map[string]any{"targetId": workers[0].TargetID}); err != nil {
		t.Fatalf("CDP Target.closeTarget on the service worker: %v", err)
	}

	// It went: the hub sees the extension disconnected (exit 3). Should an
	// event start the worker again before a poll sees that, the hub shows
	// a newer connection instead.
	went := false
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		out, _, code := run(t, "status")
		if code == 3 {
			went = true
			break
		}
		var st hubStatus
		if code == 0 && json.Unmarshal([]byte(out), &st) == nil && st.Since.After(before.Since) {
			t.Logf("the worker was already back when status looked (connected since %s, before %s)", st.Since, before.Since)
			went = true
			break
		}
	}
	if !went {
		t.Fatalf("the service worker was closed, yet the hub never showed its connection gone (status exit 3 or a newer connection)")
	}

	// It comes back by itself and reconnects.
	if _, errOut, code := runWithin(t, 70*time.Second, "status", "--wait", "60s"); code != 0 {
		t.Fatalf("the restarted service worker did not reconnect: status --wait 60s exit %d, %s", code, errOut)
	}
	if now := extensionWorkers(t); len(now) != 1 || now[0].TargetID == workers[0].TargetID {
		t.Errorf("after the reconnect: service worker targets %+v; want one new worker, not the closed %s", now, workers[0].TargetID)
	}

	// Its sessions survived: listed with their group, and page calls work.
	var list struct {
		Sessions []session `json:"sessions"`
	}
	mustJSON(t, &list, "session", "list")
	var found *session
	for i := range list.Sessions {
		if list.Sessions[i].SessionID == s.SessionID {
			found = &list.Sessions[i]
		}
	}
	if found == nil {
		t.Fatalf("session list after the worker restart does not show %s: %+v", s.SessionID, list.Sessions)
	}
	if found.GroupID != s.GroupID {
		t.Errorf("session %s is in group %d after the restart, was %d", s.SessionID, found.GroupID, s.GroupID)
	}
	if tabs := tabsOf(t, s); len(tabs) != 1 || !strings.Contains(tabs[0].URL, tag) {
		t.Errorf("tab list after the worker restart: %+v", tabs)
	}
	if v := getString(t, s, "title"); v != "Lab" {
		t.Errorf("get title after the worker restart = %q", v)
	}
	// The debugger attachment of the old worker does not get in the way
	// of the new one's page calls.
	snap := takeSnapshot(t, s, "-i")
	mustRun(t, in(s, "click", snap.ref(t, "button", "Click me"))...)
	h.rec.waitFor(t, tag, "the click after the worker restart", func(e event) bool { return e.Type == "button" })
}

// The browser dies: a call is an error naming the missing extension (exit
// 3), never an empty success on a blank page. Then a new browser comes up
// and the hub takes its extension. Runs last: it replaces the browser.
func TestBrowserGoneIsAnError(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/lab.html", tag))
	waitLoad(t, s)
	h.cdp.Close()
	h.cdp = nil
	h.killChromium()
	for _, args := range [][]string{{"get", "title"}, {"snapshot", "-i"}, {"tab", "list"}} {
		out, errOut, code := runWithin(t, 50*time.Second, append([]string{"--wait", "2s"}, in(s, args...)...)...)
		if code != 3 || !strings.Contains(errOut, "extension") || strings.TrimSpace(out) != "" {
			t.Errorf("%v with the browser gone: exit %d, stdout %q, stderr %q; want exit 3, nothing on stdout, an error naming the extension", args, code, out, errOut)
		}
	}

	// A new browser: the extension connects again; the old session went
	// with the old browser.
	_ = os.Remove(filepath.Join(h.profile, "DevToolsActivePort"))
	if err := h.startChromium(h.chromium); err != nil {
		t.Fatalf("relaunching Chromium: %v", err)
	}
	if _, errOut, code := runWithin(t, 50*time.Second, "status", "--wait", "40s"); code != 0 {
		t.Fatalf("the new browser's extension did not connect: %s", errOut)
	}
	var err error
	if h.cdp, err = dialBrowser(h.profile); err != nil {
		t.Fatalf("CDP to the new browser: %v", err)
	}
	_, errOut, code := run(t, in(s, "get", "title")...)
	if code == 0 || !strings.HasPrefix(errorLine(t, errOut), "error 41") {
		t.Errorf("the old session in a new browser: exit %d, %q; want a 41xx error", code, errOut)
	}
	s2 := newSession(t, pageURL("/lab.html", tag+"-new"))
	waitLoad(t, s2)
	if s2.SessionID == s.SessionID {
		// Ids are random (1 in 36^5 to draw the old one): a script still
		// holding the old id must not act on the new browser's session.
		t.Errorf("the new browser's first session reuses the id %q of a session of the old browser", s2.SessionID)
	}
	if v := getString(t, s2, "title"); v != "Lab" {
		t.Errorf("a new session in the new browser: title %q", v)
	}
}
