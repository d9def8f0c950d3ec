package mcpserver

import (
	"maps"
	"reflect"
	"strings"
	"testing"
)

// browser_scroll with an element scrolls it into view, with focus focuses
// it (the CLI's scroll-into-view and focus), and answers with the page.
func TestScrollToolBringsAnElementIntoView(t *testing.T) {
	snap := map[string]any{"snapshot": "- textbox \"Search\" [ref=e3]", "url": "http://x/", "title": "X", "tabId": 7, "refs": map[string]any{}}
	for _, tc := range []struct {
		args   map[string]any
		method string
		params map[string]any
		says   string
	}{
		{map[string]any{"ref": "e3"}, "pages.scrollIntoView", map[string]any{"ref": "e3"}, "Scrolled e3 into view"},
		{map[string]any{"target": "footer"}, "pages.scrollIntoView", map[string]any{"selector": "footer"}, "Scrolled footer into view"},
		{map[string]any{"target": "@e3", "focus": true}, "pages.focus", map[string]any{"ref": "e3"}, "Focused e3"},
	} {
		fe, _, cs := setup(t, Options{}, "agent")
		fe.setRule("pages.snapshot", answer{result: snap})
		fe.setRule("tabs.active", answer{result: map[string]any{"tabId": 7, "url": "http://x/", "title": "X"}})
		fe.setRule(tc.method, answer{result: map[string]any{"ok": true}})
		res := callTool(t, cs[0], "browser_scroll", tc.args)
		txt := textOf(res)
		if first, rest, _ := strings.Cut(txt, "\n"); res.IsError || first != tc.says || !strings.Contains(rest, "URL: http://x/") {
			t.Errorf("%v: answer %q, want %q and the page", tc.args, txt, tc.says)
		}
		var sent *request
		for _, r := range fe.requests() {
			if r.Method == tc.method {
				sent = &r
			}
		}
		if sent == nil {
			t.Fatalf("%v: %s not sent: %v", tc.args, tc.method, fe.requests())
		}
		params := maps.Clone(sent.Params)
		delete(params, "sessionId")
		delete(params, "timeoutMs")
		if !reflect.DeepEqual(params, tc.params) {
			t.Errorf("%v: sent %v, want %v", tc.args, params, tc.params)
		}
	}
}

// An element the page cannot focus is an error, not "Focused".
func TestScrollToolFocusRefusedByThePage(t *testing.T) {
	fe, _, cs := setup(t, Options{}, "agent")
	fe.setRule("pages.focus", answer{code: 4110, msg: "the element cannot take focus"})
	res := callTool(t, cs[0], "browser_scroll", map[string]any{"ref": "e9", "focus": true})
	if !res.IsError || !strings.Contains(textOf(res), "cannot take focus") {
		t.Errorf("want the page's refusal, got %s", textOf(res))
	}
}

// Confused arguments are refused before anything is sent.
func TestScrollToolRefusesConfusedArguments(t *testing.T) {
	fe, _, cs := setup(t, Options{}, "agent")
	for _, args := range []map[string]any{
		{},
		{"focus": true},
		{"direction": "down", "ref": "e3"},
	} {
		if res := callTool(t, cs[0], "browser_scroll", args); !res.IsError {
			t.Errorf("%v: want refused, got %s", args, textOf(res))
		}
	}
	if got := fe.requests(); len(got) != 0 {
		t.Errorf("refused calls sent %v", got)
	}
}
