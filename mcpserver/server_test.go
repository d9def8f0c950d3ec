package mcpserver

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/gorilla/websocket"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/hub"
	"browserctl/rpc"
)

const testToken = "mcp-test-token"

// request is one call the fake extension received.
type request struct {
	Method string
	Params map[string]any
}

// answer is what the fake extension answers: a result, or an error code.
type answer struct {
	result any
	code   int
	msg    string
	delay  time.Duration // answered this late (other requests meanwhile)
}

// fakeExtension is an extension peer over a real WebSocket to a real hub: it
// records every request and answers from rules (method -> answer); a method
// without a rule answers -32601 as the real router does.
type fakeExtension struct {
	mu       sync.Mutex
	rules    map[string]answer
	received []request
	sessions int
	fallback *answer // answers a method without a rule when set
	// hello is the auth frame's "browser" member (nil: a seed peer); its
	// sessions are then s<id><n>, so two browsers' ids never clash.
	hello   *rpc.BrowserHello
	callers []map[string]any
}

// noteCaller keeps the "caller" member the hub added to a request.
func (fe *fakeExtension) noteCaller(c map[string]any) {
	fe.mu.Lock()
	fe.callers = append(fe.callers, c)
	fe.mu.Unlock()
}

// seenCallers are the callers the hub named, in order.
func (fe *fakeExtension) seenCallers() []map[string]any {
	fe.mu.Lock()
	defer fe.mu.Unlock()
	return slices.Clone(fe.callers)
}

func (fe *fakeExtension) setRule(method string, a answer) {
	fe.mu.Lock()
	fe.rules[method] = a
	fe.mu.Unlock()
}

func (fe *fakeExtension) requests() []request {
	fe.mu.Lock()
	defer fe.mu.Unlock()
	return slices.Clone(fe.received)
}

func (fe *fakeExtension) answer(method string, params map[string]any) answer {
	fe.mu.Lock()
	defer fe.mu.Unlock()
	fe.received = append(fe.received, request{method, params})
	if method == rpc.SessionCreate {
		fe.sessions++
		sid := fmt.Sprintf("s%d", fe.sessions)
		if fe.hello != nil {
			sid = fmt.Sprintf("s%s%d", fe.hello.ID, fe.sessions)
		}
		return answer{result: map[string]any{"sessionId": sid, "name": params["name"], "groupId": 1, "tabIds": []int{7}, "activeTabId": 7}}
	}
	if a, ok := fe.rules[method]; ok {
		return a
	}
	if fe.fallback != nil {
		return *fe.fallback
	}
	return answer{code: int(rpc.CodeMethodNotFound), msg: "method not found: " + method}
}

func (fe *fakeExtension) serve(t *testing.T, url string) {
	ws, _, err := websocket.DefaultDialer.Dial(url, nil)
	if err != nil {
		t.Fatalf("fake extension: dial: %v", err)
	}
	t.Cleanup(func() { ws.Close() })
	if err := ws.WriteJSON(rpc.Control{Type: rpc.FrameAuth, Token: testToken, Browser: fe.hello}); err != nil {
		t.Fatal(err)
	}
	var ok map[string]any
	if err := ws.ReadJSON(&ok); err != nil || ok["type"] != "auth_ok" {
		t.Fatalf("fake extension: auth: %v %v", ok, err)
	}
	go func() {
		var wmu sync.Mutex
		for {
			var req struct {
				ID     int64          `json:"id"`
				Method string         `json:"method"`
				Params map[string]any `json:"params"`
			}
			if err := ws.ReadJSON(&req); err != nil {
				return
			}
			// the hub's "caller" is not the method's: the extension's
			// router takes it out (and the client's name is checked apart)
			if c, ok := req.Params["caller"].(map[string]any); ok {
				fe.noteCaller(c)
				delete(req.Params, "caller")
			}
			a := fe.answer(req.Method, req.Params)
			msg := map[string]any{"jsonrpc": "2.0", "id": req.ID}
			if a.code != 0 {
				msg["error"] = map[string]any{"code": a.code, "message": a.msg}
			} else {
				msg["result"] = a.result
			}
			go func() {
				time.Sleep(a.delay)
				wmu.Lock()
				_ = ws.WriteJSON(msg)
				wmu.Unlock()
			}()
		}
	}()
}

// setup starts a hub, a fake extension connected to it, and the MCP server
// on that hub; it returns a connected SDK client session per name.
func setup(t *testing.T, opts Options, clients ...string) (*fakeExtension, *Server, []*mcp.ClientSession) {
	t.Helper()
	h := hub.New(hub.Options{Token: testToken})
	srv := httptest.NewServer(h.Handler())
	t.Cleanup(func() { srv.Close(); h.Close() })
	fe := &fakeExtension{rules: map[string]answer{}}
	fe.serve(t, "ws"+strings.TrimPrefix(srv.URL, "http")+"/ws/browser")
	deadline := time.Now().Add(5 * time.Second)
	for {
		st, _ := h.Status(context.Background())
		if st.Connected {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("fake extension never connected")
		}
		time.Sleep(5 * time.Millisecond)
	}
	opts.Caller = h
	if opts.OutputDir == "" && opts.StateDir == nil {
		state := t.TempDir()
		opts.StateDir = func() (string, error) { return state, nil }
	}
	s := New(opts)
	var sessions []*mcp.ClientSession
	for _, name := range clients {
		st, ct := mcp.NewInMemoryTransports()
		ss, err := s.MCP().Connect(context.Background(), st, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ss.Close() })
		c := mcp.NewClient(&mcp.Implementation{Name: name, Version: "1"}, nil)
		cs, err := c.Connect(context.Background(), ct, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cs.Close() })
		sessions = append(sessions, cs)
	}
	return fe, s, sessions
}

func callTool(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: protocol error: %v", name, err)
	}
	return res
}

func textOf(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// The tools an agent sees are the core tools and browser_more, which
// names every other; with AllTools, every tool, each with an object
// schema, a description and annotations.
func TestToolsList(t *testing.T) {
	_, _, cs := setup(t, Options{}, "agent")
	listed, err := cs[0].ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	_, _, cs = setup(t, Options{AllTools: true}, "agent")
	res, err := cs[0].ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range listed.Tools {
		names = append(names, tl.Name)
	}
	if want := append(coreToolNames(), moreTool); !slices.Equal(names, want) {
		t.Errorf("tools/list:\n got %v\nwant %v", names, want)
	}
	var moreSchema jsonschema.Schema
	b, _ := json.Marshal(listed.Tools[len(listed.Tools)-1].InputSchema)
	if err := json.Unmarshal(b, &moreSchema); err != nil {
		t.Fatal(err)
	}
	more := moreSchema.Properties["tool"].Enum
	if len(more)+len(coreTools) != len(res.Tools) {
		t.Errorf("browser_more names %d tools, the core %d, of %d", len(more), len(coreTools), len(res.Tools))
	}
	for _, tl := range listed.Tools[:len(coreTools)] {
		full := res.Tools[slices.IndexFunc(res.Tools, func(f *mcp.Tool) bool { return f.Name == tl.Name })]
		if !reflect.DeepEqual(tl.Annotations, full.Annotations) {
			t.Errorf("%s is listed with annotations %+v, not its own %+v", tl.Name, tl.Annotations, full.Annotations)
		}
	}
	want := []string{
		"browser_click", "browser_console_messages", "browser_evaluate", "browser_file_upload", "browser_fill_form",
		"browser_handle_dialog", "browser_hover", "browser_navigate", "browser_navigate_back",
		"browser_network_requests", "browser_press_key", "browser_select_option", "browser_session",
		"browser_snapshot", "browser_tabs", "browser_take_screenshot", "browser_type", "browser_wait_for",
		"browser_resize", "browser_emulate_device", "browser_emulate_media", "browser_set_offline",
		"browser_set_geolocation", "browser_state_save", "browser_state_load",
		"browser_close", "browser_cookies", "browser_download", "browser_drag", "browser_find", "browser_pdf_save",
		"browser_scroll", "browser_storage", "browser_handoff",
		"browser_start_trace", "browser_stop_trace", "browser_vitals", "browser_navigate_forward", "browser_reload",
		"browser_route", "browser_unroute", "browser_is", "browser_get", "browser_init_script",
		"browser_mouse", "browser_highlight", "browser_settings", "browser_websockets", "browser_websocket_frames", "browser_events",
		"browser_start_recording", "browser_stop_recording",
		"browser_har", "browser_video", "browser_durable_target",
	}
	slices.Sort(want)
	var got []string
	for _, tl := range res.Tools {
		got = append(got, tl.Name)
		if tl.Description == "" || tl.Title == "" {
			t.Errorf("%s: description %q, annotations %+v", tl.Name, tl.Description, tl.Annotations)
		}
		schema, _ := json.Marshal(tl.InputSchema)
		var s struct {
			Type string `json:"type"`
		}
		if json.Unmarshal(schema, &s) != nil || s.Type != "object" {
			t.Errorf("%s: input schema %s is not an object schema", tl.Name, schema)
		}
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("tools:\n got %v\nwant %v", got, want)
	}
	for _, tl := range res.Tools {
		if tl.Annotations == nil { // the spec's defaults: destructive, open world
			tl.Annotations = &mcp.ToolAnnotations{}
		}
		ro := tl.Annotations.ReadOnlyHint
		switch tl.Name {
		case "browser_snapshot", "browser_take_screenshot", "browser_wait_for", "browser_hover",
			"browser_console_messages", "browser_network_requests", "browser_find", "browser_pdf_save", "browser_scroll", "browser_is", "browser_get",
			"browser_settings", "browser_websockets", "browser_websocket_frames", "browser_events", "browser_durable_target":
			if !ro {
				t.Errorf("%s should be read-only", tl.Name)
			}
		case "browser_highlight", // draws over the page, changes nothing of it
			"browser_har", "browser_video": // record beside the page; stop writes a file
			if ro || tl.Annotations.DestructiveHint == nil || *tl.Annotations.DestructiveHint {
				t.Errorf("%s should be additive: %+v", tl.Name, tl.Annotations)
			}
		default:
			// destructiveHint left out means true (the spec's default)
			if ro || tl.Annotations.DestructiveHint != nil && !*tl.Annotations.DestructiveHint {
				t.Errorf("%s should be destructive, not read-only: %+v", tl.Name, tl.Annotations)
			}
		}
		if tl.Annotations.OpenWorldHint != nil && !*tl.Annotations.OpenWorldHint {
			t.Errorf("%s: every tool reaches the web (openWorldHint left out: true)", tl.Name)
		}
	}
}

// Each tool sends the wire calls its job needs, with the client's session.
func TestToolRequests(t *testing.T) {
	snap := map[string]any{"snapshot": "title: X\nurl: http://x/\n- button \"Go\" [ref=e1]", "url": "http://x/", "title": "X", "tabId": 7, "refs": map[string]any{}}
	ok := answer{result: map[string]any{"ok": true}}
	tabs := answer{result: map[string]any{"tabs": []map[string]any{
		{"tabId": 7, "url": "http://x/", "title": "X", "active": true},
		{"tabId": 8, "url": "http://y/", "title": "Y", "active": false},
	}}}
	cases := []struct {
		tool string
		args map[string]any
		want []request // in order, after sessions.create; params checked as a subset
	}{
		// the page is asked for in the navigation's own call; an extension
		// that answers none gets asked again (pages.navigate's snapshot)
		{"browser_navigate", map[string]any{"url": "example.com"}, []request{{"pages.navigate", map[string]any{"url": "example.com", "snapshot": true}}, {"pages.snapshot", map[string]any{"compact": true}}}},
		{"browser_navigate_back", map[string]any{}, []request{{"pages.back", nil}, {"pages.snapshot", nil}}},
		{"browser_snapshot", map[string]any{}, []request{{"pages.snapshot", map[string]any{"compact": true}}}},
		{"browser_snapshot", map[string]any{"mode": "interactive"}, []request{{"pages.snapshot", map[string]any{"interactive": true}}}},
		{"browser_click", map[string]any{"element": "Go button", "ref": "e1", "doubleClick": true, "button": "right"}, []request{{"pages.click", map[string]any{"ref": "e1", "clickCount": float64(2), "button": "right"}}, {"pages.snapshot", nil}}},
		{"browser_type", map[string]any{"element": "q", "ref": "e2", "text": "hi"}, []request{{"pages.fill", map[string]any{"ref": "e2", "value": "hi"}}, {"pages.snapshot", nil}}},
		// a frame target goes to the extension as the selector, whole
		{"browser_click", map[string]any{"element": "Save", "target": `frame="#outer" >> frame=iframe[name="inner"] >> role=button[name="Save"]`}, []request{{"pages.click", map[string]any{"selector": `frame="#outer" >> frame=iframe[name="inner"] >> role=button[name="Save"]`}}, {"pages.snapshot", nil}}},
		{"browser_type", map[string]any{"element": "q", "ref": "e2", "text": "hi", "slowly": true, "submit": true}, []request{{"pages.type", map[string]any{"ref": "e2", "text": "hi"}}, {"pages.press", map[string]any{"key": "Enter"}}, {"pages.snapshot", nil}}},
		{"browser_fill_form", map[string]any{"fields": []map[string]any{
			{"name": "Email", "type": "textbox", "ref": "e2", "value": "a@b.c"},
			{"name": "Agree", "type": "checkbox", "ref": "e3", "value": "true"},
			{"name": "Country", "type": "combobox", "ref": "e4", "value": "France"},
		}}, []request{{"pages.fill", map[string]any{"ref": "e2", "value": "a@b.c"}}, {"pages.check", map[string]any{"ref": "e3", "checked": true}}, {"pages.select", map[string]any{"ref": "e4", "values": []any{"France"}}}, {"pages.snapshot", nil}}},
		{"browser_select_option", map[string]any{"element": "c", "ref": "e4", "values": []string{"a", "b"}}, []request{{"pages.select", map[string]any{"ref": "e4", "values": []any{"a", "b"}}}, {"pages.snapshot", nil}}},
		{"browser_hover", map[string]any{"element": "m", "ref": "e5"}, []request{{"pages.hover", map[string]any{"ref": "e5"}}, {"pages.snapshot", nil}}},
		{"browser_hover", map[string]any{"element": "m", "target": "#menu"}, []request{{"pages.hover", map[string]any{"selector": "#menu"}}, {"pages.snapshot", nil}}},
		{"browser_press_key", map[string]any{"key": "Control+a"}, []request{{"pages.press", map[string]any{"key": "Control+a"}}, {"pages.snapshot", nil}}},
		{"browser_wait_for", map[string]any{"time": 0.25}, []request{{"pages.wait", map[string]any{"ms": float64(250)}}, {"pages.snapshot", nil}}},
		{"browser_wait_for", map[string]any{"text": "Done"}, []request{{"pages.waitFor", map[string]any{"text": "Done"}}, {"pages.snapshot", nil}}},
		{"browser_wait_for", map[string]any{"textGone": "Loading"}, []request{{"pages.waitFor", map[string]any{"text": "Loading", "gone": true}}, {"pages.snapshot", nil}}},
		{"browser_handle_dialog", map[string]any{"accept": true, "promptText": "Ann"}, []request{{"pages.dialog", map[string]any{"action": "accept", "text": "Ann"}}, {"pages.snapshot", nil}}},
		{"browser_handle_dialog", map[string]any{"accept": false}, []request{{"pages.dialog", map[string]any{"action": "dismiss"}}, {"pages.snapshot", nil}}},
		{"browser_tabs", map[string]any{"action": "list"}, []request{{"tabs.list", nil}}},
		{"browser_tabs", map[string]any{"action": "new", "url": "http://z/"}, []request{{"tabs.open", map[string]any{"url": "http://z/"}}, {"pages.snapshot", nil}}},
		{"browser_tabs", map[string]any{"action": "select", "index": 1}, []request{{"tabs.list", nil}, {"tabs.activate", map[string]any{"tabId": float64(8)}}, {"pages.snapshot", nil}}},
		{"browser_tabs", map[string]any{"action": "close", "index": 1}, []request{{"tabs.list", nil}, {"tabs.close", map[string]any{"tabId": float64(8)}}, {"tabs.list", nil}}},
		{"browser_take_screenshot", map[string]any{"fullPage": true}, []request{{"pages.screenshot", map[string]any{"fullPage": true}}}},
		{"browser_take_screenshot", map[string]any{"format": "jpeg", "quality": 40}, []request{{"pages.screenshot", map[string]any{"format": "jpeg", "quality": 40}}}},
		{"browser_vitals", map[string]any{"reload": true}, []request{{"pages.vitals", map[string]any{"reload": true}}}},
		{"browser_start_trace", map[string]any{"categories": []string{"devtools.timeline"}}, []request{{"trace.start", map[string]any{"categories": []string{"devtools.timeline"}}}}},
		{"browser_evaluate", map[string]any{"function": "() => document.title"}, []request{{"pages.eval", map[string]any{"expression": "(() => document.title\n)()"}}}},
	}
	for _, tc := range cases {
		t.Run(tc.tool, func(t *testing.T) {
			fe, _, cs := setup(t, Options{MaxSnapshotChars: 1000}, "agent")
			for _, m := range []string{"pages.navigate", "pages.back", "pages.click", "pages.fill", "pages.type", "pages.press", "pages.check", "pages.select", "pages.hover", "pages.wait", "pages.waitFor", "pages.dialog", "tabs.activate", "tabs.open"} {
				fe.setRule(m, ok)
			}
			fe.setRule("pages.snapshot", answer{result: snap})
			fe.setRule("tabs.list", tabs)
			fe.setRule("tabs.close", answer{result: map[string]any{"tabId": 8, "closed": true}})
			fe.setRule("pages.screenshot", answer{result: map[string]any{"data": base64.StdEncoding.EncodeToString([]byte("\x89PNG\r\n\x1a\nfake")), "format": "png", "width": 10, "height": 10}})
			fe.setRule("pages.eval", answer{result: map[string]any{"value": "X"}})
			fe.setRule("pages.vitals", answer{result: map[string]any{"url": "http://x/", "ttfb": 1, "cls": map[string]any{"value": 0, "shifts": []any{}}}})
			fe.setRule("trace.start", answer{result: map[string]any{"tabId": 7, "categories": []string{"devtools.timeline"}}})
			res := callTool(t, cs[0], tc.tool, tc.args)
			if res.IsError {
				t.Fatalf("tool error: %s", textOf(res))
			}
			got := fe.requests()
			if len(got) == 0 || got[0].Method != rpc.SessionCreate || got[0].Params["name"] != "mcp: agent" {
				t.Fatalf("first request should create the client's session named after it, got %+v", got)
			}
			got = got[1:]
			if len(got) != len(tc.want) {
				t.Fatalf("requests:\n got %+v\nwant %+v", got, tc.want)
			}
			for i, w := range tc.want {
				g := got[i]
				if g.Method != w.Method || g.Params["sessionId"] != "s1" {
					t.Errorf("request %d: got %s %v, want %s on session s1", i, g.Method, g.Params, w.Method)
				}
				for k, v := range w.Params {
					gj, _ := json.Marshal(g.Params[k])
					wj, _ := json.Marshal(v)
					if string(gj) != string(wj) {
						t.Errorf("request %d %s: %s = %s, want %s", i, g.Method, k, gj, wj)
					}
				}
			}
			if strings.HasPrefix(tc.want[len(tc.want)-1].Method, "pages.snapshot") {
				txt := textOf(res)
				if !strings.Contains(txt, "URL: http://x/\nTitle: X\n") || !strings.Contains(txt, `- button "Go" [ref=e1]`) {
					t.Errorf("an action's result should carry the page's URL, title and snapshot: %s", txt)
				}
				if strings.Contains(txt, "title: X") || strings.Contains(txt, "url: http") {
					t.Errorf("the snapshot's own header lines are said once, not twice: %s", txt)
				}
			}
		})
	}
}

// Every error code reaches the agent as a tool error with code, name,
// message and a hint, never as a protocol error.
func TestToolErrors(t *testing.T) {
	fe, _, cs := setup(t, Options{Hint: func(error) string { return "cli hint" }}, "agent")
	for _, e := range rpc.Errors {
		code, name := e.Code, e.Name
		if code == rpc.CodeUnauthorized {
			continue // a close code of the handshake, never a call's answer
		}
		fe.setRule("pages.click", answer{code: int(code), msg: "boom " + name})
		res := callTool(t, cs[0], "browser_click", map[string]any{"element": "x", "ref": "e1"})
		if !res.IsError {
			t.Errorf("%d: not a tool error: %s", code, textOf(res))
			continue
		}
		txt := textOf(res)
		if !strings.Contains(txt, fmt.Sprintf("error %d %s: boom %s", code, name, name)) || !strings.Contains(txt, "\nhint: ") {
			t.Errorf("%d: text %q", code, txt)
		}
		sc, _ := json.Marshal(res.StructuredContent)
		var got struct {
			Error struct {
				Code      int    `json:"code"`
				Name      string `json:"name"`
				Message   string `json:"message"`
				Retryable bool   `json:"retryable"`
				Hint      string `json:"hint"`
			} `json:"error"`
		}
		if err := json.Unmarshal(sc, &got); err != nil || got.Error.Code != int(code) || got.Error.Name != name || got.Error.Hint == "" {
			t.Errorf("%d: structured %s", code, sc)
		}
		if code == rpc.CodePageRefNotFound && (!got.Error.Retryable || !strings.Contains(got.Error.Hint, "browser_snapshot")) {
			t.Errorf("a stale ref should be retryable with a snapshot hint: %s", sc)
		}
	}
	// Arguments that do not fit the schema are a tool error before any call.
	before := len(fe.requests())
	res := callTool(t, cs[0], "browser_click", map[string]any{"element": "x"})
	if !res.IsError || !strings.Contains(textOf(res), "invalid_params") {
		t.Errorf("missing ref: %v %s", res.IsError, textOf(res))
	}
	if len(fe.requests()) != before {
		t.Errorf("a call went out for invalid arguments")
	}
}

// Two clients never share a session; --session makes them share one; the
// sessions the server created are released when it ends.
func TestSessionPerClient(t *testing.T) {
	fe, s, cs := setup(t, Options{}, "alpha", "beta")
	fe.setRule("pages.snapshot", answer{result: map[string]any{"snapshot": "", "url": "u", "title": "t"}})
	callTool(t, cs[0], "browser_snapshot", nil)
	callTool(t, cs[1], "browser_snapshot", nil)
	callTool(t, cs[0], "browser_snapshot", nil)
	var used []string
	for _, r := range fe.requests() {
		if r.Method == "pages.snapshot" {
			used = append(used, r.Params["sessionId"].(string))
		}
	}
	if !slices.Equal(used, []string{"s1", "s2", "s1"}) {
		t.Errorf("sessions used: %v, want [s1 s2 s1]", used)
	}
	fe.setRule(rpc.SessionRelease, answer{result: map[string]any{"released": true}})
	s.ReleaseAll(context.Background())
	var released []string
	for _, r := range fe.requests() {
		if r.Method == rpc.SessionRelease {
			released = append(released, r.Params["sessionId"].(string))
		}
	}
	slices.Sort(released)
	if !slices.Equal(released, []string{"s1", "s2"}) {
		t.Errorf("released %v, want both created sessions", released)
	}

	fe2, s2, cs2 := setup(t, Options{Session: "shared"}, "alpha", "beta")
	fe2.setRule("pages.snapshot", answer{result: map[string]any{"snapshot": "", "url": "u", "title": "t"}})
	callTool(t, cs2[0], "browser_snapshot", nil)
	callTool(t, cs2[1], "browser_snapshot", nil)
	s2.ReleaseAll(context.Background())
	for _, r := range fe2.requests() {
		if r.Method == rpc.SessionCreate || r.Method == rpc.SessionRelease || r.Params["sessionId"] != "shared" {
			t.Errorf("with a shared session: unexpected %s %v", r.Method, r.Params)
		}
	}
}

// A session the user closed is replaced on the next tool, not retried.
func TestClosedSessionIsReplaced(t *testing.T) {
	fe, _, cs := setup(t, Options{MaxSnapshotChars: 0}, "agent")
	fe.setRule("pages.click", answer{code: int(rpc.CodeSessionNotFound), msg: "session not found: s1"})
	res := callTool(t, cs[0], "browser_click", map[string]any{"element": "x", "ref": "e1"})
	if !res.IsError {
		t.Fatal("want a tool error")
	}
	fe.setRule("pages.click", answer{result: map[string]any{"ok": true}})
	fe.setRule("tabs.active", answer{result: map[string]any{"url": "u", "title": "t"}})
	res = callTool(t, cs[0], "browser_click", map[string]any{"element": "x", "ref": "e1"})
	if res.IsError {
		t.Fatal(textOf(res))
	}
	clicks := 0
	var sessions []string
	for _, r := range fe.requests() {
		if r.Method == "pages.click" {
			clicks++
			sessions = append(sessions, r.Params["sessionId"].(string))
		}
	}
	if clicks != 2 || !slices.Equal(sessions, []string{"s1", "s2"}) {
		t.Errorf("clicks on %v: the failed click must not be resent, the next goes to a new session", sessions)
	}
}

// A screenshot is an image content block holding the PNG bytes.
func TestScreenshotImage(t *testing.T) {
	fe, _, cs := setup(t, Options{}, "agent")
	png := []byte("\x89PNG\r\n\x1a\n0123")
	fe.setRule("pages.screenshot", answer{result: map[string]any{"data": base64.StdEncoding.EncodeToString(png), "width": 3, "height": 4}})
	res := callTool(t, cs[0], "browser_take_screenshot", nil)
	var img *mcp.ImageContent
	for _, c := range res.Content {
		if ic, ok := c.(*mcp.ImageContent); ok {
			img = ic
		}
	}
	if img == nil || img.MIMEType != "image/png" || string(img.Data) != string(png) {
		t.Fatalf("image content: %+v", res.Content)
	}
}

// An action's result reports a dialog it opened, and a page the dialog
// blocks is said in words, not as a failure of the action.
func TestDialogReported(t *testing.T) {
	fe, _, cs := setup(t, Options{MaxSnapshotChars: 500}, "agent")
	fe.setRule("pages.click", answer{result: map[string]any{"ok": true, "dialog": map[string]any{"type": "confirm", "message": "Delete?"}}})
	fe.setRule("pages.snapshot", answer{code: int(rpc.CodePageOperationFailed), msg: `a confirm dialog is open: "Delete?"`})
	res := callTool(t, cs[0], "browser_click", map[string]any{"element": "x", "ref": "e1"})
	txt := textOf(res)
	if res.IsError || !strings.Contains(txt, `a confirm dialog is open: "Delete?"`) || !strings.Contains(txt, "browser_handle_dialog") {
		t.Errorf("result %v: %s", res.IsError, txt)
	}
}

// A navigation to a page that opens a dialog as it loads arrived: its
// answer says where, and that the dialog waits, without reading the page.
func TestNavigationHeldByADialogSaysWhereItArrived(t *testing.T) {
	fe, _, cs := setup(t, Options{MaxSnapshotChars: 500}, "agent")
	fe.setRule("pages.navigate", answer{result: map[string]any{"url": "http://x.test/draft", "title": "Draft",
		"dialog": map[string]any{"type": "confirm", "message": "Leave?", "state": "open"}}})
	res := callTool(t, cs[0], "browser_navigate", map[string]any{"url": "http://x.test/draft"})
	txt := textOf(res)
	if res.IsError || !strings.Contains(txt, "URL: http://x.test/draft\nTitle: Draft") || !strings.Contains(txt, `a confirm dialog is open: "Leave?"`) {
		t.Errorf("result %v: %s", res.IsError, txt)
	}
	for _, r := range fe.requests() {
		if r.Method == rpc.PageSnapshot {
			t.Errorf("the page held by a dialog was read: %v", r)
		}
	}
}

func TestTruncate(t *testing.T) {
	var lines []string
	for i := 1; i <= 200; i++ {
		lines = append(lines, fmt.Sprintf("- button \"B%d\" [ref=e%d]", i, i))
	}
	full := strings.Join(lines, "\n")
	if got := Truncate(full, -1); got != full {
		t.Error("a negative budget keeps everything")
	}
	if got := Truncate(full, len(full)); got != full {
		t.Error("a text within budget is kept whole")
	}
	for _, budget := range []int{200, 1000, 3000} {
		got := Truncate(full, budget)
		if len(got) > budget {
			t.Errorf("budget %d: %d chars", budget, len(got))
		}
		body, note, _ := strings.Cut(got, "\n[... ")
		kept := strings.Count(body, "[ref=")
		if !strings.HasPrefix(full, body) || !strings.HasSuffix(body, "]") {
			t.Errorf("budget %d: not cut at a line: %q", budget, body[len(body)-20:])
		}
		want := fmt.Sprintf("%d more lines with %d refs not shown", 200-kept, 200-kept)
		if !strings.Contains(note, want) {
			t.Errorf("budget %d: note %q, want %q", budget, note, want)
		}
	}
}

// The file, console and network tools: upload checks its files before any
// call; console and network read the logs and say what the page did.
func TestUploadConsoleNetwork(t *testing.T) {
	dir := t.TempDir()
	fe, _, cs := setup(t, Options{MaxSnapshotChars: 0, AllowRead: []string{dir}}, "agent")
	file := dir + "/a.txt"
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	fe.setRule("pages.upload", answer{result: map[string]any{"files": 1, "target": "e4", "multiple": false}})
	fe.setRule("tabs.active", answer{result: map[string]any{"url": "u", "title": "t"}})
	fe.setRule("logs.console", answer{result: map[string]any{"entries": []map[string]any{
		{"seq": 1, "level": "log", "text": "hello", "url": "http://x/a.js", "line": 3},
		{"seq": 4, "level": "error", "text": "bad thing", "url": "", "line": 0},
	}, "next": 5}})
	fe.setRule("logs.errors", answer{result: map[string]any{"entries": []map[string]any{
		{"seq": 2, "kind": "exception", "text": "Uncaught Error: boom", "url": "http://x/a.js", "line": 9},
	}, "next": 5}})
	fe.setRule("logs.network", answer{result: map[string]any{"requests": []map[string]any{
		{"method": "GET", "url": "http://x/ok", "type": "Fetch", "status": 200, "statusText": "OK"},
		{"method": "POST", "url": "http://x/down", "type": "XHR", "failure": "net::ERR_CONNECTION_REFUSED"},
		{"method": "GET", "url": "http://x/ad.js", "type": "Script", "blocked": true, "failure": "net::ERR_BLOCKED_BY_CLIENT"},
	}, "inflight": []map[string]any{{"method": "GET", "url": "http://x/slow", "type": "Fetch"}}}})

	res := callTool(t, cs[0], "browser_file_upload", map[string]any{"paths": []string{dir + "/missing.txt"}})
	if !res.IsError || !strings.Contains(textOf(res), "missing.txt") {
		t.Errorf("a missing file: %v %s", res.IsError, textOf(res))
	}
	for _, r := range fe.requests() {
		if r.Method == "pages.upload" {
			t.Fatalf("a missing file reached the browser: %v", r.Params)
		}
	}
	res = callTool(t, cs[0], "browser_file_upload", map[string]any{"paths": []string{file}, "element": "Resume", "ref": "e4"})
	if res.IsError {
		t.Fatal(textOf(res))
	}
	var sent request
	for _, r := range fe.requests() {
		if r.Method == "pages.upload" {
			sent = r
		}
	}
	if sent.Params["ref"] != "e4" || fmt.Sprint(sent.Params["files"]) != "["+file+"]" {
		t.Errorf("pages.upload %v", sent.Params)
	}

	got := textOf(callTool(t, cs[0], "browser_console_messages", nil))
	want := "### Console\n[LOG] hello @ http://x/a.js:3\n[EXCEPTION] Uncaught Error: boom @ http://x/a.js:9\n[ERROR] bad thing"
	if got != want {
		t.Errorf("console:\n%s\nwant:\n%s", got, want)
	}
	callTool(t, cs[0], "browser_console_messages", map[string]any{"onlyErrors": true})
	last := fe.requests()
	var levels []any
	for _, r := range last {
		if r.Method == "logs.console" {
			levels = append(levels, r.Params["level"])
		}
	}
	if len(levels) != 2 || levels[0] != nil || levels[1] != "error" {
		t.Errorf("logs.console levels %v, want [<nil> error]", levels)
	}

	got = textOf(callTool(t, cs[0], "browser_network_requests", nil))
	for _, w := range []string{"[GET] http://x/ok => [200] OK (Fetch)", "[POST] http://x/down => failed: net::ERR_CONNECTION_REFUSED (XHR)", "[GET] http://x/ad.js => blocked (Script)", "[GET] http://x/slow => pending (Fetch)"} {
		if !strings.Contains(got, w) {
			t.Errorf("network lacks %q:\n%s", w, got)
		}
	}
}

// MCP clients never move the shells' current session: not by creating
// their sessions, not by using or releasing one, not by leaving.
func TestClientsLeaveTheShellsSessionAlone(t *testing.T) {
	fe, s, cs := setup(t, Options{}, "alpha", "beta")
	h := s.opts.Caller.(ownSessionCaller).Caller.(*hub.Hub)
	if _, err := h.UseSession(context.Background(), "sperson"); err != nil {
		t.Fatal(err)
	}
	fe.setRule("pages.snapshot", answer{result: map[string]any{"snapshot": "", "url": "u", "title": "t"}})
	fe.setRule(rpc.SessionRelease, answer{result: map[string]any{"released": true}})
	fe.setRule(rpc.SessionList, answer{result: map[string]any{"sessions": []any{}}})
	callTool(t, cs[0], "browser_snapshot", nil)
	callTool(t, cs[1], "browser_session", map[string]any{"action": "create"})
	callTool(t, cs[1], "browser_session", map[string]any{"action": "release"})
	if got := h.CurrentSession(); got != "sperson" {
		t.Fatalf("after the clients' sessions: current %q, want sperson", got)
	}
	s.ReleaseAll(context.Background())
	if got := h.CurrentSession(); got != "sperson" {
		t.Fatalf("after the clients left: current %q, want sperson", got)
	}
	for _, r := range fe.requests() {
		if r.Params["sessionId"] == "sperson" {
			t.Errorf("an MCP client's %s acted on the shells' session", r.Method)
		}
	}
}

// An MCP client reaches only the sessions it created: another client's and
// the shells' sessions are not listed, and use and release of them are
// refused with forbidden before anything is sent for them. Its own sessions
// it may list, leave, use again and release.
func TestClientReachesOnlyItsOwnSessions(t *testing.T) {
	fe, s, cs := setup(t, Options{}, "alpha", "beta")
	h := s.opts.Caller.(ownSessionCaller).Caller.(*hub.Hub)
	if _, err := h.UseSession(context.Background(), "sperson"); err != nil {
		t.Fatal(err)
	}
	fe.setRule("pages.snapshot", answer{result: map[string]any{"snapshot": "", "url": "u", "title": "t"}})
	fe.setRule("tabs.active", answer{result: map[string]any{"tabId": 7, "url": "u", "title": "t"}})
	fe.setRule(rpc.SessionRelease, answer{result: map[string]any{"released": true}})
	fe.setRule(rpc.SessionList, answer{result: map[string]any{"sessions": []any{
		map[string]any{"sessionId": "s1", "name": "mcp: alpha", "tabIds": []int{7}},
		map[string]any{"sessionId": "s2", "name": "mcp: beta", "tabIds": []int{8}},
		map[string]any{"sessionId": "sperson", "name": "shell", "tabIds": []int{9}},
	}}})
	callTool(t, cs[0], "browser_snapshot", nil) // alpha: s1
	callTool(t, cs[1], "browser_snapshot", nil) // beta: s2

	list := textOf(callTool(t, cs[1], "browser_session", map[string]any{"action": "list"}))
	if !strings.Contains(list, "s2 (this client's)") || strings.Contains(list, "s1") || strings.Contains(list, "sperson") {
		t.Errorf("beta's list shows more than its own session:\n%s", list)
	}
	before := len(fe.requests())
	for _, other := range []string{"s1", "sperson", "s99"} {
		for _, action := range []string{"use", "release", "rename", "close", "stop"} {
			res := callTool(t, cs[1], "browser_session", map[string]any{"action": action, "sessionId": other, "name": "x"})
			if !res.IsError || !strings.Contains(textOf(res), "forbidden") {
				t.Errorf("beta %s %s: want forbidden, got %s", action, other, textOf(res))
			}
		}
	}
	if got := fe.requests()[before:]; len(got) != 0 {
		t.Errorf("refused actions still sent %v", got)
	}
	// beta still acts in its own session after the refusals.
	callTool(t, cs[1], "browser_snapshot", nil)
	if last := fe.requests()[len(fe.requests())-1]; last.Params["sessionId"] != "s2" {
		t.Errorf("after a refused use, beta's snapshot went to %v", last.Params["sessionId"])
	}

	// Its own sessions: a second one created, the first used again, both released.
	callTool(t, cs[1], "browser_session", map[string]any{"action": "create"}) // s3
	if res := callTool(t, cs[1], "browser_session", map[string]any{"action": "use", "sessionId": "s2"}); res.IsError {
		t.Fatalf("use of its own session: %s", textOf(res))
	}
	if res := callTool(t, cs[1], "browser_session", map[string]any{"action": "release"}); res.IsError || !strings.Contains(textOf(res), "Released session s2") {
		t.Fatalf("release: %s", textOf(res))
	}
	if res := callTool(t, cs[1], "browser_session", map[string]any{"action": "use", "sessionId": "s2"}); !res.IsError {
		t.Errorf("use of a session it released: want forbidden, got %s", textOf(res))
	}
	s.ReleaseAll(context.Background())
	var released []string
	for _, r := range fe.requests() {
		if r.Method == rpc.SessionRelease {
			released = append(released, r.Params["sessionId"].(string))
		}
		if r.Params["sessionId"] == "sperson" {
			t.Errorf("a client's %s reached the shells' session", r.Method)
		}
	}
	slices.Sort(released)
	if want := []string{"s1", "s2", "s3"}; !slices.Equal(released, want) {
		t.Errorf("released %v, want %v (each client's own, once)", released, want)
	}
}

// Started on a session (browserctl mcp --session S), every client may use
// and release that one, and still not another's.
func TestServerStartedOnASessionSharesIt(t *testing.T) {
	fe, _, cs := setup(t, Options{Session: "sperson"}, "alpha", "beta")
	fe.setRule("pages.snapshot", answer{result: map[string]any{"snapshot": "", "url": "u", "title": "t"}})
	fe.setRule("tabs.active", answer{result: map[string]any{"tabId": 7, "url": "u", "title": "t"}})
	fe.setRule(rpc.SessionRelease, answer{result: map[string]any{"released": true}})
	callTool(t, cs[0], "browser_session", map[string]any{"action": "create"}) // alpha: s1
	if res := callTool(t, cs[1], "browser_session", map[string]any{"action": "use", "sessionId": "sperson"}); res.IsError {
		t.Fatalf("use of the server's session: %s", textOf(res))
	}
	if res := callTool(t, cs[1], "browser_session", map[string]any{"action": "use", "sessionId": "s1"}); !res.IsError {
		t.Errorf("use of alpha's session: want forbidden, got %s", textOf(res))
	}
	if res := callTool(t, cs[1], "browser_session", map[string]any{"action": "release"}); res.IsError || !strings.Contains(textOf(res), "Released session sperson") {
		t.Fatalf("release of the server's session: %s", textOf(res))
	}
}

// browser_session renames, stops and closes the client's own
// session with the CLI's methods, and says what the extension answered; a
// closed session is the client's no more.
func TestSessionActionsOnItsOwnSession(t *testing.T) {
	fe, _, cs := setup(t, Options{}, "alpha")
	fe.setRule("tabs.active", answer{result: map[string]any{"tabId": 7, "url": "u", "title": "t"}})
	fe.setRule("pages.snapshot", answer{result: map[string]any{"snapshot": "", "url": "u", "title": "t"}})
	fe.setRule(rpc.SessionRename, answer{result: map[string]any{"sessionId": "s1", "name": "shop", "tabIds": []int{7}}})
	fe.setRule(rpc.SessionStop, answer{result: map[string]any{"sessionId": "s1", "stopped": true}})
	fe.setRule(rpc.SessionClose, answer{result: map[string]any{"closed": true}})
	callTool(t, cs[0], "browser_session", map[string]any{"action": "create"}) // s1
	for _, tc := range []struct {
		args   map[string]any
		method string
		params map[string]any
		want   string
	}{
		{map[string]any{"action": "rename", "name": "shop"}, rpc.SessionRename, map[string]any{"sessionId": "s1", "name": "shop"}, `Renamed session s1 to "shop"`},
		{map[string]any{"action": "stop"}, rpc.SessionStop, map[string]any{"sessionId": "s1"}, "Session s1 is stopped"},
		{map[string]any{"action": "close"}, rpc.SessionClose, map[string]any{"sessionId": "s1"}, "Closed session s1: its tabs are closed"},
	} {
		res := callTool(t, cs[0], "browser_session", tc.args)
		if txt := textOf(res); res.IsError || !strings.HasPrefix(txt, tc.want) {
			t.Errorf("%v: got %q, want %q", tc.args, txt, tc.want)
		}
		reqs := fe.requests()
		last := reqs[len(reqs)-1]
		if last.Method != tc.method || !reflect.DeepEqual(last.Params, tc.params) {
			t.Errorf("%v: sent %s %v, want %s %v", tc.args, last.Method, last.Params, tc.method, tc.params)
		}
	}
	if res := callTool(t, cs[0], "browser_session", map[string]any{"action": "rename", "sessionId": "s1", "name": "again"}); !res.IsError || !strings.Contains(textOf(res), "forbidden") {
		t.Errorf("rename of the session it closed: want forbidden, got %s", textOf(res))
	}
	// What the person's Stop stopped the agent may not resume.
	if res := callTool(t, cs[0], "browser_session", map[string]any{"action": "resume"}); !res.IsError {
		t.Errorf("resume: want refused, got %s", textOf(res))
	}
	if res := callTool(t, cs[0], "browser_session", map[string]any{"action": "stop"}); !res.IsError || !strings.Contains(textOf(res), "no session to stop") {
		t.Errorf("stop with no session: want invalid, got %s", textOf(res))
	}
}

// browser_handle_dialog with policy sets the session's dialog policy
// (sessions.setDialogPolicy) and says the policy the extension answered;
// policy beside accept, or neither, is refused before anything is sent.
func TestHandleDialogSetsPolicy(t *testing.T) {
	fe, _, cs := setup(t, Options{}, "agent")
	for _, bad := range []map[string]any{{"policy": "hold", "accept": true}, {"policy": "hold", "promptText": "x"}, {}, {"policy": "sometimes"}} {
		if res := callTool(t, cs[0], "browser_handle_dialog", bad); !res.IsError {
			t.Errorf("%v: want refused, got %s", bad, textOf(res))
		}
	}
	if got := fe.requests(); len(got) != 0 {
		t.Fatalf("refused calls sent %v", got)
	}
	fe.setRule(rpc.SessionSetDialogPolicy, answer{result: map[string]any{"sessionId": "s1", "policy": "hold"}})
	res := callTool(t, cs[0], "browser_handle_dialog", map[string]any{"policy": "hold"})
	if txt := textOf(res); res.IsError || txt != "Dialog policy hold: the session's dialogs from now on" {
		t.Errorf("answer %q", txt)
	}
	reqs := fe.requests()
	if last := reqs[len(reqs)-1]; last.Method != rpc.SessionSetDialogPolicy || !reflect.DeepEqual(last.Params, map[string]any{"sessionId": "s1", "policy": "hold"}) {
		t.Errorf("sent %s %v", last.Method, last.Params)
	}
	// An answer with another policy is no ok.
	fe.setRule(rpc.SessionSetDialogPolicy, answer{result: map[string]any{"sessionId": "s1", "policy": "accept"}})
	if res := callTool(t, cs[0], "browser_handle_dialog", map[string]any{"policy": "dismiss"}); !res.IsError {
		t.Errorf("policy answered otherwise: want an error, got %s", textOf(res))
	}
}
