package hub

// The refusal log: the last connection attempts to /ws/browser the hub
// refused, for status, doctor and `serve -v`. A bounded list, never a token.

import (
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"browserctl/hub/hubapi"
	"browserctl/internal/termsafe"
	"browserctl/rpc"
)

// maxRefusals is how many distinct refusals the hub remembers; the oldest
// goes first. The same refusal again (reason, origin and peer host alike)
// counts up instead of taking a place, so a client retrying every few
// seconds does not push the others out.
const maxRefusals = 16

// maxOriginLen bounds the Origin text kept: it is whatever the peer sent.
const maxOriginLen = 200

type refusalLog struct {
	mu   sync.Mutex
	list []hubapi.Refusal // oldest first
}

// add records one refusal and answers it as kept (with its count).
func (l *refusalLog) add(now time.Time, remote, origin, reason string) hubapi.Refusal {
	origin = clip(origin, maxOriginLen)
	host := remoteHost(remote)
	l.mu.Lock()
	defer l.mu.Unlock()
	for i, r := range l.list {
		if r.Reason == reason && r.Origin == origin && remoteHost(r.Remote) == host {
			r.Time, r.Remote = now, remote
			r.Count++
			// to the end: the list stays ordered by last attempt
			l.list = append(append(l.list[:i:i], l.list[i+1:]...), r)
			return r
		}
	}
	what, fix := hubapi.RefusalText(reason)
	r := hubapi.Refusal{Time: now, Count: 1, Remote: remote, Origin: origin, Reason: reason, Detail: what, Fix: fix}
	if len(l.list) >= maxRefusals {
		l.list = append(l.list[:0:0], l.list[1:]...)
	}
	l.list = append(l.list, r)
	return r
}

// snapshot is a copy of the list, oldest first; nil when empty.
func (l *refusalLog) snapshot() []hubapi.Refusal {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.list) == 0 {
		return nil
	}
	return append([]hubapi.Refusal(nil), l.list...)
}

// refuse records a refused connection attempt and logs it with its fix.
func (h *Hub) refuse(remote, origin, reason string) {
	r := h.refusals.add(time.Now(), remote, origin, reason)
	from := remote
	if r.Origin != "" {
		from += " origin " + quoteOrigin(r.Origin)
	}
	h.logf("hub: refused a connection from %s: %s (%s); fix: %s", from, r.Detail, reason, r.Fix)
}

// notConnected is the error of a call while no extension is connected; it
// names the last refusal that may have been the extension's, with its fix.
func (h *Hub) notConnected() *rpc.BrowserError {
	be := rpc.ErrNotConnected()
	if r, ok := (hubapi.Status{Refusals: h.refusals.snapshot()}).ExtensionRefusal(); ok {
		be.Message += "; the hub refused a connection: " + r.Describe(time.Now()) + "; fix: " + r.Fix
	}
	return be
}

// originRefusal names why guard refused r's Origin.
func (h *Hub) originRefusal(r *http.Request) string {
	vals := r.Header.Values("Origin")
	if len(vals) == 1 {
		id, ok := strings.CutPrefix(vals[0], "chrome-extension://")
		if ok && id != "" && !strings.ContainsAny(id, "/:") {
			return hubapi.RefusedExtensionID
		}
	}
	return hubapi.RefusedOrigin
}

func remoteHost(remote string) string {
	if h, _, err := net.SplitHostPort(remote); err == nil {
		return h
	}
	return remote
}

// clip cuts s to at most n bytes on a rune boundary.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "..."
}

// quoteOrigin quotes an Origin for a log line: it is the peer's text, so
// control characters come out escaped.
func quoteOrigin(s string) string { return `"` + termsafe.String(s) + `"` }
