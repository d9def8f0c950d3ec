package hub

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"go.uber.org/goleak"

	"browserctl/rpc"
)

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}

const testToken = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"

// testHub is a hub serving on a loopback port for one test.
type testHub struct {
	*Hub
	addr string
}

func startHub(t testing.TB, opts Options) *testHub {
	t.Helper()
	if opts.Token == "" {
		opts.Token = testToken
	}
	h := New(opts)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- h.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return &testHub{Hub: h, addr: ln.Addr().String()}
}

func (th *testHub) url(path string) string { return "http://" + th.addr + path }

// dial opens /ws/browser without authenticating.
func dial(th *testHub, hdr http.Header) (*websocket.Conn, *http.Response, error) {
	d := websocket.Dialer{HandshakeTimeout: 5 * time.Second}
	return d.Dial("ws://"+th.addr+"/ws/browser", hdr)
}

// peer is a fake extension over a real WebSocket.
type peer struct {
	t  testing.TB
	ws *websocket.Conn
	wm sync.Mutex
}

// connect dials and authenticates, failing the test unless auth_ok comes.
func connect(t testing.TB, th *testHub) *peer {
	t.Helper()
	return connectHello(t, th, nil)
}

// connectHello is connect with the auth frame's "browser" member (nil: a
// peer that follows the seed).
func connectHello(t testing.TB, th *testHub, hello *rpc.BrowserHello) *peer {
	t.Helper()
	d := websocket.Dialer{HandshakeTimeout: 5 * time.Second}
	ws, _, err := d.Dial("ws://"+th.addr+"/ws/browser", nil)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	p := &peer{t: t, ws: ws}
	p.sendJSON(rpc.Control{Type: rpc.FrameAuth, Token: testToken, Browser: hello})
	var ok rpc.Control
	if err := ws.ReadJSON(&ok); err != nil || ok.Type != rpc.FrameAuthOK || ok.Version != rpc.ProtocolVersion {
		t.Fatalf("want auth_ok version 1, got %+v (%v)", ok, err)
	}
	return p
}

func (p *peer) sendRaw(s string) {
	p.wm.Lock()
	defer p.wm.Unlock()
	if err := p.ws.WriteMessage(websocket.TextMessage, []byte(s)); err != nil {
		p.t.Errorf("peer write: %v", err)
	}
}

func (p *peer) sendJSON(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		p.t.Fatal(err)
	}
	p.sendRaw(string(b))
}

// read returns the next frame as a request (control frames have no method).
func (p *peer) read() (rpc.Request, rpc.Control, error) {
	_, data, err := p.ws.ReadMessage()
	if err != nil {
		return rpc.Request{}, rpc.Control{}, err
	}
	var req rpc.Request
	var c rpc.Control
	_ = json.Unmarshal(data, &req)
	_ = json.Unmarshal(data, &c)
	return req, c, nil
}

// nextRequest reads until a request arrives.
func (p *peer) nextRequest() rpc.Request {
	p.t.Helper()
	for {
		req, _, err := p.read()
		if err != nil {
			p.t.Fatalf("peer read: %v", err)
		}
		if req.Method != "" {
			return req
		}
	}
}

func (p *peer) reply(id int64, result any) {
	b, _ := json.Marshal(result)
	p.sendJSON(rpc.Response{JSONRPC: "2.0", ID: &id, Result: b})
}

func (p *peer) replyError(id int64, code int, msg string) {
	p.sendJSON(rpc.Response{JSONRPC: "2.0", ID: &id, Error: &rpc.WireError{Code: code, Message: msg}})
}

// serve answers every request with answer's result until the connection
// ends; it returns when the reading stops.
func (p *peer) serve(answer func(req rpc.Request) any) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			req, _, err := p.read()
			if err != nil {
				return
			}
			if req.Method != "" {
				go func() {
					b, _ := json.Marshal(answer(req))
					id := req.ID
					f, _ := json.Marshal(rpc.Response{JSONRPC: "2.0", ID: &id, Result: b})
					p.wm.Lock()
					defer p.wm.Unlock()
					_ = p.ws.WriteMessage(websocket.TextMessage, f) // the hub may have hung up
				}()
			}
		}
	}()
	return done
}

func (p *peer) close() { _ = p.ws.Close() }

// closeCode reads until the hub closes the connection and returns its code
// and reason.
func closeCode(t *testing.T, ws *websocket.Conn) (int, string) {
	t.Helper()
	_ = ws.SetReadDeadline(time.Now().Add(10 * time.Second))
	for {
		_, _, err := ws.ReadMessage()
		if err == nil {
			continue
		}
		var ce *websocket.CloseError
		if errors.As(err, &ce) {
			return ce.Code, ce.Text
		}
		t.Fatalf("want a close frame, got %v", err)
	}
}

// browserErr asserts err is a *rpc.BrowserError with code and retryable.
func browserErr(t *testing.T, err error, code rpc.Code, retryable bool) {
	t.Helper()
	var be *rpc.BrowserError
	if !errors.As(err, &be) {
		t.Fatalf("want *rpc.BrowserError %d, got %T %v", code, err, err)
	}
	if be.Code != code || be.Retryable != retryable {
		t.Fatalf("want code %d retryable %v, got %d retryable %v (%s)", code, retryable, be.Code, be.Retryable, be.Message)
	}
}

// pending is the number of calls waiting on the current connection.
func (h *Hub) pendingNow() int {
	if c := h.conn.Load(); c != nil {
		return c.pendingCount()
	}
	return 0
}

// waitFor polls cond (for state that settles asynchronously, not timing).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func newLoopbackListener() (net.Listener, error) { return net.Listen("tcp", "127.0.0.1:0") }
