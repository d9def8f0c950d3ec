package hub

// Hub: the browsers' last-wins connection slots (browsers.go), Call (ids,
// session injection, routing to a browser, locks, timeouts), the current
// session, Status and UseSession.

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"browserctl/hub/browserkeys"
	"browserctl/hub/capability"
	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// DefaultAddr is where the hub listens unless told otherwise.
const DefaultAddr = "127.0.0.1:9223"

// Limits and waits of the /ws/browser connection.
const (
	// DefaultMaxFrameBytes is the per-frame read limit: full-page screenshots
	// arrive as base64 in one frame.
	DefaultMaxFrameBytes int64 = 64 << 20
	// MinMaxFrameBytes is the smallest read limit the hub accepts; a smaller
	// Options.MaxFrameBytes is raised to it.
	MinMaxFrameBytes int64 = 32 << 20
	// DefaultAuthTimeout is how long a new connection has to send its auth frame.
	DefaultAuthTimeout = 10 * time.Second

	writeWait  = 10 * time.Second // per frame written
	readWait   = 60 * time.Second // refreshed on every frame; the extension pings every 20 s
	closeGrace = time.Second      // how long a close handshake may take
	sendQueue  = 1024             // frames waiting for the writer goroutine
)

// Options configure a Hub.
type Options struct {
	Token         string                           // the control API's secret; empty refuses everyone
	ExtensionKey  string                           // the extension's own secret at /ws/browser; empty: Token (as the seed had it)
	ExtensionID   string                           // pins the chrome-extension://<id> origin; empty accepts any extension
	MaxFrameBytes int64                            // per-frame read limit; 0 means DefaultMaxFrameBytes
	AuthTimeout   time.Duration                    // time allowed for the auth frame; 0 means DefaultAuthTimeout
	FrameLog      io.Writer                        // when set, every frame and connection event is logged here (tokens redacted)
	Logf          func(format string, args ...any) // ordinary messages; nil = silent
	// Capabilities are the per-session secrets the control API also
	// accepts (session grant); nil accepts none and grants none.
	Capabilities *capability.Store
	// BrowserKeys are the remote browsers' own keys (extension install
	// --server wss://...); nil takes none. Only they are taken at the
	// remote listener (ServeRemote).
	BrowserKeys *browserkeys.Store
	// Hosts are the names and addresses a Host header may carry, besides
	// the loopback ones, while the hub listens beyond loopback (serve
	// --allow-remote): any other Host is refused, as on loopback.
	Hosts []string
	// JournalDir, when set, keeps the journal on disk there as well
	// (serve --keep; journal_keep.go) and reads it back at New.
	JournalDir string
}

// Hub is the server end of /ws/browser: one last-wins extension connection
// per browser, the calls waiting on them, and the hub's current session.
// It implements Controller in process.
type Hub struct {
	opts   Options
	token  [32]byte // sha256 of opts.Token, for constant-time compares
	frames *frameLog

	nextID   atomic.Int64
	conn     atomic.Pointer[conn] // the default browser's connection (the one connected first), nil when none
	browsers browserTable         // every browser's connection, and the browser of each session
	locks    sessionLocks
	events   broadcaster

	refusals refusalLog // the last refused /ws/browser attempts
	journal  journal    // every session's calls (journal.go)

	mu      sync.Mutex // guards the fields below and the switch of conn
	since   time.Time
	session string
	addr    net.Addr
	closed  bool

	limits serverLimits // of the HTTP server and the gate (gate.go)
	gate   *gate        // connections that have not shown the token

	wg        sync.WaitGroup // connection goroutines
	closeOnce sync.Once
	closing   chan struct{} // closed by Close, ends Serve
}

var _ hubapi.Controller = (*Hub)(nil)

// New makes a hub; it serves nothing until Handler or Serve is used.
func New(opts Options) *Hub {
	if opts.MaxFrameBytes == 0 {
		opts.MaxFrameBytes = DefaultMaxFrameBytes
	}
	if opts.MaxFrameBytes < MinMaxFrameBytes {
		opts.MaxFrameBytes = MinMaxFrameBytes
	}
	if opts.AuthTimeout <= 0 {
		opts.AuthTimeout = DefaultAuthTimeout
	}
	h := &Hub{
		opts:    opts,
		token:   tokenSum(opts.Token),
		frames:  newFrameLog(opts.FrameLog, opts.Token),
		locks:   sessionLocks{m: map[string]*sessionLock{}},
		closing: make(chan struct{}),
		limits:  defaultLimits,
	}
	h.events.init()
	h.browsers.init()
	h.watchCapabilities()
	if opts.JournalDir != "" {
		h.keepOn(opts.JournalDir)
	}
	return h
}

func (h *Hub) logf(format string, args ...any) {
	if h.opts.Logf != nil {
		h.opts.Logf(format, args...)
	}
}

// Call sends method to the extension and waits for its answer (spec
// section 6). Every failure is a *rpc.BrowserError.
func (h *Hub) Call(ctx context.Context, method string, params any, timeout time.Duration) (json.RawMessage, error) {
	if timeout <= 0 {
		timeout = rpc.DefaultTimeout
	}
	var tr *rpc.Trace
	if fn := rpc.TracerFrom(ctx); fn != nil {
		tr = &rpc.Trace{Method: method}
		t0 := time.Now()
		defer func() {
			tr.Hub = rpc.MicrosOf(time.Since(t0))
			tr.Total = tr.Hub
			fn(tr)
		}()
	}
	raw, err := rpc.EncodeParams(params)
	if err != nil {
		return nil, &rpc.BrowserError{Message: "invalid params: " + err.Error(), Code: rpc.CodeInvalidParams}
	}
	var sid, want string
	if m, ok := rpc.LookupWire(method); ok && m.Session != rpc.NoSession {
		current := ""
		if !hubapi.OwnSession(ctx) {
			current = h.CurrentSession()
		}
		raw, sid = rpc.FillSession(raw, current)
	} else if ok {
		// the hub-side "browser" member of a method that names no session
		if raw, want, err = rpc.TakeBrowser(raw); err != nil {
			return nil, err
		}
	} else if strings.HasPrefix(method, rpc.SessionScopedPrefix) {
		sid = paramsSession(raw) // a pages.* method newer than our table
	}
	raw = withCaller(ctx, raw, method, sid, timeout)

	if method == rpc.SessionList && want == "" {
		if conns := h.browsers.live(); len(conns) > 1 {
			return h.listAll(ctx, conns, raw, timeout, tr)
		}
	}
	c, err := h.connFor(ctx, method, sid, want, raw)
	if err != nil {
		return nil, err
	}

	cl := getCall(timeout)
	defer putCall(cl)

	if sid != "" && strings.HasPrefix(method, rpc.SessionScopedPrefix) {
		t0 := time.Now()
		l, err := h.locks.acquire(ctx, sid, cl.timer.C)
		if tr != nil {
			tr.Lock = rpc.MicrosOf(time.Since(t0))
		}
		if err != nil {
			return nil, waitError(err, method, timeout)
		}
		defer h.locks.release(sid, l)
	}

	t0 := time.Now()
	a := h.roundTrip(ctx, c, cl, method, raw, timeout, tr)
	res, err := a.result, a.err
	if be, ok := err.(*rpc.BrowserError); err == nil || !ok || be.Code != rpc.CodeExtensionNotConnected {
		h.record(ctx, method, sid, raw, a, time.Since(t0)) // it reached the browser, or may have
	}
	if err != nil {
		return nil, err
	}
	res = h.learn(c, method, sid, res)
	h.trackSession(method, sid)
	return res, nil
}

// roundTrip sends one request on connection c and waits for its response,
// the timeout, ctx, or the loss of the connection.
func (h *Hub) roundTrip(ctx context.Context, c *conn, cl *call, method string, params json.RawMessage, timeout time.Duration, tr *rpc.Trace) answer {
	id := h.nextID.Add(1)
	if err := c.register(id, cl); err != nil {
		return answer{err: err}
	}
	if tr != nil {
		tr.CallID = id
		sent := time.Now()
		defer func() { tr.Extension = rpc.MicrosOf(time.Since(sent)) }()
	}
	bp := encodeRequest(id, method, params)
	if err := c.enqueue(outFrame{buf: bp, id: id}); err != nil {
		if c.forget(id) {
			return answer{err: rpc.ErrSendFailed(err)}
		}
		return <-cl.done // someone else already answered it
	}
	select {
	case r := <-cl.done:
		return r
	case <-cl.timer.C:
		if c.forget(id) {
			return answer{err: rpc.ErrTimeout(method, timeout)}
		}
	case <-ctx.Done():
		if c.forget(id) {
			return answer{err: waitError(ctx.Err(), method, timeout)}
		}
	}
	return <-cl.done // the answer raced the timeout; it won
}

// errTimerFired tells waitError that the call's own timer fired.
var errTimerFired = errors.New("timer fired")

// waitError turns the end of a wait that got no answer into a BrowserError.
func waitError(err error, method string, timeout time.Duration) *rpc.BrowserError {
	switch {
	case errors.Is(err, errTimerFired), errors.Is(err, context.DeadlineExceeded):
		return rpc.ErrTimeout(method, timeout)
	default:
		return rpc.ErrCanceled(method, err)
	}
}

// trackSession clears the current session when a call ended it
// (docs/protocol.md "current session"). No call sets it: only UseSession
// (PUT /session) does, so a script's `call sessions.create`, an MCP client
// or a REPL never moves the shells' current session.
func (h *Hub) trackSession(method, sid string) {
	switch method {
	case rpc.SessionClose, rpc.SessionRelease:
		h.clearSessionIf(sid)
		h.endSessionCapabilities(sid)
	}
}

// setSession sets the current session and tells the event stream.
func (h *Hub) setSession(id string) {
	h.mu.Lock()
	changed := h.session != id
	h.session = id
	h.mu.Unlock()
	if changed {
		h.events.emit(hubapi.Event{Type: hubapi.EventSession, Time: time.Now(), Session: id})
	}
}

// clearSessionIf clears the current session when it is id.
func (h *Hub) clearSessionIf(id string) {
	h.mu.Lock()
	changed := id != "" && h.session == id
	if changed {
		h.session = ""
	}
	h.mu.Unlock()
	if changed {
		h.events.emit(hubapi.Event{Type: hubapi.EventSession, Time: time.Now(), Session: ""})
	}
}

// CurrentSession is the session filled into calls that name none, unless
// their context carries hubapi.WithOwnSession.
func (h *Hub) CurrentSession() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.session
}

// Status reports the connection and the current session.
func (h *Hub) Status(ctx context.Context) (hubapi.Status, error) {
	h.mu.Lock()
	st := hubapi.Status{
		Since:   h.since,
		Version: rpc.ProtocolVersion,
		Session: h.session,
		PID:     os.Getpid(),
	}
	if h.addr != nil {
		st.Addr = h.addr.String()
	}
	h.mu.Unlock()
	st.Refusals = h.refusals.snapshot()
	if c := h.conn.Load(); c != nil {
		st.Connected = true
		st.Pending = c.pendingCount()
		b := c.browser
		st.Browser = &b
	}
	if bs := h.browsers.browsers(); len(bs) > 0 {
		st.Browsers = bs
		st.Browser = &bs[0]
		st.Pending = 0
		for _, b := range bs {
			st.Pending += b.Pending
		}
	}
	return st, nil
}

// UseSession sets the current session ("" clears it); an id not of the
// extension's form is refused (rpc.ValidSessionID).
func (h *Hub) UseSession(ctx context.Context, sessionID string) (hubapi.Status, error) {
	if sessionID != "" {
		if err := rpc.ValidSessionID(sessionID); err != nil {
			st, _ := h.Status(ctx)
			return st, err
		}
	}
	h.setSession(sessionID)
	return h.Status(ctx)
}

// Events streams state changes until ctx is done or the hub closes.
func (h *Hub) Events(ctx context.Context) (<-chan hubapi.Event, error) {
	return h.events.subscribe(ctx), nil
}

// attach makes c its browser's connection (last-wins per browser, spec
// section 7): under one lock the browser's old connection is marked closed
// and its pending calls fail (4101, retryable), then c is installed. Another
// browser's connection is left alone.
func (h *Hub) attach(c *conn) bool {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return false
	}
	c.browser.Since = time.Now()
	old := h.browsers.install(c)
	if old != nil {
		old.stop(closeReplaced, ReplacedReason, rpc.ErrConnectionLost(ReplacedReason))
	}
	h.setDefaultLocked()
	h.mu.Unlock()
	typ := hubapi.EventConnected
	if old != nil {
		typ = hubapi.EventReplaced
	}
	h.events.emit(hubapi.Event{Type: typ, Time: time.Now(), Remote: c.remote, Browser: c.browser.Name})
	h.refence()
	return true
}

// detach marks c's browser gone if c is still its connection.
func (h *Hub) detach(c *conn) {
	h.mu.Lock()
	gone := h.browsers.remove(c, c.lostWhy())
	if gone {
		h.setDefaultLocked()
	}
	h.mu.Unlock()
	if gone {
		h.events.emit(hubapi.Event{Type: hubapi.EventDisconnected, Time: time.Now(), Remote: c.remote, Browser: c.browser.Name})
	}
}

// setDefaultLocked points Hub.conn at the browser connected first; since
// moves when the default connection changes. Hub.mu is held.
func (h *Hub) setDefaultLocked() {
	first := h.browsers.first()
	if h.conn.Swap(first) != first {
		h.since = time.Now()
	}
}
