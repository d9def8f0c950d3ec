package hubclient

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// hubLike answers like a hub: the header, /status and /rpc.
func hubLike(t *testing.T, rpcAnswer func(w http.ResponseWriter, r *http.Request)) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var conns atomic.Int32
	srv := httptest.NewUnstartedServer(withHello(testToken, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set(hubapi.HubHeader, "1")
		if r.Header.Get("Authorization") != "Bearer "+testToken || r.Host == "" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		switch r.URL.Path {
		case "/status":
			w.Write([]byte(`{"connected":true,"session":"s1"}`))
		case "/rpc":
			rpcAnswer(w, r)
		}
	})))
	srv.Config.ConnState = func(c net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Start()
	t.Cleanup(srv.Close)
	return srv, &conns
}

func TestClientKeepsConnections(t *testing.T) {
	srv, conns := hubLike(t, func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":{"ok":true}}`))
	})
	c := NewClient(srv.URL, testToken)
	defer c.Close()
	ctx := context.Background()
	for i := range 3 {
		if st, err := c.Status(ctx); err != nil || st.Session != "s1" {
			t.Fatalf("status %d: %+v %v", i, st, err)
		}
		if res, err := c.Call(ctx, rpc.TabActive, nil, 0); err != nil || string(res) != `{"ok":true}` {
			t.Fatalf("call %d: %s %v", i, res, err)
		}
	}
	if n := conns.Load(); n != 1 {
		t.Fatalf("%d connections for six requests, want 1", n)
	}
	// the hub drops its idle connections (a restart): the next requests
	// notice before sending and dial again
	srv.CloseClientConnections()
	time.Sleep(20 * time.Millisecond)
	if res, err := c.Call(ctx, rpc.TabActive, nil, 0); err != nil || string(res) != `{"ok":true}` {
		t.Fatalf("call after the hub closed the connection: %s %v", res, err)
	}
	if n := conns.Load(); n != 2 {
		t.Fatalf("%d connections, want 2", n)
	}
}

func TestClientCancelAndTimeout(t *testing.T) {
	release := make(chan struct{})
	srv, _ := hubLike(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	defer close(release)
	c := NewClient(srv.URL, testToken)
	defer c.Close()

	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	_, err := c.Call(ctx, rpc.TabActive, nil, time.Minute)
	var be *rpc.BrowserError
	if !errors.As(err, &be) || be.Code != rpc.CodeOperationFailed || time.Since(start) > 5*time.Second {
		t.Fatalf("canceled call: %v after %s", err, time.Since(start))
	}

	ctx, cancel2 := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel2()
	_, err = c.Call(ctx, rpc.TabActive, nil, time.Minute)
	if !errors.As(err, &be) || !be.Retryable || be.Code != rpc.CodeOperationFailed {
		t.Fatalf("call past its deadline: %v", err)
	}
	if _, err := c.Status(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("status past its deadline: %v", err)
	}
}

func TestClientAddresses(t *testing.T) {
	srv, _ := hubLike(t, func(w http.ResponseWriter, r *http.Request) {})
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	for _, server := range []string{"localhost:" + port, "http://localhost:" + port + "/", "127.0.0.1:" + port} {
		c := NewClient(server, testToken)
		if _, err := c.Status(context.Background()); err != nil {
			t.Errorf("%s: %v", server, err)
		}
		c.Close()
	}
	for _, server := range []string{"https://127.0.0.1:" + port, "127.0.0.1:notaport", ":" + port} {
		c := NewClient(server, testToken)
		if _, err := c.Status(context.Background()); !errors.Is(err, ErrNoHub) {
			t.Errorf("%s: %v, want ErrNoHub", server, err)
		}
	}
	c := NewClient("127.0.0.1:"+port, "tok\r\nX-Evil: 1")
	if _, err := c.Status(context.Background()); !errors.Is(err, ErrUnauthorized) {
		t.Errorf("a token with a newline: %v", err)
	}
}
