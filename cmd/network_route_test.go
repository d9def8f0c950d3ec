package cmd

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"browserctl/cmd/cmdutil"
	"browserctl/rpc"
)

// runArgs runs browserctl with args as given (no splitting on spaces).
func (e *testEnv) runArgs(args ...string) cmdutil.ExitCode {
	e.out.Reset()
	e.err.Reset()
	return Run(context.Background(), e.f, args)
}

func TestNetworkRouteSendsWhatWasAsked(t *testing.T) {
	e := newTestEnv(t)
	e.h.results[rpc.NetworkRoute] = `{"routes":[]}`
	file := filepath.Join(t.TempDir(), "body.bin")
	body := []byte{0, 1, 2, 255, 'x'}
	if err := os.WriteFile(file, body, 0o644); err != nil {
		t.Fatal(err)
	}
	if code := e.runArgs("--session", "s1", "network", "route", "*/api/*", "--body-file", file, "--header", "X-A: one: two",
		"--header", "Cache-Control:no-store", "--content-type", "application/octet-stream", "--delay", "1.5s"); code != cmdutil.ExitOK {
		t.Fatalf("exit %d: %s", code, e.err)
	}
	var p rpc.RouteParams
	c := e.h.lastCall(t)
	if err := json.Unmarshal([]byte(c.Params), &p); err != nil || c.Method != rpc.NetworkRoute {
		t.Fatalf("sent %s %s", c.Method, c.Params)
	}
	got, _ := base64.StdEncoding.DecodeString(p.Body)
	if string(got) != string(body) || p.Pattern != "*/api/*" || p.Status != 0 || p.DelayMs != 1500 || p.ContentType != "application/octet-stream" {
		t.Errorf("sent %+v", p)
	}
	if len(p.Headers) != 2 || p.Headers[0] != (rpc.RouteHeader{Name: "X-A", Value: "one: two"}) || p.Headers[1] != (rpc.RouteHeader{Name: "Cache-Control", Value: "no-store"}) {
		t.Errorf("headers %+v", p.Headers)
	}
	if strings.Contains(c.Params, `"status"`) {
		t.Errorf("a status not given is left out (the extension's 200): %s", c.Params)
	}
}

// Bad input is exit 2 with the reason, and nothing reaches the browser.
func TestNetworkRouteBadInput(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.json")
	for _, args := range [][]string{
		{"network", "route", "/api/", "--status", "99"},
		{"network", "route", "/api/", "--status", "600"},
		{"network", "route", "/api/", "--header", "no colon"},
		{"network", "route", "/api/", "--header", ": empty name"},
		{"network", "route", "/api/", "--header", "Bad Name: x"},
		{"network", "route", "/api/", "--body-file", missing},
		{"network", "route", "/api/", "--body-file", os.TempDir()},
		{"network", "route", "/api/", "--body", "a", "--body-file", missing},
		{"network", "route", "/api/", "--abort", "--body", "x"},
		{"network", "route", "/api/", "--delay", "2m"},
		{"network", "route", "/api/", "--delay", "-1s"},
		{"network", "route", ""},
		{"network", "route", "a b"},
		{"network", "route", `a\`},
		{"network", "route"},
		{"network", "unroute"},
		{"network", "unroute", "x", "--all"},
		{"network", "har", "stop", filepath.Join(missing, "x.har")},
		{"network", "ws", "--tab", "-3"},
	} {
		e := newTestEnv(t)
		if code := e.runArgs(append([]string{"--session", "s1"}, args...)...); code != cmdutil.ExitUsage {
			t.Errorf("%q: exit %d, want %d (stderr %s)", args, code, cmdutil.ExitUsage, e.err)
		}
		if len(e.h.calls) != 0 {
			t.Errorf("%q reached the browser: %+v", args, e.h.calls)
		}
		if !strings.Contains(e.err.String(), "error") {
			t.Errorf("%q: stderr %q gives no reason", args, e.err)
		}
	}
}

// har stop writes HAR 1.2 around the extension's entries.
func TestNetworkHARStopWritesHAR(t *testing.T) {
	e := newTestEnv(t)
	e.h.results[rpc.NetworkHARStop] = `{"entries":[{"startedDateTime":"2026-01-02T03:04:05.000Z","time":12.5,
		"request":{"method":"GET","url":"http://h/a?x=1","httpVersion":"HTTP/1.1","headers":[],"queryString":[{"name":"x","value":"1"}],"cookies":[],"headersSize":-1,"bodySize":0},
		"response":{"status":200,"statusText":"OK","httpVersion":"HTTP/1.1","headers":[{"name":"Content-Type","value":"text/plain"}],"cookies":[],
		"content":{"size":2,"mimeType":"text/plain","text":"hi"},"redirectURL":"","headersSize":-1,"bodySize":2},
		"cache":{},"timings":{"blocked":1,"dns":-1,"connect":-1,"send":0,"wait":10,"receive":1.5,"ssl":-1}}],"dropped":3,"started":1}`
	file := filepath.Join(t.TempDir(), "out.har")
	if code := e.runArgs("--session", "s1", "network", "har", "stop", file); code != cmdutil.ExitOK {
		t.Fatalf("exit %d: %s", code, e.err)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	log := doc["log"]
	creator, _ := log["creator"].(map[string]any)
	entries, _ := log["entries"].([]any)
	if log["version"] != "1.2" || creator["name"] != "browserctl" || creator["version"] == "" || len(entries) != 1 {
		t.Errorf("log %v", log)
	}
	if !strings.Contains(log["comment"].(string), "3 older") {
		t.Errorf("the dropped entries are not said: %v", log["comment"])
	}
	if st, _ := os.Stat(file); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", st.Mode())
	}
}

// The declared network and logs commands send what was asked, refuse bad
// input before the call (exit 2), and print for people.
func TestDeclaredNetworkCommands(t *testing.T) {
	for _, tt := range []struct {
		args   []string
		method string
		params string
	}{
		{[]string{"network", "block", "a", "*.png"}, rpc.NetworkBlock, `{"sessionId":"s1","patterns":["a","*.png"]}`},
		{[]string{"network", "unblock", "a"}, rpc.NetworkUnblock, `{"sessionId":"s1","patterns":["a"]}`},
		{[]string{"network", "unroute", "--all"}, rpc.NetworkUnroute, `{"sessionId":"s1","all":true}`},
		{[]string{"network", "unroute", "/api/"}, rpc.NetworkUnroute, `{"sessionId":"s1","pattern":"/api/"}`},
		{[]string{"network", "routes"}, rpc.NetworkRoutes, `{"sessionId":"s1"}`},
		{[]string{"network", "har", "start"}, rpc.NetworkHARStart, `{"sessionId":"s1"}`},
		{[]string{"network", "request", " 12 ", "--tab", "3"}, rpc.NetworkRequest, `{"sessionId":"s1","tabId":3,"id":"12"}`},
		{[]string{"console", "--level", "warning", "--last", "5", "--clear"}, rpc.LogsConsole, `{"sessionId":"s1","clear":true,"limit":5,"level":"warning"}`},
		{[]string{"errors", "--clear"}, rpc.LogsErrors, `{"sessionId":"s1","clear":true}`},
		{[]string{"network", "requests", "--filter", "api", "--failed"}, rpc.LogsNetwork, `{"sessionId":"s1","filter":"api","failed":true}`},
	} {
		e := newTestEnv(t)
		e.h.results[tt.method] = `{}`
		if code := e.runArgs(append([]string{"--session", "s1"}, tt.args...)...); code != cmdutil.ExitOK {
			t.Errorf("%q: exit %d: %s", tt.args, code, e.err)
			continue
		}
		if c := e.h.lastCall(t); c.Method != tt.method || c.Params != tt.params {
			t.Errorf("%q sent %s %s, want %s %s", tt.args, c.Method, c.Params, tt.method, tt.params)
		}
	}
	for _, tt := range []struct {
		args []string
		msg  string
	}{
		{[]string{"network", "block", " "}, "a PATTERN must not be empty"},
		{[]string{"network", "block"}, "needs at least one PATTERN"},
		{[]string{"network", "unroute", "a", "b"}, "needs a PATTERN or --all"},
		{[]string{"network", "unroute", "a b"}, "holds a space"},
		{[]string{"network", "request", "1a"}, "ID must be a request id"},
		{[]string{"console", "--level", "loud"}, `--level must be one of debug, log, info, warning, error, got "loud"`},
		{[]string{"console", "--last", "-1"}, "--last must not be negative, got -1"},
	} {
		e := newTestEnv(t)
		if code := e.runArgs(append([]string{"--session", "s1"}, tt.args...)...); code != cmdutil.ExitUsage || !strings.Contains(e.err.String(), tt.msg) {
			t.Errorf("%q: exit %d, stderr %q; want %d and %q", tt.args, code, e.err, cmdutil.ExitUsage, tt.msg)
		}
		if len(e.h.calls) != 0 {
			t.Errorf("%q reached the browser: %+v", tt.args, e.h.calls)
		}
	}

	// the usage line a declaration gives, under hand-written parents too
	e := newTestEnv(t)
	for cmd, use := range map[string]string{"network unroute": "network unroute PATTERN | --all", "network har start": "network har start [flags]", "network request": "network request ID [flags]"} {
		if code := e.runArgs(append(strings.Fields(cmd), "--help")...); code != cmdutil.ExitOK || !strings.Contains(e.out.String(), "browserctl "+use) {
			t.Errorf("%s --help: exit %d, no usage line %q in\n%s", cmd, code, use, e.out)
		}
	}

	// an id the extension does not know: its invalid-params answer is exit 2
	e = newTestEnv(t)
	e.h.errs[rpc.NetworkRequest] = &rpc.BrowserError{Code: rpc.CodeInvalidParams, Message: "invalid params: no request 99"}
	if code := e.runArgs("network", "request", "99"); code != cmdutil.ExitUsage || !strings.Contains(e.err.String(), "no request 99") {
		t.Errorf("an unknown id: exit %d, stderr %q", code, e.err)
	}

	// -o saves the body exactly and says so
	e = newTestEnv(t)
	e.h.results[rpc.NetworkRequest] = `{"id":"4","method":"GET","url":"http://h/","status":200,"responseBody":"AP8=","base64Encoded":true,"responseBodySize":2,"mimeType":"image/png","timing":{"ttfbMs":-1,"totalMs":-1}}`
	file := filepath.Join(t.TempDir(), "body")
	if code := e.runArgs("network", "request", "4", "-o", file); code != cmdutil.ExitOK {
		t.Fatalf("exit %d: %s", code, e.err)
	}
	if b, _ := os.ReadFile(file); string(b) != "\x00\xff" || !strings.Contains(e.out.String(), "Response body: 2 bytes, image/png, saved") {
		t.Errorf("saved %q, printed %q", b, e.out)
	}

	// routes as a table, page text escaped
	e = newTestEnv(t)
	e.h.results[rpc.NetworkUnroute] = `{"routes":[{"pattern":"/a\u001b","status":503,"bodySize":0,"delayMs":0}],"removed":1}`
	if code := e.runArgs("network", "unroute", "/b"); code != cmdutil.ExitOK || e.out.String() != "/a\\x1b\t503, 0 bytes\t-\n" {
		t.Errorf("exit %d, printed %q", code, e.out)
	}
}

// network ws --follow follows the newest connection's frames and ends
// when it closed with nothing left.
func TestNetworkWSFollowEndsWhenClosed(t *testing.T) {
	e := newTestEnv(t)
	e.h.results[rpc.NetworkWebSockets] = `{"sockets":[{"id":"w1","state":"closed"},{"id":"w2","state":"closed"}]}`
	e.h.results[rpc.NetworkWebSocketFrames] = `{"frames":[],"next":3,"dropped":0,"state":"closed"}`
	if code := e.runArgs("--session", "s1", "network", "ws", "--follow"); code != cmdutil.ExitOK {
		t.Fatalf("exit %d: %s", code, e.err)
	}
	if len(e.h.calls) != 2 || !strings.Contains(e.h.calls[1].Params, `"id":"w2"`) {
		t.Errorf("calls %+v; want the list, then the newest connection's frames once", e.h.calls)
	}
}
