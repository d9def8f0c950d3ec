package daemon

import (
	"context"
	"net"

	"browserctl/hub"
	"browserctl/hub/hubapi"
)

// ServeLocal serves h's control API on its Unix socket in the state folder
// (hubapi.LocalSocket of addr, the loopback TCP address h listens on)
// until ctx ends or h closes, so this user's commands reach it without the
// proof round trip; wait waits for that end (the socket removed). Without
// a socket (no state folder, a path too long, another hub on it) the
// commands use TCP, and logf says why.
func ServeLocal(ctx context.Context, h *hub.Hub, stateDir string, addr net.Addr, logf func(string, ...any)) (wait func()) {
	path := hubapi.LocalSocket(stateDir, addr.String())
	if path == "" {
		return func() {}
	}
	ln, err := hub.ListenLocal(path)
	if err != nil {
		logf("no control socket (commands use %s): %v", addr, err)
		return func() {}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := h.ServeLocal(ctx, ln); err != nil {
			logf("control socket %s: %v", path, err)
		}
	}()
	return func() { <-done }
}
