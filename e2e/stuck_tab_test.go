package e2e

// Issue 34 item 5: a tab that never yields can be taken back. A page that
// loops alert() for ever fails every call with dialog_open; `open URL` on it
// replaces the tab with a new one in the same group and session, says so on
// stderr, and later calls work.

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"browserctl/rpc"
)

func TestOpenReplacesTabStuckInDialogLoop(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/alerts.html", tag, "n", "1000000000"))
	var before struct {
		Tabs []rpc.Tab `json:"tabs"`
	}
	mustJSON(t, &before, in(s, "tab", "list")...)
	if len(before.Tabs) != 1 {
		t.Fatalf("the session has %d tabs, want 1", len(before.Tabs))
	}
	old := before.Tabs[0].TabID
	// The tab is stuck: a call fails (dialog_open or its timeout).
	time.Sleep(500 * time.Millisecond)
	out, errOut, code := runWithin(t, 30*time.Second, in(s, "--timeout", "2s", "get", "title")...)
	if code == 0 {
		t.Logf("get title on the looping page answered %s (the loop had not caught the call)", out)
	} else {
		t.Logf("get title on the looping page: exit %d, %s", code, errorLine(t, errOut))
	}

	next := pageURL("/lab.html", tag+"-next")
	start := time.Now()
	out, errOut, code = runWithin(t, 40*time.Second, in(s, "open", next)...)
	took := time.Since(start)
	if code != 0 {
		t.Fatalf("open on the stuck tab: exit %d, %s %s", code, out, errOut)
	}
	var nav rpc.NavResult
	if err := json.Unmarshal([]byte(out), &nav); err != nil {
		t.Fatalf("open --json: %v\n%s", err, out)
	}
	if nav.ReplacedTab == nil || nav.ReplacedTab.Old != old || nav.ReplacedTab.New == 0 || nav.ReplacedTab.Reason != "dialog_loop" {
		t.Fatalf("open's answer %s: want replacedTab {old %d, new, dialog_loop}", out, old)
	}
	if !strings.Contains(errOut, "stuck in a dialog loop; replaced by tab") {
		t.Errorf("open's stderr %q does not say the tab was replaced", errOut)
	}
	// get title works on the new tab, the session's active one.
	var title struct {
		Value string `json:"value"`
	}
	mustJSON(t, &title, in(s, "get", "title")...)
	working := time.Since(start)
	if title.Value != "Lab" {
		t.Errorf("get title after the replacement: %q, want Lab", title.Value)
	}
	t.Logf("stuck tab %d to working tab %d: open took %s, open + get title %s", old, nav.ReplacedTab.New, took.Round(time.Millisecond), working.Round(time.Millisecond))

	// Chrome's state: one tab in the session's group, the new one; the old one closed.
	var after struct {
		Tabs []rpc.Tab `json:"tabs"`
	}
	mustJSON(t, &after, in(s, "tab", "list")...)
	if len(after.Tabs) != 1 || after.Tabs[0].TabID != nav.ReplacedTab.New || after.Tabs[0].GroupID != s.GroupID || after.Tabs[0].SessionID != s.SessionID {
		t.Errorf("the session's tabs after the replacement: %+v, want only tab %d in group %d", after.Tabs, nav.ReplacedTab.New, s.GroupID)
	}
	var all struct {
		Tabs []rpc.Tab `json:"tabs"`
	}
	mustJSON(t, &all, "tab", "user-list")
	for _, tb := range all.Tabs {
		if tb.TabID == old {
			t.Errorf("the stuck tab %d is still open: %+v", old, tb)
		}
	}
	// eval works too.
	if out := mustRun(t, in(s, "eval", "document.title")...); !strings.Contains(out, "Lab") {
		t.Errorf("eval after the replacement: %s", out)
	}
}

// A single dialog is not a loop: open on a tab with one alert held is not
// replaced (the person may want to see it).
func TestOpenDoesNotReplaceForOneDialog(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/lab.html", tag))
	waitLoad(t, s)
	mustRun(t, in(s, "eval", "setTimeout(() => confirm('one'), 50); 1")...)
	time.Sleep(500 * time.Millisecond)
	out, errOut, code := runWithin(t, 30*time.Second, in(s, "open", pageURL("/lab.html", tag+"-next"))...)
	if strings.Contains(out, "replacedTab") || strings.Contains(errOut, "dialog loop") {
		t.Errorf("one confirm replaced the tab: exit %d, %s %s", code, out, errOut)
	}
	t.Logf("open with one confirm held: exit %d, %s", code, errorLine(t, errOut))
	mustRun(t, in(s, "dialog", "dismiss")...)
}

// MCP's browser_navigate takes back a tab stuck in a dialog loop as open does,
// and says so in its text.
func TestMCPNavigateReplacesTabStuckInDialogLoop(t *testing.T) {
	tag := tagFor(t)
	a := startMCP(t)
	a.call("browser_navigate", map[string]any{"url": pageURL("/lab.html", tag)})
	a.call("browser_evaluate", map[string]any{"function": "() => { setTimeout(() => { for (;;) alert('again'); }, 100); return 1; }"})
	time.Sleep(600 * time.Millisecond)
	start := time.Now()
	out := a.call("browser_navigate", map[string]any{"url": pageURL("/lab.html", tag+"-next")})
	if !strings.Contains(out, "was stuck in a dialog loop") || !strings.Contains(out, "replaced by tab") {
		t.Errorf("browser_navigate on the stuck tab does not say it replaced it:\n%s", out)
	}
	if !strings.Contains(out, "Title: Lab") {
		t.Errorf("browser_navigate should answer with the new page's title:\n%s", out)
	}
	got := a.call("browser_evaluate", map[string]any{"function": "() => document.title"})
	if !strings.Contains(got, "Lab") {
		t.Errorf("browser_evaluate after the replacement: %s", got)
	}
	t.Logf("MCP: stuck tab to working tab (navigate + evaluate) in %s", time.Since(start).Round(time.Millisecond))
}
