//go:build unix

package hubclient

import (
	"context"
	"errors"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"browserctl/hub/hubapi"
)

// socketHub is a stand-in hub on a Unix socket that answers every request
// as a hub does and keeps the path and Authorization of each.
func socketHub(t *testing.T, path string) (seen func() []string, ln *net.UnixListener) {
	t.Helper()
	l, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var got []string
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = append(got, r.URL.Path+" "+r.Header.Get("Authorization"))
		mu.Unlock()
		w.Header().Set(hubapi.HubHeader, "1")
		w.Write([]byte(`{"connected":true,"addr":"socket"}`))
	})}
	go srv.Serve(l)
	t.Cleanup(func() { srv.Close() })
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), got...)
	}, l.(*net.UnixListener)
}

// A socket in a folder only this user may enter is the hub's: the client
// sends its request there at once, with no proof asked first, and the
// program at the TCP address gets nothing. In a folder others may write
// in, or with nothing answering on the socket, the client dials TCP and
// asks the proof there, and the socket gets nothing.
func TestLocalSocket(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "state")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	addr, squatted := squatter(t)
	path := filepath.Join(dir, "hub.sock")
	seen, ln := socketHub(t, path)

	c := NewClient(addr, testToken)
	c.UseLocalSocket(path)
	st, err := c.Status(ctx)
	c.Close()
	if err != nil || st.Addr != "socket" {
		t.Fatalf("Status through the socket: %+v, %v", st, err)
	}
	if got := seen(); len(got) != 1 || got[0] != "/status Bearer "+testToken {
		t.Errorf("the socket got %q, want one GET /status with the token and no /hello", got)
	}
	if got := squatted(); got != "" {
		t.Errorf("the TCP address got:\n%s", got)
	}

	// A folder others may write in: the socket is not trusted.
	if err := os.Chmod(dir, 0o770); err != nil {
		t.Fatal(err)
	}
	c = NewClient(addr, testToken)
	c.UseLocalSocket(path)
	if _, err := c.Status(ctx); !errors.Is(err, ErrUnproven) {
		t.Errorf("in a folder others may write in: %v, want the TCP address's ErrUnproven", err)
	}
	c.Close()
	if got := seen(); len(got) != 1 {
		t.Errorf("the socket in a shared folder got %q", got[1:])
	}
	if err := os.Chmod(dir, 0o700); err != nil {
		t.Fatal(err)
	}

	// A socket nothing answers on (its hub gone): TCP, with the proof.
	ln.SetUnlinkOnClose(false)
	ln.Close()
	c = NewClient(addr, testToken)
	c.UseLocalSocket(path)
	if _, err := c.Status(ctx); !errors.Is(err, ErrUnproven) {
		t.Errorf("with the socket's hub gone: %v, want the TCP address's ErrUnproven", err)
	}
	c.Close()
	if got := squatted(); !strings.Contains(got, "GET /hello?nonce=") || strings.Contains(got, testToken) {
		t.Errorf("over TCP the client should ask the proof and send no token:\n%s", got)
	}

	// Not a socket at all.
	if err := os.WriteFile(filepath.Join(dir, "file.sock"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if privateSocket(filepath.Join(dir, "file.sock")) || privateSocket(filepath.Join(dir, "none.sock")) {
		t.Error("a regular file, or nothing, passed for a socket")
	}
}
