package cmd

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"browserctl/rpc"
)

// What a one-shot `snapshot -i` does with the answer of a 300-item list
// (600 refs, about 50 KB): prints the tree and keeps the refs for
// completion in the state folder, which already holds another session's.
func BenchmarkSnapshotOfALongList(b *testing.B) {
	snap := rpc.SnapshotResult{Refs: map[string]rpc.Ref{}, URL: "http://127.0.0.1/list", Title: "List", TabID: 7}
	var text strings.Builder
	for i := 1; i <= 300; i++ {
		link, button := fmt.Sprintf("e%d", 2*i), fmt.Sprintf("e%d", 2*i+1)
		fmt.Fprintf(&text, "- listitem\n  - link \"Item %d\" [ref=%s]\n  - button \"Add %d\" [ref=%s]\n", i, link, i, button)
		snap.Refs[link] = rpc.Ref{Ref: link, Role: "link", Name: fmt.Sprintf("Item %d", i)}
		snap.Refs[button] = rpc.Ref{Ref: button, Role: "button", Name: fmt.Sprintf("Add %d", i)}
	}
	snap.Snapshot = text.String()
	raw, err := json.Marshal(snap)
	if err != nil {
		b.Fatal(err)
	}
	e := newTestEnv(b)
	e.h.results[rpc.PageSnapshot] = string(raw)
	// another session's snapshot of the same list, already in the cache
	if code := e.run("--session other snapshot -i"); code != 0 {
		b.Fatalf("snapshot: exit %d: %s", code, e.err)
	}
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		if code := e.run("snapshot -i"); code != 0 {
			b.Fatalf("snapshot: exit %d: %s", code, e.err)
		}
	}
	if !strings.Contains(e.out.String(), `button "Add 300" [ref=e601]`) {
		b.Fatalf("the tree was not printed: %.200s", e.out.String())
	}
}
