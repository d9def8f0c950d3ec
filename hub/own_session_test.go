package hub

// hubclient.Own against a real hub: a REPL's or batch run's session is its
// own, filled into its calls, and never the shells' current session; the
// shells' current session is never moved by them.

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"browserctl/hub/hubapi"
	"browserctl/hub/hubclient"
	"browserctl/rpc"
)

func TestOwnSessions(t *testing.T) {
	th := startHub(t, Options{})
	p := connect(t, th)
	defer p.close()
	go func() {
		for {
			req, _, err := p.read()
			if err != nil {
				return
			}
			go func() {
				switch sid := reqSession(req); {
				case req.Method == rpc.SessionCreate:
					p.reply(req.ID, map[string]any{"sessionId": "snew"})
				case req.Method == rpc.SessionList:
					p.reply(req.ID, map[string]any{"sessions": []map[string]any{{"sessionId": "sa"}, {"sessionId": "sb"}, {"sessionId": "snew"}}})
				case sid == "sgone":
					p.replyError(req.ID, int(rpc.CodeSessionNotFound), "session not found: sgone")
				case req.Method == rpc.SessionClose:
					p.reply(req.ID, map[string]any{"sessionId": sid, "closed": true})
				default: // pages.get: the session it was sent with
					p.reply(req.ID, map[string]any{"value": sid})
				}
			}()
		}
	}()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	client := hubclient.NewClient(th.addr, testToken)
	defer client.Close()
	if _, err := client.UseSession(ctx, "sshell"); err != nil {
		t.Fatal(err)
	}
	sentWith := func(c rpc.Caller) string {
		t.Helper()
		raw, err := c.Call(ctx, rpc.PageGet, rpc.GetParams{What: "title"}, 0)
		if err != nil {
			t.Fatal(err)
		}
		var r struct {
			Value string `json:"value"`
		}
		_ = json.Unmarshal(raw, &r)
		return r.Value
	}

	// None held: the call names no session; the shells' is not filled in.
	none := hubclient.NewOwn(client, "this REPL", "")
	if got := sentWith(none); got != "" {
		t.Fatalf("an Own holding none sent session %q", got)
	}
	if st, err := none.Status(ctx); err != nil || st.Session != "" || !st.Connected {
		t.Fatalf("status of an Own holding none: %+v %v", st, err)
	}

	// UseSession changes the Own's session only, once the browser has it.
	if _, err := none.UseSession(ctx, "snope"); err == nil || !strings.Contains(err.Error(), "snope") {
		t.Fatalf("use of a session the browser does not have: %v", err)
	}
	if none.Session() != "" {
		t.Fatalf("a refused use changed the session to %q", none.Session())
	}
	if st, err := none.UseSession(ctx, "snew"); err != nil || st.Session != "snew" {
		t.Fatalf("use: %+v %v", st, err)
	}
	if got := th.CurrentSession(); got != "sshell" {
		t.Fatalf("an Own's use moved the shells' current session to %q", got)
	}

	// Two REPLs and a shell at once, each on its own session.
	a := hubclient.NewOwn(client, "this REPL", "sa")
	b := hubclient.NewOwn(hubclient.NewClient(th.addr, testToken), "this batch run", "sb")
	var wg sync.WaitGroup
	errs := make(chan string, 300)
	for _, c := range []struct {
		caller rpc.Caller
		want   string
	}{{a, "sa"}, {b, "sb"}, {client, "sshell"}} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				raw, err := c.caller.Call(ctx, rpc.PageGet, map[string]any{"what": "title"}, 0)
				if err != nil || !strings.Contains(string(raw), `"`+c.want+`"`) {
					errs <- fmt.Sprintf("want %s, got %s %v", c.want, raw, err)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}

	// An own-session sessions.create moves no current session.
	if _, err := a.Call(ctx, rpc.SessionCreate, nil, 0); err != nil {
		t.Fatal(err)
	}
	if a.Session() != "sa" || th.CurrentSession() != "sshell" {
		t.Fatalf("sessions.create moved a session: own %q, shells' %q", a.Session(), th.CurrentSession())
	}

	// Closing its session clears it, and only it.
	if _, err := none.Call(ctx, rpc.SessionClose, nil, 0); err != nil {
		t.Fatal(err)
	}
	if none.Session() != "" || th.CurrentSession() != "sshell" {
		t.Fatalf("after close: own %q, shells' %q", none.Session(), th.CurrentSession())
	}

	// A session closed in the browser: the call says so, naming it.
	gone := hubclient.NewOwn(client, "this REPL", "sgone")
	_, err := gone.Call(ctx, rpc.PageGet, nil, 0)
	browserErr(t, err, rpc.CodeSessionNotFound, false)
	if !strings.Contains(err.Error(), "the session sgone of this REPL is gone") {
		t.Fatalf("gone: %v", err)
	}

	// The shells' current-session changes are not an Own's events.
	events, err := a.Events(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := client.UseSession(ctx, "sother"); err != nil {
		t.Fatal(err)
	}
	p2 := connect(t, th) // replaces p
	defer p2.close()
	if ev := <-events; ev.Type != hubapi.EventReplaced {
		t.Fatalf("an Own's first event is %+v, want the replacement (not the session change)", ev)
	}
	cancel()
	for range events {
	}
}
