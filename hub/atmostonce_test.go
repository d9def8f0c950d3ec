package hub

import (
	"context"
	"errors"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"browserctl/hub/hubclient"
	"browserctl/rpc"
)

// killableListener lets a test end a hub the way kill -9 does: the
// listener and every connection it accepted close at once, with no answer.
type killableListener struct {
	net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

func (l *killableListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		l.mu.Lock()
		l.conns = append(l.conns, c)
		l.mu.Unlock()
	}
	return c, err
}

func (l *killableListener) kill() {
	l.mu.Lock()
	for i := len(l.conns) - 1; i >= 0; i-- { // the newest (the caller's) first, before the hub can answer it
		l.conns[i].Close()
	}
	l.mu.Unlock()
	l.Listener.Close() // after the connections: Serve's shutdown must not answer first
}

// At most once: the hub vanishes after a call's request reached it. The client
// reports that the call may or may not have run, never hubclient.ErrNoHub (which
// makes the CLI start a new hub and send the call again), and the
// extension saw the request exactly once. cmd/testdata/script/hub_killed.txtar
// does the same with a real daemon and kill -9.
func TestClientHubKilledMidCall(t *testing.T) {
	ln, err := newLoopbackListener()
	if err != nil {
		t.Fatal(err)
	}
	kl := &killableListener{Listener: ln}
	h := New(Options{Token: testToken})
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- h.Serve(ctx, kl) }()
	defer func() { cancel(); <-served }()
	th := &testHub{Hub: h, addr: ln.Addr().String()}

	p := connect(t, th)
	defer p.close()
	var clicks atomic.Int32
	peerDone := make(chan struct{})
	go func() {
		defer close(peerDone)
		for {
			req, _, err := p.read()
			if err != nil {
				return
			}
			if req.Method == rpc.PageClick {
				clicks.Add(1)
				kl.kill() // the hub dies between send and answer
			}
		}
	}()

	c := hubclient.NewClient(th.addr, testToken)
	defer c.Close()
	start := time.Now()
	_, err = c.Call(context.Background(), rpc.PageClick, map[string]any{"sessionId": "s1", "ref": "e1"}, 30*time.Second)
	if !errors.Is(err, hubclient.ErrCallInterrupted) || errors.Is(err, hubclient.ErrNoHub) {
		t.Fatalf("want hubclient.ErrCallInterrupted (and not hubclient.ErrNoHub), got %v", err)
	}
	var be *rpc.BrowserError
	if !errors.As(err, &be) || !be.Retryable || !strings.Contains(be.Message, "may or may not have run") {
		t.Fatalf("want a retryable BrowserError saying the call may or may not have run, got %#v", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Fatalf("the client noticed the dead hub only after %s", d)
	}
	<-peerDone
	if n := clicks.Load(); n != 1 {
		t.Fatalf("the extension received pages.click %d times, want 1", n)
	}

	// Nothing listens any more: a call now sends nothing and says so.
	_, err = c.Call(context.Background(), rpc.PageClick, map[string]any{"sessionId": "s1", "ref": "e1"}, time.Second)
	if !errors.Is(err, hubclient.ErrNoHub) || errors.Is(err, hubclient.ErrCallInterrupted) {
		t.Fatalf("with no hub: want hubclient.ErrNoHub, got %v", err)
	}
}
