package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// cdpConn is the test's own CDP connection to the browser (from
// --remote-debugging-port), independent of the extension: the tests read
// page state through it. Flat sessions: one socket, a sessionId per page.
type cdpConn struct {
	ws      *websocket.Conn
	writeMu sync.Mutex
	mu      sync.Mutex
	nextID  int64
	pending map[int64]chan cdpResponse
	done    chan struct{}
}

type cdpResponse struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// dialBrowser reads DevToolsActivePort from the profile and connects.
func dialBrowser(profile string) (*cdpConn, error) {
	path := filepath.Join(profile, "DevToolsActivePort")
	var lines []string
	deadline := time.Now().Add(30 * time.Second)
	for {
		b, err := os.ReadFile(path)
		if err == nil {
			lines = strings.Split(strings.TrimSpace(string(b)), "\n")
			if len(lines) == 2 {
				break
			}
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("Chromium wrote no DevToolsActivePort in %s within 30 s", profile)
		}
		time.Sleep(100 * time.Millisecond)
	}
	u := "ws://127.0.0.1:" + strings.TrimSpace(lines[0]) + strings.TrimSpace(lines[1])
	d := websocket.Dialer{HandshakeTimeout: 10 * time.Second}
	ws, _, err := d.Dial(u, nil)
	if err != nil {
		return nil, fmt.Errorf("CDP dial %s: %w", u, err)
	}
	ws.SetReadLimit(256 << 20)
	c := &cdpConn{ws: ws, pending: map[int64]chan cdpResponse{}, done: make(chan struct{})}
	go c.readLoop()
	return c, nil
}

func (c *cdpConn) readLoop() {
	defer close(c.done)
	for {
		_, data, err := c.ws.ReadMessage()
		if err != nil {
			c.mu.Lock()
			for id, ch := range c.pending {
				close(ch)
				delete(c.pending, id)
			}
			c.mu.Unlock()
			return
		}
		var msg struct {
			ID *int64 `json:"id"`
			cdpResponse
		}
		if json.Unmarshal(data, &msg) != nil || msg.ID == nil {
			continue // events are not used
		}
		c.mu.Lock()
		ch := c.pending[*msg.ID]
		delete(c.pending, *msg.ID)
		c.mu.Unlock()
		if ch != nil {
			ch <- msg.cdpResponse
		}
	}
}

// Close ends the connection and waits for its reader.
func (c *cdpConn) Close() {
	c.writeMu.Lock()
	_ = c.ws.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""))
	c.writeMu.Unlock()
	_ = c.ws.Close()
	<-c.done
}

// call sends one CDP command; session "" is the browser target.
func (c *cdpConn) call(ctx context.Context, session, method string, params any) (json.RawMessage, error) {
	if params == nil {
		params = struct{}{}
	}
	c.mu.Lock()
	c.nextID++
	id := c.nextID
	ch := make(chan cdpResponse, 1)
	c.pending[id] = ch
	c.mu.Unlock()
	msg := map[string]any{"id": id, "method": method, "params": params}
	if session != "" {
		msg["sessionId"] = session
	}
	c.writeMu.Lock()
	err := c.ws.WriteJSON(msg)
	c.writeMu.Unlock()
	if err != nil {
		return nil, err
	}
	select {
	case r, ok := <-ch:
		if !ok {
			return nil, errors.New("CDP connection closed")
		}
		if r.Error != nil {
			return nil, fmt.Errorf("CDP %s: %d %s", method, r.Error.Code, r.Error.Message)
		}
		return r.Result, nil
	case <-ctx.Done():
		c.mu.Lock()
		delete(c.pending, id)
		c.mu.Unlock()
		return nil, fmt.Errorf("CDP %s: %w", method, ctx.Err())
	}
}

type targetInfo struct {
	TargetID string `json:"targetId"`
	Type     string `json:"type"`
	URL      string `json:"url"`
	Title    string `json:"title"`
}

// targets lists the browser's targets that keep accepts.
func (c *cdpConn) targets(t *testing.T, keep func(targetInfo) bool) []targetInfo {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := c.call(ctx, "", "Target.getTargets", nil)
	if err != nil {
		t.Fatalf("CDP Target.getTargets: %v", err)
	}
	var r struct {
		TargetInfos []targetInfo `json:"targetInfos"`
	}
	_ = json.Unmarshal(res, &r)
	var out []targetInfo
	for _, ti := range r.TargetInfos {
		if keep(ti) {
			out = append(out, ti)
		}
	}
	return out
}

// pagesWith lists the page targets whose URL contains s.
func (c *cdpConn) pagesWith(t *testing.T, s string) []targetInfo {
	t.Helper()
	return c.targets(t, func(ti targetInfo) bool { return ti.Type == "page" && strings.Contains(ti.URL, s) })
}

// page is one tab, seen through the test's own CDP session.
type page struct {
	t       *testing.T
	c       *cdpConn
	session string
	target  string
}

// page attaches to the one page whose URL contains s (waiting for it to
// appear); the session is detached when the test ends.
func (c *cdpConn) page(t *testing.T, s string) *page {
	t.Helper()
	return c.attach(t, "page", s)
}

// frame is page for an out-of-process frame (a cross-site iframe: a
// target of its own, type "iframe").
func (c *cdpConn) frame(t *testing.T, s string) *page {
	t.Helper()
	return c.attach(t, "iframe", s)
}

func (c *cdpConn) attach(t *testing.T, kind, s string) *page {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	of := func(ti targetInfo) bool { return ti.Type == kind && strings.Contains(ti.URL, s) }
	var found []targetInfo
	for {
		found = c.targets(t, of)
		if len(found) == 1 || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if len(found) != 1 {
		t.Fatalf("CDP: want exactly one %s whose URL contains %q, found %d: %+v", kind, s, len(found), c.targets(t, func(ti targetInfo) bool { return ti.Type == kind }))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := c.call(ctx, "", "Target.attachToTarget", map[string]any{"targetId": found[0].TargetID, "flatten": true})
	if err != nil {
		t.Fatalf("CDP attach to %s: %v", found[0].URL, err)
	}
	var r struct {
		SessionID string `json:"sessionId"`
	}
	_ = json.Unmarshal(res, &r)
	p := &page{t: t, c: c, session: r.SessionID, target: found[0].TargetID}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_, _ = c.call(ctx, "", "Target.detachFromTarget", map[string]any{"sessionId": p.session})
	})
	return p
}

// call sends a CDP command in the page's session.
func (p *page) call(method string, params any) (json.RawMessage, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return p.c.call(ctx, p.session, method, params)
}

// eval evaluates expr in the page (awaiting promises) and decodes its value
// into v.
func (p *page) eval(expr string, v any) {
	p.t.Helper()
	res, err := p.call("Runtime.evaluate", map[string]any{
		"expression": expr, "returnByValue": true, "awaitPromise": true,
	})
	if err != nil {
		p.t.Fatalf("CDP eval %q: %v", expr, err)
	}
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails json.RawMessage `json:"exceptionDetails"`
	}
	_ = json.Unmarshal(res, &r)
	if r.ExceptionDetails != nil {
		p.t.Fatalf("CDP eval %q threw: %s", expr, r.ExceptionDetails)
	}
	if v != nil && len(r.Result.Value) > 0 {
		if err := json.Unmarshal(r.Result.Value, v); err != nil {
			p.t.Fatalf("CDP eval %q: %v (%s)", expr, err, r.Result.Value)
		}
	}
}

func (p *page) evalString(expr string) string {
	var s string
	p.eval(expr, &s)
	return s
}

func (p *page) evalFloat(expr string) float64 {
	var f float64
	p.eval(expr, &f)
	return f
}

func (p *page) evalBool(expr string) bool {
	var b bool
	p.eval(expr, &b)
	return b
}

// tryEvalBool is evalBool that answers false instead of failing the test
// when the evaluation throws or its context goes away (a page mid-navigation).
func (p *page) tryEvalBool(expr string) bool {
	res, err := p.call("Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true})
	if err != nil {
		return false
	}
	var r struct {
		Result struct {
			Value bool `json:"value"`
		} `json:"result"`
	}
	_ = json.Unmarshal(res, &r)
	return r.Result.Value
}

// waitTrue waits until expr is true in the page.
func (p *page) waitTrue(expr, what string) {
	p.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !p.evalBool(expr) {
		if time.Now().After(deadline) {
			p.t.Fatalf("the page never got %s (%s)", what, expr)
		}
		time.Sleep(30 * time.Millisecond)
	}
}
