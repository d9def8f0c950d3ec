package hub

// Routing a call to a browser: a session's calls to the browser it lives
// on, a call naming a browser ("browser" member) to that one, sessions.list
// to every browser (merged), extension.callTiming to the browser that had
// the call, anything else to the default browser (the one connected
// first). With one browser every call goes to it, as the seed has it.

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// locateWait bounds the sessions.list the hub sends to find the browser
// of a session it has not seen.
const locateWait = 5 * time.Second

// connFor is the connection a call goes to. sid is the session it acts
// on, want the browser its "browser" member names ("" for none).
func (h *Hub) connFor(ctx context.Context, method, sid, want string, params json.RawMessage) (*conn, error) {
	switch {
	case sid != "":
		return h.sessionConn(ctx, sid, want)
	case want != "":
		return h.namedConn(want)
	case method == rpc.ExtensionCallTiming:
		if c := h.connOfCall(params); c != nil {
			return c, nil
		}
	}
	return h.defaultConn()
}

// defaultConn is the default browser's connection: the one connected
// first (Hub.conn).
func (h *Hub) defaultConn() (*conn, error) {
	if c := h.conn.Load(); c != nil {
		return c, nil
	}
	return nil, h.notConnected()
}

// namedConn is the connection of the browser named want (name or id).
func (h *Hub) namedConn(want string) (*conn, error) {
	c, b, ok := h.browsers.named(want)
	switch {
	case c != nil:
		return c, nil
	case ok:
		return nil, h.goneError(b, "", false)
	}
	be := rpc.ErrNotConnected()
	be.Message = fmt.Sprintf("no browser named %q is connected to the hub (%s); `browserctl browsers` lists them", want, h.browsers.names())
	return nil, be
}

// goneError is the error of a call for a browser that is away: the seed's
// "not connected" for the seed's slot, browser_gone naming it otherwise.
func (h *Hub) goneError(b hubapi.Browser, why string, pending bool) *rpc.BrowserError {
	if b.ID == seedBrowserID || b.ID == "" {
		if pending {
			return rpc.ErrConnectionLost(why)
		}
		return h.notConnected()
	}
	return rpc.ErrBrowserGone(b.Name, b.ID, why, pending)
}

// sessionConn is the connection of the browser session sid lives on. A
// session the hub has not seen, while several browsers are connected, is
// looked for with sessions.list on each browser not listed yet.
func (h *Hub) sessionConn(ctx context.Context, sid, want string) (*conn, error) {
	for looked := false; ; looked = true {
		r := h.browsers.route(sid)
		switch {
		case len(r.clash) > 1:
			return nil, &rpc.BrowserError{Code: rpc.CodeSessionNotFound, Reason: rpc.ReasonNoSession,
				Message: fmt.Sprintf("session %s names a session in two browsers (%s and %s): the hub cannot tell which; close it from its browser's popup, or disconnect one of them", sid, r.clash[0], r.clash[1])}
		case r.known && want != "" && !nameMatches(r.browser, want):
			return nil, &rpc.BrowserError{Code: rpc.CodeSessionNotFound, Reason: rpc.ReasonNoSession,
				Message: fmt.Sprintf("session %s lives on browser %s, not %s", sid, r.browser.Label(), want)}
		case r.known && r.conn == nil:
			return nil, h.goneError(r.browser, r.goneWhy, false)
		case r.known:
			return r.conn, nil
		case want != "":
			return h.namedConn(want)
		case r.live <= 1:
			return h.defaultConn() // one browser: every call is its, as the seed has it
		}
		unlisted := h.browsers.unlisted()
		if looked || len(unlisted) == 0 {
			return nil, &rpc.BrowserError{Code: rpc.CodeSessionNotFound, Reason: rpc.ReasonNoSession,
				Message: fmt.Sprintf("no connected browser has session %s (%s); `browserctl session list` lists every browser's", sid, h.browsers.names())}
		}
		h.locate(ctx, unlisted)
	}
}

func nameMatches(b hubapi.Browser, want string) bool {
	return b.ID == want || equalFoldASCII(b.Name, want)
}

func equalFoldASCII(a, b string) bool {
	return len(a) == len(b) && bytes.EqualFold([]byte(a), []byte(b))
}

// locate asks each of conns for its sessions (at once), so the table knows
// them all.
func (h *Hub) locate(ctx context.Context, conns []*conn) {
	ctx, cancel := context.WithTimeout(ctx, locateWait)
	defer cancel()
	var wg sync.WaitGroup
	for _, c := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _ = h.listOn(ctx, c, json.RawMessage(`{}`), locateWait, nil)
		}()
	}
	wg.Wait()
}

// listOn sends sessions.list to one browser and records its answer.
func (h *Hub) listOn(ctx context.Context, c *conn, params json.RawMessage, timeout time.Duration, tr *rpc.Trace) (json.RawMessage, error) {
	cl := getCall(timeout)
	defer putCall(cl)
	a := h.roundTrip(ctx, c, cl, rpc.SessionList, params, timeout, tr)
	if a.err != nil {
		return nil, a.err
	}
	return h.learn(c, rpc.SessionList, "", a.result), nil
}

// listAll is sessions.list of every connected browser, merged: each
// session names its browser; a browser that does not answer is listed in
// "unreachable" with its error. When none answers, the first error is the
// call's.
func (h *Hub) listAll(ctx context.Context, conns []*conn, params json.RawMessage, timeout time.Duration, tr *rpc.Trace) (json.RawMessage, error) {
	answers := make([]json.RawMessage, len(conns))
	errs := make([]error, len(conns))
	var wg sync.WaitGroup
	for i, c := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[i], errs[i] = h.listOn(ctx, c, params, timeout, nil)
		}()
	}
	wg.Wait()
	var out rpc.SessionListResult
	out.Sessions = []rpc.Session{}
	var merged []json.RawMessage
	var firstErr error
	for i, c := range conns {
		if errs[i] != nil {
			firstErr = cmp.Or(firstErr, errs[i])
			out.Unreachable = append(out.Unreachable, rpc.UnreachableBrowser{Browser: c.browser.Name, ID: c.browser.ID, Error: errs[i].Error()})
			continue
		}
		var one struct {
			Sessions []json.RawMessage `json:"sessions"`
		}
		if json.Unmarshal(answers[i], &one) != nil {
			out.Unreachable = append(out.Unreachable, rpc.UnreachableBrowser{Browser: c.browser.Name, ID: c.browser.ID, Error: "its sessions.list answer is not {\"sessions\":[...]}"})
			continue
		}
		merged = append(merged, one.Sessions...)
	}
	if len(merged) == 0 && len(out.Unreachable) == len(conns) && firstErr != nil {
		return nil, firstErr
	}
	body := struct {
		Sessions    []json.RawMessage        `json:"sessions"`
		Unreachable []rpc.UnreachableBrowser `json:"unreachable,omitempty"`
	}{Sessions: merged, Unreachable: out.Unreachable}
	if body.Sessions == nil {
		body.Sessions = []json.RawMessage{}
	}
	return json.Marshal(body)
}

// learn records what an answer says of where sessions live, and marks the
// sessions of an identified browser (or of any, while several are
// connected) with their browser.
func (h *Hub) learn(c *conn, method, sid string, res json.RawMessage) json.RawMessage {
	if c.browser.ID == "" {
		return res // a connection outside the table (tests)
	}
	mark := c.browser.ID != seedBrowserID || h.browsers.liveCount() > 1
	switch method {
	case rpc.SessionList:
		var one struct {
			Sessions []json.RawMessage `json:"sessions"`
		}
		if json.Unmarshal(res, &one) != nil || one.Sessions == nil {
			return res
		}
		sids := make([]string, 0, len(one.Sessions))
		for i, s := range one.Sessions {
			if id := rpc.ParamsSession(s); id != "" {
				sids = append(sids, id)
			}
			if mark {
				one.Sessions[i] = markBrowser(s, c.browser)
			}
		}
		h.browsers.listed(c, sids)
		if !mark {
			return res
		}
		if b, err := json.Marshal(one); err == nil {
			return b
		}
	case rpc.SessionCreate, rpc.SessionAttachCurrent:
		if id := rpc.ParamsSession(res); id != "" {
			h.browsers.claim(c, id)
			if mark {
				return markBrowser(res, c.browser)
			}
		}
	case rpc.SessionClose, rpc.SessionRelease:
		h.browsers.ended(sid)
	}
	return res
}

// markBrowser adds "browser" and "browserId" to a session object that has
// neither.
func markBrowser(obj json.RawMessage, b hubapi.Browser) json.RawMessage {
	t := bytes.TrimSpace(obj)
	if len(t) < 2 || t[0] != '{' {
		return obj
	}
	if _, ok := rpc.Member(t, "browser"); ok {
		return obj
	}
	name, _ := json.Marshal(b.Name)
	id, _ := json.Marshal(b.ID)
	out := make([]byte, 0, len(t)+len(name)+len(id)+28)
	out = append(out, `{"browser":`...)
	out = append(out, name...)
	out = append(out, `,"browserId":`...)
	out = append(out, id...)
	rest := bytes.TrimSpace(t[1:])
	if len(rest) > 0 && rest[0] != '}' {
		out = append(out, ',')
	}
	return append(out, rest...)
}

// connOfCall is the connection that carried the call extension.callTiming
// asks about, nil when none of the connected ones did recently.
func (h *Hub) connOfCall(params json.RawMessage) *conn {
	var p rpc.CallTimingParams
	if json.Unmarshal(params, &p) != nil || p.CallID == 0 {
		return nil
	}
	for _, c := range h.browsers.live() {
		if c.carried(p.CallID) {
			return c
		}
	}
	return nil
}
