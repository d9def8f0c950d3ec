package hub

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"browserctl/hub/capability"
	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// capHub is a hub with capabilities, a fake extension that records what
// reaches it and knows sessions s1 and s2.
type capHub struct {
	*testHub
	mu   sync.Mutex
	seen []rpc.Request
	hold chan struct{} // while open, pages.wait is not answered
}

func startCapHub(t *testing.T, holdWait bool) *capHub {
	t.Helper()
	store, err := capability.Open(filepath.Join(t.TempDir(), capability.FileName))
	if err != nil {
		t.Fatal(err)
	}
	ch := &capHub{testHub: startHub(t, Options{Capabilities: store}), hold: make(chan struct{})}
	p := connect(t, ch.testHub)
	t.Cleanup(p.close)
	p.serve(func(req rpc.Request) any {
		ch.mu.Lock()
		ch.seen = append(ch.seen, req)
		ch.mu.Unlock()
		switch req.Method {
		case rpc.SessionList:
			return map[string]any{"sessions": []any{
				map[string]any{"sessionId": "s1", "name": "mine", "tabIds": []int{1}},
				map[string]any{"sessionId": "s2", "name": "other", "tabIds": []int{2}},
			}}
		case rpc.PageWait:
			if holdWait {
				<-ch.hold
			}
		}
		return map[string]any{}
	})
	t.Cleanup(func() {
		select {
		case <-ch.hold:
		default:
			close(ch.hold)
		}
	})
	return ch
}

func (ch *capHub) requests() []rpc.Request {
	ch.mu.Lock()
	defer ch.mu.Unlock()
	out := ch.seen
	ch.seen = nil
	return out
}

// grant mints a capability with the control token.
func (ch *capHub) grant(t *testing.T, req hubapi.GrantRequest) string {
	t.Helper()
	b, _ := json.Marshal(req)
	resp, body := do(t, ch.testHub, "POST", "/capabilities", string(b), nil)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("grant: %s %s", resp.Status, body)
	}
	var g hubapi.Granted
	if err := json.Unmarshal([]byte(body), &g); err != nil || !capability.Is(g.Capability) {
		t.Fatalf("grant answered %s", body)
	}
	return g.Capability
}

type rpcAnswer struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code int `json:"code"`
		Data struct {
			Reason    rpc.Reason `json:"reason"`
			Retryable bool       `json:"retryable"`
		} `json:"data"`
	} `json:"error"`
}

// callWith sends one POST /rpc with secret as the bearer.
func (ch *capHub) callWith(t *testing.T, secret, method, params string) rpcAnswer {
	t.Helper()
	body := `{"jsonrpc":"2.0","id":7,"method":` + string(mustJSON(method)) + `,"params":` + params + `}`
	resp, out := do(t, ch.testHub, "POST", "/rpc", body, map[string]string{"Authorization": "Bearer " + secret})
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("%s: %s %s", method, resp.Status, out)
	}
	var a rpcAnswer
	if err := json.Unmarshal([]byte(out), &a); err != nil {
		t.Fatalf("%s: %s", method, out)
	}
	return a
}

func mustJSON(v any) []byte { b, _ := json.Marshal(v); return b }

func (a rpcAnswer) forbidden() bool {
	return a.Error != nil && a.Error.Code == int(rpc.CodeUnauthorized) && a.Error.Data.Reason == rpc.ReasonForbidden && !a.Error.Data.Retryable
}

// Every method of the table, called with session s1's capability: against
// s2, with no session, with a second sessionId member hiding behind the
// first, and read-only. What may not pass is refused forbidden and never
// reaches the extension; what passes reaches it on s1 alone.
func TestCapabilityConfinesEveryMethod(t *testing.T) {
	ch := startCapHub(t, false)
	full := ch.grant(t, hubapi.GrantRequest{SessionID: "s1"})
	ro := ch.grant(t, hubapi.GrantRequest{SessionID: "s1", ReadOnly: true})
	sessionFree := map[string]bool{rpc.SessionList: true, rpc.ExtensionInfo: true, rpc.ExtensionCallTiming: true}
	cases := 0
	for _, m := range rpc.Methods {
		scoped := m.Session != rpc.NoSession
		// Against the other session, and with the other session hidden
		// behind this one: refused unless the method is outside sessions
		// and shows nothing of them.
		for _, params := range []string{`{"sessionId":"s2"}`, `{"sessionId":"s1","sessionId":"s2"}`} {
			cases++
			a := ch.callWith(t, full, m.Wire, params)
			got := ch.requests()
			if scoped || !sessionFree[m.Wire] {
				if !a.forbidden() {
					t.Errorf("%s %s with s1's capability: want forbidden, got %+v", m.Wire, params, a)
				}
				if len(got) != 0 {
					t.Errorf("%s %s: refused, yet %d request(s) reached the extension", m.Wire, params, len(got))
				}
				continue
			}
			if a.Error != nil {
				t.Errorf("%s: %+v", m.Wire, a.Error)
			}
		}
		// No session given: the capability's own, filled in. Closing or
		// releasing it ends the capability, so those get one of their own.
		cases++
		own := full
		if m.Wire == rpc.SessionClose || m.Wire == rpc.SessionRelease {
			own = ch.grant(t, hubapi.GrantRequest{SessionID: "s1"})
		}
		a := ch.callWith(t, own, m.Wire, `{}`)
		got := ch.requests()
		if own != full {
			// the session's end took every capability of s1 with it
			if _, ok := ch.opts.Capabilities.Lookup(full); ok {
				t.Errorf("%s of s1 left s1's other capabilities alive", m.Wire)
			}
			full = ch.grant(t, hubapi.GrantRequest{SessionID: "s1"})
			ro = ch.grant(t, hubapi.GrantRequest{SessionID: "s1", ReadOnly: true})
		}
		switch {
		// (an upload gives a page this machine's files: none without a
		// folder granted, capability/TestFilesStayWithTheGrant)
		case m.Wire == rpc.TabAttach || m.Wire == rpc.NetworkFence || m.Wire == rpc.SessionResume || m.Wire == rpc.PageUpload || (!scoped && !sessionFree[m.Wire]):
			if !a.forbidden() || len(got) != 0 {
				t.Errorf("%s with s1's capability: want forbidden and nothing sent, got %+v, %d sent", m.Wire, a, len(got))
			}
		case scoped:
			if a.Error != nil || len(got) != 1 || rpc.ParamsSession(got[0].Params) != "s1" {
				t.Errorf("%s with s1's capability: want it sent on s1, got %+v, sent %v", m.Wire, a.Error, got)
			}
		}
		// Read-only: the readers pass, every other call is refused.
		cases++
		a = ch.callWith(t, ro, m.Wire, `{}`)
		got = ch.requests()
		reads := rpc.OnlyReads(m.Wire, json.RawMessage(`{"sessionId":"s1"}`))
		allowed := reads && m.Wire != rpc.TabAttach && m.Wire != rpc.NetworkFence && (scoped || sessionFree[m.Wire])
		if allowed != (a.Error == nil) || allowed != (len(got) == 1) {
			t.Errorf("%s with a read-only capability: allowed=%v, got error %+v and %d sent", m.Wire, allowed, a.Error, len(got))
		}
		if !allowed && !a.forbidden() {
			t.Errorf("%s with a read-only capability: want forbidden, got %+v", m.Wire, a.Error)
		}
	}
	t.Logf("%d methods x 4 cases = %d calls", len(rpc.Methods), cases)

	// sessions.list shows the capability's own session alone.
	a := ch.callWith(t, full, rpc.SessionList, `{}`)
	if s := string(a.Result); !strings.Contains(s, `"s1"`) || strings.Contains(s, `"s2"`) {
		t.Errorf("sessions.list with s1's capability: %s", s)
	}
	ch.requests()
}

// The control API beyond /rpc: a capability cannot move the shells'
// current session, sees its own session in /status, and cannot grant.
func TestCapabilityAtTheOtherRoutes(t *testing.T) {
	ch := startCapHub(t, false)
	if _, err := ch.UseSession(t.Context(), "s2"); err != nil {
		t.Fatal(err)
	}
	c := ch.grant(t, hubapi.GrantRequest{SessionID: "s1"})
	auth := map[string]string{"Authorization": "Bearer " + c}
	resp, body := do(t, ch.testHub, "PUT", "/session", `{"sessionId":"s1"}`, auth)
	if resp.StatusCode != http.StatusForbidden || !strings.Contains(body, `"reason":"forbidden"`) {
		t.Errorf("PUT /session with a capability: %s %s", resp.Status, body)
	}
	if got := ch.CurrentSession(); got != "s2" {
		t.Errorf("the shells' current session moved to %q", got)
	}
	resp, body = do(t, ch.testHub, "GET", "/status", "", auth)
	var st hubapi.Status
	_ = json.Unmarshal([]byte(body), &st)
	if resp.StatusCode != http.StatusOK || st.Session != "s1" {
		t.Errorf("GET /status with s1's capability: %s, session %q", resp.Status, st.Session)
	}
	for _, path := range []string{"/capabilities", "/capabilities/revoke"} {
		resp, body = do(t, ch.testHub, "POST", path, `{"sessionId":"s1"}`, auth)
		if resp.StatusCode != http.StatusForbidden {
			t.Errorf("POST %s with a capability: %s %s", path, resp.Status, body)
		}
	}
	resp, _ = do(t, ch.testHub, "POST", "/rpc", `{"jsonrpc":"2.0","id":1,"method":"sessions.list"}`, map[string]string{"Authorization": "Bearer " + capability.Prefix + "made-up"})
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("a made-up capability: %s", resp.Status)
	}
}

// Revoked during a call that waits, the call ends with forbidden (the wait
// is not left to its timeout), and the capability is refused after.
func TestRevokeEndsACallInFlight(t *testing.T) {
	ch := startCapHub(t, true)
	c := ch.grant(t, hubapi.GrantRequest{SessionID: "s1"})
	answered := make(chan rpcAnswer, 1)
	go func() { answered <- ch.callWith(t, c, rpc.PageWait, `{"ms":60000}`) }()
	deadline := time.Now().Add(10 * time.Second)
	for len(ch.requests()) == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	resp, body := do(t, ch.testHub, "POST", "/capabilities/revoke", `{"capability":"`+c+`"}`, nil)
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, `"revoked":1`) {
		t.Fatalf("revoke: %s %s", resp.Status, body)
	}
	select {
	case a := <-answered:
		if !a.forbidden() {
			t.Errorf("the waiting call ended with %+v, want forbidden", a)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the waiting call did not end when its capability was revoked")
	}
	resp, _ = do(t, ch.testHub, "POST", "/rpc", `{"jsonrpc":"2.0","id":1,"method":"sessions.list"}`, map[string]string{"Authorization": "Bearer " + c})
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("a revoked capability: %s", resp.Status)
	}
}

// Closing the session ends its capabilities; the store keeps hashes only,
// 0600, and a reopened store knows the live ones.
func TestCapabilitiesEndWithTheirSessionAndSurviveARestart(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, capability.FileName)
	store, err := capability.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	ch := &capHub{testHub: startHub(t, Options{Capabilities: store}), hold: make(chan struct{})}
	p := connect(t, ch.testHub)
	defer p.close()
	p.serve(func(req rpc.Request) any { return map[string]any{} })
	keep := ch.grant(t, hubapi.GrantRequest{SessionID: "s2"})
	gone := ch.grant(t, hubapi.GrantRequest{SessionID: "s1"})
	if a := ch.callWith(t, gone, rpc.SessionClose, `{}`); a.Error != nil {
		t.Fatalf("close of its own session: %+v", a.Error)
	}
	if _, ok := store.Lookup(gone); ok {
		t.Error("the closed session's capability still works")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), keep) || strings.Contains(string(data), gone) {
		t.Error("the capabilities file holds a secret")
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("capabilities file mode %v, want 0600", fi.Mode().Perm())
	}
	again, err := capability.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if c, ok := again.Lookup(keep); !ok || c.SessionID != "s2" {
		t.Error("a reopened store lost a live capability")
	}
	if _, ok := again.Lookup(gone); ok {
		t.Error("a reopened store brought back a revoked capability")
	}
}

// A capability limited to origins fences its session in the browser before
// it is handed out, and the fence is lifted when it ends.
func TestOriginLimitedGrantFencesItsSession(t *testing.T) {
	ch := startCapHub(t, false)
	c := ch.grant(t, hubapi.GrantRequest{SessionID: "s1", Origins: []string{"https://shop.example"}})
	got := ch.requests()
	if len(got) != 1 || got[0].Method != rpc.NetworkFence || !strings.Contains(string(got[0].Params), `"origins":["https://shop.example"]`) || rpc.ParamsSession(got[0].Params) != "s1" {
		t.Fatalf("grant sent %v, want network.fence of s1", got)
	}
	a := ch.callWith(t, c, rpc.PageNavigate, `{"url":"https://evil.example/"}`)
	if a.Error == nil || a.Error.Data.Reason != rpc.ReasonOriginNotAllowed || len(ch.requests()) != 0 {
		t.Errorf("navigate elsewhere with the limited capability: %+v", a)
	}
	if a := ch.callWith(t, c, rpc.PageNavigate, `{"url":"https://shop.example/cart"}`); a.Error != nil {
		t.Errorf("navigate inside: %+v", a.Error)
	}
	ch.requests()
	resp, body := do(t, ch.testHub, "POST", "/capabilities/revoke", `{"capability":"`+c+`"}`, nil)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("revoke: %s %s", resp.Status, body)
	}
	deadline := time.Now().Add(10 * time.Second)
	var lifted []rpc.Request
	for len(lifted) == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
		lifted = ch.requests()
	}
	// (the revoke lifts it before answering; the capability's end lifts it
	// again in the background: the same call, harmless twice)
	time.Sleep(50 * time.Millisecond)
	lifted = append(lifted, ch.requests()...)
	for _, r := range lifted {
		if r.Method != rpc.NetworkFence || !strings.Contains(string(r.Params), `"origins":[]`) {
			t.Errorf("after the revoke the hub sent %s %s, want the fence lifted", r.Method, r.Params)
		}
	}
	if len(lifted) == 0 {
		t.Error("the revoke did not lift the fence")
	}
	// a bad origin grants nothing
	resp, _ = do(t, ch.testHub, "POST", "/capabilities", `{"sessionId":"s1","origins":["evil"]}`, nil)
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("a bad origin: %s", resp.Status)
	}
}

// A session's policy is the person's: a capability may read it (no
// members), never change what the person is asked before or when its tabs
// detach, nor lift it with an empty list; nothing of a refused change
// reaches the extension.
func TestCapabilityCannotChangeThePolicy(t *testing.T) {
	ch := startCapHub(t, false)
	full := ch.grant(t, hubapi.GrantRequest{SessionID: "s1"})
	ro := ch.grant(t, hubapi.GrantRequest{SessionID: "s1", ReadOnly: true})
	for _, secret := range []string{full, ro} {
		for _, params := range []string{`{"confirm":[]}`, `{"confirm":["eval"]}`, `{"detachWhenIdleMs":0}`, `{"sessionId":"s1","confirm":null,"detachWhenIdleMs":5}`, `{"confirm":"submit"}`} {
			if a := ch.callWith(t, secret, rpc.SessionSetPolicy, params); !a.forbidden() || len(ch.requests()) != 0 {
				t.Errorf("sessions.setPolicy %s with a capability: want forbidden and nothing sent, got %+v", params, a)
			}
		}
		a := ch.callWith(t, secret, rpc.SessionSetPolicy, `{}`)
		if got := ch.requests(); a.Error != nil || len(got) != 1 || rpc.ParamsSession(got[0].Params) != "s1" {
			t.Errorf("reading the policy with a capability: %+v, sent %v", a.Error, got)
		}
	}
}
