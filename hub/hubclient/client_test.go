package hubclient

// The client against things that are not a working hub; hub/'s
// control_client_test.go runs it against a real hub.

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"

	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// testToken is the token the stand-in hubs of these tests accept.
const testToken = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"

func TestClientErrors(t *testing.T) {
	ctx := context.Background()

	t.Run("nothing listening", func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := ln.Addr().String()
		ln.Close()
		c := NewClient("http://"+addr+"/", testToken)
		defer c.Close()
		if _, err := c.Call(ctx, rpc.SessionList, nil, 0); !errors.Is(err, ErrNoHub) {
			t.Fatalf("Call: %v", err)
		}
		if _, err := c.Status(ctx); !errors.Is(err, ErrNoHub) {
			t.Fatalf("Status: %v", err)
		}
	})
	t.Run("not a hub", func(t *testing.T) {
		for _, h := range []http.HandlerFunc{
			func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("hello")) },
			func(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) },
			func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(401) },
		} {
			srv := httptest.NewServer(h)
			c := NewClient(srv.URL, testToken)
			if _, err := c.Call(ctx, rpc.SessionList, nil, 0); !errors.Is(err, ErrNotAHub) {
				t.Errorf("Call: %v", err)
			}
			if _, err := c.Status(ctx); !errors.Is(err, ErrNotAHub) {
				t.Errorf("Status: %v", err)
			}
			c.Close()
			srv.Close()
		}
	})
	t.Run("not http", func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		done := make(chan struct{})
		go func() {
			defer close(done)
			for {
				conn, err := ln.Accept()
				if err != nil {
					return
				}
				conn.Read(make([]byte, 512)) // the request, then a reply that is not HTTP
				conn.Write([]byte("SSH-2.0-OpenSSH_9.6\r\nProtocol mismatch.\r\n"))
				conn.Close()
			}
		}()
		c := NewClient(ln.Addr().String(), testToken)
		defer c.Close()
		if _, err := c.Status(ctx); !errors.Is(err, ErrNotAHub) {
			t.Fatalf("Status: %v", err)
		}
		ln.Close()
		<-done
	})
	t.Run("hub vanishes mid-call", func(t *testing.T) {
		srv := httptest.NewServer(withHello(testToken, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				conn.Close()
			}
		})))
		defer srv.Close()
		c := NewClient(srv.URL, testToken)
		defer c.Close()
		// the request was sent: the call may have run, so it is not
		// ErrNoHub (which would start a hub and send it again)
		if _, err := c.Call(ctx, rpc.SessionList, nil, 0); !errors.Is(err, ErrCallInterrupted) || errors.Is(err, ErrNoHub) {
			t.Fatalf("Call: %v", err)
		}
	})
}

// An error's data.reason and retryable reach the caller as the hub sent them.
func TestClientErrorReason(t *testing.T) {
	srv := httptest.NewServer(withHello(testToken, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set(hubapi.HubHeader, "1")
		_, _ = w.Write([]byte(`{"jsonrpc":"2.0","id":1,"error":{"code":4110,"message":"e2 is covered","data":{"name":"page_operation_failed","retryable":false,"reason":"covered"}}}` + "\n"))
	})))
	defer srv.Close()
	c := NewClient(srv.URL, testToken)
	defer c.Close()
	_, err := c.Call(context.Background(), rpc.PageClick, nil, 0)
	var be *rpc.BrowserError
	if !errors.As(err, &be) || be.Reason != rpc.ReasonCovered || be.Retryable || be.Code != rpc.CodePageOperationFailed {
		t.Fatalf("Call: %#v", err)
	}
}
