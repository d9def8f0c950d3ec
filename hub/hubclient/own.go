package hubclient

// Own: the controller of a caller that holds its own session.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// Own is the Controller of a caller that holds its own session in its own
// process: a REPL or a batch run. Its calls carry its session and are marked
// hubapi.WithOwnSession, so the hub never fills in the shells' current
// session; UseSession changes its session only, and Status reports it as
// the current one. Closing or releasing its session clears it; a call on it
// after its tab group was closed says the session is gone. Because it is
// kept here, a hub that restarts (the tab group still in the browser) does
// not lose it. Own is safe for concurrent use.
type Own struct {
	ctrl hubapi.Controller
	who  string // "this REPL", for messages

	mu      sync.Mutex
	session string
	caller  *hubapi.Caller // who the journal names for calls that name no one
}

// SetCaller names who the calls made through o come from (the journal's
// "repl", "batch FILE").
func (o *Own) SetCaller(c hubapi.Caller) {
	o.mu.Lock()
	o.caller = &c
	o.mu.Unlock()
}

var _ hubapi.Controller = (*Own)(nil)

// NewOwn holds session (may be "") for who ("this REPL") over ctrl.
func NewOwn(ctrl hubapi.Controller, who, session string) *Own {
	return &Own{ctrl: ctrl, who: who, session: session}
}

// Session is the session the caller holds, "" for none.
func (o *Own) Session() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.session
}

// Call sends method with the caller's session filled in where the method
// takes one and params name none.
func (o *Own) Call(ctx context.Context, method string, params any, timeout time.Duration) (json.RawMessage, error) {
	ctx = hubapi.WithOwnSession(ctx)
	o.mu.Lock()
	caller := o.caller
	o.mu.Unlock()
	if _, named := hubapi.CallerFrom(ctx); caller != nil && !named {
		ctx = hubapi.WithCaller(ctx, *caller)
	}
	held := o.Session()
	sid := ""
	if m, ok := rpc.LookupWire(method); ok && m.Session != rpc.NoSession {
		raw, err := rpc.EncodeParams(params)
		if err != nil {
			return nil, &rpc.BrowserError{Message: "invalid params: " + err.Error(), Code: rpc.CodeInvalidParams}
		}
		raw, sid = rpc.FillSession(raw, held)
		if raw != nil {
			params = raw
		}
	}
	res, err := o.ctrl.Call(ctx, method, params, timeout)
	if err != nil {
		var be *rpc.BrowserError
		if sid != "" && sid == held && errors.As(err, &be) && be.Code == rpc.CodeSessionNotFound {
			return nil, &rpc.BrowserError{
				Code:    rpc.CodeSessionNotFound,
				Message: fmt.Sprintf("the session %s of %s is gone (its tab group was closed?): %s; nothing was done", held, o.who, be.Message),
			}
		}
		return nil, err
	}
	if sid != "" && (method == rpc.SessionClose || method == rpc.SessionRelease) {
		o.mu.Lock()
		if o.session == sid {
			o.session = ""
		}
		o.mu.Unlock()
	}
	return res, nil
}

// Status is the hub's status with the caller's session as the current one.
func (o *Own) Status(ctx context.Context) (hubapi.Status, error) {
	st, err := o.ctrl.Status(ctx)
	st.Session = o.Session()
	return st, err
}

// Hold makes id, a session the browser just answered (sessions.create,
// sessions.attachCurrent), the caller's session.
func (o *Own) Hold(id string) {
	o.mu.Lock()
	o.session = id
	o.mu.Unlock()
}

// UseSession makes id the caller's session ("" clears it) once the browser
// has it; the hub's current session stays as it is.
func (o *Own) UseSession(ctx context.Context, id string) (hubapi.Status, error) {
	if id != "" {
		raw, err := o.ctrl.Call(hubapi.WithOwnSession(ctx), rpc.SessionList, nil, 0)
		if err != nil {
			return hubapi.Status{}, err
		}
		var res rpc.SessionListResult
		if err := json.Unmarshal(raw, &res); err != nil {
			return hubapi.Status{}, fmt.Errorf("sessions.list answered %q: %w", truncate(raw), err)
		}
		if !slices.ContainsFunc(res.Sessions, func(s rpc.Session) bool { return s.SessionID == id }) {
			return hubapi.Status{}, &rpc.BrowserError{Code: rpc.CodeSessionNotFound,
				Message: fmt.Sprintf("session not found: %s (%s keeps %s)", id, o.who, orNone(o.Session()))}
		}
	}
	o.mu.Lock()
	o.session = id
	o.mu.Unlock()
	return o.Status(ctx)
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// Events are the hub's, less its current-session changes, which are the
// shells' and not this caller's.
func (o *Own) Events(ctx context.Context) (<-chan hubapi.Event, error) {
	in, err := o.ctrl.Events(ctx)
	if err != nil {
		return nil, err
	}
	out := make(chan hubapi.Event, eventBuffer)
	go func() {
		defer close(out)
		for ev := range in {
			if ev.Type == hubapi.EventSession {
				continue
			}
			select {
			case out <- ev:
			case <-ctx.Done():
				for range in {
				}
				return
			}
		}
	}()
	return out, nil
}

// granter is the hub under o when it grants capabilities.
func (o *Own) granter() (hubapi.Granter, error) {
	g, ok := o.ctrl.(hubapi.Granter)
	if !ok {
		return nil, errors.New("this hub cannot grant capabilities")
	}
	return g, nil
}

// Grant passes on to the hub: a capability is the hub's, not the holder's.
func (o *Own) Grant(ctx context.Context, req hubapi.GrantRequest) (hubapi.Granted, error) {
	g, err := o.granter()
	if err != nil {
		return hubapi.Granted{}, err
	}
	return g.Grant(ctx, req)
}

// Revoke passes on to the hub.
func (o *Own) Revoke(ctx context.Context, req hubapi.RevokeRequest) (hubapi.RevokeResult, error) {
	g, err := o.granter()
	if err != nil {
		return hubapi.RevokeResult{}, err
	}
	return g.Revoke(ctx, req)
}

// Grants passes on to the hub.
func (o *Own) Grants(ctx context.Context) (hubapi.GrantList, error) {
	g, err := o.granter()
	if err != nil {
		return hubapi.GrantList{}, err
	}
	return g.Grants(ctx)
}

// Journal passes on to the hub.
func (o *Own) Journal(ctx context.Context, session string, after int64, follow bool) (<-chan hubapi.JournalEntry, error) {
	j, ok := o.ctrl.(hubapi.JournalReader)
	if !ok {
		return nil, errors.New("this hub keeps no journal")
	}
	return j.Journal(ctx, session, after, follow)
}
