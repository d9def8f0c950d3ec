package hub

// One authenticated extension connection: its pending calls, its single
// writer goroutine, its read loop, and how it stops.

import (
	"bytes"
	"errors"
	"strconv"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// Close codes the hub sends.
const (
	closeUnauthorized = int(rpc.CodeUnauthorized) // 4001: bad or missing auth (spec section 2)
	closeReplaced     = websocket.CloseNormalClosure
	closeGoingAway    = websocket.CloseGoingAway
	noCloseFrame      = -1 // the socket is gone or the close was already answered
)

// ReplacedReason is the close reason (with closeReplaced, 1000) of a
// connection replaced by a newer one (last-wins). The spec only asks for a close; code 1000 stays, and the
// extension tells "replaced" (stay off) from "hub gone" (reconnect) by this
// reason's "replaced" prefix.
const ReplacedReason = "replaced by a newer connection"

// outFrame is one text frame for the writer goroutine; id is the request it
// carries (0 for control frames), failed with ErrSendFailed if the write fails.
type outFrame struct {
	buf *[]byte
	id  int64
}

// conn is one authenticated extension connection: its pending calls, and the
// single goroutine that writes to it.
type conn struct {
	h      *Hub
	ws     *websocket.Conn
	remote string

	browser hubapi.Browser // for Status: who this is

	out        chan outFrame
	done       chan struct{} // closed by stop
	readerDone chan struct{} // closed when the read loop ends
	writerDone chan struct{}
	stopOnce   sync.Once
	closeCode  int // set by stop before done is closed
	closeText  string

	mu      sync.Mutex
	pending map[int64]*call    // nil once stopped
	cause   *rpc.BrowserError  // what stopped it: the error of calls that come after
	recent  [recentCalls]int64 // the ids of the last calls it carried, by id modulo recentCalls

	readSet, writeSet time.Time // when the deadlines were last pushed out (reader and writer own one each)
}

// recentCalls is how many call ids a connection remembers, so
// extension.callTiming (which keeps the last 64 calls) reaches the browser
// that had the call.
const recentCalls = 64

// deadlineSlack: a deadline is pushed out again only when it was set longer
// ago than this, so a busy connection does not reset timers on every frame.
const deadlineSlack = time.Second

func newConn(h *Hub, ws *websocket.Conn, browser hubapi.Browser) *conn {
	return &conn{
		h:          h,
		ws:         ws,
		remote:     ws.RemoteAddr().String(),
		browser:    browser,
		out:        make(chan outFrame, sendQueue),
		done:       make(chan struct{}),
		readerDone: make(chan struct{}),
		writerDone: make(chan struct{}),
		pending:    map[int64]*call{},
	}
}

// register adds a pending call; a stopped connection refuses it.
func (c *conn) register(id int64, cl *call) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.pending == nil {
		switch {
		case c.cause != nil && c.cause.Reason == rpc.ReasonBrowserGone:
			return c.h.goneError(c.browser, c.closeText, false) // this call never went out
		case c.cause != nil:
			return c.cause
		}
		return rpc.ErrConnectionLost(c.closeText)
	}
	c.pending[id] = cl
	c.recent[id%recentCalls] = id
	return nil
}

// carried says whether call id went out on this connection lately.
func (c *conn) carried(id int64) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return id > 0 && c.recent[id%recentCalls] == id
}

// lostWhy is why the connection stopped, for browser_gone.
func (c *conn) lostWhy() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.closeText
}

// forget removes a pending call; false when it was no longer there (its
// answer is on its way).
func (c *conn) forget(id int64) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.pending[id]; !ok {
		return false
	}
	delete(c.pending, id)
	return true
}

// complete hands an answer to the call waiting for id, if any.
func (c *conn) complete(id int64, a answer) bool {
	c.mu.Lock()
	cl, ok := c.pending[id]
	if ok {
		delete(c.pending, id)
	}
	c.mu.Unlock()
	if ok {
		cl.done <- a
	}
	return ok
}

func (c *conn) pendingCount() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.pending)
}

// enqueue passes a frame to the writer; a full queue or a stopped connection
// fails at once.
func (c *conn) enqueue(f outFrame) error {
	select {
	case <-c.done:
		return errConnClosed
	default:
	}
	select {
	case c.out <- f:
		return nil
	default:
		return errQueueFull
	}
}

var (
	errConnClosed = errors.New("connection closed")
	errQueueFull  = errors.New("send queue full")
)

// stop ends the connection once: every pending call fails with cause, and
// the writer sends a close frame with code and text and closes the socket.
func (c *conn) stop(code int, text string, cause *rpc.BrowserError) {
	c.stopOnce.Do(func() {
		c.mu.Lock()
		p := c.pending
		c.pending = nil
		c.closeCode, c.closeText, c.cause = code, text, cause
		c.mu.Unlock()
		for _, cl := range p {
			cl.done <- answer{err: cause}
		}
		close(c.done)
	})
}

// writeLoop is the only goroutine that writes data frames to the socket.
// Once the connection is stopped it writes nothing more but the close frame.
func (c *conn) writeLoop() {
	defer close(c.writerDone)
	for {
		select {
		case <-c.done:
			c.closeSocket()
			return
		default:
		}
		select {
		case f := <-c.out:
			if err := c.write(*f.buf); err != nil {
				if f.id != 0 {
					c.complete(f.id, answer{err: rpc.ErrSendFailed(err)})
				}
				c.stop(noCloseFrame, "write failed", c.h.goneError(c.browser, "write failed: "+err.Error(), true))
			}
			putBuf(f.buf)
		case <-c.done:
			c.closeSocket()
			return
		}
	}
}

// closeSocket ends a stopped connection: the close frame stop asked for,
// a short wait for the peer's answer, then the socket is closed.
func (c *conn) closeSocket() {
	c.mu.Lock()
	code, text := c.closeCode, c.closeText
	c.mu.Unlock()
	if code != noCloseFrame {
		c.h.frames.event(c.remote, "close code=%d reason=%q", code, text)
		_ = c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, text), time.Now().Add(writeWait))
		select {
		case <-c.readerDone: // the peer answered the close, or was gone
		case <-time.After(closeGrace):
		}
	}
	_ = c.ws.Close()
}

func (c *conn) write(b []byte) error {
	c.h.frames.frame(c.remote, "->", b)
	if now := time.Now(); now.Sub(c.writeSet) > deadlineSlack {
		if err := c.ws.SetWriteDeadline(now.Add(writeWait)); err != nil {
			return err
		}
		c.writeSet = now
	}
	return c.ws.WriteMessage(websocket.TextMessage, b)
}

// readLoop reads frames until the connection ends, pairing responses with
// pending calls and answering pings. A malformed frame is logged and
// dropped; the connection lives on.
func (c *conn) readLoop() {
	defer close(c.readerDone)
	var buf bytes.Buffer
	for {
		select {
		case <-c.done:
			// Closing: no fresh deadline, wait out the close handshake only.
		default:
			if now := time.Now(); now.Sub(c.readSet) > deadlineSlack {
				_ = c.ws.SetReadDeadline(now.Add(readWait))
				c.readSet = now
			}
		}
		_, r, err := c.ws.NextReader()
		if err == nil {
			buf.Reset()
			_, err = buf.ReadFrom(r)
		}
		if err != nil {
			c.readEnded(err)
			return
		}
		c.handle(buf.Bytes())
		if buf.Cap() > 1<<20 {
			buf = bytes.Buffer{} // do not keep a screenshot's worth of memory
		}
	}
}

func (c *conn) readEnded(err error) {
	var ce *websocket.CloseError
	switch {
	case errors.As(err, &ce):
		c.h.frames.event(c.remote, "peer closed code=%d reason=%q", ce.Code, ce.Text)
		c.stop(noCloseFrame, "extension closed the connection", c.h.goneError(c.browser, "extension closed the connection", true))
	case errors.Is(err, websocket.ErrReadLimit):
		c.h.frames.event(c.remote, "close code=%d reason=%q", websocket.CloseMessageTooBig, "frame larger than the read limit")
		c.h.logf("hub: %s sent a frame over %d bytes; connection closed", c.remote, c.h.opts.MaxFrameBytes)
		c.stop(noCloseFrame, "frame too big", c.h.goneError(c.browser, "frame larger than the read limit", true))
	default:
		c.h.frames.event(c.remote, "read ended: %v", err)
		c.stop(noCloseFrame, "read failed", c.h.goneError(c.browser, "connection dropped", true))
	}
}

// handle deals with one frame from the extension. data is the read loop's
// buffer, valid only until handle returns.
func (c *conn) handle(data []byte) {
	c.h.frames.frame(c.remote, "<-", data)
	f, err := rpc.DecodeFrame(data)
	if err != nil {
		c.h.logf("hub: dropped a malformed frame from %s (%d bytes)", c.remote, len(data))
		return
	}
	switch {
	case f.Control != nil:
		if f.Control.Type == rpc.FramePing {
			_ = c.enqueue(outFrame{buf: controlFrame(pongFrame)})
		}
	case f.Response != nil:
		// The result is copied out of data: the read loop reuses its buffer
		// for the next frame while the caller still reads this answer, so
		// an answer must own its bytes.
		a := answer{result: bytes.Clone(f.Response.Result)}
		if e := f.Response.Error; e != nil {
			a = answer{err: rpc.FromWire(e.Code, e.Message, e.Data)}
		} else if a.result == nil {
			a.result = nullResult
		}
		if f.Response.Page != nil {
			a.page = bytes.Clone(f.Response.Page)
		}
		if !c.complete(*f.Response.ID, a) {
			c.h.logf("hub: dropped a response for id %d: no call waits for it", *f.Response.ID)
		}
	}
}

var (
	nullResult  = []byte("null")
	pongFrame   = []byte(`{"type":"pong"}`)
	authOKFrame = []byte(`{"type":"auth_ok","version":` + strconv.Itoa(rpc.ProtocolVersion) + `}`)
)

func controlFrame(b []byte) *[]byte {
	bp := bufPool.Get().(*[]byte)
	*bp = append((*bp)[:0], b...)
	return bp
}
