package hub

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"browserctl/rpc"
)

// benchBrowser is benchPeer for an identified browser that holds session
// sid: sessions.list answers it, every other request benchResult.
func benchBrowser(b *testing.B, th *testHub, id, sid string) *peer {
	p := connectAs(b, th, id, id)
	listed := []byte(`{"sessions":[{"sessionId":"` + sid + `"}]}`)
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
			if bytes.Contains(in.Bytes(), []byte(`"sessions.list"`)) {
				out = append(append(out[:bytes.Index(out, []byte(`"result":`))+9], listed...), '}')
			}
			if p.ws.WriteMessage(websocket.TextMessage, out) != nil {
				return
			}
		}
	}()
	return p
}

// BenchmarkCallsToBrowsers: 64 callers through one hub to 1, 2 and 4
// browsers, each call of a session the hub routes to its browser (the
// callers spread over the browsers' sessions).
func BenchmarkCallsToBrowsers(b *testing.B) {
	for _, n := range []int{1, 2, 4} {
		b.Run(fmt.Sprintf("browsers=%d", n), func(b *testing.B) {
			th := startBenchHub(b)
			var params []any
			for i := range n {
				sid := fmt.Sprintf("s%d", i)
				p := benchBrowser(b, th, fmt.Sprintf("b%d", i), sid)
				defer p.close()
				params = append(params, json.RawMessage(`{"sessionId":"`+sid+`"}`))
			}
			ctx := context.Background()
			if _, err := th.Call(ctx, rpc.SessionList, nil, 0); err != nil { // the hub learns each session's browser
				b.Fatal(err)
			}
			var next atomic.Int64
			b.SetParallelism((64 + runtime.GOMAXPROCS(0) - 1) / runtime.GOMAXPROCS(0))
			b.ReportAllocs()
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				p := params[int(next.Add(1))%n]
				for pb.Next() {
					if _, err := th.Call(ctx, rpc.TabActive, p, 0); err != nil {
						b.Error(err)
						return
					}
				}
			})
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "calls/s")
		})
	}
}

// rawBrowser connects an identified browser over a bare TCP connection (no
// client-side WebSocket state in this process's heap): the upgrade, the
// auth frame, the auth_ok.
func rawBrowser(addr, id string) (net.Conn, error) {
	c, err := rawUpgrade(addr)
	if err != nil {
		return nil, err
	}
	auth, _ := json.Marshal(rpc.Control{Type: rpc.FrameAuth, Token: testToken, Browser: &rpc.BrowserHello{ID: id, Name: id}})
	frame := []byte{0x81, 0x80 | 126}
	frame = binary.BigEndian.AppendUint16(frame, uint16(len(auth)))
	frame = append(frame, 0, 0, 0, 0) // a zero mask leaves the payload as it is
	frame = append(frame, auth...)
	if _, err := c.Write(frame); err != nil {
		c.Close()
		return nil, err
	}
	_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
	head := make([]byte, 2)
	if _, err := io.ReadFull(c, head); err != nil {
		c.Close()
		return nil, err
	}
	body := make([]byte, head[1]&0x7f)
	if _, err := io.ReadFull(c, body); err != nil || !bytes.Contains(body, []byte("auth_ok")) {
		c.Close()
		return nil, fmt.Errorf("no auth_ok: %q %v", body, err)
	}
	_ = c.SetReadDeadline(time.Time{})
	return c, nil
}

func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// BenchmarkHubMemoryPerBrowser: the hub's heap per connected, idle
// browser (its slot, connection and buffers) and its goroutines per
// browser. The measure is taken once, whatever b.N (run it with
// -benchtime 1x).
func BenchmarkHubMemoryPerBrowser(b *testing.B) {
	const n = 200
	th := startBenchHub(b)
	before, g0 := heapInUse(), runtime.NumGoroutine()
	var conns []net.Conn
	for i := range n {
		c, err := rawBrowser(th.addr, fmt.Sprintf("b%d", i))
		if err != nil {
			b.Fatal(err)
		}
		conns = append(conns, c)
	}
	waitForB(b, func() bool { st, _ := th.Status(context.Background()); return len(st.Browsers) == n })
	after, g1 := heapInUse(), runtime.NumGoroutine()
	for range b.N {
	}
	b.ReportMetric(float64(after-before)/n, "heap-bytes/browser")
	b.ReportMetric(float64(g1-g0)/n, "goroutines/browser")
	for _, c := range conns {
		c.Close()
	}
}

// BenchmarkBrowserGoneLatency: the time from a browser's connection
// dropping (its process killed: the socket closes) to its session's
// pending call failing with browser_gone, while another browser stays.
// Each round connects the browser again (untimed): run it with a count,
// -benchtime 200x.
func BenchmarkBrowserGoneLatency(b *testing.B) {
	th := startBenchHub(b)
	other := benchBrowser(b, th, "bother", "sother")
	defer other.close()
	ctx := context.Background()
	var total time.Duration
	for i := range b.N {
		b.StopTimer()
		c, err := rawBrowser(th.addr, "bdying")
		if err != nil {
			b.Fatal(err)
		}
		// its session, from its sessions.list: the raw peer never answers,
		// so teach the table directly
		waitForB(b, func() bool { _, _, ok := th.browsers.named("bdying"); return ok })
		dying, _, _ := th.browsers.named("bdying")
		sid := fmt.Sprintf("sd%d", i)
		th.browsers.claim(dying, sid)
		errc := make(chan error, 1)
		go func() {
			_, err := th.Call(ctx, rpc.PageClick, map[string]any{"sessionId": sid, "ref": "e1"}, 0)
			errc <- err
		}()
		waitForB(b, func() bool { return dying.pendingCount() == 1 })
		b.StartTimer()
		t0 := time.Now()
		c.Close()
		err = <-errc
		total += time.Since(t0)
		var be *rpc.BrowserError
		if !asBrowserError(err, &be) || be.Reason != rpc.ReasonBrowserGone {
			b.Fatalf("want browser_gone, got %v", err)
		}
	}
	b.ReportMetric(float64(total.Microseconds())/float64(b.N), "µs-to-browser_gone")
}

func asBrowserError(err error, be **rpc.BrowserError) bool {
	e, ok := err.(*rpc.BrowserError)
	*be = e
	return ok
}

func waitForB(b *testing.B, cond func() bool) {
	b.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			b.Fatal("gave up waiting")
		}
		time.Sleep(time.Millisecond)
	}
}
