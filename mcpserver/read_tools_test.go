package mcpserver

import (
	"maps"
	"reflect"
	"strings"
	"testing"
)

// browser_get sends the CLI's read methods (get, get attr, get style, get
// count) with the element as ref or selector, and answers the page's value.
func TestGetToolAnswers(t *testing.T) {
	long := strings.Repeat("é", getMaxChars+5)
	cases := []struct {
		name   string
		args   map[string]any
		method string
		params map[string]any // without sessionId
		answer map[string]any
		says   string // the whole answer
	}{
		{"title", map[string]any{"what": "title"}, "pages.get", map[string]any{"what": "title"},
			map[string]any{"value": "Shop"}, "### title of the page\nShop"},
		{"text of a ref", map[string]any{"what": "text", "element": "Price", "ref": "e4"}, "pages.get", map[string]any{"what": "text", "ref": "e4"},
			map[string]any{"value": "12 €"}, "### text of Price (e4)\n12 €"},
		{"value by selector", map[string]any{"what": "value", "target": "#q"}, "pages.get", map[string]any{"what": "value", "selector": "#q"},
			map[string]any{"value": "shoes"}, "### value of #q\nshoes"},
		{"box", map[string]any{"what": "box", "target": "@e2"}, "pages.get", map[string]any{"what": "box", "ref": "e2"},
			map[string]any{"value": map[string]any{"x": 1, "y": 2, "width": 3, "height": 4}}, "### Box of e2\n{\"height\":4,\"width\":3,\"x\":1,\"y\":2}"},
		{"attr", map[string]any{"what": "attr", "ref": "e5", "name": "href"}, "pages.getAttribute", map[string]any{"ref": "e5", "name": "href"},
			map[string]any{"value": "/cart"}, "### Attribute href of e5\n/cart"},
		{"attr missing", map[string]any{"what": "attr", "target": "img", "name": "alt"}, "pages.getAttribute", map[string]any{"selector": "img", "name": "alt"},
			map[string]any{"value": nil}, "img has no attribute \"alt\""},
		{"style", map[string]any{"what": "style", "ref": "e6", "name": "color"}, "pages.getStyle", map[string]any{"ref": "e6", "name": "color"},
			map[string]any{"value": "rgb(255, 0, 0)"}, "### Style color of e6\nrgb(255, 0, 0)"},
		{"count", map[string]any{"what": "count", "target": "ul > li"}, "pages.count", map[string]any{"selector": "ul > li"},
			map[string]any{"count": 300}, "300 elements match ul > li"},
		{"long text is cut", map[string]any{"what": "text"}, "pages.get", map[string]any{"what": "text"},
			map[string]any{"value": long}, "### text of the page\n" + long[:2*getMaxChars] + "\n[cut: 5 more characters; read a smaller element]"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fe, _, cs := setup(t, Options{}, "agent")
			fe.setRule(tc.method, answer{result: tc.answer})
			res := callTool(t, cs[0], "browser_get", tc.args)
			if txt := textOf(res); res.IsError || txt != tc.says {
				t.Errorf("answer (error %v)\n%q\nwant\n%q", res.IsError, txt, tc.says)
			}
			reqs := fe.requests()
			got := reqs[len(reqs)-1]
			params := maps.Clone(got.Params)
			if params["sessionId"] != "s1" {
				t.Errorf("sent on session %v, want s1", params["sessionId"])
			}
			delete(params, "sessionId")
			if got.Method != tc.method || !reflect.DeepEqual(params, tc.params) {
				t.Errorf("sent %s %v, want %s %v", got.Method, params, tc.method, tc.params)
			}
		})
	}
}

// browser_get refuses what cannot be read before sending anything.
func TestGetToolRefusesConfusedArguments(t *testing.T) {
	fe, _, cs := setup(t, Options{}, "agent")
	for _, tc := range []struct {
		args map[string]any
		says string
	}{
		{map[string]any{"what": "title", "ref": "e1"}, "title is the page's"},
		{map[string]any{"what": "value"}, "value needs ref or target"},
		{map[string]any{"what": "attr", "ref": "e1"}, "attr needs name"},
		{map[string]any{"what": "style", "name": "color"}, "style needs ref or target"},
		{map[string]any{"what": "count", "ref": "e1"}, "count needs a CSS selector"},
		{map[string]any{"what": "colour"}, ""},
	} {
		res := callTool(t, cs[0], "browser_get", tc.args)
		if !res.IsError || !strings.Contains(textOf(res), tc.says) {
			t.Errorf("%v: want an error saying %q, got %s", tc.args, tc.says, textOf(res))
		}
	}
	if got := fe.requests(); len(got) != 0 {
		t.Errorf("refused calls sent %v", got)
	}
}
