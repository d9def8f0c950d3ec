package mcpserver

import (
	"maps"
	"reflect"
	"strings"
	"testing"
)

// browser_route with abort blocks the pattern (network.block), without a
// pattern lists the routes (network.routes); each answer says what the
// extension answered.
func TestRouteToolBlocksAndLists(t *testing.T) {
	cases := []struct {
		name   string
		args   map[string]any
		method string
		params map[string]any // without sessionId
		answer map[string]any
		says   string
	}{
		{"block", map[string]any{"pattern": "*.png", "abort": true}, "network.block", map[string]any{"patterns": []any{"*.png"}},
			map[string]any{"patterns": []string{"ads", "*.png"}, "skippedTabIds": []int{9}},
			"Requests matching *.png now fail\n### Blocked\nads\n*.png\nTabs [9] could not be attached now: they get the list on their first call"},
		{"list", nil, "network.routes", map[string]any{},
			map[string]any{"routes": []any{
				map[string]any{"pattern": "ads", "abort": true},
				map[string]any{"pattern": "/api", "status": 200, "contentType": "application/json", "bodySize": 2},
			}},
			"### Routes\nads => abort\n/api => 200 application/json (2 bytes)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fe, _, cs := setup(t, Options{}, "agent")
			fe.setRule(tc.method, answer{result: tc.answer})
			res := callTool(t, cs[0], "browser_route", tc.args)
			if txt := textOf(res); res.IsError || txt != tc.says {
				t.Errorf("answer (error %v)\n%q\nwant\n%q", res.IsError, txt, tc.says)
			}
			reqs := fe.requests()
			got := reqs[len(reqs)-1]
			params := maps.Clone(got.Params)
			delete(params, "sessionId")
			if got.Method != tc.method || !reflect.DeepEqual(params, tc.params) {
				t.Errorf("sent %s %v, want %s %v", got.Method, params, tc.method, tc.params)
			}
		})
	}
}

// A block list without the pattern is no block: the tool says so rather
// than ok.
func TestRouteToolBlockNotTakenIsAnError(t *testing.T) {
	fe, _, cs := setup(t, Options{}, "agent")
	fe.setRule("network.block", answer{result: map[string]any{"patterns": []string{"ads"}}})
	res := callTool(t, cs[0], "browser_route", map[string]any{"pattern": "*.png", "abort": true})
	if !res.IsError || !strings.Contains(textOf(res), "without \"*.png\"") {
		t.Errorf("want an error, got %s", textOf(res))
	}
}

// Confused arguments are refused before anything is sent.
func TestRouteToolRefusesConfusedArguments(t *testing.T) {
	fe, _, cs := setup(t, Options{}, "agent")
	for _, tc := range []struct {
		args map[string]any
		says string
	}{
		{map[string]any{"pattern": "ads", "abort": true, "status": 404}, "abort fails the requests"},
		{map[string]any{"abort": true}, "pattern must not be empty"},
		{map[string]any{"status": 404}, "pattern must not be empty"},
	} {
		res := callTool(t, cs[0], "browser_route", tc.args)
		if !res.IsError || !strings.Contains(textOf(res), tc.says) {
			t.Errorf("%v: want an error saying %q, got %s", tc.args, tc.says, textOf(res))
		}
	}
	if got := fe.requests(); len(got) != 0 {
		t.Errorf("refused calls sent %v", got)
	}
}
