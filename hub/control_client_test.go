package hub

// The control API through the client commands use (hubclient.Client).

import (
	"context"
	"errors"
	"fmt"
	"os"
	"testing"
	"time"

	"browserctl/hub/hubapi"
	"browserctl/hub/hubclient"
	"browserctl/rpc"
)

func TestClientAgainstHub(t *testing.T) {
	th := startHub(t, Options{})
	c := hubclient.NewClient(th.addr, testToken)
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
	if ev := <-events; ev.Type != hubapi.EventConnected {
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
	// a call never moves the current session: PUT /session does
	if st, err := c.Status(ctx); err != nil || st.Session != "" {
		t.Fatalf("sessions.create moved the current session: %+v %v", st, err)
	}
	if _, err := c.UseSession(ctx, "s1"); err != nil {
		t.Fatal(err)
	}
	if ev := <-events; ev.Type != hubapi.EventSession || ev.Session != "s1" {
		t.Fatalf("event %+v", ev)
	}
	res, err = c.Call(ctx, rpc.PageGet, map[string]string{"what": "title"}, 0)
	want := fmt.Sprintf(`{"value":"{\"sessionId\":\"s1\",\"what\":\"title\",\"caller\":{\"kind\":\"shell\",\"pid\":%d,\"timeoutMs\":30000}}"}`, os.Getpid())
	if err != nil || compact(string(res)) != want {
		t.Fatalf("the hub's current session (and the caller) were not filled in: %s %v", res, err)
	}
	// "ownSession": true: the hub fills in nothing
	res, err = c.Call(hubapi.WithOwnSession(ctx), rpc.PageGet, map[string]string{"what": "title"}, 0)
	if err != nil || compact(string(res)) != `{"value":"{\"what\":\"title\"}"}` {
		t.Fatalf("an own-session call got the hub's current session: %s %v", res, err)
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
	if ev := <-events; ev.Type != hubapi.EventSession || ev.Session != "s2" {
		t.Fatalf("event %+v", ev)
	}
	cancel()
	for range events {
	}
}

// TestClientWrongToken: a hub refuses a client with another token on every
// route, and the client says so (hubclient.ErrUnauthorized, exit 3 in cmd).
func TestClientWrongToken(t *testing.T) {
	ctx := context.Background()
	th := startHub(t, Options{})
	c := hubclient.NewClient(th.addr, "wrong")
	defer c.Close()
	if _, err := c.Call(ctx, rpc.SessionList, nil, 0); !errors.Is(err, hubclient.ErrUnauthorized) {
		t.Fatalf("Call: %v", err)
	}
	if _, err := c.Status(ctx); !errors.Is(err, hubclient.ErrUnauthorized) {
		t.Fatalf("Status: %v", err)
	}
	if _, err := c.Events(ctx); !errors.Is(err, hubclient.ErrUnauthorized) {
		t.Fatalf("Events: %v", err)
	}
}
