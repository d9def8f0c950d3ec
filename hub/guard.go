package hub

// Who may talk to the hub: token, bearer, Origin, Host.

import (
	"crypto/sha256"
	"crypto/subtle"
	"net"
	"net/http"
	"strings"
)

// tokenSum hashes a token so compares run in constant time whatever the
// lengths.
func tokenSum(t string) [32]byte { return sha256.Sum256([]byte(t)) }

// tokenOK compares a presented token with the hub's in constant time. A hub
// without a token accepts nobody.
func (h *Hub) tokenOK(t string) bool {
	if h.opts.Token == "" {
		return false
	}
	sum := tokenSum(t)
	return subtle.ConstantTimeCompare(sum[:], h.token[:]) == 1
}

// extensionKey is the key of the secret the extension holds: the
// extension key, or the token for a hub given none (tests, a hub that
// hands the extension the token as the seed did).
func (h *Hub) extensionKey() [32]byte {
	if h.opts.ExtensionKey == "" {
		return h.token
	}
	return tokenSum(h.opts.ExtensionKey)
}

// separateKey says whether the extension has a key of its own.
func (h *Hub) separateKey() bool {
	return h.opts.ExtensionKey != "" && h.opts.ExtensionKey != h.opts.Token
}

// extensionKeyOK compares a seed auth frame's token with the extension key
// in constant time.
func (h *Hub) extensionKeyOK(t string) bool {
	if h.opts.Token == "" && h.opts.ExtensionKey == "" {
		return false
	}
	sum, key := tokenSum(t), h.extensionKey()
	return subtle.ConstantTimeCompare(sum[:], key[:]) == 1
}

// bearer is the secret of "Authorization: Bearer <secret>", "" for none.
func bearer(r *http.Request) string {
	a := r.Header.Get("Authorization")
	const p = "bearer "
	if len(a) < len(p) || !strings.EqualFold(a[:len(p)], p) {
		return ""
	}
	return strings.TrimSpace(a[len(p):])
}

// originOK: no Origin (not a browser) or the extension's own
// chrome-extension:// origin; every web origin is refused, so a page on this
// machine cannot drive the browser through the hub.
func (h *Hub) originOK(r *http.Request) bool {
	vals := r.Header.Values("Origin")
	if len(vals) == 0 {
		return true
	}
	if len(vals) > 1 {
		return false
	}
	id, ok := strings.CutPrefix(vals[0], "chrome-extension://")
	if !ok || id == "" || strings.ContainsAny(id, "/:") {
		return false
	}
	return h.opts.ExtensionID == "" || id == h.opts.ExtensionID
}

// hostOK refuses DNS rebinding: only a loopback Host is accepted
// (localhost, 127.x, [::1], any port), and while the hub listens beyond
// loopback also the names in Options.Hosts.
func (h *Hub) hostOK(r *http.Request) bool {
	if isLoopbackHost(r.Host) {
		return true
	}
	h.mu.Lock()
	addr := h.addr
	h.mu.Unlock()
	if a, ok := addr.(*net.TCPAddr); !ok || a.IP.IsLoopback() {
		return false
	}
	host := r.Host
	if hh, _, err := net.SplitHostPort(host); err == nil {
		host = hh
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	for _, name := range h.opts.Hosts {
		if strings.EqualFold(strings.TrimSuffix(strings.TrimPrefix(name, "["), "]"), host) {
			return true
		}
	}
	return false
}

func isLoopbackHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
