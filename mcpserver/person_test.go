package mcpserver

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/rpc"
)

// mcp --confirm: every session a client creates gets the policy before
// any page tool runs in it, and the extension hears the client by name.
func TestConfirmSetsThePolicyOfCreatedSessions(t *testing.T) {
	fe, _, cs := setup(t, Options{Confirm: []string{"submit", "eval"}}, "claude-code")
	fe.setRule(rpc.SessionSetPolicy, answer{result: map[string]any{"sessionId": "s1", "confirm": []string{"submit", "eval"}, "detachWhenIdleMs": 0}})
	fe.setRule(rpc.PageClick, answer{result: map[string]any{"ok": true}})
	fe.setRule(rpc.PageSnapshot, answer{result: map[string]any{"snapshot": "", "refs": map[string]any{}}})
	callTool(t, cs[0], "browser_click", map[string]any{"element": "Pay", "ref": "e1"})
	reqs := fe.requests()
	if len(reqs) < 3 || reqs[0].Method != rpc.SessionCreate || reqs[1].Method != rpc.SessionSetPolicy || reqs[2].Method != rpc.PageClick {
		t.Fatalf("sent %v", reqs)
	}
	if got := reqs[1].Params["confirm"]; len(got.([]any)) != 2 {
		t.Errorf("setPolicy params %v", reqs[1].Params)
	}
	callers := fe.seenCallers()
	if len(callers) == 0 || callers[0]["kind"] != "mcp" || callers[0]["name"] != "claude-code" {
		t.Errorf("the extension heard callers %v", callers)
	}
}

// A session whose policy cannot be set is closed again: no client acts in
// a session that does not ask what the server was told it must.
func TestConfirmPolicyRefusedClosesTheSession(t *testing.T) {
	fe, _, cs := setup(t, Options{Confirm: []string{"submit"}}, "agent")
	fe.setRule(rpc.SessionSetPolicy, answer{code: int(rpc.CodeMethodNotFound), msg: "method not found: sessions.setPolicy"})
	fe.setRule(rpc.SessionClose, answer{result: map[string]any{"sessionId": "s1", "closed": true}})
	fe.setRule(rpc.PageClick, answer{result: map[string]any{"ok": true}})
	res := callTool(t, cs[0], "browser_click", map[string]any{"element": "Pay", "ref": "e1"})
	if !res.IsError || !strings.Contains(textOf(res), "could not set its policy") {
		t.Errorf("click in a session without its policy: %s", textOf(res))
	}
	for _, r := range fe.requests() {
		if r.Method == rpc.PageClick {
			t.Fatal("the click was sent in a session without the policy")
		}
	}
	if last := fe.requests()[len(fe.requests())-1]; last.Method != rpc.SessionClose {
		t.Errorf("the session was not closed: last request %v", last)
	}
}

// A tool call that waits for the person's Allow is reported to a client
// that sent a progress token: the sentence the person saw, then the answer.
func TestApprovalWaitIsReportedAsProgress(t *testing.T) {
	fe, s, _ := setup(t, Options{}, "")
	now := time.Now().UnixMilli()
	fe.setRule(rpc.PageSnapshot, answer{result: map[string]any{"snapshot": "", "refs": map[string]any{}}})
	fe.setRule(rpc.PageClick, answer{result: map[string]any{"ok": true}, delay: 1500 * time.Millisecond})
	fe.setRule(rpc.LogsEvents, answer{result: map[string]any{"next": 2, "events": []map[string]any{
		{"seq": 1, "time": now, "type": "approval_asked", "sessionId": "s1", "text": "mcp agent wants to click 'Pay now' on shop.example"},
		{"seq": 2, "time": now + 1, "type": "approval_answered", "sessionId": "s1", "text": "allowed: mcp agent wants to click 'Pay now' on shop.example"},
	}}})
	cs, said := progressClient(t, s)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "browser_click", Arguments: map[string]any{"element": "Pay", "ref": "e1"}, Meta: mcp.Meta{"progressToken": "p1"}})
	if err != nil || res.IsError {
		t.Fatalf("click: %v %v", err, res)
	}
	if said := said(); len(said) < 2 || !strings.Contains(said[0], "waiting for the person at the browser to allow or deny: mcp agent wants to click 'Pay now'") ||
		!strings.Contains(said[1], "answered: allowed") {
		t.Errorf("progress said %q", said)
	}
	// without a token nothing is watched: no logs.events follows the
	// second click. (The first call's last poll may still reach the
	// extension after that call returned, so the count is taken from the
	// second click on, in the order the extension received them.)
	if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "browser_click", Arguments: map[string]any{"element": "Pay", "ref": "e1"}}); err != nil {
		t.Fatal(err)
	}
	reqs := fe.requests()
	lastClick := -1
	for i, r := range reqs {
		if r.Method == rpc.PageClick {
			lastClick = i
		}
	}
	polled := 0
	for _, r := range reqs[lastClick+1:] {
		if r.Method == rpc.LogsEvents {
			polled++
		}
	}
	if polled != 0 {
		t.Errorf("a call without a progress token polled the events %d times", polled)
	}
}

// An answer with no question in the call's own time is the previous
// call's (the events are read from a second before the call, for clocks
// that differ): the call reports no answer it was not seen waiting for.
func TestApprovalProgressSaysOnlyItsOwnAnswer(t *testing.T) {
	fe, s, _ := setup(t, Options{}, "")
	now := time.Now().UnixMilli()
	fe.setRule(rpc.PageSnapshot, answer{result: map[string]any{"snapshot": "", "refs": map[string]any{}}})
	fe.setRule(rpc.PageClick, answer{result: map[string]any{"ok": true}, delay: 1200 * time.Millisecond})
	fe.setRule(rpc.LogsEvents, answer{result: map[string]any{"next": 1, "events": []map[string]any{
		{"seq": 1, "time": now - 200, "type": "approval_answered", "sessionId": "s1", "text": "denied: mcp agent wants to click 'Pay now' on shop.example"},
	}}})
	cs, said := progressClient(t, s)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "browser_click", Arguments: map[string]any{"element": "Pay", "ref": "e1"}, Meta: mcp.Meta{"progressToken": "p1"}})
	if err != nil || res.IsError {
		t.Fatalf("click: %v %v", err, res)
	}
	polled := 0
	for _, r := range fe.requests() {
		if r.Method == rpc.LogsEvents {
			polled++
		}
	}
	if polled == 0 {
		t.Fatal("the call never read the events: the test shows nothing")
	}
	if said := said(); len(said) != 0 {
		t.Errorf("a call that never waited was told %q", said)
	}
}

// browser_session list says when the person stopped or resumed each of
// the client's sessions, and what it asks them before.
func TestSessionListSaysWhatThePersonDid(t *testing.T) {
	fe, _, cs := setup(t, Options{}, "agent")
	fe.setRule(rpc.PageSnapshot, answer{result: map[string]any{"snapshot": "", "refs": map[string]any{}}})
	callTool(t, cs[0], "browser_session", map[string]any{"action": "create"})
	callTool(t, cs[0], "browser_session", map[string]any{"action": "create"})
	at := time.Date(2026, 12, 5, 9, 30, 15, 0, time.Local)
	fe.setRule(rpc.SessionList, answer{result: map[string]any{"sessions": []map[string]any{
		{"sessionId": "s1", "name": "mcp: agent", "tabIds": []int{7}, "stopped": true, "stoppedAt": at.UnixMilli()},
		{"sessionId": "s2", "name": "mcp: agent", "tabIds": []int{8}, "resumedAt": at.UnixMilli(), "confirm": []string{"submit", "close"}},
	}}})
	txt := textOf(callTool(t, cs[0], "browser_session", map[string]any{"action": "list"}))
	for _, want := range []string{
		"s1 (stopped by the person at the browser at 09:30:15: its calls fail until they resume it; tell your user)",
		"s2 (this client's) (resumed by the person at 09:30:15) (asks the person before: submit, close)",
	} {
		if !strings.Contains(txt, want) {
			t.Errorf("list says:\n%s\nwant a line with %q", txt, want)
		}
	}
}

// progressClient is an MCP client of s named "agent" that keeps the
// progress notifications it is sent; said() reads them.
func progressClient(t *testing.T, s *Server) (cs *mcp.ClientSession, said func() []string) {
	t.Helper()
	var mu sync.Mutex
	var got []string
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.MCP().Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	c := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "1"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) {
			mu.Lock()
			got = append(got, r.Params.Message)
			mu.Unlock()
		},
	})
	cs, err = c.Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(got)
	}
}
