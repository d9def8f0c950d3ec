package hub

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// do sends one control request; hdr may override the defaults (bearer,
// JSON content type).
func do(t *testing.T, th *testHub, method, path, body string, hdr map[string]string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(method, th.url(path), strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+testToken)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range hdr {
		if k == "Host" {
			req.Host = v
			continue
		}
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	for k := range resp.Header {
		if strings.HasPrefix(strings.ToLower(k), "access-control-") {
			t.Errorf("%s %s sent a CORS header %s", method, path, k)
		}
	}
	return resp, string(b)
}

func TestControlGuards(t *testing.T) {
	th := startHub(t, Options{ExtensionID: "abcdefghijklmnop"})
	defer http.DefaultClient.CloseIdleConnections()
	routes := []struct{ method, path, body string }{
		{"POST", "/rpc", `{"jsonrpc":"2.0","id":1,"method":"sessions.list"}`},
		{"GET", "/status", ""},
		{"PUT", "/session", `{"sessionId":"s1"}`},
		{"GET", "/events", ""},
	}
	cases := []struct {
		name string
		hdr  map[string]string
		want int
	}{
		{"no bearer", map[string]string{"Authorization": ""}, 401},
		{"wrong bearer", map[string]string{"Authorization": "Bearer nope"}, 401},
		{"basic auth", map[string]string{"Authorization": "Basic " + testToken}, 401},
		{"web origin", map[string]string{"Origin": "http://evil.example"}, 403},
		{"null origin", map[string]string{"Origin": "null"}, 403},
		{"other extension", map[string]string{"Origin": "chrome-extension://zzzz"}, 403},
		{"rebinding host", map[string]string{"Host": "evil.example:9223"}, 403},
		{"host without port", map[string]string{"Host": "attacker.test"}, 403},
	}
	for _, r := range routes {
		for _, c := range cases {
			t.Run(r.method+r.path+"/"+c.name, func(t *testing.T) {
				resp, body := do(t, th, r.method, r.path, r.body, c.hdr)
				if resp.StatusCode != c.want {
					t.Fatalf("status %d, want %d (%s)", resp.StatusCode, c.want, body)
				}
				if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
					t.Fatalf("error answered as %q", ct)
				}
			})
		}
		t.Run(r.method+r.path+"/preflight", func(t *testing.T) {
			resp, _ := do(t, th, "OPTIONS", r.path, "", map[string]string{
				"Origin": "http://evil.example", "Access-Control-Request-Method": "POST", "Authorization": ""})
			if resp.StatusCode != 403 {
				t.Fatalf("preflight status %d, want 403", resp.StatusCode)
			}
		})
		if r.body != "" {
			t.Run(r.method+r.path+"/no content type", func(t *testing.T) {
				resp, _ := do(t, th, r.method, r.path, r.body, map[string]string{"Content-Type": ""})
				if resp.StatusCode != 415 {
					t.Fatalf("status %d, want 415", resp.StatusCode)
				}
			})
			t.Run(r.method+r.path+"/text plain", func(t *testing.T) {
				resp, _ := do(t, th, r.method, r.path, r.body, map[string]string{"Content-Type": "text/plain"})
				if resp.StatusCode != 415 {
					t.Fatalf("status %d, want 415", resp.StatusCode)
				}
			})
		}
	}
	// The extension itself, and loopback names, are let in.
	for _, hdr := range []map[string]string{
		{"Origin": "chrome-extension://abcdefghijklmnop"},
		{"Host": "localhost:1"},
		{"Host": "127.0.0.2"},
		{"Host": "[::1]:9223"},
	} {
		if resp, body := do(t, th, "GET", "/status", "", hdr); resp.StatusCode != 200 {
			t.Errorf("%v: status %d %s", hdr, resp.StatusCode, body)
		}
	}
}

func TestControlBadBodies(t *testing.T) {
	th := startHub(t, Options{})
	defer http.DefaultClient.CloseIdleConnections()
	for _, body := range []string{
		`not json`,
		`[]`,
		`{"jsonrpc":"2.0","id":1}`,
		`{"jsonrpc":"1.0","id":1,"method":"sessions.list"}`,
		`{"jsonrpc":"2.0","id":1,"method":""}`,
		`{"jsonrpc":"2.0","id":1,"method":"sessions.list","timeout":-5}`,
		`{"jsonrpc":"2.0","id":1,"method":"sessions.list","timeout":"soon"}`,
	} {
		if resp, got := do(t, th, "POST", "/rpc", body, nil); resp.StatusCode != 400 {
			t.Errorf("%s: status %d %s", body, resp.StatusCode, got)
		}
	}
	big := `{"jsonrpc":"2.0","id":1,"method":"x","params":{"v":"` + strings.Repeat("a", maxBodyBytes) + `"}}`
	if resp, _ := do(t, th, "POST", "/rpc", big, nil); resp.StatusCode != 413 {
		t.Errorf("oversize body: status %d", resp.StatusCode)
	}
	if resp, _ := do(t, th, "PUT", "/session", `{"id":"s1"}`, nil); resp.StatusCode != 400 {
		t.Errorf("bad session body: status %d", resp.StatusCode)
	}
	if resp, _ := do(t, th, "GET", "/rpc", "", nil); resp.StatusCode != 405 {
		t.Errorf("GET /rpc: status %d", resp.StatusCode)
	}
}

func TestControlRPC(t *testing.T) {
	th := startHub(t, Options{})
	defer http.DefaultClient.CloseIdleConnections()

	resp, body := do(t, th, "POST", "/rpc", `{"jsonrpc":"2.0","id":7,"method":"sessions.list"}`, nil)
	if resp.StatusCode != 200 || compact(body) != `{"jsonrpc":"2.0","id":7,"error":{"code":4101,"message":"extension not connected","data":{"name":"extension_not_connected","retryable":false}}}` {
		t.Fatalf("not connected: %d %s", resp.StatusCode, body)
	}

	p := connect(t, th)
	defer p.close()
	go func() {
		for {
			req, _, err := p.read()
			if err != nil {
				return
			}
			switch req.Method {
			case rpc.SessionList:
				p.reply(req.ID, map[string]any{"sessions": []any{}, "params": req.Params})
			case rpc.PageClick:
				p.replyError(req.ID, 4109, "page ref not found")
			case rpc.PageHover:
				p.sendRaw(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"error":{"code":4110,"message":"covered","data":{"reason":"covered"}}}`, req.ID))
			} // anything else: never answered
		}
	}()
	resp, body = do(t, th, "POST", "/rpc", `{"jsonrpc":"2.0","id":"a","method":"sessions.list","params":{"x":1}}`, nil)
	if resp.StatusCode != 200 || compact(body) != `{"jsonrpc":"2.0","id":"a","result":{"params":{"x":1},"sessions":[]}}` {
		t.Fatalf("result: %d %s", resp.StatusCode, body)
	}
	resp, body = do(t, th, "POST", "/rpc", `{"jsonrpc":"2.0","id":2,"method":"pages.click","params":{"sessionId":"s1","ref":"e1"}}`, nil)
	if resp.StatusCode != 200 || compact(body) != `{"jsonrpc":"2.0","id":2,"error":{"code":4109,"message":"page ref not found","data":{"name":"page_ref_not_found","retryable":true}}}` {
		t.Fatalf("error: %d %s", resp.StatusCode, body)
	}
	// The extension's data.reason reaches a POST /rpc caller.
	resp, body = do(t, th, "POST", "/rpc", `{"jsonrpc":"2.0","id":4,"method":"pages.hover","params":{"sessionId":"s1","ref":"e1"}}`, nil)
	if resp.StatusCode != 200 || compact(body) != `{"jsonrpc":"2.0","id":4,"error":{"code":4110,"message":"covered","data":{"name":"page_operation_failed","retryable":false,"reason":"covered"}}}` {
		t.Fatalf("reason: %d %s", resp.StatusCode, body)
	}
	resp, body = do(t, th, "POST", "/rpc", `{"jsonrpc":"2.0","id":3,"method":"tabs.userList","timeout":20}`, nil)
	var out struct {
		Error struct {
			Code int
			Data errorData
		}
	}
	if resp.StatusCode != 200 || json.Unmarshal([]byte(body), &out) != nil || out.Error.Code != 4102 || !out.Error.Data.Retryable {
		t.Fatalf("timeout: %d %s", resp.StatusCode, body)
	}
}

func TestControlStatusSessionEvents(t *testing.T) {
	th := startHub(t, Options{})
	defer http.DefaultClient.CloseIdleConnections()

	// The event stream, opened first.
	req, _ := http.NewRequest("GET", th.url("/events"), nil)
	req.Header.Set("Authorization", "Bearer "+testToken)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	resp, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	lines := bufio.NewScanner(resp.Body)
	next := func() hubapi.Event {
		t.Helper()
		if !lines.Scan() {
			t.Fatalf("event stream ended: %v", lines.Err())
		}
		var ev hubapi.Event
		if err := json.Unmarshal(lines.Bytes(), &ev); err != nil {
			t.Fatalf("event line %q: %v", lines.Text(), err)
		}
		return ev
	}

	_, body := do(t, th, "GET", "/status", "", nil)
	var st hubapi.Status
	if err := json.Unmarshal([]byte(body), &st); err != nil || st.Connected || st.Version != 1 || st.Addr != th.addr || st.PID == 0 {
		t.Fatalf("status %s", body)
	}
	p := connect(t, th)
	defer p.close()
	if ev := next(); ev.Type != hubapi.EventConnected {
		t.Fatalf("event %+v", ev)
	}
	_, body = do(t, th, "PUT", "/session", `{"sessionId":"s4"}`, nil)
	if err := json.Unmarshal([]byte(body), &st); err != nil || !st.Connected || st.Session != "s4" || st.Since.IsZero() {
		t.Fatalf("PUT /session: %s", body)
	}
	if ev := next(); ev.Type != hubapi.EventSession || ev.Session != "s4" {
		t.Fatalf("event %+v", ev)
	}
	p.close()
	if ev := next(); ev.Type != hubapi.EventDisconnected {
		t.Fatalf("event %+v", ev)
	}
}
