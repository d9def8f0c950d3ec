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
	got, isNew := pageView(after, strings.Split(before, "\n"), true, 2000, nil)
	want := "Changes:\n~ searchbox \"Search\" [ref=e3]: shoes"
	if got != want || isNew {
		t.Errorf("a typed query (new %v):\n%s\nwant\n%s", isNew, got, want)
	}
	added := before + "\n  - alert: Saved"
	if got, _ := pageView(added, strings.Split(before, "\n"), true, 2000, nil); !strings.HasSuffix(got, "\n+ alert: Saved") {
		t.Errorf("a new message:\n%s", got)
	}
	if got, isNew := pageView(before, strings.Split(before, "\n"), true, 2000, nil); got != "No change on the page." || isNew {
		t.Errorf("no change (new %v):\n%s", isNew, got)
	}
}

func TestPageViewWholeWhenSmallOutlineWhenLarge(t *testing.T) {
	small := bigPage(2, "")
	if got, isNew := pageView(small, nil, false, 2000, nil); got != small || !isNew {
		t.Errorf("a small page is shown whole (new %v):\n%s", isNew, got)
	}
	large := bigPage(300, "")
	got, isNew := pageView(large, nil, false, 2000, nil)
	if len(got) > 2000 || !isNew {
		t.Errorf("the outline is %d characters, over its budget (new %v)", len(got), isNew)
	}
	for _, want := range []string{"Outline:\n", "searchbox \"Search\" [ref=e3]", "button \"Go\" [ref=e4]", "heading \"News\" [ref=e5]",
		"not shown: 302 link", "300 text", "browser_find", "heading"} {
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
	if got, _ := pageView(large, nil, false, -1, nil); got != large {
		t.Error("no limit: the whole snapshot")
	}
}

// A page whose refs were all renumbered (a reload, a form posted to the
// same URL) is a new page: an outline, not a diff of every line.
func TestPageViewANewDocumentIsNotADiff(t *testing.T) {
	before := bigPage(100, "")
	after := strings.ReplaceAll(before, "[ref=e", "[ref=f9e")
	if got, isNew := pageView(after, strings.Split(before, "\n"), true, 2000, nil); !strings.HasPrefix(got, "Outline:\n") || !isNew {
		t.Errorf("renumbered page:\n%.300s", got)
	}
}

func TestPageMemory(t *testing.T) {
	var m pageMemory
	if _, ok := m.swap(1, seenPage{url: "http://a/", lines: []string{"x"}}); ok {
		t.Error("a first look has nothing before it")
	}
	if prev, ok := m.swap(1, seenPage{url: "http://a/", lines: []string{"y"}}); !ok || prev.lines[0] != "x" || prev.url != "http://a/" {
		t.Errorf("second look: %v %v", prev, ok)
	}
	for tab := 2; tab < 2+seenLimit; tab++ {
		m.swap(tab, seenPage{url: "u"})
	}
	if _, ok := m.swap(1, seenPage{url: "http://b/"}); ok {
		t.Error("the least recently seen tab is forgotten past the limit")
	}
	if len(m.byTab) > seenLimit {
		t.Errorf("%d tabs kept", len(m.byTab))
	}
}

// A navigation that answers its page's snapshot (pages.navigate with
// snapshot) is answered from it, with no second call; what the client saw
// is that page, so the next action answers what changed since.
func TestNavigateAnswersItsPageInOneCall(t *testing.T) {
	fe, _, cs := setup(t, Options{MaxSnapshotChars: 2000}, "agent")
	loaded := map[string]any{"snapshot": "- button \"Save\" [ref=e1]\n- text: draft", "url": "http://x/", "title": "X", "tabId": 7, "refs": map[string]any{}}
	fe.setRule("pages.navigate", answer{result: map[string]any{"url": "http://x/", "title": "X", "snapshot": loaded}})
	fe.setRule("pages.click", answer{result: map[string]any{"ok": true}})
	fe.setRule("pages.snapshot", answer{result: map[string]any{"snapshot": "- button \"Save\" [ref=e1]\n- text: saved", "url": "http://x/", "title": "X", "tabId": 7, "refs": map[string]any{}}})
	nav := textOf(callTool(t, cs[0], "browser_navigate", map[string]any{"url": "http://x/"}))
	if nav != "URL: http://x/\nTitle: X\n- button \"Save\" [ref=e1]\n- text: draft" {
		t.Errorf("navigate:\n%s", nav)
	}
	var methods []string
	for _, r := range fe.requests() {
		methods = append(methods, r.Method)
	}
	if strings.Join(methods, " ") != "sessions.create pages.navigate" {
		t.Errorf("calls %v, want the navigation's alone", methods)
	}
	click := textOf(callTool(t, cs[0], "browser_click", map[string]any{"element": "Save", "ref": "e1"}))
	if click != "Clicked Save (e1)\nChanges:\n- text: draft\n+ text: saved" {
		t.Errorf("click:\n%s", click)
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
	if nav != "URL: http://x/\nTitle: X\n- button \"Save\" [ref=e1]\n- text: draft" {
		t.Errorf("navigate:\n%s", nav)
	}
	fe.setRule("pages.snapshot", page("- button \"Save\" [ref=e1]\n- text: saved"))
	click := textOf(callTool(t, cs[0], "browser_click", map[string]any{"element": "Save", "ref": "e1"}))
	if click != "Clicked Save (e1)\nChanges:\n- text: draft\n+ text: saved" {
		t.Errorf("click:\n%s", click)
	}
	click = textOf(callTool(t, cs[0], "browser_click", map[string]any{"element": "Save", "ref": "e1"}))
	if click != "Clicked Save (e1)\nNo change on the page." {
		t.Errorf("second click:\n%s", click)
	}
	// The same URL with another title is said.
	fe.setRule("pages.snapshot", answer{result: map[string]any{"snapshot": "- button \"Save\" [ref=e1]\n- text: saved", "url": "http://x/", "title": "Y", "tabId": 7, "refs": map[string]any{}}})
	click = textOf(callTool(t, cs[0], "browser_click", map[string]any{"element": "Save", "ref": "e1"}))
	if click != "Clicked Save (e1)\nURL: http://x/\nTitle: Y\nNo change on the page." {
		t.Errorf("a new title:\n%s", click)
	}
}

// What an action was asked to set and did goes without saying; what it
// did otherwise, or not as asked, is said.
func TestPageViewLeavesOutWhatWasAsked(t *testing.T) {
	before := "- form\n  - textbox \"User\" [ref=e1]\n  - textbox \"Pass\" [ref=e2]\n  - checkbox \"Stay\" [ref=e3]\n  - combobox \"Country\" [ref=e4] [value=\"Choose...\"]"
	after := "- form\n  - textbox \"User\" [ref=e1] [value=\"al \\\"x\\\"\"]\n  - textbox \"Pass\" [ref=e2] [value=\"••••\"]\n  - checkbox \"Stay\" [ref=e3] [checked]\n  - combobox \"Country\" [ref=e4] [value=\"Japan\"]"
	prev := strings.Split(before, "\n")
	asked := expected{"e1": expectValue("al  \"x\""), "e2": expectValue("s3cret"), "e3": expectChecked(true), "e4": expectValue("Japan")}
	if got, _ := pageView(after, prev, true, 2000, asked); got != "Nothing else changed on the page." {
		t.Errorf("all as asked:\n%s", got)
	}
	asked["e4"] = expectValue("Ghana")
	asked["e3"] = expectChecked(false)
	got, _ := pageView(after+"\n- alert: Saved", prev, true, 2000, asked)
	if want := "Changes:\n~ checkbox \"Stay\" [ref=e3] [checked]\n~ combobox \"Country\" [ref=e4] [value=\"Japan\"]\n+ alert: Saved"; got != want {
		t.Errorf("not as asked, and more:\n%s\nwant\n%s", got, want)
	}
	// A value the snapshot cut with an ellipsis is the asked one's start.
	long := strings.Repeat("a", 300)
	cut := "- textbox \"User\" [ref=e1] [value=\"" + long[:99] + "…\"]"
	if !expectValue(long)(cut) || expectValue("b"+long)(cut) {
		t.Error("a cut value")
	}
}

func TestWithoutRefs(t *testing.T) {
	for in, want := range map[string]string{
		`- link "A" [ref=e1], button "B" [ref=f2e3] [checked]`: `- link "A", button "B" [checked]`,
		`- text: x`:          `- text: x`,
		`- link "A" [ref=e1`: `- link "A"`,
	} {
		if got := withoutRefs(in); got != want {
			t.Errorf("withoutRefs(%q) = %q, want %q", in, got, want)
		}
	}
}
