package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// `get title` prints what the page's own document.title says, read here
// over the test's CDP connection: no title (where Chrome's tab strip shows
// the URL), a title longer than Chrome keeps, a title the page changed a
// moment ago, after navigations of the tab and of a frame, and in the tab
// the session switched to.
func TestGetTitleIsTheDocumentTitle(t *testing.T) {
	tag := tagFor(t)
	// no <title>; the query has escapes Chrome undoes for display
	// (café, the Hebrew letters) and one it keeps (%26)
	s := newSession(t, pageURL("/inline", tag, "html", "<p>café & ü אב</p>"))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)

	check := func(what string) {
		t.Helper()
		want := p.evalString(`document.title`)
		if got := getString(t, s, "title"); got != want {
			t.Errorf("%s: get title = %q (%d chars), document.title is %q (%d chars)", what, abbrev(got), len(got), abbrev(want), len(want))
		}
	}
	check("untitled page")
	if got := p.evalString(`document.title`); got != "" {
		t.Fatalf("the untitled page has title %q", got)
	}

	p.eval(`document.title = "Set by the page"`, nil)
	check("a title the page set")
	p.eval(`document.title = "t".repeat(5000)`, nil)
	check("a 5000-character title")
	p.eval(`document.title = ""`, nil)
	check("a title set back to empty")

	// in one batch, each `get title` twice right after the eval that set
	// it (the second read is the one a remembered title would answer)
	file := filepath.Join(t.TempDir(), "titles")
	var steps, want strings.Builder
	for i := 0; i < 40; i++ {
		v := fmt.Sprintf("title %d", i)
		if i%10 == 9 {
			v = "" // untitled again now and then
		}
		steps.WriteString("eval document.title = '" + v + "'\nget title\nget title\n")
		want.WriteString(v + "\n" + v + "\n" + v + "\n")
	}
	if err := os.WriteFile(file, []byte(steps.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	if out := human(t, in(s, "batch", "-f", file)...); out != want.String() {
		t.Errorf("batch of title changes printed\n%s\nwant\n%s", out, want.String())
	}

	// a title the page changes by itself, later
	p.eval(`setTimeout(() => { document.title = "set by a timer"; }, 200), 0`, nil)
	mustRun(t, in(s, "wait", "--fn", `document.title === "set by a timer"`)...)
	check("a title the page's timer set")

	// navigation: a titled page, an untitled one, back, reload
	mustRun(t, in(s, "open", pageURL("/inline", tag, "html", "<title>Page A</title><p>a</p>"))...)
	check("a titled page opened")
	mustRun(t, in(s, "open", pageURL("/inline", tag, "html", "<p>untitled b</p>"))...)
	check("an untitled page opened after it")
	mustRun(t, in(s, "back")...)
	check("back to the titled page")
	if got := getString(t, s, "title"); got != "Page A" {
		t.Errorf("back: get title = %q, want %q", got, "Page A")
	}
	mustRun(t, in(s, "reload")...)
	check("the titled page reloaded")

	// a frame that navigates keeps the tab's title
	mustRun(t, in(s, "open", pageURL("/inline", tag, "html", "<title>Outer</title><iframe src='about:blank'></iframe>"))...)
	mustRun(t, in(s, "get", "title")...)
	p.eval(`document.querySelector("iframe").src = "data:text/html,<title>Inner</title><p>inner</p>", 0`, nil)
	mustRun(t, in(s, "wait", "--fn", `(() => { try { return document.querySelector("iframe").contentDocument === null; } catch (e) { return true; } })()`)...)
	if got := getString(t, s, "title"); got != "Outer" {
		t.Errorf("after the frame navigated: get title = %q, want %q", got, "Outer")
	}
	p.eval(`document.querySelector("iframe").srcdoc = "<title>Inner 2</title>", document.title = "Outer 2"`, nil)
	check("the page's title changed as its frame navigated")

	// a second tab, then back to the first: each one's own title
	var tb struct {
		TabID int `json:"tabId"`
	}
	mustJSON(t, &tb, in(s, "tab", "open", pageURL("/inline", "other-tab", "html", "<title>Tab B</title><p>b</p>"))...)
	mustRun(t, in(s, "wait", "--load", "load")...)
	if got := getString(t, s, "title"); got != "Tab B" {
		t.Errorf("in the opened tab: get title = %q, want %q", got, "Tab B")
	}
	for _, x := range tabsOf(t, s) {
		if x.TabID != tb.TabID {
			mustRun(t, in(s, "tab", "activate", fmt.Sprint(x.TabID))...)
		}
	}
	if got, want := getString(t, s, "title"), p.evalString(`document.title`); got != want {
		t.Errorf("back in the first tab: get title = %q, document.title is %q", got, want)
	}
}
