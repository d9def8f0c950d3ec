package hub

// Serve and Close: running the HTTP server and shutting down cleanly.

import (
	"bytes"
	"context"
	"errors"
	"log"
	"net"
	"net/http"
	"time"

	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// shutdownWait bounds how long Serve waits for requests and connections to
// finish once it stops.
const shutdownWait = 3 * time.Second

// Serve serves Handler on ln until ctx is done or Close is called, then
// shuts down: pending calls fail (4101, retryable), the extension gets a
// close frame, and the HTTP server stops within a bounded wait.
func (h *Hub) Serve(ctx context.Context, ln net.Listener) error {
	h.mu.Lock()
	h.addr = ln.Addr()
	lim := h.limits
	g := newGate(lim.maxUntrusted, lim.untrustedLifetime)
	h.gate = g
	h.mu.Unlock()
	// Idle and slow connections are closed, and those without the token are
	// bounded in number and time (gate.go). No WriteTimeout:
	// GET /events streams for as long as its client listens.
	srv := h.newServer(h.Handler(), lim)
	return h.runServer(ctx, srv, func() error { return srv.Serve(gatedListener{Listener: ln, g: g}) }, h.shutdown)
}

// newServer is the HTTP server of one listener, with the hub's limits.
func (h *Hub) newServer(handler http.Handler, lim serverLimits) *http.Server {
	return &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: lim.readHeader,
		ReadTimeout:       lim.read,
		IdleTimeout:       lim.idle,
		MaxHeaderBytes:    maxHeaderBytes,
		ConnContext:       connContext,
		ErrorLog:          log.New(logfWriter{h}, "", 0),
	}
}

// runServer runs serve until ctx is done, the hub closes or serve fails;
// then it calls stopping (when given) and shuts srv down within
// shutdownWait.
func (h *Hub) runServer(ctx context.Context, srv *http.Server, serve func() error, stopping func()) error {
	errc := make(chan error, 1)
	go func() { errc <- serve() }()

	var err error
	select {
	case <-ctx.Done():
	case <-h.closing:
	case err = <-errc:
	}
	if stopping != nil {
		stopping()
	}
	sctx, cancel := context.WithTimeout(context.Background(), shutdownWait)
	if srv.Shutdown(sctx) != nil {
		_ = srv.Close()
	}
	cancel()
	if err == nil {
		err = <-errc
	}
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// Close stops the hub: Serve returns, pending calls fail, the extension is
// disconnected. It is safe to call more than once.
func (h *Hub) Close() error {
	h.closeOnce.Do(func() { close(h.closing) })
	h.shutdown()
	return nil
}

// shutdown runs once: no new connections, the current one closed with 1001,
// every event stream ended, then a bounded wait for connection goroutines.
func (h *Hub) shutdown() {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return
	}
	h.closed = true
	c := h.conn.Swap(nil)
	conns := h.browsers.live()
	if c != nil && len(conns) == 0 {
		conns = []*conn{c} // a connection outside the table (tests)
	}
	h.since = time.Now()
	h.mu.Unlock()
	for _, c := range conns {
		c.stop(closeGoingAway, "hub shutting down", rpc.ErrConnectionLost("hub shutting down"))
		h.events.emit(hubapi.Event{Type: hubapi.EventDisconnected, Time: time.Now(), Remote: c.remote, Browser: c.browser.Name})
	}
	h.events.closeAll()
	done := make(chan struct{})
	go func() { h.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(shutdownWait):
		h.logf("hub: connections still open after %s", shutdownWait)
	}
	if k := h.journal.keeper; k != nil {
		k.close() // what is queued reaches the disk
	}
}

// logfWriter sends the http.Server's own complaints to Options.Logf.
type logfWriter struct{ h *Hub }

func (w logfWriter) Write(p []byte) (int, error) {
	w.h.logf("hub: http: %s", bytes.TrimRight(p, "\n"))
	return len(p), nil
}
