package hub

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"browserctl/rpc"
)

func TestClientAgainstHub(t *testing.T) {
	th := startHub(t, Options{})
	c := NewClient(th.addr, testToken)
	defer c.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	_, err := c.Call(ctx, rpc.SessionList, nil, 0)
	browserErr(t, err, rpc.CodeExtensionNotConnected, false)

	events, err := c.Events(ctx)
	if err != nil {
		t.Fatal(err)
	}
	p := connect(t, th)
	defer p.close()
	if ev := <-events; ev.Type != EventConnected {
		t.Fatalf("event %+v", ev)
	}
	go func() {
		for {
			req, _, err := p.read()
			if err != nil {
				return
			}
			switch req.Method {
			case rpc.SessionCreate:
				p.reply(req.ID, map[string]any{"sessionId": "s1"})
			case rpc.PageClick:
				p.replyError(req.ID, 4109, "page ref not found")
			case rpc.PageGet:
				p.reply(req.ID, map[string]any{"value": string(req.Params)})
			}
		}
	}()
	res, err := c.Call(ctx, rpc.SessionCreate, map[string]string{"name": "w"}, 0)
	if err != nil || string(res) != `{"sessionId":"s1"}` {
		t.Fatalf("create: %s %v", res, err)
	}
	if ev := <-events; ev.Type != EventSession || ev.Session != "s1" {
		t.Fatalf("event %+v", ev)
	}
	res, err = c.Call(ctx, rpc.PageGet, map[string]string{"what": "title"}, 0)
	if err != nil || compact(string(res)) != `{"value":"{\"sessionId\":\"s1\",\"what\":\"title\"}"}` {
		t.Fatalf("the hub's current session was not filled in: %s %v", res, err)
	}
	_, err = c.Call(ctx, rpc.PageClick, map[string]string{"ref": "e1"}, 0)
	browserErr(t, err, rpc.CodePageRefNotFound, true)
	if !errors.Is(err, &rpc.BrowserError{Code: rpc.CodePageRefNotFound}) {
		t.Fatal("errors.Is by code")
	}
	_, err = c.Call(ctx, rpc.TabUserList, nil, 20*time.Millisecond) // never answered
	browserErr(t, err, rpc.CodeOperationFailed, true)

	st, err := c.UseSession(ctx, "s2")
	if err != nil || st.Session != "s2" || !st.Connected {
		t.Fatalf("use session: %+v %v", st, err)
	}
	st, err = c.Status(ctx)
	if err != nil || st.Session != "s2" || st.Addr != th.addr {
		t.Fatalf("status: %+v %v", st, err)
	}
	if ev := <-events; ev.Type != EventSession || ev.Session != "s2" {
		t.Fatalf("event %+v", ev)
	}
	cancel()
	for range events {
	}
}

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
	t.Run("wrong token", func(t *testing.T) {
		th := startHub(t, Options{})
		c := NewClient(th.addr, "wrong")
		defer c.Close()
		if _, err := c.Call(ctx, rpc.SessionList, nil, 0); !errors.Is(err, ErrUnauthorized) {
			t.Fatalf("Call: %v", err)
		}
		if _, err := c.Status(ctx); !errors.Is(err, ErrUnauthorized) {
			t.Fatalf("Status: %v", err)
		}
		if _, err := c.Events(ctx); !errors.Is(err, ErrUnauthorized) {
			t.Fatalf("Events: %v", err)
		}
	})
	t.Run("hub vanishes mid-call", func(t *testing.T) {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				conn.Close()
			}
		}))
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
