package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// `get title` answers from Chrome's copy of the tab's title when that is
// document.title (issue 8's speed work): it must print what the page's own
// document.title says, read here over the test's CDP connection, in the
// cases where Chrome's copy is something else: no title (Chrome shows the
// URL, escapes undone, RTL letters wrapped in marks), a title longer than
// Chrome keeps, and a title the page changed a moment ago.
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
}
