package mcpserver

import (
	"maps"
	"reflect"
	"strings"
	"testing"
)

// browser_init_script adds, lists and removes the session's init scripts
// with the CLI's methods and answers the scripts the extension lists.
func TestInitScriptTool(t *testing.T) {
	list := map[string]any{"scripts": []any{
		map[string]any{"id": "i1", "name": "browser_init_script", "source": "Date.now = () => 0"},
		map[string]any{"id": "i2", "name": "mock.js", "source": "// mock\nwindow.x = 1"},
	}, "unapplied": []any{map[string]any{"tabId": 9, "setting": "initScripts", "error": "tab is a chrome:// page"}}}
	want := "### Init scripts\n- i1: Date.now = () => 0\n- i2: // mock ...\nTab 9 did not take it: tab is a chrome:// page"
	for _, tc := range []struct {
		args   map[string]any
		method string
		params map[string]any
	}{
		{map[string]any{"action": "add", "script": "Date.now = () => 0"}, "initScripts.add", map[string]any{"name": "browser_init_script", "source": "Date.now = () => 0"}},
		{map[string]any{"action": "list"}, "initScripts.list", map[string]any{}},
		{map[string]any{"action": "remove", "id": "i3"}, "initScripts.remove", map[string]any{"id": "i3"}},
	} {
		fe, _, cs := setup(t, Options{}, "agent")
		fe.setRule(tc.method, answer{result: list})
		res := callTool(t, cs[0], "browser_init_script", tc.args)
		if txt := textOf(res); res.IsError || txt != want {
			t.Errorf("%v: answer\n%q\nwant\n%q", tc.args, txt, want)
		}
		reqs := fe.requests()
		got := reqs[len(reqs)-1]
		params := maps.Clone(got.Params)
		if params["sessionId"] != "s1" {
			t.Errorf("%v: sent on session %v", tc.args, params["sessionId"])
		}
		delete(params, "sessionId")
		if got.Method != tc.method || !reflect.DeepEqual(params, tc.params) {
			t.Errorf("%v: sent %s %v, want %s %v", tc.args, got.Method, params, tc.method, tc.params)
		}
	}
	fe, _, cs := setup(t, Options{}, "agent")
	for _, args := range []map[string]any{{"action": "add"}, {"action": "add", "script": "  "}, {"action": "remove"}, {"action": "run"}} {
		if res := callTool(t, cs[0], "browser_init_script", args); !res.IsError || !strings.Contains(textOf(res), "invalid") {
			t.Errorf("%v: want refused, got %s", args, textOf(res))
		}
	}
	if got := fe.requests(); len(got) != 0 {
		t.Errorf("refused calls sent %v", got)
	}
}
