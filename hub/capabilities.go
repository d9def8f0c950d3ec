package hub

// Per-session capabilities at the control API: who a bearer is (the control
// token: everything; a capability: one session), the routes that grant and
// revoke them (control token only), and how a capability's call is confined
// (capability.Cap.Authorize) and ended when it is revoked.

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"browserctl/hub/capability"
	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// capKey carries the capability a control request was made with; none in
// the context means the control token.
type capKey struct{}

func capabilityOf(ctx context.Context) *capability.Cap {
	c, _ := ctx.Value(capKey{}).(*capability.Cap)
	return c
}

// controlCaller answers who made a control request: ok with a nil Cap for
// the control token, ok with the Cap for a live capability, not ok for
// anyone else. The token is compared in constant time; a capability is
// found by its hash.
func (h *Hub) controlCaller(r *http.Request) (*capability.Cap, bool) {
	secret := bearer(r)
	if secret == "" {
		return nil, false
	}
	if capability.Is(secret) {
		if h.opts.Capabilities == nil {
			return nil, false
		}
		return h.opts.Capabilities.Lookup(secret)
	}
	return nil, h.tokenOK(secret)
}

// forbid answers a control request a capability may not make: 403 with the
// reason, which the client turns into the same error a refused call gets.
func forbid(w http.ResponseWriter, why string) {
	b, _ := json.Marshal(map[string]any{"error": "forbidden: " + why, "code": int(rpc.CodeUnauthorized), "reason": rpc.ReasonForbidden})
	writeRaw(w, http.StatusForbidden, append(b, '\n'))
}

// callWithCapability is a POST /rpc call made with c: authorized, sent with
// a context that ends when c is revoked, its sessions.list answer filtered.
func (h *Hub) callWithCapability(ctx context.Context, c *capability.Cap, method string, params json.RawMessage, timeout time.Duration) (json.RawMessage, error) {
	params, err := c.Authorize(method, params)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(hubapi.WithOwnSession(ctx))
	defer cancel()
	go func() {
		select {
		case <-c.Done():
			cancel()
		case <-ctx.Done():
		}
	}()
	res, err := h.Call(ctx, method, params, timeout)
	if err != nil {
		select {
		case <-c.Done():
			// ended because the capability did (a call that completed
			// first keeps its answer: it happened)
			return nil, capability.Forbidden("the capability was revoked during the call")
		default:
		}
		return nil, err
	}
	if method == rpc.SessionList {
		res = c.FilterSessions(res)
	}
	return res, nil
}

// endSessionCapabilities ends every capability of a session that was
// closed or released.
func (h *Hub) endSessionCapabilities(sid string) {
	if h.opts.Capabilities != nil && sid != "" {
		if _, err := h.opts.Capabilities.RevokeSession(sid); err != nil {
			h.logf("capabilities of %s: %v", sid, err)
		}
	}
}

// serveCapabilities: POST /capabilities grants one, GET lists them, POST
// /capabilities/revoke ends some. Only the control token may.
func (h *Hub) serveCapabilities(w http.ResponseWriter, r *http.Request) {
	if capabilityOf(r.Context()) != nil {
		forbid(w, "a capability cannot grant, list or revoke capabilities")
		return
	}
	store := h.opts.Capabilities
	if store == nil {
		writeError(w, http.StatusNotImplemented, "this hub keeps no capabilities (it was started without a state folder)")
		return
	}
	if r.Method == http.MethodGet {
		writeJSON(w, http.StatusOK, hubapi.GrantList{Grants: toAPI(store.List())})
		return
	}
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	if strings.HasSuffix(r.URL.Path, "/revoke") {
		var req hubapi.RevokeRequest
		if err := json.Unmarshal(body, &req); err != nil || (req.Capability == "") == (req.SessionID == "") {
			writeError(w, http.StatusBadRequest, `body must be {"capability":"<secret or id>"} or {"sessionId":"..."}`)
			return
		}
		var n int
		var err error
		if req.SessionID != "" {
			n, err = store.RevokeSession(req.SessionID)
		} else {
			n, err = store.Revoke(req.Capability)
		}
		if err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
		writeJSON(w, http.StatusOK, hubapi.RevokeResult{Revoked: n})
		return
	}
	var req hubapi.GrantRequest
	if err := json.Unmarshal(body, &req); err != nil || req.SessionID == "" || req.TTLMs < 0 {
		writeError(w, http.StatusBadRequest, `body must be {"sessionId":"...","readOnly":bool,"ttlMs":n>=0}`)
		return
	}
	secret, g, err := store.New(req.SessionID, req.ReadOnly, req.AnySite, time.Duration(req.TTLMs)*time.Millisecond)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, hubapi.Granted{Capability: secret, Grant: toAPI([]capability.Grant{g})[0]})
}

func toAPI(gs []capability.Grant) []hubapi.Grant {
	out := make([]hubapi.Grant, len(gs))
	for i, g := range gs {
		out[i] = hubapi.Grant{ID: g.ID, SessionID: g.SessionID, ReadOnly: g.ReadOnly, AnySite: g.AnySite, Expires: g.Expires, Created: g.Created}
	}
	return out
}

// Grant mints a capability in process (a REPL or serve that holds the hub).
func (h *Hub) Grant(_ context.Context, req hubapi.GrantRequest) (hubapi.Granted, error) {
	if h.opts.Capabilities == nil {
		return hubapi.Granted{}, errors.New("this hub keeps no capabilities")
	}
	secret, g, err := h.opts.Capabilities.New(req.SessionID, req.ReadOnly, req.AnySite, time.Duration(req.TTLMs)*time.Millisecond)
	if err != nil {
		return hubapi.Granted{}, err
	}
	return hubapi.Granted{Capability: secret, Grant: toAPI([]capability.Grant{g})[0]}, nil
}

// Grants lists the live capabilities in process.
func (h *Hub) Grants(context.Context) (hubapi.GrantList, error) {
	if h.opts.Capabilities == nil {
		return hubapi.GrantList{Grants: []hubapi.Grant{}}, nil
	}
	return hubapi.GrantList{Grants: toAPI(h.opts.Capabilities.List())}, nil
}

// Revoke ends capabilities in process.
func (h *Hub) Revoke(_ context.Context, req hubapi.RevokeRequest) (hubapi.RevokeResult, error) {
	if h.opts.Capabilities == nil {
		return hubapi.RevokeResult{}, errors.New("this hub keeps no capabilities")
	}
	var n int
	var err error
	if req.SessionID != "" {
		n, err = h.opts.Capabilities.RevokeSession(req.SessionID)
	} else {
		n, err = h.opts.Capabilities.Revoke(req.Capability)
	}
	return hubapi.RevokeResult{Revoked: n}, err
}
