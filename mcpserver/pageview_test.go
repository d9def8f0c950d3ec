package mcpserver

import (
	"fmt"
	"strings"
	"testing"
)

// bigPage is a snapshot of a news-like page: a nav of links, a search box,
// headings and n paragraphs with links.
func bigPage(n int, query string) string {
	lines := []string{"- banner", "  - navigation \"Main\"", "    - link \"Home\" [ref=e1]", "    - link \"World\" [ref=e2]",
		"  - search", "    - searchbox \"Search\" [ref=e3]" + query, "    - button \"Go\" [ref=e4]", "- main", "  - heading \"News\" [ref=e5] [level=1]"}
	ref := 6
	for i := 0; i < n; i++ {
		lines = append(lines, fmt.Sprintf("  - heading \"Story %d\" [ref=e%d] [level=2]", i, ref),
			fmt.Sprintf("  - text: Paragraph %d of the story, long enough to matter in a budget of characters.", i),
			fmt.Sprintf("  - link \"Read story %d\" [ref=e%d]", i, ref+1))
		ref += 2
	}
	return strings.Join(lines, "\n")
}

func TestPageViewSaysWhatChanged(t *testing.T) {
	before := bigPage(200, "")
	after := bigPage(200, ": shoes")
	got := pageView(after, strings.Split(before, "\n"), true, 2000)
	want := "### Changes (since you last saw this tab; + added, - removed, ~ changed)\n~ - searchbox \"Search\" [ref=e3]: shoes"
	if got != want {
		t.Errorf("a typed query:\n%s\nwant\n%s", got, want)
	}
	added := before + "\n  - alert: Saved"
	if got := pageView(added, strings.Split(before, "\n"), true, 2000); !strings.HasSuffix(got, "\n+ - alert: Saved") {
		t.Errorf("a new message:\n%s", got)
	}
	if got := pageView(before, strings.Split(before, "\n"), true, 2000); !strings.HasPrefix(got, "### Changes\nnone: the page is as you last saw it (") {
		t.Errorf("no change:\n%s", got)
	}
}

func TestPageViewWholeWhenSmallOutlineWhenLarge(t *testing.T) {
	small := bigPage(2, "")
	if got := pageView(small, nil, false, 2000); got != "### Snapshot\n"+small {
		t.Errorf("a small page is shown whole:\n%s", got)
	}
	large := bigPage(300, "")
	got := pageView(large, nil, false, 2000)
	if len(got) > 2000+len("### Outline\n") {
		t.Errorf("the outline is %d characters, over its budget", len(got))
	}
	for _, want := range []string{"### Outline\n", "searchbox \"Search\" [ref=e3]", "button \"Go\" [ref=e4]", "heading \"News\" [ref=e5]",
		"not shown: 302 link", "300 text", "browser_find", "more outline lines past the budget"} {
		if !strings.Contains(got, want) {
			t.Errorf("outline lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "Paragraph") || strings.Contains(got, "Read story") {
		t.Errorf("the outline carries text and links:\n%s", got)
	}
	// Kept lines are indented by the kept lines that hold them.
	if !strings.Contains(got, "  - search\n    - searchbox") || !strings.Contains(got, "- banner\n  - navigation") {
		t.Errorf("outline structure:\n%s", got)
	}
	if got := pageView(large, nil, false, -1); got != "### Snapshot\n"+large {
		t.Error("no limit: the whole snapshot")
	}
}

// A page whose refs were all renumbered (a reload, a form posted to the
// same URL) is a new page: an outline, not a diff of every line.
func TestPageViewANewDocumentIsNotADiff(t *testing.T) {
	before := bigPage(100, "")
	after := strings.ReplaceAll(before, "[ref=e", "[ref=f9e")
	if got := pageView(after, strings.Split(before, "\n"), true, 2000); !strings.HasPrefix(got, "### Outline\n") {
		t.Errorf("renumbered page:\n%.300s", got)
	}
}

func TestPageMemory(t *testing.T) {
	var m pageMemory
	if _, ok := m.swap(1, "http://a/", []string{"x"}); ok {
		t.Error("a first look has nothing before it")
	}
	if prev, ok := m.swap(1, "http://a/", []string{"y"}); !ok || prev[0] != "x" {
		t.Errorf("second look: %v %v", prev, ok)
	}
	if _, ok := m.swap(1, "http://b/", []string{"z"}); ok {
		t.Error("another URL is another document")
	}
	for tab := 2; tab < 2+seenLimit; tab++ {
		m.swap(tab, "u", nil)
	}
	if _, ok := m.swap(1, "http://b/", nil); ok {
		t.Error("the least recently seen tab is forgotten past the limit")
	}
	if len(m.byTab) > seenLimit {
		t.Errorf("%d tabs kept", len(m.byTab))
	}
}

// Through the server: the navigation answers the small page whole, a click
// that changed one line answers that line, and browser_snapshot resets
// what the client saw.
func TestActionAnswersWhatChanged(t *testing.T) {
	fe, _, cs := setup(t, Options{MaxSnapshotChars: 2000}, "agent")
	page := func(text string) answer {
		return answer{result: map[string]any{"snapshot": text, "url": "http://x/", "title": "X", "tabId": 7, "refs": map[string]any{}}}
	}
	fe.setRule("pages.navigate", answer{result: map[string]any{"ok": true}})
	fe.setRule("pages.click", answer{result: map[string]any{"ok": true}})
	fe.setRule("pages.snapshot", page("- button \"Save\" [ref=e1]\n- text: draft"))
	nav := textOf(callTool(t, cs[0], "browser_navigate", map[string]any{"url": "http://x/"}))
	if !strings.Contains(nav, "### Snapshot\n- button \"Save\" [ref=e1]\n- text: draft") {
		t.Errorf("navigate:\n%s", nav)
	}
	fe.setRule("pages.snapshot", page("- button \"Save\" [ref=e1]\n- text: saved"))
	click := textOf(callTool(t, cs[0], "browser_click", map[string]any{"element": "Save", "ref": "e1"}))
	if !strings.Contains(click, "### Changes") || !strings.Contains(click, "- - text: draft\n+ - text: saved") || strings.Contains(click, "button \"Save\"") {
		t.Errorf("click:\n%s", click)
	}
	click = textOf(callTool(t, cs[0], "browser_click", map[string]any{"element": "Save", "ref": "e1"}))
	if !strings.Contains(click, "none: the page is as you last saw it") {
		t.Errorf("second click:\n%s", click)
	}
}
