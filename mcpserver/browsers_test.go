package mcpserver

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/hub"
	"browserctl/rpc"
)

// Two browsers on the hub; a server started with --browser home makes every
// client's session in home, names it in its answers, and refuses a
// browser_session create elsewhere; one without --browser takes the browser
// a create names.
func TestServerOnOneOfSeveralBrowsers(t *testing.T) {
	h := hub.New(hub.Options{Token: testToken})
	srv := httptest.NewServer(h.Handler())
	t.Cleanup(func() { srv.Close(); h.Close() })
	url := "ws" + strings.TrimPrefix(srv.URL, "http") + "/ws/browser"
	work := &fakeExtension{rules: map[string]answer{}, hello: &rpc.BrowserHello{ID: "bwork", Name: "work"}}
	home := &fakeExtension{rules: map[string]answer{}, hello: &rpc.BrowserHello{ID: "bhome", Name: "home"}}
	for _, fe := range []*fakeExtension{work, home} {
		fe.setRule(rpc.PageNavigate, answer{result: map[string]any{"url": "https://example.com/", "title": "Example"}})
		fe.fallback = &answer{result: map[string]any{}}
		fe.serve(t, url)
	}
	deadline := time.Now().Add(5 * time.Second)
	for st, _ := h.Status(context.Background()); len(st.Browsers) < 2; st, _ = h.Status(context.Background()) {
		if time.Now().After(deadline) {
			t.Fatal("the two browsers never connected")
		}
		time.Sleep(5 * time.Millisecond)
	}
	client := func(opts Options) *mcp.ClientSession {
		opts.Caller = h
		state := t.TempDir()
		opts.StateDir = func() (string, error) { return state, nil }
		s := New(opts)
		st, ct := mcp.NewInMemoryTransports()
		ss, err := s.MCP().Connect(context.Background(), st, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ss.Close() })
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "1"}, nil).Connect(context.Background(), ct, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cs.Close() })
		return cs
	}
	methods := func(fe *fakeExtension) (out []string) {
		for _, r := range fe.requests() {
			out = append(out, r.Method)
		}
		return out
	}

	onHome := client(Options{Browser: "home"})
	if res := callTool(t, onHome, "browser_navigate", map[string]any{"url": "https://example.com/"}); res.IsError {
		t.Fatalf("navigate: %s", textOf(res))
	}
	if got := methods(home); len(got) < 2 || got[0] != rpc.SessionCreate || got[1] != rpc.PageNavigate {
		t.Fatalf("home got %v, want its session created and the navigation", got)
	}
	if got := methods(work); len(got) != 0 {
		t.Fatalf("work got %v, want nothing", got)
	}
	res := callTool(t, onHome, "browser_session", map[string]any{"action": "create", "browser": "work"})
	if !res.IsError || !strings.Contains(textOf(res), "browser home only") {
		t.Fatalf("create on work from a --browser home server: %s", textOf(res))
	}
	if got := methods(work); len(got) != 0 {
		t.Fatalf("work got %v after a refused create", got)
	}
	home.setRule(rpc.SessionList, answer{result: map[string]any{"sessions": []map[string]any{{"sessionId": "sbhome1", "name": "agent", "groupId": 1, "tabIds": []int{7}}}}})
	work.setRule(rpc.SessionList, answer{result: map[string]any{"sessions": []any{}}})
	list := textOf(callTool(t, onHome, "browser_session", map[string]any{"action": "list"}))
	if !strings.Contains(list, "sbhome1 (this client's)") || !strings.Contains(list, "on browser home") {
		t.Fatalf("list: %s", list)
	}

	free := client(Options{})
	res = callTool(t, free, "browser_session", map[string]any{"action": "create", "browser": "work"})
	if res.IsError || !strings.Contains(textOf(res), "Created session sbwork1 on browser work") {
		t.Fatalf("create on work: %s", textOf(res))
	}
}
