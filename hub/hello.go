package hub

// GET /hello: the hub proves it holds the caller's secret before the caller
// sends it. A client of the control API asks on each new connection with a
// fresh nonce (and, for a capability, its public id); the hub answers its
// own nonce and the proof over both and its port. A program squatting on
// the port cannot answer it, so the client never hands it the token.

import (
	"crypto/sha256"
	"encoding/hex"
	"net"
	"net/http"

	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

func (h *Hub) serveHello(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		w.Header().Set("Allow", http.MethodGet)
		writeError(w, http.StatusMethodNotAllowed, "method not allowed")
		return
	}
	cn := r.URL.Query().Get("nonce")
	if !rpc.ValidNonce(cn) {
		writeError(w, http.StatusBadRequest, `"nonce" must be 32 to 64 hex digits`)
		return
	}
	key, ok := h.helloKey(r.URL.Query().Get("id"))
	if r.URL.Query().Get("for") == "extension" {
		key, ok = h.extensionKey(), h.opts.Token != "" || h.opts.ExtensionKey != ""
	}
	if !ok {
		// an unknown capability id gets a proof no one can check: the
		// answer does not tell which ids exist
		key = sha256.Sum256([]byte(rpc.NewNonce()))
	}
	sn := rpc.NewNonce()
	writeJSON(w, http.StatusOK, hubapi.Hello{Nonce: sn, Proof: rpc.Proof(key, rpc.ProofHubControl, cn, sn, h.port())})
}

// helloKey is the key of the secret the caller holds: the control token's,
// or a capability's (by its id).
func (h *Hub) helloKey(id string) ([32]byte, bool) {
	if id == "" {
		return h.token, h.opts.Token != ""
	}
	if h.opts.Capabilities == nil {
		return [32]byte{}, false
	}
	for _, g := range h.opts.Capabilities.List() {
		if g.ID == id {
			var key [32]byte
			raw, err := hex.DecodeString(g.Hash)
			if err != nil || len(raw) != len(key) {
				return key, false
			}
			copy(key[:], raw)
			return key, true
		}
	}
	return [32]byte{}, false
}

// port is the port the hub listens on, which proofs are bound to.
func (h *Hub) port() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.addr == nil {
		return ""
	}
	_, p, err := net.SplitHostPort(h.addr.String())
	if err != nil {
		return ""
	}
	return p
}
