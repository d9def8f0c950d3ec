package hub

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"

	"github.com/gorilla/websocket"

	"browserctl/hub/capability"
	"browserctl/hub/hubclient"
	"browserctl/rpc"
)

var (
	benchParams any = json.RawMessage(`{"sessionId":"s1"}`) // boxed once, as a caller would hold it
	benchResult     = []byte(`{"tabId":101,"windowId":1,"url":"https://example.com/","title":"Example Domain","active":true,"groupId":12,"sessionId":"s1"}`)
)

// benchResponse is the answer to request id, as the extension would send it.
func benchResponse(buf []byte, id []byte) []byte {
	buf = append(buf[:0], `{"jsonrpc":"2.0","id":`...)
	buf = append(buf, id...)
	buf = append(buf, `,"result":`...)
	buf = append(buf, benchResult...)
	return append(buf, '}')
}

// requestID finds the id of a request frame the hub wrote.
func requestID(frame []byte) []byte {
	const key = `"id":`
	i := bytes.Index(frame, []byte(key))
	if i < 0 {
		return nil
	}
	rest := frame[i+len(key):]
	j := bytes.IndexByte(rest, ',')
	return rest[:j]
}

// benchPeer is a fast fake extension: one goroutine that reads a request and
// writes its response, like the extension's single-threaded worker.
func benchPeer(b *testing.B, th *testHub) *peer {
	p := connect(b, th)
	go func() {
		var out []byte
		var in bytes.Buffer
		for {
			_, r, err := p.ws.NextReader()
			if err != nil {
				return
			}
			in.Reset()
			in.ReadFrom(r)
			if !bytes.Contains(in.Bytes(), []byte(`"method"`)) {
				continue
			}
			out = benchResponse(out, requestID(in.Bytes()))
			if p.ws.WriteMessage(websocket.TextMessage, out) != nil {
				return
			}
		}
	}()
	return p
}

func startBenchHub(b *testing.B) *testHub {
	h := New(Options{Token: testToken})
	ln, err := newLoopbackListener()
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- h.Serve(ctx, ln) }()
	b.Cleanup(func() { cancel(); <-done })
	return &testHub{Hub: h, addr: ln.Addr().String()}
}

// BenchmarkCallSequential: one caller, one call at a time, through the hub
// and a fake extension over a real loopback WebSocket.
func BenchmarkCallSequential(b *testing.B) {
	th := startBenchHub(b)
	p := benchPeer(b, th)
	defer p.close()
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := th.Call(ctx, rpc.TabActive, benchParams, 0); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "calls/s")
}

// BenchmarkCallParallel64: 64 concurrent callers on one connection.
func BenchmarkCallParallel64(b *testing.B) {
	th := startBenchHub(b)
	p := benchPeer(b, th)
	defer p.close()
	ctx := context.Background()
	b.SetParallelism((64 + runtime.GOMAXPROCS(0) - 1) / runtime.GOMAXPROCS(0))
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := th.Call(ctx, rpc.TabActive, benchParams, 0); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "calls/s")
}

// BenchmarkRawEcho: the floor. The same request and response bytes over a
// bare gorilla WebSocket, no hub in between.
func BenchmarkRawEcho(b *testing.B) {
	req := encodeRequest(1, rpc.TabActive, benchParams.(json.RawMessage))
	resp := benchResponse(nil, []byte(strconv.Itoa(1)))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := upgrader.Upgrade(w, r, nil)
		if err != nil {
			return
		}
		defer ws.Close()
		for {
			if _, _, err := ws.NextReader(); err != nil {
				return
			}
			if ws.WriteMessage(websocket.TextMessage, resp) != nil {
				return
			}
		}
	}))
	defer srv.Close()
	ws, _, err := websocket.DefaultDialer.Dial("ws"+srv.URL[4:], nil)
	if err != nil {
		b.Fatal(err)
	}
	defer ws.Close()
	var in bytes.Buffer
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if err := ws.WriteMessage(websocket.TextMessage, *req); err != nil {
			b.Fatal(err)
		}
		_, r, err := ws.NextReader()
		if err != nil {
			b.Fatal(err)
		}
		in.Reset()
		in.ReadFrom(r)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "calls/s")
}

// BenchmarkClientCall: a call through the control API on a kept-alive
// connection, as the REPL's client makes them.
func BenchmarkClientCall(b *testing.B) {
	th := startBenchHub(b)
	p := benchPeer(b, th)
	defer p.close()
	c := hubclient.NewClient(th.addr, testToken)
	defer c.Close()
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := c.Call(ctx, rpc.TabActive, benchParams, 0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkClientFirstCall: a new Client (new TCP connection) per call, as
// a one-shot command makes it.
func BenchmarkClientFirstCall(b *testing.B) {
	th := startBenchHub(b)
	p := benchPeer(b, th)
	defer p.close()
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		c := hubclient.NewClient(th.addr, testToken)
		if _, err := c.Call(ctx, rpc.TabActive, benchParams, 0); err != nil {
			b.Fatal(err)
		}
		c.Close()
	}
}

// BenchmarkClientCallBearer: the call of BenchmarkClientCall with the
// control token and with a session's capability, side by side: the
// difference is what the capability's check (lookup, session and access
// rules, params rewritten to its session) costs a call.
func BenchmarkClientCallBearer(b *testing.B) {
	store, err := capability.Open(filepath.Join(b.TempDir(), capability.FileName))
	if err != nil {
		b.Fatal(err)
	}
	th := startHub(b, Options{Capabilities: store})
	p := benchPeer(b, th)
	defer p.close()
	secret, _, err := store.New(capability.Terms{SessionID: "s1"})
	if err != nil {
		b.Fatal(err)
	}
	for _, bearer := range []struct{ name, secret string }{{"token", testToken}, {"capability", secret}} {
		b.Run(bearer.name, func(b *testing.B) {
			c := hubclient.NewClient(th.addr, bearer.secret)
			defer c.Close()
			ctx := context.Background()
			b.ReportAllocs()
			for range b.N {
				if _, err := c.Call(ctx, rpc.TabActive, benchParams, 0); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
