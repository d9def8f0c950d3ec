package hub

// Browsers on other machines: a second listener, TLS only, that serves
// /ws/browser and nothing else (the control API stays on loopback), where
// a browser authenticates with a key of its own (browserkeys), never the
// control token or this machine's extension key.

import (
	"context"
	"crypto/tls"
	"net"
	"net/http"

	"browserctl/hub/browserkeys"
	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// authed is who authenticated at /ws/browser: what it said of itself, and
// the remote browser whose own key it proved (nil: the extension key).
type authed struct {
	hello *rpc.BrowserHello
	own   *browserkeys.Entry
}

// ownKeyOf is the remote browser a proving auth frame names by its id, nil
// when none of that id has a key of its own.
func (h *Hub) ownKeyOf(hello *rpc.BrowserHello) *browserkeys.Entry {
	if hello == nil || h.opts.BrowserKeys == nil {
		return nil
	}
	if e, ok := h.opts.BrowserKeys.ByID(hello.ID); ok {
		return &e
	}
	return nil
}

// matchOwnKey finds the remote browser whose key a seed auth frame's token
// is; it sets who.own when one is.
func (h *Hub) matchOwnKey(token string, who *authed) bool {
	if h.opts.BrowserKeys == nil || token == "" {
		return false
	}
	e, ok := h.opts.BrowserKeys.Match(token)
	if ok {
		who.own = &e
	}
	return ok
}

type remoteListenerKey struct{}

// fromRemoteListener says whether r came in on the remote listener.
func fromRemoteListener(r *http.Request) bool {
	v, _ := r.Context().Value(remoteListenerKey{}).(bool)
	return v
}

// listenerPort is the port r came in on, which the extension's proof is
// bound to (the port it dialled); the hub's own when unknown.
func listenerPort(r *http.Request, h *Hub) string {
	if a, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok {
		if _, p, err := net.SplitHostPort(a.String()); err == nil {
			return p
		}
	}
	return h.port()
}

// RemoteHandler serves the remote listener: /ws/browser alone, for
// browsers with their own keys; no Origin but an extension's (or none),
// and every other path 404.
func (h *Hub) RemoteHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set(hubapi.HubHeader, "1")
		if r.URL.Path != "/ws/browser" {
			writeError(w, http.StatusNotFound, "only /ws/browser is served here: the control API stays on the hub's machine")
			return
		}
		if !h.originOK(r) {
			h.refuse(r.RemoteAddr, r.Header.Get("Origin"), h.originRefusal(r))
			writeError(w, http.StatusForbidden, "forbidden Origin")
			return
		}
		h.serveWS(w, r.WithContext(context.WithValue(r.Context(), remoteListenerKey{}, true)))
	})
}

// ServeRemote serves RemoteHandler over TLS with cfg on ln until ctx is
// done or the hub closes. Its connections are bounded as the main
// listener's are until they authenticate (gate.go).
func (h *Hub) ServeRemote(ctx context.Context, ln net.Listener, cfg *tls.Config) error {
	h.mu.Lock()
	lim := h.limits
	h.mu.Unlock()
	g := newGate(lim.maxUntrusted, lim.untrustedLifetime)
	srv := h.newServer(h.RemoteHandler(), lim)
	srv.TLSConfig = cfg
	return h.runServer(ctx, srv, func() error { return srv.ServeTLS(gatedListener{Listener: ln, g: g}, "", "") }, nil)
}
