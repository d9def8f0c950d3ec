//go:build unix

package hub

import (
	"context"
	"errors"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// unixClient is an HTTP client that dials the socket at path.
func unixClient(path string) *http.Client {
	return &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{
		DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
			return (&net.Dialer{}).DialContext(ctx, "unix", path)
		},
	}}
}

// The control API on the hub's socket: mode 0600, the token still asked
// for every route, no /ws/browser; a socket left by a hub that is gone is
// replaced, one another hub answers on is left to it; closing the hub ends
// it and removes the socket.
func TestServeLocal(t *testing.T) {
	th := startHub(t, Options{})
	path := filepath.Join(t.TempDir(), "hub-1.sock")

	stale, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	stale.(*net.UnixListener).SetUnlinkOnClose(false)
	stale.Close()
	ln, err := ListenLocal(path)
	if err != nil {
		t.Fatalf("over a stale socket: %v", err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("socket mode: %v %v", fi.Mode(), err)
	}
	if _, err := ListenLocal(path); !errors.Is(err, ErrLocalInUse) {
		t.Errorf("a second hub on a live socket: %v, want ErrLocalInUse", err)
	}
	done := make(chan error, 1)
	go func() { done <- th.ServeLocal(context.Background(), ln) }()

	hc := unixClient(path)
	defer hc.CloseIdleConnections()
	for _, tc := range []struct {
		path, token string
		want        int
	}{
		{"/status", testToken, http.StatusOK},
		{"/status", "", http.StatusUnauthorized},
		{"/status", "wrong", http.StatusUnauthorized},
		{"/ws/browser", testToken, http.StatusNotFound},
	} {
		req, _ := http.NewRequest(http.MethodGet, "http://127.0.0.1:9/"+tc.path[1:], nil)
		if tc.token != "" {
			req.Header.Set("Authorization", "Bearer "+tc.token)
		}
		resp, err := hc.Do(req)
		if err != nil {
			t.Fatalf("%s: %v", tc.path, err)
		}
		resp.Body.Close()
		if resp.StatusCode != tc.want {
			t.Errorf("%s with token %q: %d, want %d", tc.path, tc.token, resp.StatusCode, tc.want)
		}
	}
	hc.CloseIdleConnections()
	th.Close()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("ServeLocal: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ServeLocal did not end when the hub closed")
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the socket is still there: %v", err)
	}
}
