package main

import (
	"bufio"
	"strings"
	"testing"
	"time"
)

// A log of two calls to one extension and one to another, answered out of
// order, with a handshake frame, an event, a cut answer and a call never
// answered: each call is paired with its own answer by connection and id.
func TestReadPairsEachCallWithItsAnswer(t *testing.T) {
	log := strings.Join([]string{
		`2026/12/06 02:51:07.518327 hub listening on ws://127.0.0.1:37615/ws/browser (pid 6863)`,
		`2026-12-06T02:51:08.100000000Z 127.0.0.1:1 <- {"type":"auth","nonce":"x"}`,
		`2026-12-06T02:51:08.200000000Z 127.0.0.1:1 -> {"jsonrpc":"2.0","id":1,"method":"pages.navigate","params":{"url":"http://a/"}}`,
		`2026-12-06T02:51:08.201000000Z 127.0.0.2:9 -> {"jsonrpc":"2.0","id":1,"method":"tabs.list","params":{}}`,
		`2026-12-06T02:51:08.210000000Z 127.0.0.1:1 -> {"jsonrpc":"2.0","id":2,"method":"pages.snapshot","params":{}}`,
		`2026-12-06T02:51:08.215000000Z 127.0.0.1:1 <- {"jsonrpc":"2.0","method":"event","params":{"id":2}}`,
		`2026-12-06T02:51:08.230000000Z 127.0.0.1:1 <- {"jsonrpc":"2.0","id":2,"result":{"snapshot":"abc ...(+1000 bytes)`,
		`2026-12-06T02:51:08.275000000Z 127.0.0.1:1 <- {"jsonrpc":"2.0","id":1,"result":{"url":"http://a/"}}`,
		`2026-12-06T02:51:08.300000000Z 127.0.0.1:1 -> {"jsonrpc":"2.0","id":3,"method":"pages.click","params":{}}`,
	}, "\n")
	calls, err := read(bufio.NewScanner(strings.NewReader(log)))
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		method string
		took   time.Duration
		done   bool
	}
	wants := []want{
		{"pages.navigate", 75 * time.Millisecond, true},
		{"tabs.list", 0, false},
		{"pages.snapshot", 20 * time.Millisecond, true},
		{"pages.click", 0, false},
	}
	if len(calls) != len(wants) {
		t.Fatalf("%d calls, want %d: %+v", len(calls), len(wants), calls)
	}
	for i, w := range wants {
		c := calls[i]
		if c.method != w.method || c.took != w.took || c.done != w.done {
			t.Errorf("call %d: %s took %v (answered %v), want %s %v (%v)", i, c.method, c.took, c.done, w.method, w.took, w.done)
		}
	}
	// the cut answer counts the bytes the log left out
	if got := calls[2].answer; got != len(`{"jsonrpc":"2.0","id":2,"result":{"snapshot":"abc`)+1000 {
		t.Errorf("the cut answer's size is %d", got)
	}
}
