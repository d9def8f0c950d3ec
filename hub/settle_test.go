package hub

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// One browser at a time, calmly. politePeer is a browser's
// extension as ws-client.ts behaves: closed by the hub with 1000 and a
// "replaced" reason it stays off until its user asks; any other close
// reconnects (after 50 ms here).
type politePeer struct {
	th     *testHub
	ua, id string

	mu       sync.Mutex
	replaced []string // the close reasons it stayed off for
	others   []string // other ends, after which it reconnected
	live     *websocket.Conn
	wg       sync.WaitGroup
	stopped  bool
}

// connectNow dials and authenticates (the popup's Reconnect).
func (p *politePeer) connectNow() error {
	hdr := http.Header{"User-Agent": {p.ua}, "Origin": {"chrome-extension://" + p.id}}
	d := websocket.Dialer{HandshakeTimeout: 5 * time.Second}
	ws, _, err := d.Dial("ws://"+p.th.addr+"/ws/browser", hdr)
	if err != nil {
		return err
	}
	auth, _ := json.Marshal(rpc.Control{Type: rpc.FrameAuth, Token: testToken})
	if err := ws.WriteMessage(websocket.TextMessage, auth); err != nil {
		ws.Close()
		return err
	}
	if _, data, err := ws.ReadMessage(); err != nil || !strings.Contains(string(data), "auth_ok") {
		ws.Close()
		return errors.New("no auth_ok")
	}
	p.mu.Lock()
	p.live = ws
	p.mu.Unlock()
	p.wg.Add(1)
	go p.serve(ws)
	return nil
}

// serve answers every request with the peer's user agent until the
// connection ends, then applies the reconnect policy.
func (p *politePeer) serve(ws *websocket.Conn) {
	defer p.wg.Done()
	var err error
	for {
		var data []byte
		if _, data, err = ws.ReadMessage(); err != nil {
			break
		}
		var req rpc.Request
		if json.Unmarshal(data, &req) == nil && req.Method != "" {
			res, _ := json.Marshal(p.ua)
			f, _ := json.Marshal(rpc.Response{JSONRPC: "2.0", ID: &req.ID, Result: res})
			_ = ws.WriteMessage(websocket.TextMessage, f)
		}
	}
	ws.Close()
	var ce *websocket.CloseError
	p.mu.Lock()
	stopped := p.stopped
	if errors.As(err, &ce) && ce.Code == websocket.CloseNormalClosure && strings.HasPrefix(ce.Text, "replaced") {
		p.replaced = append(p.replaced, ce.Text)
		p.mu.Unlock()
		return
	}
	p.others = append(p.others, err.Error())
	p.mu.Unlock()
	if !stopped {
		time.Sleep(50 * time.Millisecond)
		_ = p.connectNow()
	}
}

func (p *politePeer) stop() {
	p.mu.Lock()
	p.stopped = true
	ws := p.live
	p.mu.Unlock()
	if ws != nil {
		ws.Close()
	}
	p.wg.Wait()
}

func (p *politePeer) counts() (replaced []string, others []string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.replaced...), append([]string(nil), p.others...)
}

// Two browsers connect alternately, three times each, as two users pressing
// Reconnect would. Each replaced one is told so (1000, ReplacedReason) and
// stays off: the hub settles on the last one at once, status names it, and
// calls reach it.
func TestTwoBrowsersSettle(t *testing.T) {
	th := startHub(t, Options{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	events, _ := th.Events(ctx)
	a := &politePeer{th: th, ua: "Mozilla/5.0 BrowserA Chrome/131.0.0.0", id: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}
	b := &politePeer{th: th, ua: "Mozilla/5.0 BrowserB HeadlessChrome/131.0.0.0", id: "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"}
	defer a.stop()
	defer b.stop()
	for range 3 {
		for _, p := range []*politePeer{a, b} {
			if err := p.connectNow(); err != nil {
				t.Fatal(err)
			}
		}
	}
	changes := 0
	for changes < 6 { // the six connections: connected, then five replaced
		select {
		case ev := <-events:
			if ev.Type == hubapi.EventConnected || ev.Type == hubapi.EventReplaced {
				changes++
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("only %d connection events", changes)
		}
	}
	// Settled: nothing connects again by itself.
	quiet := time.After(3 * time.Second)
	for done := false; !done; {
		select {
		case ev := <-events:
			if ev.Type != hubapi.EventSession {
				t.Errorf("after the last connect the hub saw %s from %s: the browsers take turns", ev.Type, ev.Remote)
			}
		case <-quiet:
			done = true
		}
	}
	st, _ := th.Status(ctx)
	if !st.Connected || st.Browser == nil || st.Browser.UserAgent != b.ua || st.Browser.ExtensionID != b.id || st.Browser.Remote == "" {
		t.Fatalf("status names %+v, want browser B (%s, %s)", st.Browser, b.ua, b.id)
	}
	if res, err := th.Call(ctx, rpc.TabList, nil, 5*time.Second); err != nil || string(res) != `"`+b.ua+`"` {
		t.Fatalf("call went to %s (%v), want browser B", res, err)
	}
	ra, oa := a.counts()
	rb, ob := b.counts()
	if len(ra) != 3 || len(rb) != 2 || len(oa)+len(ob) != 0 {
		t.Fatalf("A replaced %d times %q, other ends %q; B replaced %d times %q, other ends %q; want 3 and 2 replacements, nothing else",
			len(ra), ra, oa, len(rb), rb, ob)
	}
	for _, r := range append(ra, rb...) {
		if r != ReplacedReason {
			t.Fatalf("replaced with reason %q, want %q", r, ReplacedReason)
		}
	}
}
