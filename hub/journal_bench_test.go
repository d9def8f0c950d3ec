package hub

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// What the journal costs one call, hub side: recording the entry (its
// caller, target, value length, outcome), in memory alone and kept on
// disk too (serve --keep), and the caller member added to the params the
// extension gets. Compare with BenchmarkCallSequential (a whole call).
func benchRecord(b *testing.B, opts Options) {
	h := New(opts)
	defer h.Close()
	ctx := hubapi.WithCaller(context.Background(), hubapi.Caller{Kind: "mcp", Name: "claude-code", PID: 4242})
	params := json.RawMessage(`{"sessionId":"s1","ref":"e4","value":"correct horse battery staple"}`)
	res := json.RawMessage(`{"ok":true,"target":{"ref":"e4","role":"textbox","name":"Full name"}}`)
	page := json.RawMessage(`{"tabId":7,"url":"https://shop.example/checkout"}`)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		h.record(ctx, rpc.PageFill, "s1", params, answer{result: res, page: page}, 3*time.Millisecond)
	}
}

func BenchmarkJournalRecord(b *testing.B) { benchRecord(b, Options{Token: "t"}) }

func BenchmarkJournalRecordKept(b *testing.B) {
	benchRecord(b, Options{Token: "t", JournalDir: b.TempDir()})
}

func BenchmarkCallerMember(b *testing.B) {
	ctx := hubapi.WithCaller(context.Background(), hubapi.Caller{Kind: "mcp", Name: "claude-code", PID: 4242})
	params := json.RawMessage(`{"sessionId":"s1","ref":"e4"}`)
	b.ReportAllocs()
	for range b.N {
		_ = withCaller(ctx, params, rpc.PageClick, "s1", 30*time.Second)
	}
}

// BenchmarkCallSequentialNamed is BenchmarkCallSequential from a named
// caller: the journal's entry and the caller member on the wire included.
func BenchmarkCallSequentialNamed(b *testing.B) {
	th := startBenchHub(b)
	p := benchPeer(b, th)
	defer p.close()
	ctx := hubapi.WithCaller(context.Background(), hubapi.Caller{Kind: "shell", PID: 4242})
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := th.Call(ctx, rpc.TabActive, benchParams, 0); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "calls/s")
}
