package e2e

// Console lines and requests are kept from the moment a tab joins a
// session: a page that logs and fetches while it loads shows both in
// `console` and `network requests` read straight after, whether the tab was
// made by session create --url, tab open, or the page itself
// (target=_blank), with no page call on the tab before.

import (
	"strconv"
	"strings"
	"testing"
)

// earlyLogsSeen reads the tab's console and requests (tab 0: the active
// one) and says what is missing of the early page's entries for tag. A
// tab the page opened starts loading before Chrome tells the extension of
// it: its document request may come too early, its scripts do not.
func earlyLogsSeen(t *testing.T, s session, tab int, tag string, wantDoc bool) {
	t.Helper()
	h.rec.waitFor(t, tag, "its fetch during load ending", func(e event) bool { return e.Type == "fetch" })
	var tabArgs []string
	if tab != 0 {
		tabArgs = []string{"--tab", strconv.Itoa(tab)}
	}
	var c struct {
		Entries []consoleEntry `json:"entries"`
	}
	mustJSON(t, &c, in(s, append([]string{"console"}, tabArgs...)...)...)
	found := false
	for _, e := range c.Entries {
		found = found || e.Text == "early-"+tag
	}
	if !found {
		t.Errorf("console of %s: no %q among %+v", tag, "early-"+tag, c.Entries)
	}
	var n struct {
		Requests []requestEntry `json:"requests"`
	}
	mustJSON(t, &n, in(s, append([]string{"network", "requests", "--filter", tag}, tabArgs...)...)...)
	var doc, fetched bool
	for _, r := range n.Requests {
		doc = doc || (strings.Contains(r.URL, "/early.html?") && r.Type == "Document" && r.Status == 200)
		fetched = fetched || (strings.Contains(r.URL, "/issue10/ok?") && r.Status == 200)
	}
	if (wantDoc && !doc) || !fetched {
		t.Errorf("network requests of %s: the document (%v) and the fetch during load (%v) want both; got %+v", tag, doc, fetched, n.Requests)
	}
}

func TestLogsFromTheStart(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/early.html", tag))
	t.Run("session create --url", func(t *testing.T) { earlyLogsSeen(t, s, 0, tag, true) })

	t.Run("tab open", func(t *testing.T) {
		var tb struct {
			TabID int `json:"tabId"`
		}
		mustJSON(t, &tb, in(s, "tab", "open", pageURL("/early.html", tag+"-tab"))...)
		earlyLogsSeen(t, s, tb.TabID, tag+"-tab", true)
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
		earlyLogsSeen(t, s, id, tag+"-opened", false)
	})
}
