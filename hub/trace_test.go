package hub

import (
	"context"
	"testing"
	"time"

	"browserctl/hub/hubclient"
	"browserctl/rpc"
)

// A traced call says which wire id it had and where its time went, in
// process and through the control API; an untraced one sends no "timing".
func TestTraceInProcessAndThroughClient(t *testing.T) {
	th := startHub(t, Options{})
	p := connect(t, th)
	defer p.close()
	ids := make(chan int64, 4)
	done := p.serve(func(req rpc.Request) any {
		ids <- req.ID
		time.Sleep(20 * time.Millisecond) // the extension's work
		return map[string]any{"ok": true}
	})

	check := func(name string, tr *rpc.Trace) {
		t.Helper()
		id := <-ids
		if tr.CallID != id {
			t.Errorf("%s: trace names call %d, the extension saw %d", name, tr.CallID, id)
		}
		if tr.Extension.Duration() < 20*time.Millisecond {
			t.Errorf("%s: extension part %v, the peer took at least 20ms", name, tr.Extension.Duration())
		}
		if tr.Hub < tr.Extension || tr.Hub < tr.Lock {
			t.Errorf("%s: hub %v is less than its parts (extension %v, lock %v)", name, tr.Hub, tr.Extension, tr.Lock)
		}
	}

	traced := func() (context.Context, func() []*rpc.Trace) {
		var got []*rpc.Trace
		return rpc.WithTracer(context.Background(), func(t *rpc.Trace) { got = append(got, t) }), func() []*rpc.Trace { return got }
	}
	ctx, got := traced()
	if _, err := th.Call(ctx, rpc.PageGet, map[string]any{"sessionId": "s1", "what": "title"}, 0); err != nil {
		t.Fatal(err)
	}
	if len(got()) != 1 || got()[0].Method != rpc.PageGet || got()[0].Total != got()[0].Hub {
		t.Fatalf("in process: traces %+v", got())
	}
	check("in process", got()[0])

	c := hubclient.NewClient(th.addr, testToken)
	defer c.Close()
	ctx, got = traced()
	if _, err := c.Call(ctx, rpc.PageGet, map[string]any{"sessionId": "s1", "what": "title"}, 0); err != nil {
		t.Fatal(err)
	}
	if len(got()) != 1 || got()[0].Total < got()[0].Hub {
		t.Fatalf("through the client: traces %+v (the client's total includes the hub's)", got())
	}
	check("through the client", got()[0])

	// No trace asked: the answer carries none, and nothing breaks.
	if res, err := c.Call(context.Background(), rpc.PageGet, map[string]any{"sessionId": "s1", "what": "title"}, 0); err != nil || string(res) != `{"ok":true}` {
		t.Fatalf("untraced call: %s %v", res, err)
	}
	<-ids
	p.close()
	<-done
}
