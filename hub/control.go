package hub

// The routes: /ws/browser and the control API (POST /rpc, GET /status,
// PUT /session, GET /events).

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// maxBodyBytes bounds a control request's body.
const maxBodyBytes = 4 << 20

// Handler serves every route on one port: /ws/browser for the extension and
// the control API (docs/protocol.md section 8) for other processes.
func (h *Hub) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/ws/browser", h.serveWS)
	mux.HandleFunc("/hello", h.serveHello)
	mux.Handle("/rpc", h.control(http.MethodPost, h.serveRPC))
	mux.Handle("/status", h.control(http.MethodGet, h.serveStatus))
	mux.Handle("/session", h.control(http.MethodPut, h.serveSession))
	mux.Handle("/events", h.control(http.MethodGet, h.serveEvents))
	mux.Handle("/journal", h.control(http.MethodGet, h.serveJournal))
	mux.Handle("/capabilities", h.control(http.MethodPost+","+http.MethodGet, h.serveCapabilities))
	mux.Handle("/capabilities/revoke", h.control(http.MethodPost, h.serveCapabilities))
	return h.guard(mux)
}

// guard applies to every route: the hub header, no CORS ever, a loopback Host
// while listening on loopback, and no web Origin.
func (h *Hub) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set(hubapi.HubHeader, "1")
		ws := r.URL.Path == "/ws/browser"
		if !h.hostOK(r) {
			if ws {
				h.refuse(r.RemoteAddr, r.Header.Get("Origin"), hubapi.RefusedHost)
			}
			writeError(w, http.StatusForbidden, "forbidden Host header")
			return
		}
		if !h.originOK(r) {
			if ws {
				h.refuse(r.RemoteAddr, strings.Join(r.Header.Values("Origin"), ", "), h.originRefusal(r))
			}
			writeError(w, http.StatusForbidden, "forbidden Origin")
			return
		}
		next.ServeHTTP(w, r)
	})
}

// control wraps a control API route: bearer token, method, and for a body a
// JSON content type and a size limit.
func (h *Hub) control(method string, next http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, ok := h.controlCaller(r)
		if !ok {
			w.Header().Set("WWW-Authenticate", `Bearer realm="browserctl"`)
			writeError(w, http.StatusUnauthorized, "missing or wrong bearer token")
			return
		}
		trustConn(r)
		if c != nil {
			r = r.WithContext(context.WithValue(r.Context(), capKey{}, c))
		}
		if !slices.Contains(strings.Split(method, ","), r.Method) {
			w.Header().Set("Allow", strings.ReplaceAll(method, ",", ", "))
			writeError(w, http.StatusMethodNotAllowed, "method not allowed")
			return
		}
		if r.Method == http.MethodPost || r.Method == http.MethodPut {
			mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
			if err != nil || mt != "application/json" {
				writeError(w, http.StatusUnsupportedMediaType, "Content-Type must be application/json")
				return
			}
			r.Body = http.MaxBytesReader(w, r.Body, maxBodyBytes)
		}
		next(w, r)
	})
}

// rpcRequest is the body of POST /rpc: a JSON-RPC request plus an optional
// timeout in milliseconds, and ownSession for a caller that holds its own
// session (hubapi.WithOwnSession).
type rpcRequest struct {
	JSONRPC    string          `json:"jsonrpc"`
	ID         json.RawMessage `json:"id"`
	Method     string          `json:"method"`
	Params     json.RawMessage `json:"params"`
	Timeout    *float64        `json:"timeout"`
	OwnSession bool            `json:"ownSession"`
	// Timing asks for the call's rpc.Trace as the answer's "timing" member.
	Timing bool `json:"timing"`
	// Caller names who sends it, for the session's journal.
	Caller *hubapi.Caller `json:"caller"`
}

// errorData is the "data" of an error answered by POST /rpc.
type errorData struct {
	Name      string `json:"name"`
	Retryable bool   `json:"retryable"`
	// Reason is the extension's data.reason, passed through.
	Reason rpc.Reason `json:"reason,omitempty"`
}

type rpcError struct {
	Code    int       `json:"code"`
	Message string    `json:"message"`
	Data    errorData `json:"data"`
}

func (h *Hub) serveRPC(w http.ResponseWriter, r *http.Request) {
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	var req rpcRequest
	if err := json.Unmarshal(body, &req); err != nil {
		writeError(w, http.StatusBadRequest, "body is not a JSON-RPC request: "+err.Error())
		return
	}
	switch {
	case req.JSONRPC != rpc.JSONRPCVersion:
		writeError(w, http.StatusBadRequest, `"jsonrpc" must be "2.0"`)
		return
	case req.Method == "":
		writeError(w, http.StatusBadRequest, `"method" must be a non-empty string`)
		return
	case req.Timeout != nil && *req.Timeout < 0:
		writeError(w, http.StatusBadRequest, `"timeout" must be a number of milliseconds >= 0`)
		return
	}
	var timeout time.Duration
	if req.Timeout != nil {
		timeout = time.Duration(*req.Timeout * float64(time.Millisecond))
	}
	var params any
	if len(req.Params) > 0 && !bytes.Equal(req.Params, []byte("null")) {
		params = req.Params
	}
	id := req.ID
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	ctx := r.Context()
	if req.OwnSession {
		ctx = hubapi.WithOwnSession(ctx)
	}
	caller := hubapi.Caller{Kind: "unnamed"}
	if req.Caller != nil {
		caller = *req.Caller
		caller.Kind, caller.Name = clip(caller.Kind, 32), clip(caller.Name, 200)
	}
	if capabilityOf(ctx) != nil {
		caller.Kind += " (capability " + capabilityOf(ctx).ID + ")"
	}
	ctx = hubapi.WithCaller(ctx, caller)
	var tr *rpc.Trace
	if req.Timing {
		ctx = rpc.WithTracer(ctx, func(t *rpc.Trace) { tr = t })
	}
	var res json.RawMessage
	var err error
	if c := capabilityOf(ctx); c != nil {
		res, err = h.callWithCapability(ctx, c, req.Method, req.Params, timeout)
	} else {
		res, err = h.Call(ctx, req.Method, params, timeout)
	}

	out := make([]byte, 0, 64+len(res))
	out = append(out, `{"jsonrpc":"2.0","id":`...)
	out = append(out, id...)
	if err != nil {
		var be *rpc.BrowserError
		if !errors.As(err, &be) {
			be = &rpc.BrowserError{Message: err.Error(), Code: rpc.CodeInternalError}
		}
		e, _ := json.Marshal(rpcError{Code: int(be.Code), Message: be.Message, Data: errorData{Name: be.Code.Name(), Retryable: be.Retryable, Reason: be.Reason}})
		out = append(out, `,"error":`...)
		out = append(out, e...)
	} else {
		out = append(out, `,"result":`...)
		out = append(out, res...)
	}
	if tr != nil {
		t, _ := json.Marshal(tr)
		out = append(out, `,"timing":`...)
		out = append(out, t...)
	}
	out = append(out, "}\n"...)
	writeRaw(w, http.StatusOK, out)
}

func (h *Hub) serveStatus(w http.ResponseWriter, r *http.Request) {
	st, _ := h.Status(r.Context())
	if c := capabilityOf(r.Context()); c != nil {
		st.Session = c.SessionID // the shells' current session is not a capability's to see
	}
	writeJSON(w, http.StatusOK, st)
}

func (h *Hub) serveSession(w http.ResponseWriter, r *http.Request) {
	if c := capabilityOf(r.Context()); c != nil {
		forbid(w, "a capability cannot move the shells' current session")
		return
	}
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	var req struct {
		SessionID *string `json:"sessionId"`
	}
	if err := json.Unmarshal(body, &req); err != nil || req.SessionID == nil {
		writeError(w, http.StatusBadRequest, `body must be {"sessionId":"..."}`)
		return
	}
	st, err := h.UseSession(r.Context(), *req.SessionID)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, st)
}

// serveEvents streams Events as newline-delimited JSON until the client goes
// or the hub closes.
func (h *Hub) serveEvents(w http.ResponseWriter, r *http.Request) {
	events := h.events.subscribe(r.Context()) // before the headers: no event is missed once they arrive
	flusher, _ := w.(http.Flusher)
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	if flusher != nil {
		flusher.Flush()
	}
	enc := json.NewEncoder(w)
	limited := capabilityOf(r.Context()) != nil
	for ev := range events {
		if limited && ev.Type == hubapi.EventSession {
			continue // other sessions' ids are not a capability's to see
		}
		if enc.Encode(ev) != nil {
			return
		}
		if flusher != nil {
			flusher.Flush()
		}
	}
}

func readBody(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			writeError(w, http.StatusRequestEntityTooLarge, "body too large")
		} else {
			writeError(w, http.StatusBadRequest, "reading body: "+err.Error())
		}
		return nil, false
	}
	return body, true
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	writeRaw(w, code, append(b, '\n'))
}

func writeError(w http.ResponseWriter, code int, msg string) {
	b, _ := json.Marshal(struct {
		Error string `json:"error"`
	}{msg})
	writeRaw(w, code, append(b, '\n'))
}

func writeRaw(w http.ResponseWriter, code int, b []byte) {
	hd := w.Header()
	hd.Set("Content-Type", "application/json")
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	_, _ = w.Write(b)
}

// serveJournal streams the journal as newline-delimited JSON: the entries
// of ?session= (every session for the control token; a capability's own
// session only) after ?after=SEQ, then, with ?follow=1, each new one until
// the client goes.
func (h *Hub) serveJournal(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	session := q.Get("session")
	if c := capabilityOf(r.Context()); c != nil {
		if session != "" && session != c.SessionID {
			forbid(w, "session "+session+" is not the capability's")
			return
		}
		session = c.SessionID
	}
	var after int64
	if a := q.Get("after"); a != "" {
		n, err := strconv.ParseInt(a, 10, 64)
		if err != nil || n < 0 {
			writeError(w, http.StatusBadRequest, `"after" must be a sequence number >= 0`)
			return
		}
		after = n
	}
	entries, err := h.Journal(r.Context(), session, after, q.Get("follow") == "1")
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	flusher, _ := w.(http.Flusher)
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	if flusher != nil {
		flusher.Flush()
	}
	enc := json.NewEncoder(w)
	for e := range entries {
		if enc.Encode(e) != nil {
			break
		}
		if flusher != nil && len(entries) == 0 {
			flusher.Flush()
		}
	}
	for range entries {
		// drain after a failed write: the sender ends with the request
	}
}
