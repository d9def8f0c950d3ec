package mcpserver

import (
	"strings"
	"testing"
)

// browser_wait_for with response waits for a response (network.waitResponse)
// and says which one came; none in time is the extension's error (4102), not an ok.
func TestWaitForResponse(t *testing.T) {
	fe, _, cs := setup(t, Options{}, "agent")
	if res := callTool(t, cs[0], "browser_wait_for", map[string]any{"text": "Done", "response": "/api"}); !res.IsError {
		t.Errorf("text and response: want refused, got %s", textOf(res))
	}
	if got := fe.requests(); len(got) != 0 {
		t.Fatalf("refused call sent %v", got)
	}
	fe.setRule("tabs.active", answer{result: map[string]any{"tabId": 7, "url": "http://x/", "title": "X"}})
	fe.setRule("network.waitResponse", answer{result: map[string]any{"id": "r7", "url": "http://x/api/cart", "status": 201, "statusText": "Created", "waited": 40}})
	res := callTool(t, cs[0], "browser_wait_for", map[string]any{"response": "/api/cart", "timeout": 2})
	if first, _, _ := strings.Cut(textOf(res), "\n"); res.IsError || first != "Response 201 Created from http://x/api/cart (request r7, after 40 ms)" {
		t.Errorf("answer %q", textOf(res))
	}
	var sent map[string]any
	for _, r := range fe.requests() {
		if r.Method == "network.waitResponse" {
			sent = r.Params
		}
	}
	if sent["pattern"] != "/api/cart" || sent["timeoutMs"] != float64(2000) || sent["sessionId"] != "s1" {
		t.Errorf("sent %v", sent)
	}
	fe.setRule("network.waitResponse", answer{code: 4102, msg: "no response matched within 2000 ms"})
	res = callTool(t, cs[0], "browser_wait_for", map[string]any{"response": "/api/cart", "timeout": 2})
	if !res.IsError || !strings.Contains(textOf(res), "no response matched within 2000 ms") {
		t.Errorf("timeout: %s", textOf(res))
	}
}
