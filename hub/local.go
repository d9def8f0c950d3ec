package hub

// The control API on a Unix socket in the state folder (hubapi.LocalSocket):
// the same routes as on the hub's TCP address but /ws/browser, for the
// clients of this machine's user, who need no proof that the hub holds
// their token before they send it (the folder is theirs, mode 0700).

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"syscall"
	"time"
)

// ErrLocalInUse: another hub answers on the socket (a second hub of the
// same state folder on another host of the same port).
var ErrLocalInUse = errors.New("another hub answers on the control socket")

// ListenLocal listens on the Unix socket at path, mode 0600. A socket left
// by a hub that is gone (nothing answers on it) is replaced; one that
// answers is another hub's, and left to it (ErrLocalInUse).
func ListenLocal(path string) (net.Listener, error) {
	ln, err := net.Listen("unix", path)
	if errors.Is(err, syscall.EADDRINUSE) {
		if c, derr := net.DialTimeout("unix", path, time.Second); derr == nil {
			c.Close()
			return nil, fmt.Errorf("%s: %w", path, ErrLocalInUse)
		}
		if rerr := os.Remove(path); rerr != nil {
			return nil, rerr
		}
		ln, err = net.Listen("unix", path)
	}
	if err != nil {
		return nil, err
	}
	if err := os.Chmod(path, 0o600); err != nil {
		ln.Close()
		return nil, err
	}
	return ln, nil
}

// ServeLocal serves the control API on ln, a ListenLocal listener, until
// ctx is done or the hub is closed; it closes ln (which removes the
// socket).
func (h *Hub) ServeLocal(ctx context.Context, ln net.Listener) error {
	h.mu.Lock()
	lim := h.limits
	h.mu.Unlock()
	api := h.Handler()
	srv := &http.Server{
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/ws/browser" {
				writeError(w, http.StatusNotFound, "the extension connects over TCP, not this socket")
				return
			}
			api.ServeHTTP(w, r)
		}),
		ReadHeaderTimeout: lim.readHeader,
		ReadTimeout:       lim.read,
		IdleTimeout:       lim.idle,
		MaxHeaderBytes:    maxHeaderBytes,
		ErrorLog:          log.New(logfWriter{h}, "", 0),
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	var err error
	select {
	case <-ctx.Done():
	case <-h.closing:
	case err = <-errc:
	}
	sctx, cancel := context.WithTimeout(context.Background(), shutdownWait)
	if srv.Shutdown(sctx) != nil {
		_ = srv.Close()
	}
	cancel()
	if err == nil {
		err = <-errc
	}
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}
