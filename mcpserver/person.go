package mcpserver

// The person at the browser, as an MCP client meets them: the sessions a
// client creates ask the person before what Options.Confirm lists (mcp
// --confirm), a call that waits for their Allow is reported as MCP progress
// so the client does not time out silently, and browser_session list says
// when the person stopped or resumed a session.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/internal/termsafe"
	"browserctl/rpc"
)

// createSession makes a session for the client (named p.Name) with the
// server's policy: when the policy cannot be set, the session is closed
// again and nothing is handed out.
func (s *Server) createSession(ctx context.Context, p *rpc.SessionCreateParams) (rpc.Session, error) {
	raw, err := s.callFree(ctx, rpc.SessionCreate, p)
	if err != nil {
		return rpc.Session{}, err
	}
	var sess rpc.Session
	if err := json.Unmarshal(raw, &sess); err != nil || sess.SessionID == "" {
		return rpc.Session{}, &rpc.BrowserError{Code: rpc.CodeOperationFailed, Message: "sessions.create answered no sessionId"}
	}
	if len(s.opts.Confirm) == 0 {
		return sess, nil
	}
	kinds := append([]string(nil), s.opts.Confirm...)
	if _, err := s.callFree(ctx, rpc.SessionSetPolicy, &rpc.SessionPolicyParams{SessionID: sess.SessionID, Confirm: &kinds}); err != nil {
		_, _ = s.callFree(context.WithoutCancel(ctx), rpc.SessionClose, &rpc.SessionIDParams{SessionID: sess.SessionID})
		why := fmt.Sprintf("created session %s but could not set its policy (--confirm %s), so it was closed again: ", sess.SessionID, strings.Join(kinds, ","))
		var be *rpc.BrowserError
		if errors.As(err, &be) {
			return rpc.Session{}, &rpc.BrowserError{Code: be.Code, Reason: be.Reason, Retryable: be.Retryable, Message: why + be.Message}
		}
		return rpc.Session{}, errors.New(why + err.Error())
	}
	return sess, nil
}

// personWords is what browser_session list says of a session's person's
// side: stopped since, resumed at, what it asks first.
func personWords(se rpc.Session) string {
	var b strings.Builder
	at := func(ms float64) string { return time.UnixMilli(int64(ms)).Local().Format("15:04:05") }
	switch {
	case se.Stopped && se.StoppedAt > 0:
		fmt.Fprintf(&b, " (stopped by the person at the browser at %s: its calls fail until they resume it; tell your user)", at(se.StoppedAt))
	case se.Stopped:
		b.WriteString(" (stopped by the person at the browser: its calls fail until they resume it; tell your user)")
	case se.ResumedAt > 0:
		fmt.Fprintf(&b, " (resumed by the person at %s)", at(se.ResumedAt))
	}
	if len(se.Confirm) > 0 {
		fmt.Fprintf(&b, " (asks the person before: %s)", strings.Join(se.Confirm, ", "))
	}
	return b.String()
}

// progressAfter is how long a call runs before the server starts looking
// for an approval it waits on: most calls are over by then.
const progressAfter = 300 * time.Millisecond

// progressEvery is how often a waiting call reports progress again, so a
// client that resets its timeout on progress keeps waiting.
const progressEvery = 5 * time.Second

// approvalProgress reports, as MCP progress notifications, that a tool
// call waits for the person's Allow, when the request carries a progress
// token: the event stream of the client's session (logs.events) says when
// the person was asked and what they answered.
func (s *Server) approvalProgress(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		call, ok := req.(*mcp.CallToolRequest)
		if !ok || call.Params == nil || call.Session == nil {
			return next(ctx, method, req)
		}
		token := call.Params.GetProgressToken()
		if token == nil {
			return next(ctx, method, req)
		}
		w := &approvalWatch{s: s, call: call, token: token, start: time.Now(), notifyCtx: ctx}
		wctx, stop := context.WithCancel(ctx)
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.follow(wctx)
		}()
		res, err := next(ctx, method, req)
		stop()
		wg.Wait()
		w.finish(ctx)
		return res, err
	}
}

// approvalWatch follows the client's session's events while one tool call
// runs and notifies the client of each approval asked and answered.
type approvalWatch struct {
	s     *Server
	call  *mcp.CallToolRequest
	token any
	start time.Time

	// notifyCtx is the call's own context: a notification goes out with
	// it, not with the watch's, which ends as the call returns and would
	// drop the answer that an event read just then carries.
	notifyCtx context.Context

	sid      string // the session whose events are read
	after    int64  // the last event seq read
	n        int    // notifications sent
	waiting  string // the question asked and not answered yet
	lastSaid time.Time
}

func (w *approvalWatch) notify(msg string) {
	w.n++
	w.lastSaid = time.Now()
	// the sentence names the page's element: escaped as every tool text is
	_ = w.call.Session.NotifyProgress(w.notifyCtx, &mcp.ProgressNotificationParams{ProgressToken: w.token, Message: termsafe.String(msg), Progress: float64(w.n)})
}

// follow reads the events until ctx ends (the call returned), from
// progressAfter on: most calls are over before.
func (w *approvalWatch) follow(ctx context.Context) {
	select {
	case <-ctx.Done():
		return
	case <-time.After(progressAfter):
	}
	for ctx.Err() == nil {
		c := w.s.client(w.call)
		c.mu.Lock()
		w.sid = c.sessionID
		c.mu.Unlock()
		if w.sid == "" {
			select {
			case <-ctx.Done():
				return
			case <-time.After(progressAfter):
			}
			continue
		}
		if !w.read(ctx, 2000) {
			select {
			case <-ctx.Done():
				return
			case <-time.After(time.Second):
			}
			continue
		}
		if w.waiting != "" && time.Since(w.lastSaid) >= progressEvery {
			w.notify("still waiting for the person at the browser: " + w.waiting)
		}
	}
}

// finish reads once more, without waiting, after the call returned while a
// question was open: the person's answer is what ended the call, and the
// client hears it before the call's result.
func (w *approvalWatch) finish(ctx context.Context) {
	if w.waiting == "" || w.sid == "" || ctx.Err() != nil {
		return
	}
	rctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	w.read(rctx, 0)
}

// read takes the session's events after the last one read (waiting up to
// waitMs for one) and notifies the client of the approvals among them.
func (w *approvalWatch) read(ctx context.Context, waitMs int) bool {
	a := w.after
	raw, err := w.s.opts.Caller.Call(ctx, rpc.LogsEvents, &rpc.EventsParams{SessionID: w.sid, After: &a, WaitMs: waitMs}, 5*time.Second)
	if err != nil {
		return false
	}
	var r rpc.EventsResult
	if json.Unmarshal(raw, &r) != nil {
		return false
	}
	w.after = r.Next
	for _, e := range r.Events {
		if e.Time < w.start.Add(-time.Second).UnixMilli() {
			continue // before this call (a second's margin for clocks that differ)
		}
		switch e.Type {
		case "approval_asked":
			w.waiting = e.Text
			w.notify("waiting for the person at the browser to allow or deny: " + e.Text)
		case "approval_answered":
			// only the answer to what this call was seen asking: the
			// margin above may hold the end of the previous call's
			if w.waiting == "" {
				continue
			}
			w.waiting = ""
			w.notify("the person at the browser answered: " + e.Text)
		}
	}
	return true
}
