package mcpserver

import (
	"context"
	"encoding/json"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"browserctl/rpc"
)

// listedSchema is a tool's input schema as a client reads it.
type listedSchema struct {
	Type       string `json:"type"`
	Properties map[string]struct {
		Type        any                      `json:"type"`
		Description string                   `json:"description"`
		Enum        []string                 `json:"enum"`
		Items       *struct{ Enum []string } `json:"items"`
		Default     json.RawMessage          `json:"default"`
		Minimum     *float64                 `json:"minimum"`
	} `json:"properties"`
	Required             []string `json:"required"`
	AdditionalProperties any      `json:"additionalProperties"`
}

// listedSchemas are the input schemas of the tools the server lists, by
// name.
func listedSchemas(t *testing.T) map[string]listedSchema {
	t.Helper()
	_, _, cs := setup(t, Options{AllTools: true}, "agent")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := cs[0].ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]listedSchema{}
	for _, tl := range res.Tools {
		b, _ := json.Marshal(tl.InputSchema)
		var s listedSchema
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatalf("%s: %v", tl.Name, err)
		}
		out[tl.Name] = s
	}
	return out
}

// fieldsOf maps each JSON member of t (embedded structs flattened) to its
// field; a member of an embedded struct of type skip is left out.
func fieldsOf(t reflect.Type, skip reflect.Type) map[string]reflect.StructField {
	out := map[string]reflect.StructField{}
	var walk func(reflect.Type)
	walk = func(t reflect.Type) {
		for f := range t.Fields() {
			if f.Anonymous && f.Type.Kind() == reflect.Struct {
				if f.Type != skip {
					walk(f.Type)
				}
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name != "" && name != "-" && f.IsExported() {
				out[name] = f
			}
		}
	}
	walk(t)
	return out
}

// jsonType is the JSON Schema type of a member of Go type t.
func jsonType(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "integer"
	case reflect.Float32, reflect.Float64:
		return "number"
	case reflect.Slice, reflect.Array:
		return "array"
	}
	return "object"
}

// The tool declared on a method's row takes exactly the members of the
// method's params, as the rpc package declares them: every member but the
// ones the server fills and the ones the row hides (an Element tool's
// selector, its ref given as element, ref and target), with the member's
// JSON type, required exactly when the params require it (less the row's
// Optional), its enum's values, its doc (or the row's description) and its
// default and minimum; beside them only Playwright MCP's element members
// and the members of the answer's own input. A member added to, renamed in
// or retyped in a params type without the tool following fails here.
func TestDeclaredToolSchemasAreTheirParams(t *testing.T) {
	listed := listedSchemas(t)
	declared := 0
	for _, m := range rpc.Methods {
		tool := m.Tool
		if tool == nil {
			continue
		}
		declared++
		name := tool.Name
		got, ok := listed[name]
		if !ok {
			t.Errorf("%s (declared on %s) is not listed", name, m.Wire)
			continue
		}
		if got.Type != "object" || got.AdditionalProperties != false {
			t.Errorf("%s: an object schema that refuses members outside it, got type %q, additionalProperties %v", name, got.Type, got.AdditionalProperties)
		}
		params := reflect.TypeOf(m.Params)
		want := fieldsOf(params, nil)
		for _, h := range slices.Concat(hiddenMembers, tool.Hide) {
			delete(want, h)
		}
		own := map[string]reflect.StructField{} // members beside the params'
		if tool.Element {
			delete(want, "selector")
			delete(want, "ref")
			own = fieldsOf(elementType, nil)
		}
		if a := answers[tool.Answer]; tool.Answer != (rpc.AnswerKey{}) && a.in != params {
			own = fieldsOf(a.in, params)
		}
		for prop := range got.Properties {
			if _, inParams := want[prop]; !inParams && own[prop].Name == "" {
				t.Errorf("%s: property %s is neither a member of %s nor of the tool's own", name, prop, params)
			}
		}
		for mem := range own {
			if _, ok := got.Properties[mem]; !ok {
				t.Errorf("%s: its own member %s is missing", name, mem)
			}
			if _, clash := want[mem]; clash {
				t.Errorf("%s: its own member %s is also a member of %s", name, mem, params)
			}
		}
		for mem, f := range want {
			p, ok := got.Properties[mem]
			if !ok {
				t.Errorf("%s: %s's member %s is missing (hide it on the row if the tool must not take it)", name, params, mem)
				continue
			}
			if typ, _ := p.Type.(string); typ != jsonType(f.Type) {
				t.Errorf("%s: %s is a %v, %s's member a %s", name, mem, p.Type, params, jsonType(f.Type))
			}
			optional := strings.Contains(f.Tag.Get("json"), ",omitempty") || slices.Contains(tool.Optional, mem)
			if required := slices.Contains(got.Required, mem); required == optional {
				t.Errorf("%s: %s required %v, in %s (with the row's Optional) %v", name, mem, required, params, !optional)
			}
			var enum []string
			if e := f.Tag.Get("enum"); e != "" {
				rpcEnum, _ := enumNamed(e)
				enum = rpcEnum.Values
			}
			gotEnum := p.Enum
			if p.Items != nil && len(p.Items.Enum) > 0 {
				gotEnum = p.Items.Enum
			}
			if !slices.Equal(gotEnum, enum) {
				t.Errorf("%s: %s's enum %v, %s's %v", name, mem, gotEnum, params, enum)
			}
			doc := f.Tag.Get("doc")
			if d, ok := tool.Describe[mem]; ok {
				doc = d
			}
			if p.Description != doc {
				t.Errorf("%s: %s's description %q, the row's or its doc %q", name, mem, p.Description, doc)
			}
			if d := f.Tag.Get("default"); d != "" && d != "false" {
				if !json.Valid([]byte(d)) {
					d = strconv.Quote(d)
				}
				if string(p.Default) != d {
					t.Errorf("%s: %s's default %s, %s's %s", name, mem, p.Default, params, d)
				}
			} else if len(p.Default) > 0 {
				t.Errorf("%s: %s has a default %s its params do not give", name, mem, p.Default)
			}
			if mn := f.Tag.Get("min"); mn != "" && (p.Minimum == nil || strconv.FormatFloat(*p.Minimum, 'g', -1, 64) != mn) {
				t.Errorf("%s: %s's minimum %v, %s's %s", name, mem, p.Minimum, params, mn)
			}
		}
	}
	if declared < 20 {
		t.Errorf("only %d tools are declared on rows", declared)
	}
}

// driftParams is a params type no method has, to show what a declaration
// gives.
type driftParams struct {
	rpc.PageParams
	Name  string   `json:"name" doc:"a name"`
	Count int      `json:"count,omitempty" min:"1" default:"3"`
	Kind  string   `json:"kind,omitempty" enum:"StorageKind"`
	Tags  []string `json:"tags,omitempty"`
	Quiet bool     `json:"quiet,omitempty"`
}

// A declared tool's schema is its params type's, whatever the type holds:
// the row adds nothing but what it hides and describes.
func TestDeclaredToolFollowsItsParams(t *testing.T) {
	m := rpc.Method{Wire: rpc.PageFocus, Params: driftParams{}, Result: rpc.OKResult{},
		Tool: &rpc.Tool{Name: "browser_drift", Title: "Drift", Description: "d", Hide: []string{"quiet"}, Done: "{name} x{count}"}}
	td := (&Server{}).declaredTool(m)
	b, _ := json.Marshal(td.tool.InputSchema)
	const want = `{"type":"object","properties":{"name":{"type":"string","description":"a name"},"count":{"type":"integer","default":3,"minimum":1},"kind":{"type":"string","enum":["local","session"]},"tags":{"type":"array","items":{"type":"string"}}},"required":["name"],"additionalProperties":false}`
	if string(b) != want {
		t.Errorf("schema\n got %s\nwant %s", b, want)
	}
	if td.tool.Annotations != nil {
		t.Errorf("a destructive tool says so by no annotations: %+v", td.tool.Annotations)
	}
	v := reflect.ValueOf(driftParams{Name: "n", Count: 3})
	if got := expandTool(m, v, nil, elementRef{}); got != "n x3" {
		t.Errorf("Done: %q", got)
	}
}

// A declaration that does not fit its params stops the server from being
// built, so no test run (and no release) carries it.
func TestDeclarationsThatDoNotFitPanic(t *testing.T) {
	base := func() rpc.Method {
		return rpc.Method{Wire: rpc.PageFocus, Params: rpc.RefParams{}, Result: rpc.OKResult{}, Tool: &rpc.Tool{Name: "browser_x", Title: "X", Description: "x"}}
	}
	cases := map[string]func(*rpc.Tool){
		"hides a member the params lack": func(t *rpc.Tool) { t.Hide = []string{"nope"} },
		"describes a member it lacks":    func(t *rpc.Tool) { t.Describe = map[string]string{"nope": "x"} },
		"Done names a member it lacks":   func(t *rpc.Tool) { t.Done = "did {nope}" },
		"Done names a result it lacks":   func(t *rpc.Tool) { t.Done = "did {.nope}" },
		"names an unknown answer":        func(t *rpc.Tool) { t.Answer = rpc.AnswerHandoff; delete(answers, rpc.AnswerHandoff) },
		"answer over another type":       func(t *rpc.Tool) { t.Answer = rpc.AnswerFind },
		"{element} without Element":      func(t *rpc.Tool) { t.Done = "did {element}" },
	}
	registered := maps.Clone(answers)
	defer func() { answers = registered }()
	for what, change := range cases {
		answers = maps.Clone(registered)
		m := base()
		change(m.Tool)
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("a tool that %s was built", what)
				}
			}()
			(&Server{}).declaredTool(m)
		}()
	}
}

// A declared tool without a handler sends its method with the arguments
// (defaults applied, the element's ref or target in ref or selector) and
// answers its Done line, then where the page is when the row asks.
func TestDeclaredToolAnswers(t *testing.T) {
	snap := map[string]any{"snapshot": "- button \"Go\" [ref=e1]", "url": "http://x/", "title": "X", "tabId": 7, "refs": map[string]any{}}
	ok := answer{result: map[string]any{"ok": true}}
	cases := []struct {
		tool string
		args map[string]any
		sent request // the first request after sessions.create; params as a subset
		says string  // the answer's first line
		page bool    // the page's snapshot follows
	}{
		{"browser_navigate", map[string]any{"url": "example.com"}, request{"pages.navigate", map[string]any{"url": "example.com"}}, "URL: http://x/", true},
		{"browser_navigate_back", nil, request{"pages.back", nil}, "Went back", true},
		{"browser_navigate_forward", nil, request{"pages.forward", nil}, "Went forward", true},
		{"browser_reload", nil, request{"pages.reload", nil}, "Reloaded", true},
		{"browser_press_key", map[string]any{"key": "Enter"}, request{"pages.press", map[string]any{"key": "Enter"}}, "Pressed Enter", true},
		{"browser_scroll", map[string]any{"direction": "down"}, request{"pages.scroll", map[string]any{"direction": "down", "amount": 500}}, "Scrolled down; the page is at x=0, y=1.5e+06", true},
		{"browser_drag", map[string]any{"ref": "e1", "toSelector": "#b"}, request{"pages.drag", map[string]any{"ref": "e1", "toSelector": "#b"}}, "Dragged e1 to #b", true},
		{"browser_hover", map[string]any{"element": "Menu", "ref": "e2"}, request{"pages.hover", map[string]any{"ref": "e2"}}, "Hovered over Menu (e2)", true},
		{"browser_hover", map[string]any{"element": "Menu", "target": "nav a"}, request{"pages.hover", map[string]any{"selector": "nav a"}}, "Hovered over Menu (nav a)", true},
		{"browser_select_option", map[string]any{"element": "Colour", "target": "@e3", "values": []string{"red", "blue"}}, request{"pages.select", map[string]any{"ref": "e3", "values": []string{"red", "blue"}}}, `Selected ["red" "blue"] in Colour (@e3)`, true},
		{"browser_vitals", nil, request{"pages.vitals", nil}, `### Web Vitals`, false},
		{"browser_is", map[string]any{"element": "Terms", "ref": "e4", "state": "checked"}, request{"pages.is", map[string]any{"ref": "e4", "state": "checked"}}, "Terms (e4) checked: false", false},
		{"browser_mouse", map[string]any{"action": "click", "x": 10, "y": 20.5}, request{"pages.mouse", map[string]any{"action": "click", "x": 10, "y": 20.5}}, "Mouse click at 10, 20.5", true},
		{"browser_highlight", map[string]any{"target": "#a", "durationMs": 0}, request{"pages.highlight", map[string]any{"selector": "#a", "durationMs": 0}}, `Highlight: {"target":"#a"}`, false},
		{"browser_settings", nil, request{"emulation.show", nil}, "### Settings", false},
		{"browser_websockets", nil, request{"network.webSockets", nil}, "### WebSockets", false},
		{"browser_websocket_frames", map[string]any{"id": "w1", "after": 3}, request{"network.webSocketFrames", map[string]any{"id": "w1", "after": 3}}, "### Frames", false},
		// the client's own session's events, never every session's
		{"browser_events", map[string]any{"after": 4}, request{"logs.events", map[string]any{"after": 4}}, "### Events", false},
		{"browser_durable_target", map[string]any{"ref": "e3"}, request{"pages.durableTarget", map[string]any{"ref": "e3"}}, `{"document":"d1","name":"Go","role":"button","target":"role=button[name=\"Go\"]","url":"http://x/"}`, false},
	}
	for _, tc := range cases {
		t.Run(tc.tool, func(t *testing.T) {
			fe, _, cs := setup(t, Options{MaxSnapshotChars: 1000}, "agent")
			fe.setRule("pages.snapshot", answer{result: snap})
			for _, m := range []string{"pages.navigate", "pages.back", "pages.forward", "pages.reload", "pages.press", "pages.drag", "pages.hover"} {
				fe.setRule(m, ok)
			}
			fe.setRule("pages.scroll", answer{result: map[string]any{"scrollX": 0, "scrollY": 1500000}})
			fe.setRule("pages.select", answer{result: map[string]any{"selected": []string{"red", "blue"}}})
			fe.setRule("pages.vitals", answer{result: map[string]any{"lcp": 120}})
			fe.setRule("pages.is", answer{result: map[string]any{"value": false}})
			fe.setRule("pages.mouse", ok)
			fe.setRule("pages.highlight", answer{result: map[string]any{"target": "#a"}})
			fe.setRule("pages.durableTarget", answer{result: map[string]any{"url": "http://x/", "document": "d1", "target": `role=button[name="Go"]`, "role": "button", "name": "Go"}})
			for _, m := range []string{"emulation.show", "network.webSockets", "network.webSocketFrames", "logs.events"} {
				fe.setRule(m, answer{result: map[string]any{}})
			}
			res := callTool(t, cs[0], tc.tool, tc.args)
			txt := textOf(res)
			if res.IsError {
				t.Fatalf("tool error: %s", txt)
			}
			first, _, _ := strings.Cut(txt, "\n")
			if tc.tool == "browser_vitals" {
				if txt != "### Web Vitals\n{\"lcp\":120}" {
					t.Errorf("answer %q", txt)
				}
			} else if first != tc.says {
				t.Errorf("first line %q, want %q", first, tc.says)
			}
			if tc.page != strings.Contains(txt, "URL: http://x/\nTitle: X\n- button \"Go\" [ref=e1]") {
				t.Errorf("page state appended: %v, want %v:\n%s", !tc.page, tc.page, txt)
			}
			got := fe.requests()[1]
			if got.Method != tc.sent.Method || got.Params["sessionId"] != "s1" {
				t.Fatalf("sent %s %v, want %s on s1", got.Method, got.Params, tc.sent.Method)
			}
			for k, v := range tc.sent.Params {
				gj, _ := json.Marshal(got.Params[k])
				wj, _ := json.Marshal(v)
				if string(gj) != string(wj) {
					t.Errorf("%s = %s, want %s", k, gj, wj)
				}
			}
		})
	}
}
