//go:build unix

package daemon

import (
	"context"
	"errors"
	"net"
	"os"
	"strings"
	"testing"
	"time"

	"browserctl/hub/hubapi"
	"browserctl/hub/hubclient"
)

// The hub Serve holds answers its control API on its socket in the state
// folder, which a client of the same folder uses; the socket goes with
// the hub.
func TestServeAnswersOnItsSocket(t *testing.T) {
	dir := t.TempDir()
	addr := freeAddr(t)
	path := hubapi.LocalSocket(dir, addr)
	if path == "" {
		t.Fatalf("no socket path for %s in %s", addr, dir)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var log syncBuffer
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, Options{Addr: addr, Token: "t0123456789", StateDir: dir, Log: &log}) }()
	deadline := time.Now().Add(10 * time.Second)
	for {
		// The socket's file is there from its bind, a moment before it
		// listens: wait until it takes a connection.
		if c, err := net.Dial("unix", path); err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			cancel()
			t.Fatalf("no socket taking connections at %s; log:\n%s", path, log.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	// The TCP address given to the client is one where nothing listens:
	// only the socket can answer.
	c := hubclient.NewClient("127.0.0.1:1", "t0123456789")
	c.UseLocalSocket(path)
	st, err := hubclient.StatusOf(ctx, c)
	c.Close()
	if err != nil || st.Addr != addr || st.PID != os.Getpid() {
		t.Errorf("status through the socket: %+v, %v", st, err)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Serve: %v", err)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the socket outlived the hub: %v", err)
	}
	if strings.Contains(log.String(), "no control socket") {
		t.Errorf("log:\n%s", log.String())
	}
}
