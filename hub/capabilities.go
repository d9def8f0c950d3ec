package hub

// Per-session capabilities at the control API: who a bearer is (the control
// token: everything; a capability: one session), the routes that grant and
// revoke them (control token only), and how a capability's call is confined
// (capability.Cap.Authorize) and ended when it is revoked.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
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
	if h.separateKey() && h.extensionKeyOK(secret) {
		// the extension asks GET /status alone (whether a browser holds
		// the slot, while it is replaced); the rest is not its to call
		return nil, r.URL.Path == "/status" && r.Method == http.MethodGet
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
		res, err := h.Revoke(r.Context(), req)
		if err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
		writeJSON(w, http.StatusOK, res)
		return
	}
	var req hubapi.GrantRequest
	if err := json.Unmarshal(body, &req); err != nil || req.SessionID == "" || req.TTLMs < 0 {
		writeError(w, http.StatusBadRequest, `body must be {"sessionId":"...","readOnly":bool,"anySite":bool,"origins":[...],"ttlMs":n>=0}`)
		return
	}
	g, err := h.Grant(r.Context(), req)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, g)
}

func toAPI(gs []capability.Grant) []hubapi.Grant {
	out := make([]hubapi.Grant, len(gs))
	for i, g := range gs {
		out[i] = hubapi.Grant{ID: g.ID, SessionID: g.SessionID, ReadOnly: g.ReadOnly, AnySite: g.AnySite, Origins: g.Origins, Files: g.Files, Expires: g.Expires, Created: g.Created}
	}
	return out
}

// Grant mints a capability (in process, and for POST /capabilities). One
// limited to origins fences its session in the browser before it is
// handed out; when the browser cannot be told, nothing is granted.
func (h *Hub) Grant(ctx context.Context, req hubapi.GrantRequest) (hubapi.Granted, error) {
	store := h.opts.Capabilities
	if store == nil {
		return hubapi.Granted{}, errors.New("this hub keeps no capabilities")
	}
	secret, g, err := store.New(capability.Terms{SessionID: req.SessionID, ReadOnly: req.ReadOnly, AnySite: req.AnySite, Origins: req.Origins, Files: req.Files, TTL: time.Duration(req.TTLMs) * time.Millisecond})
	if err != nil {
		return hubapi.Granted{}, err
	}
	if len(g.Origins) > 0 {
		if err := h.sendFence(ctx, g.SessionID); err != nil {
			_, _ = store.Revoke(secret)
			return hubapi.Granted{}, fmt.Errorf("could not fence session %s to its origins, so nothing was granted: %w", g.SessionID, err)
		}
	}
	return hubapi.Granted{Capability: secret, Grant: toAPI([]capability.Grant{g})[0]}, nil
}

// sendFence tells the browser the origins session sid may reach now: the
// union of its live limited capabilities, [] to lift the fence.
func (h *Hub) sendFence(ctx context.Context, sid string) error {
	store := h.opts.Capabilities
	origins := store.FenceOf(sid)
	if origins == nil {
		origins = []string{}
	}
	_, err := h.Call(hubapi.WithOwnSession(ctx), rpc.NetworkFence, &rpc.FenceParams{SessionID: sid, Origins: origins}, 10*time.Second)
	if err == nil && len(origins) == 0 {
		store.FenceDone(sid)
	}
	return err
}

// fenceLater sends a session's fence in the background: when a limited
// capability ended, and for every fenced session when a browser connects
// (its fences may predate this hub, or have outlived a capability that
// expired while no hub ran).
func (h *Hub) fenceLater(sid string) {
	h.mu.Lock()
	closed := h.closed
	if !closed {
		h.wg.Add(1)
	}
	h.mu.Unlock()
	if closed {
		return
	}
	go func() {
		defer h.wg.Done()
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		go func() {
			select {
			case <-h.closing:
				cancel()
			case <-ctx.Done():
			}
		}()
		if err := h.sendFence(ctx, sid); err != nil {
			h.logf("fence of %s: %v", sid, err)
		}
	}()
}

// watchCapabilities wires the store to the hub: a limited capability's
// end lifts or narrows its session's fence.
func (h *Hub) watchCapabilities() {
	store := h.opts.Capabilities
	if store == nil {
		return
	}
	store.OnEnd(func(g capability.Grant) {
		if len(g.Origins) > 0 {
			h.fenceLater(g.SessionID)
		}
	})
}

// refence sends every fenced session's fence to a browser that connected.
func (h *Hub) refence() {
	if h.opts.Capabilities == nil {
		return
	}
	for _, sid := range h.opts.Capabilities.FencedSessions() {
		h.fenceLater(sid)
	}
}

// Grants lists the live capabilities in process.
func (h *Hub) Grants(context.Context) (hubapi.GrantList, error) {
	if h.opts.Capabilities == nil {
		return hubapi.GrantList{Grants: []hubapi.Grant{}}, nil
	}
	return hubapi.GrantList{Grants: toAPI(h.opts.Capabilities.List())}, nil
}

// Revoke ends capabilities (in process, and for POST /capabilities/revoke).
// The fences they set are lifted before it answers, so the next command
// finds the session as the revoke left it.
func (h *Hub) Revoke(ctx context.Context, req hubapi.RevokeRequest) (hubapi.RevokeResult, error) {
	store := h.opts.Capabilities
	if store == nil {
		return hubapi.RevokeResult{}, errors.New("this hub keeps no capabilities")
	}
	fenced := store.FencedSessions()
	var n int
	var err error
	if req.SessionID != "" {
		n, err = store.RevokeSession(req.SessionID)
	} else {
		n, err = store.Revoke(req.Capability)
	}
	for _, sid := range fenced {
		if ferr := h.sendFence(ctx, sid); ferr != nil {
			h.logf("fence of %s after a revoke: %v", sid, ferr)
		}
	}
	return hubapi.RevokeResult{Revoked: n}, err
}
