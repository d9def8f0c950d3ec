package hub

// The gate: connections that have not shown the token are bounded in number
// and in time, so a process without the token cannot starve the hub of file
// descriptors or memory. A connection is trusted once a control
// request on it carries the right bearer token or its WebSocket
// authenticates; until then it counts against maxUntrusted and lives at
// most untrustedLifetime.

import (
	"container/list"
	"context"
	"crypto/tls"
	"net"
	"net/http"
	"sync"
	"time"
)

// Limits of the HTTP server and of connections without the token.
const (
	// readHeaderTimeout: a request's head must arrive within this.
	readHeaderTimeout = 5 * time.Second
	// readTimeout: a whole request, head and body. net/http lifts it once
	// the body is read, so a long call or GET /events lives on
	// (TestServerClosesSlowAndIdle).
	readTimeout = 30 * time.Second
	// idleTimeout: a kept-alive connection with no request is closed. The
	// client checks a kept connection before reuse and dials again.
	idleTimeout = 60 * time.Second
	// maxHeaderBytes bounds a request's head (ours are a few hundred bytes).
	maxHeaderBytes = 64 << 10

	// maxUntrusted is how many connections may be open without having
	// shown the token. A new one over it closes the oldest: a real client
	// shows the token within milliseconds of connecting, so it is never
	// the oldest for long.
	maxUntrusted = 128
	// untrustedLifetime: a connection that has not shown the token within
	// this is closed, whatever it is doing.
	untrustedLifetime = 10 * time.Second
	// authFrameLimit is the read limit of a WebSocket before auth_ok: an
	// auth frame is ~100 bytes; the big limit applies only afterwards.
	authFrameLimit = 4 << 10
)

// serverLimits are the limits above, one set per hub (tests shorten them).
type serverLimits struct {
	readHeader, read, idle time.Duration
	maxUntrusted           int
	untrustedLifetime      time.Duration
}

var defaultLimits = serverLimits{
	readHeader:        readHeaderTimeout,
	read:              readTimeout,
	idle:              idleTimeout,
	maxUntrusted:      maxUntrusted,
	untrustedLifetime: untrustedLifetime,
}

// gate tracks the untrusted connections of one listener, oldest first.
type gate struct {
	max      int
	lifetime time.Duration

	mu        sync.Mutex
	untrusted list.List // of *gatedConn
	peak      int       // the most untrusted connections open at once
}

func newGate(max int, lifetime time.Duration) *gate {
	return &gate{max: max, lifetime: lifetime}
}

// gatedListener hands out gatedConns.
type gatedListener struct {
	net.Listener
	g *gate
}

func (l gatedListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return l.g.admit(c), nil
}

// gatedConn is an accepted connection; elem is its place in the untrusted
// list, nil once trusted or closed.
type gatedConn struct {
	net.Conn
	g     *gate
	elem  *list.Element // guarded by g.mu
	timer *time.Timer
	until time.Time // when timer fires; guarded by g.mu
}

// admit registers a new connection as untrusted, closing the oldest
// untrusted one when there are too many.
func (g *gate) admit(c net.Conn) *gatedConn {
	gc := &gatedConn{Conn: c, g: g}
	g.mu.Lock()
	var evict *gatedConn
	if g.untrusted.Len() >= g.max {
		evict = g.untrusted.Front().Value.(*gatedConn)
		g.untrusted.Remove(evict.elem)
		evict.elem = nil
	}
	gc.elem = g.untrusted.PushBack(gc)
	g.peak = max(g.peak, g.untrusted.Len())
	gc.until = time.Now().Add(g.lifetime)
	gc.timer = time.AfterFunc(g.lifetime, gc.expire)
	g.mu.Unlock()
	if evict != nil {
		evict.timer.Stop()
		evict.Conn.Close()
	}
	return gc
}

// leave takes the connection off the untrusted list; it answers whether it
// was still there (only the first of trust and expire acts).
func (gc *gatedConn) leave() bool {
	gc.g.mu.Lock()
	defer gc.g.mu.Unlock()
	if gc.elem == nil {
		return false
	}
	gc.g.untrusted.Remove(gc.elem)
	gc.elem = nil
	return true
}

// trust takes the connection off the untrusted list: it showed the token.
func (gc *gatedConn) trust() {
	if gc.leave() {
		gc.timer.Stop()
	}
}

// hold gives a still untrusted connection at least d more to live: for a
// WebSocket in its auth handshake, whose own deadline ends it.
func (gc *gatedConn) hold(d time.Duration) {
	gc.g.mu.Lock()
	defer gc.g.mu.Unlock()
	if until := time.Now().Add(d); gc.elem != nil && until.After(gc.until) {
		gc.until = until
		gc.timer.Reset(d)
	}
}

// expire closes the connection if it is still untrusted.
func (gc *gatedConn) expire() {
	if gc.leave() {
		gc.Conn.Close()
	}
}

func (gc *gatedConn) Close() error {
	gc.trust() // off the list either way
	return gc.Conn.Close()
}

// counts answers the untrusted connections open now and the peak.
func (g *gate) counts() (now, peak int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.untrusted.Len(), g.peak
}

type gateKey struct{}

// connContext puts the request's connection in its context (for trustConn).
func connContext(ctx context.Context, c net.Conn) context.Context {
	if tc, ok := c.(*tls.Conn); ok {
		c = tc.NetConn() // the remote listener's: TLS over the gated connection
	}
	if gc, ok := c.(*gatedConn); ok {
		return context.WithValue(ctx, gateKey{}, gc)
	}
	return ctx
}

// holdUntrusted gives the connection that carried r at least d more to live
// while untrusted (it still counts against maxUntrusted).
func holdUntrusted(r *http.Request, d time.Duration) {
	if gc, ok := r.Context().Value(gateKey{}).(*gatedConn); ok {
		gc.hold(d)
	}
}

// trustConn marks the connection that carried r as trusted.
func trustConn(r *http.Request) {
	if gc, ok := r.Context().Value(gateKey{}).(*gatedConn); ok {
		gc.trust()
	}
}
