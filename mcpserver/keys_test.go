package mcpserver

import (
	"strings"
	"testing"
)

// browser_press_key with text types it into what has focus (the CLI's
// keyboard type); key and text together, or neither, are refused.
func TestPressKeyToolTypesText(t *testing.T) {
	fe, _, cs := setup(t, Options{}, "agent")
	for _, args := range []map[string]any{{}, {"key": "Enter", "text": "hi"}} {
		if res := callTool(t, cs[0], "browser_press_key", args); !res.IsError {
			t.Errorf("%v: want refused, got %s", args, textOf(res))
		}
	}
	if got := fe.requests(); len(got) != 0 {
		t.Fatalf("refused calls sent %v", got)
	}
	fe.setRule("tabs.active", answer{result: map[string]any{"tabId": 7, "url": "http://x/", "title": "X"}})
	fe.setRule("pages.keyboardType", answer{result: map[string]any{"ok": true}})
	res := callTool(t, cs[0], "browser_press_key", map[string]any{"text": "héllo\n"})
	if first, _, _ := strings.Cut(textOf(res), "\n"); res.IsError || first != `Typed "héllo\n" into the focused element` {
		t.Errorf("answer %q", textOf(res))
	}
	var sent []request
	for _, r := range fe.requests() {
		if r.Method == "pages.keyboardType" {
			sent = append(sent, r)
		}
	}
	if len(sent) != 1 || sent[0].Params["text"] != "héllo\n" {
		t.Errorf("sent %v, want one pages.keyboardType with the text", sent)
	}
}
