package e2e

// Console lines and requests are kept from the moment a tab joins a
// session: a page that logs and fetches while it loads shows both in
// `console` and `network requests` read straight after, when the tab was
// made by session create --url or tab open, with no page call on the tab
// before. A tab the page itself opened (target=_blank) joins once Chrome
// tells the extension of it, when it is already loading: its console lines
// from the start are there (attaching replays them), its requests from the
// join on (what it fetched before, on a busy machine even its scripts'
// first requests, was sent before anyone could listen).

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// earlyLogsSeen reads the tab's console and requests (tab 0: the active
// one) and says what is missing of the early page's entries for tag: its
// console line, its document request and the fetch it made while loading.
func earlyLogsSeen(t *testing.T, s session, tab int, tag string) {
	t.Helper()
	h.rec.waitFor(t, tag, "its fetch during load ending", func(e event) bool { return e.Type == "fetch" })
	earlyConsoleSeen(t, s, tab, tag)
	doc := requestSeen(t, s, tab, tag, func(r requestEntry) bool { return strings.Contains(r.URL, "/early.html?") && r.Type == "Document" })
	fetched := requestSeen(t, s, tab, tag, func(r requestEntry) bool { return strings.Contains(r.URL, "/served/ok?") })
	if !doc || !fetched {
		t.Errorf("network requests of %s: the document (%v) and the fetch during load (%v) want both", tag, doc, fetched)
	}
}

func tabFlag(tab int) []string {
	if tab == 0 {
		return nil
	}
	return []string{"--tab", strconv.Itoa(tab)}
}

// earlyConsoleSeen checks the console line the early page logs as it loads.
func earlyConsoleSeen(t *testing.T, s session, tab int, tag string) {
	t.Helper()
	var c struct {
		Entries []consoleEntry `json:"entries"`
	}
	mustJSON(t, &c, in(s, append([]string{"console"}, tabFlag(tab)...)...)...)
	for _, e := range c.Entries {
		if e.Text == "early-"+tag {
			return
		}
	}
	t.Errorf("console of %s: no %q among %+v", tag, "early-"+tag, c.Entries)
}

// requestSeen says whether the tab's requests filtered by tag hold one
// answered 200 that match takes.
func requestSeen(t *testing.T, s session, tab int, tag string, match func(requestEntry) bool) bool {
	t.Helper()
	var n struct {
		Requests []requestEntry `json:"requests"`
	}
	mustJSON(t, &n, in(s, append([]string{"network", "requests", "--filter", tag}, tabFlag(tab)...)...)...)
	for _, r := range n.Requests {
		if r.Status == 200 && match(r) {
			return true
		}
	}
	t.Logf("requests of %s: %+v", tag, n.Requests)
	return false
}

func TestLogsFromTheStart(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/early.html", tag))
	t.Run("session create --url", func(t *testing.T) { earlyLogsSeen(t, s, 0, tag) })

	t.Run("tab open", func(t *testing.T) {
		var tb struct {
			TabID int    `json:"tabId"`
			URL   string `json:"url"`
		}
		mustJSON(t, &tb, in(s, "tab", "open", pageURL("/early.html", tag+"-tab"))...)
		if !strings.Contains(tb.URL, tag+"-tab") {
			t.Errorf("tab open answered the url %q, want the page it opened", tb.URL)
		}
		earlyLogsSeen(t, s, tb.TabID, tag+"-tab")
	})

	t.Run("a tab the page opened", func(t *testing.T) {
		mustRun(t, in(s, "tab", "activate", strconv.Itoa(tabsOf(t, s)[0].TabID))...)
		mustRun(t, in(s, "click", "#blank")...)
		h.rec.waitFor(t, tag+"-opened", "its load", func(e event) bool { return e.Type == "load" })
		id := 0
		for _, tb := range tabsOf(t, s) {
			if strings.Contains(tb.URL, tag+"-opened") {
				id = tb.TabID
			}
		}
		if id == 0 {
			t.Fatalf("the tab the page opened is not in the session: %+v", tabsOf(t, s))
		}
		opened := tag + "-opened"
		earlyConsoleSeen(t, s, id, opened)
		// A request it makes now, with no call on the tab since it joined.
		h.cdp.page(t, opened).eval(`fetch("/served/ok?t=`+opened+`&late=1").then(function (r) { return r.text(); }).then(function () { report("late-fetch", {}); })`, nil)
		h.rec.waitFor(t, opened, "its late fetch ending", func(e event) bool { return e.Type == "late-fetch" })
		if !requestSeen(t, s, id, opened, func(r requestEntry) bool { return strings.Contains(r.URL, "late=1") }) {
			t.Errorf("network requests of %s: no fetch it made after it joined", opened)
		}
	})
}

// A restarted service worker attaches the tabs of the sessions it restored
// at once: a request a page makes after the restart, before any call on its
// tab, is in `network requests` (requests are not replayed on attach, as
// console messages are, so the first read cannot be what attached).
func TestLogsAfterWorkerRestart(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/early.html", tag, "tick", "1"))
	waitLoad(t, s)
	restartWorker(t)
	// The new worker attaches the session's tab by itself.
	ticksLogged(t, s, tabsOf(t, s)[0].TabID, tag)
}

// ticksLogged waits for the ticks (early.html?tick=1) the server saw from
// 2 s after now on (time for the tab's join), then checks each is in the
// tab's `network requests`: requests are not replayed on attach, so a
// read that attached the tab itself would miss them.
func ticksLogged(t *testing.T, s session, tab int, tag string) {
	t.Helper()
	from := float64(time.Now().Add(2*time.Second).UnixNano()) / 1e6
	var want []string
	for deadline := time.Now().Add(20 * time.Second); len(want) < 3; time.Sleep(100 * time.Millisecond) {
		want = want[:0]
		for _, e := range h.rec.of(tag, "hit") {
			if strings.HasPrefix(e.str("path"), "tick-") && e.num("at") >= from {
				want = append(want, "/served/"+e.str("path")+"?")
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the page made %d requests within 20 s", len(want))
		}
	}
	var n struct {
		Requests []requestEntry `json:"requests"`
	}
	mustJSON(t, &n, in(s, "network", "requests", "--filter", "tick-", "--tab", strconv.Itoa(tab))...)
	for _, w := range want {
		found := false
		for _, r := range n.Requests {
			found = found || strings.Contains(r.URL, w)
		}
		if !found {
			t.Errorf("network requests lacks %s, which the page made before this read: %d requests listed", w, len(n.Requests))
		}
	}
}

// A tab of the user's taken over by attach-current, or brought in with tab
// attach, is recorded from then on, before any call on it.
func TestLogsFromAttach(t *testing.T) {
	t.Run("attach-current", func(t *testing.T) {
		tag := tagFor(t)
		coverTab(t, pageURL("/early.html", tag, "tick", "1"))
		h.rec.waitFor(t, tag, "its load", func(e event) bool { return e.Type == "load" })
		var s session
		mustJSON(t, &s, "session", "attach-current")
		t.Cleanup(func() { run(t, "session", "release", s.SessionID) })
		tabs := tabsOf(t, s)
		if len(tabs) != 1 || !strings.Contains(tabs[0].URL, tag) {
			t.Fatalf("attach-current took %+v, want the page in front", tabs)
		}
		ticksLogged(t, s, tabs[0].TabID, tag)
	})
	t.Run("tab attach", func(t *testing.T) {
		tag := tagFor(t)
		s := newSession(t, pageURL("/lab.html", tag+"-home"))
		coverTab(t, pageURL("/early.html", tag, "tick", "1"))
		h.rec.waitFor(t, tag, "its load", func(e event) bool { return e.Type == "load" })
		id := 0
		var user struct {
			Tabs []tab `json:"tabs"`
		}
		mustJSON(t, &user, "tab", "user-list")
		for _, tb := range user.Tabs {
			if strings.Contains(tb.URL, tag) && !strings.Contains(tb.URL, tag+"-home") {
				id = tb.TabID
			}
		}
		if id == 0 {
			t.Fatalf("the user's tab is not in tab user-list: %+v", user.Tabs)
		}
		mustRun(t, in(s, "tab", "attach", strconv.Itoa(id))...)
		ticksLogged(t, s, id, tag)
	})
}
