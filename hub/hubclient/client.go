// Package hubclient is how a command reaches a hub in another process:
// Client speaks the control API (at most once: a call that may have reached
// the hub is never sent again), and AutoHub adds the one-shot commands'
// policy of starting a background hub and waiting for the extension.
package hubclient

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"browserctl/hub/capability"
	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// Errors of reaching a hub through its control API.
var (
	// ErrNoHub: nothing listens at the address, or the hub went away mid-call.
	ErrNoHub = errors.New("no browserctl hub at this address")
	// ErrNotAHub: something answered, but it is not a browserctl hub.
	ErrNotAHub = errors.New("not a browserctl hub")
	// ErrUnauthorized: the hub refused our token.
	ErrUnauthorized = errors.New("the hub refused the token")
	// ErrCallInterrupted: the hub went away after a call's request was sent
	// and before its answer came, so the call may or may not have run. It
	// is never sent again (at most once); the error is also a retryable
	// *rpc.BrowserError (exit 4), and never ErrNoHub, which would start a
	// new hub and send the call there.
	ErrCallInterrupted = errors.New("the hub went away during the call")
)

// interruptedError is a call cut off after its request was sent.
type interruptedError struct{ be *rpc.BrowserError }

func (e *interruptedError) Error() string   { return e.be.Error() }
func (e *interruptedError) Unwrap() []error { return []error{e.be, ErrCallInterrupted} }

// afterSendError marks a transport failure that came after the whole
// request was written: the hub may have acted on it.
type afterSendError struct {
	err   error // as transportError names it (wraps ErrNoHub)
	cause error // what the connection said: EOF, a reset
}

func (e *afterSendError) Error() string { return e.err.Error() }
func (e *afterSendError) Unwrap() error { return e.err }

const (
	// dialTimeout bounds connecting to the hub.
	dialTimeout = 5 * time.Second
	// maxIdleConns is how many connections a Client keeps for reuse.
	maxIdleConns = 4
	// maxAnswerBytes bounds an answer's body.
	maxAnswerBytes = 256 << 20
	// eventBuffer is how many events Events holds for a slow reader (the
	// hub's own fan-out holds as many).
	eventBuffer = 64
)

// Client is a Controller for a hub in another process, over the control API.
//
// It speaks just the HTTP/1.1 the hub needs, by hand: a request is one write
// on a TCP connection and its answer is read with http.ReadResponse (so
// lengths, chunked bodies and Connection: close are net/http's). A one-shot
// command pays one connect, one write and one read: no transport goroutines
// (net/http's Transport starts three per connection), no proxy or DNS
// look-ups. Idle connections are kept for the next request, after a check
// that the hub has not closed them. A Client is safe for concurrent use.
type Client struct {
	base  string   // "http://127.0.0.1:9223", for messages
	host  string   // "127.0.0.1:9223": the Host header
	dial  []string // the addresses to connect to, in order
	token string
	bad   error  // a server address or token we cannot send
	local string // the hub's Unix socket to try first (UseLocalSocket)

	mu   sync.Mutex
	idle []*clientConn
}

var _ hubapi.Controller = (*Client)(nil)

// clientConn is a connection to the hub and the reader of its answers.
type clientConn struct {
	nc net.Conn
	br *bufio.Reader
}

// NewClient reaches the hub at server ("127.0.0.1:9223" or
// "http://127.0.0.1:9223") with token. Connections are kept alive.
func NewClient(server, token string) *Client {
	base := strings.TrimRight(server, "/")
	if !strings.Contains(base, "://") {
		base = "http://" + base
	}
	c := &Client{base: base, token: token}
	hostport, ok := strings.CutPrefix(base, "http://")
	if i := strings.IndexByte(hostport, '/'); i >= 0 {
		hostport = hostport[:i]
	}
	host, port, err := net.SplitHostPort(hostport)
	if err != nil && !strings.Contains(hostport, "]:") {
		host, port, err = net.SplitHostPort(hostport + ":80")
	}
	pn, perr := strconv.Atoi(port)
	switch {
	case !ok:
		c.bad = fmt.Errorf("%w: bad server address %q: the control API is plain http://", ErrNoHub, base)
	case err != nil || host == "" || perr != nil || pn <= 0 || pn > 65535:
		c.bad = fmt.Errorf("%w: bad server address %q: want host:port", ErrNoHub, base)
	case strings.IndexFunc(token, func(r rune) bool { return r < 0x20 || r == 0x7f }) >= 0:
		c.bad = fmt.Errorf("%w (%s): the token has a control character", ErrUnauthorized, base)
	}
	c.host = net.JoinHostPort(host, port)
	c.dial = []string{c.host}
	if strings.EqualFold(host, "localhost") {
		// no resolver (it reads /etc/hosts, nsswitch.conf and resolv.conf
		// first): localhost is loopback (RFC 6761)
		c.dial = []string{net.JoinHostPort("127.0.0.1", port), net.JoinHostPort("::1", port)}
	}
	return c
}

// Close drops the client's idle connections.
func (c *Client) Close() error {
	c.mu.Lock()
	idle := c.idle
	c.idle = nil
	c.mu.Unlock()
	for _, cc := range idle {
		cc.nc.Close()
	}
	return nil
}

// Call implements rpc.Caller through POST /rpc. Errors of the hub or the
// extension are *rpc.BrowserError; a hub that is not there wraps ErrNoHub
// (nothing was sent); a hub that vanished after the request was sent is
// ErrCallInterrupted (the call may or may not have run).
func (c *Client) Call(ctx context.Context, method string, params any, timeout time.Duration) (json.RawMessage, error) {
	if timeout <= 0 {
		timeout = rpc.DefaultTimeout
	}
	p, err := rpc.EncodeParams(params)
	if err != nil {
		return nil, &rpc.BrowserError{Message: "invalid params: " + err.Error(), Code: rpc.CodeInvalidParams}
	}
	// The hub times the call out by end (the command's budget may end it
	// sooner than timeout); a hub that has not answered shortly after that
	// is not answering at all (stopped, wedged) and is given up on.
	now := time.Now()
	end := callEnd(ctx, now, timeout)
	hubTimeout := end.Sub(now)
	if hubTimeout <= 0 {
		return nil, rpc.ErrTimeout(method, timeout) // the command's budget is spent
	}
	hubMS := max(hubTimeout.Milliseconds(), 1)
	trace := rpc.TracerFrom(ctx)
	var tr *rpc.Trace
	if trace != nil {
		tr = &rpc.Trace{Method: method}
		t0 := time.Now()
		defer func() {
			tr.Total = rpc.MicrosOf(time.Since(t0))
			trace(tr)
		}()
	}
	body := callRequest(ctx, method, p, hubMS, tr != nil)

	ctx, cancel := context.WithDeadline(ctx, end.Add(transportMargin))
	defer cancel()
	data, err := c.doRaw(ctx, http.MethodPost, "/rpc", body)
	if err != nil {
		return nil, markOnlyRead(c.callFailed(ctx, method, timeout, err), method, p)
	}
	res, err := callAnswer(ctx, method, data, hubMS, timeout, tr)
	return res, markOnlyRead(err, method, p)
}

// markOnlyRead marks the error of a call that only reads (rpc.OnlyReads):
// its timeout changed nothing, and the hint can say so.
func markOnlyRead(err error, method string, params []byte) error {
	var be *rpc.BrowserError
	if errors.As(err, &be) && rpc.OnlyReads(method, params) {
		be.OnlyRead = true
	}
	return err
}

// callRequest is the body of POST /rpc: the JSON-RPC request with the
// hub's own members (its timeout, the caller, whether to time the call).
func callRequest(ctx context.Context, method string, params []byte, hubMS int64, timing bool) []byte {
	body := rpc.AppendRequestHead(make([]byte, 0, 128+len(params)), 1, method, params)
	body = append(body, `,"timeout":`...)
	body = strconv.AppendInt(body, hubMS, 10)
	if hubapi.OwnSession(ctx) {
		body = append(body, `,"ownSession":true`...)
	}
	caller, ok := hubapi.CallerFrom(ctx)
	if !ok {
		caller = hubapi.Caller{Kind: "shell", PID: os.Getpid()}
	}
	body = append(body, `,"caller":{"kind":`...)
	body = rpc.AppendString(body, caller.Kind)
	if caller.Name != "" {
		body = append(body, `,"name":`...)
		body = rpc.AppendString(body, caller.Name)
	}
	if caller.PID != 0 {
		body = append(body, `,"pid":`...)
		body = strconv.AppendInt(body, int64(caller.PID), 10)
	}
	body = append(body, '}')
	if timing {
		body = append(body, `,"timing":true`...)
	}
	return append(body, '}')
}

// callFailed is the error of a call whose answer did not come: timed out,
// canceled, or cut off after the request left (then it may have run, and
// is never sent again by us).
func (c *Client) callFailed(ctx context.Context, method string, timeout time.Duration, err error) error {
	if errors.Is(err, context.DeadlineExceeded) {
		// the hub's own timeout error did not come either
		shown := timeout
		if _, d, ok := BudgetOf(ctx); ok && d < timeout {
			shown = d // the command's --timeout ended it
		}
		be := rpc.ErrTimeout(method, shown)
		be.Message += fmt.Sprintf(": no answer from the hub at %s (stopped or wedged? `browserctl doctor` tells)", c.base)
		return be
	}
	if errors.Is(err, context.Canceled) {
		return rpc.ErrCanceled(method, err)
	}
	var as *afterSendError
	if errors.As(err, &as) {
		return &interruptedError{&rpc.BrowserError{
			Message: fmt.Sprintf("the hub at %s went away during %s (%v): the call may or may not have run; check before running it again",
				c.base, method, as.cause),
			Code:      rpc.CodeOperationFailed,
			Retryable: true,
		}}
	}
	return err
}

// callAnswer reads the hub's answer: the result, or the error as a
// BrowserError, and the timing into tr when asked.
func callAnswer(ctx context.Context, method string, data []byte, hubMS int64, timeout time.Duration, tr *rpc.Trace) (json.RawMessage, error) {
	// The answer's members are looked up, not decoded by reflection: a
	// one-shot command pays for encoding/json's type set-up on every run.
	if !json.Valid(data) {
		return nil, fmt.Errorf("%w: POST /rpc answered %q", ErrNotAHub, truncate(data))
	}
	if raw, ok := rpc.Member(data, "timing"); ok && tr != nil {
		_ = json.Unmarshal(raw, tr) // a hub without timing leaves it zero
	}
	if raw, ok := rpc.Member(data, "error"); ok && string(raw) != "null" {
		var e struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
			Data    struct {
				Retryable bool       `json:"retryable"`
				Reason    rpc.Reason `json:"reason"`
			} `json:"data"`
		}
		if err := json.Unmarshal(raw, &e); err != nil {
			return nil, fmt.Errorf("%w: POST /rpc answered %q", ErrNotAHub, truncate(data))
		}
		be := &rpc.BrowserError{Message: e.Message, Code: rpc.Code(e.Code), Retryable: e.Data.Retryable, Reason: e.Data.Reason}
		if hubMS < timeout.Milliseconds() && be.Message == rpc.ErrTimeout(method, time.Duration(hubMS)*time.Millisecond).Message {
			// the hub's own timeout of what was left of the budget: say the budget
			if _, d, ok := BudgetOf(ctx); ok {
				be.Message = rpc.ErrTimeout(method, d).Message
			}
		}
		return nil, be
	}
	res, ok := rpc.Member(data, "result")
	if !ok {
		return nil, fmt.Errorf("%w: /rpc answered neither result nor error", ErrNotAHub)
	}
	return res, nil
}

// Status implements Controller through GET /status.
func (c *Client) Status(ctx context.Context) (hubapi.Status, error) {
	var st hubapi.Status
	err := c.do(ctx, http.MethodGet, "/status", nil, &st)
	return st, err
}

// UseSession implements Controller through PUT /session.
func (c *Client) UseSession(ctx context.Context, sessionID string) (hubapi.Status, error) {
	body := rpc.AppendString([]byte(`{"sessionId":`), sessionID)
	body = append(body, '}')
	var st hubapi.Status
	err := c.do(ctx, http.MethodPut, "/session", body, &st)
	return st, err
}

// Grant asks the hub for a capability of one session (POST /capabilities).
func (c *Client) Grant(ctx context.Context, req hubapi.GrantRequest) (hubapi.Granted, error) {
	body, _ := json.Marshal(req)
	var g hubapi.Granted
	err := c.do(ctx, http.MethodPost, "/capabilities", body, &g)
	return g, err
}

// Grants lists the live capabilities (GET /capabilities).
func (c *Client) Grants(ctx context.Context) (hubapi.GrantList, error) {
	var l hubapi.GrantList
	err := c.do(ctx, http.MethodGet, "/capabilities", nil, &l)
	return l, err
}

// Revoke ends capabilities (POST /capabilities/revoke).
func (c *Client) Revoke(ctx context.Context, req hubapi.RevokeRequest) (hubapi.RevokeResult, error) {
	body, _ := json.Marshal(req)
	var r hubapi.RevokeResult
	err := c.do(ctx, http.MethodPost, "/capabilities/revoke", body, &r)
	return r, err
}

// Journal implements hubapi.JournalReader through GET /journal; the channel
// closes when the entries end (follow: when ctx is done or the hub goes).
func (c *Client) Journal(ctx context.Context, session string, after int64, follow bool) (<-chan hubapi.JournalEntry, error) {
	q := url.Values{}
	if session != "" {
		q.Set("session", session)
	}
	q.Set("after", strconv.FormatInt(after, 10))
	if follow {
		q.Set("follow", "1")
	}
	return streamNDJSON[hubapi.JournalEntry](ctx, c, "/journal?"+q.Encode())
}

// Events implements Controller through GET /events; the channel closes when
// ctx is done or the hub goes away.
func (c *Client) Events(ctx context.Context) (<-chan hubapi.Event, error) {
	return streamNDJSON[hubapi.Event](ctx, c, "/events")
}

// streamNDJSON GETs path, a stream of one JSON value a line, and hands each
// value that decodes as T to the channel, which closes when the stream or
// ctx ends. The connection is the stream's alone: never reused.
func streamNDJSON[T any](ctx context.Context, c *Client, path string) (<-chan T, error) {
	ctx, cancel := context.WithCancel(ctx)
	resp, cc, stop, err := c.roundTrip(ctx, http.MethodGet, path, nil)
	if err == nil {
		err = c.checkAnswer(http.MethodGet, strings.SplitN(path, "?", 2)[0], resp, nil)
	}
	if err != nil {
		if cc != nil {
			stop()
			cc.nc.Close()
		}
		cancel()
		return nil, err
	}
	ch := make(chan T, eventBuffer)
	go func() {
		defer cancel()
		defer close(ch)
		defer cc.nc.Close()
		defer stop()
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
		for sc.Scan() {
			var v T
			if json.Unmarshal(sc.Bytes(), &v) != nil {
				continue // a line of a newer hub we cannot read
			}
			select {
			case ch <- v:
			case <-ctx.Done():
				return
			}
		}
	}()
	return ch, nil
}

// do sends a request and decodes a 200 answer into out.
func (c *Client) do(ctx context.Context, method, path string, body []byte, out any) error {
	data, err := c.doRaw(ctx, method, path, body)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("%w: %s %s answered %q", ErrNotAHub, method, path, truncate(data))
	}
	return nil
}

// doRaw sends a request and answers the body of a hub's 200.
func (c *Client) doRaw(ctx context.Context, method, path string, body []byte) ([]byte, error) {
	resp, cc, stop, err := c.roundTrip(ctx, method, path, body)
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswerBytes+1))
	if err != nil || len(data) > maxAnswerBytes {
		stop()
		cc.nc.Close()
		if err == nil {
			return nil, fmt.Errorf("hub %s: %s %s: the answer is over %d bytes", c.base, method, path, maxAnswerBytes)
		}
		return nil, c.afterSend(ctx, err)
	}
	c.release(cc, resp, stop)
	if err := c.checkAnswer(method, path, resp, data); err != nil {
		return nil, err
	}
	return data, nil
}

// checkAnswer: anything but a hub's 200 is an error. data is the body, when
// read.
func (c *Client) checkAnswer(method, path string, resp *http.Response, data []byte) error {
	if resp.StatusCode == http.StatusOK && resp.Header.Get(hubapi.HubHeader) != "" {
		return nil
	}
	if resp.Header.Get(hubapi.HubHeader) == "" {
		return fmt.Errorf("%w: %s answered %s", ErrNotAHub, c.base, resp.Status)
	}
	if resp.StatusCode == http.StatusUnauthorized {
		return fmt.Errorf("%w (%s)", ErrUnauthorized, c.base)
	}
	if data == nil {
		data, _ = io.ReadAll(io.LimitReader(resp.Body, 4<<10))
	}
	var e struct {
		Error  string     `json:"error"`
		Code   rpc.Code   `json:"code"`
		Reason rpc.Reason `json:"reason"`
	}
	_ = json.Unmarshal(data, &e)
	if resp.StatusCode == http.StatusForbidden && e.Reason != "" {
		// refused for who the caller is (a capability): the same error a
		// refused call gets
		return &rpc.BrowserError{Code: e.Code, Reason: e.Reason, Message: e.Error}
	}
	return fmt.Errorf("hub %s: %s %s: %s: %s", c.base, method, path, resp.Status, e.Error)
}

// roundTrip writes one request and reads the head of its answer. The caller
// reads resp.Body, then hands the connection to release (or calls stop and
// closes it). stop ends the watch that breaks the connection when ctx is
// done.
func (c *Client) roundTrip(ctx context.Context, method, path string, body []byte) (*http.Response, *clientConn, func() bool, error) {
	if c.bad != nil {
		return nil, nil, nil, c.bad
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, nil, err
	}
	req := c.appendRequest(make([]byte, 0, 160+len(c.token)+len(body)), method, path, body)
	for attempt := 0; ; attempt++ {
		cc, reused, err := c.conn(ctx)
		if err != nil {
			return nil, nil, nil, c.transportError(ctx, err)
		}
		// ctx's end (deadline or cancel) breaks the connection's reads and
		// writes; AfterFunc starts no goroutine unless it fires.
		nc := cc.nc
		stop := context.AfterFunc(ctx, func() { nc.SetDeadline(time.Unix(1, 0)) })
		_, werr := cc.nc.Write(req)
		err = werr
		var resp *http.Response
		if err == nil {
			resp, err = http.ReadResponse(cc.br, nil)
		}
		if err == nil {
			return resp, cc, stop, nil
		}
		stop()
		cc.nc.Close()
		// A kept connection the hub closed meanwhile: send again on a new
		// one when the hub cannot have acted on the request. A failed write
		// left part of the request unsent, and the hub acts only on a whole
		// one; a GET or PUT /session may be repeated anyway.
		if reused && attempt == 0 && ctx.Err() == nil && (werr != nil || method != http.MethodPost && isClosedConn(err)) {
			continue
		}
		if werr != nil {
			return nil, nil, nil, c.transportError(ctx, err)
		}
		return nil, nil, nil, c.afterSend(ctx, err)
	}
}

// afterSend is transportError for a failure after the whole request was
// written: the hub may have acted on it.
func (c *Client) afterSend(ctx context.Context, err error) error {
	terr := c.transportError(ctx, err)
	if errors.Is(terr, ErrNoHub) {
		return &afterSendError{err: terr, cause: err}
	}
	return terr
}

// appendRequest is the request's bytes: head and body, one write.
func (c *Client) appendRequest(b []byte, method, path string, body []byte) []byte {
	b = append(b, method...)
	b = append(b, ' ')
	b = append(b, path...)
	b = append(b, " HTTP/1.1\r\nHost: "...)
	b = append(b, c.host...)
	b = append(b, "\r\nUser-Agent: browserctl\r\nAuthorization: Bearer "...)
	b = append(b, c.token...)
	if body != nil {
		b = append(b, "\r\nContent-Type: application/json\r\nContent-Length: "...)
		b = strconv.AppendInt(b, int64(len(body)), 10)
	}
	b = append(b, "\r\n\r\n"...)
	return append(b, body...)
}

// conn is a kept connection that is still open, or a new one.
func (c *Client) conn(ctx context.Context) (cc *clientConn, reused bool, err error) {
	for {
		c.mu.Lock()
		n := len(c.idle)
		if n > 0 {
			cc = c.idle[n-1]
			c.idle = c.idle[:n-1]
		}
		c.mu.Unlock()
		if cc == nil {
			break
		}
		if stillOpen(cc.nc) {
			return cc, true, nil
		}
		cc.nc.Close()
		cc = nil
	}
	// net.Dialer with an IP literal looks nothing up
	d := net.Dialer{Timeout: dialTimeout, KeepAlive: -1} // a local hub: no keep-alive probes
	if nc := c.dialLocal(ctx, &d); nc != nil {
		return &clientConn{nc: nc, br: bufio.NewReader(nc)}, false, nil
	}
	for i, addr := range c.dial {
		nc, derr := d.DialContext(ctx, "tcp", addr)
		if derr == nil {
			cc := &clientConn{nc: nc, br: bufio.NewReader(nc)}
			if err := c.prove(ctx, cc, addr); err != nil {
				nc.Close()
				return nil, false, err
			}
			return cc, false, nil
		}
		if i == 0 {
			err = derr // localhost's 127.0.0.1 speaks for it
		}
		if !errors.Is(derr, syscall.ECONNREFUSED) {
			break
		}
	}
	return nil, false, err
}

// ErrUnproven: what answers at the hub's address did not prove that it
// holds our token, so nothing secret was sent to it.
var ErrUnproven = errors.New("the program at the hub's address did not prove it holds the token (another program, or another user's hub, listens there)")

// prove asks a new connection's hub to prove it holds our secret (GET
// /hello, rpc.Proof) before any request carries it. It costs one round trip
// per connection; kept connections are proven already.
func (c *Client) prove(ctx context.Context, cc *clientConn, addr string) error {
	_, port, _ := net.SplitHostPort(addr)
	cn := rpc.NewNonce()
	path := "/hello?nonce=" + cn
	if capability.Is(c.token) {
		path += "&id=" + capability.IDOf(c.token)
	}
	stop := context.AfterFunc(ctx, func() { cc.nc.SetDeadline(time.Unix(1, 0)) })
	defer stop()
	if _, bounded := ctx.Deadline(); !bounded {
		// a caller without a deadline (an event stream) is not left
		// waiting on a program that accepts and never answers
		_ = cc.nc.SetDeadline(time.Now().Add(StatusTimeout))
		defer cc.nc.SetDeadline(time.Time{})
	}
	req := "GET " + path + " HTTP/1.1\r\nHost: " + c.host + "\r\nUser-Agent: browserctl\r\n\r\n"
	if _, err := io.WriteString(cc.nc, req); err != nil {
		return err
	}
	resp, err := http.ReadResponse(cc.br, nil)
	if err != nil {
		return err
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, 4<<10))
	resp.Body.Close()
	if err != nil {
		return err
	}
	if resp.Header.Get(hubapi.HubHeader) == "" {
		return fmt.Errorf("%w: %s answered %s", ErrNotAHub, c.base, resp.Status)
	}
	var hello hubapi.Hello
	if resp.StatusCode != http.StatusOK || json.Unmarshal(data, &hello) != nil || !rpc.ValidNonce(hello.Nonce) ||
		!rpc.ProofOK(rpc.SecretKey(c.token), rpc.ProofHubControl, cn, hello.Nonce, port, hello.Proof) {
		return &unprovenError{base: c.base}
	}
	return nil
}

// unprovenError is a hub (or what passes for one) whose proof did not
// check: it holds another token than ours, as far as we can tell, and
// says so as a refused token does.
type unprovenError struct{ base string }

func (e *unprovenError) Error() string { return fmt.Sprintf("%v (%s)", ErrUnauthorized, e.base) }
func (e *unprovenError) Is(target error) bool {
	return target == ErrUnproven || target == ErrUnauthorized
}

// release keeps a connection whose answer was read to its end, unless the
// hub said Connection: close or ctx already broke it.
func (c *Client) release(cc *clientConn, resp *http.Response, stop func() bool) {
	if !stop() || resp.Close {
		cc.nc.Close()
		return
	}
	c.mu.Lock()
	if len(c.idle) < maxIdleConns {
		c.idle = append(c.idle, cc)
		cc = nil
	}
	c.mu.Unlock()
	if cc != nil {
		cc.nc.Close()
	}
}

// stillOpen says, without blocking, whether the hub kept an idle
// connection open (see peekOpen).
func stillOpen(nc net.Conn) bool {
	sc, ok := nc.(syscall.Conn)
	if !ok {
		return true
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return false
	}
	open := false
	err = rc.Read(func(fd uintptr) bool {
		open = peekOpen(fd)
		return true
	})
	return err == nil && open
}

// isClosedConn says whether err is the end of a connection before any
// answer: end of file or a reset.
func isClosedConn(err error) bool {
	return err == io.EOF || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE)
}

// transportError names a failed round trip: ctx's own end, or a hub that is
// not (or no longer) there.
func (c *Client) transportError(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if errors.Is(err, ErrUnproven) || errors.Is(err, ErrNotAHub) {
		return err // prove's own answer
	}
	var ne net.Error
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return fmt.Errorf("%w: %s (connection refused)", ErrNoHub, c.base)
	case err == io.EOF, errors.Is(err, io.ErrUnexpectedEOF), errors.As(err, &ne):
		return fmt.Errorf("%w: %s: %v", ErrNoHub, c.base, err)
	}
	// http.ReadResponse could not parse the answer
	return fmt.Errorf("%w: %s does not speak HTTP: %v", ErrNotAHub, c.base, err)
}

func truncate(b []byte) string {
	if len(b) > 200 {
		return string(b[:200]) + "..."
	}
	return string(b)
}
