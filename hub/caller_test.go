package hub

import (
	"encoding/json"
	"net/http"
	"testing"

	"browserctl/rpc"
)

// The extension is told who sent each call of a session, and how long the
// hub waits for it: POST /rpc's caller, as the hub saw it (a capability's
// marked), never one the caller wrote into its own params. A call of no
// session goes as the caller sent it.
func TestExtensionHearsTheCaller(t *testing.T) {
	ch := startCapHub(t, false)
	for _, body := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"pages.click","params":{"sessionId":"s1","ref":"e4"},"caller":{"kind":"mcp","name":"claude-code","pid":42},"timeout":5000}`,
		`{"jsonrpc":"2.0","id":2,"method":"pages.click","params":{"sessionId":"s1","ref":"e4","caller":{"kind":"mcp","name":"forged"}},"caller":{"kind":"shell","pid":7}}`,
		`{"jsonrpc":"2.0","id":3,"method":"sessions.create","params":{},"caller":{"kind":"repl","pid":9}}`,
		`{"jsonrpc":"2.0","id":4,"method":"sessions.list","caller":{"kind":"shell","pid":7}}`,
	} {
		if resp, out := do(t, ch.testHub, "POST", "/rpc", body, nil); resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: %s", resp.Status, out)
		}
	}
	type heard struct {
		Kind      string `json:"kind"`
		Name      string `json:"name"`
		PID       int    `json:"pid"`
		TimeoutMs int64  `json:"timeoutMs"`
	}
	reqs := ch.requests()
	if len(reqs) != 4 {
		t.Fatalf("%d requests reached the extension, want 4", len(reqs))
	}
	want := []*heard{
		{Kind: "mcp", Name: "claude-code", PID: 42, TimeoutMs: 5000},
		{Kind: "shell", PID: 7, TimeoutMs: int64(rpc.DefaultTimeout.Milliseconds())},
		{Kind: "repl", PID: 9, TimeoutMs: int64(rpc.DefaultTimeout.Milliseconds())},
		nil,
	}
	for i, r := range reqs {
		raw, ok := rpc.Member(r.Params, "caller")
		if want[i] == nil {
			if ok {
				t.Errorf("%s (no session) was sent a caller: %s", r.Method, r.Params)
			}
			continue
		}
		var got heard
		var all map[string]json.RawMessage // as JSON.parse reads it: the last member wins
		if !ok || json.Unmarshal(r.Params, &all) != nil || json.Unmarshal(all["caller"], &got) != nil || got != *want[i] || string(raw) != string(all["caller"]) {
			t.Errorf("request %d (%s) params %s: the extension reads caller %+v, want %+v", i+1, r.Method, r.Params, got, *want[i])
		}
	}
}
