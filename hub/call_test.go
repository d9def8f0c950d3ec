package hub

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

func TestCallResultAndErrors(t *testing.T) {
	th := startHub(t, Options{})
	p := connect(t, th)
	defer p.close()
	go func() {
		for {
			req, _, err := p.read()
			if err != nil {
				return
			}
			switch req.Method {
			case "tabs.userList":
				p.reply(req.ID, map[string]any{"tabs": []any{}})
			case "pages.click":
				p.replyError(req.ID, 4109, "page ref not found")
			case "tabs.close":
				p.replyError(req.ID, 4104, "tab not found")
			case "nothing":
				p.sendRaw(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d}`, req.ID))
			}
		}
	}()
	ctx := context.Background()
	res, err := th.Call(ctx, rpc.TabUserList, nil, 0)
	if err != nil || string(res) != `{"tabs":[]}` {
		t.Fatalf("result: %s %v", res, err)
	}
	_, err = th.Call(ctx, rpc.PageClick, map[string]any{"sessionId": "s1", "ref": "e1"}, 0)
	browserErr(t, err, rpc.CodePageRefNotFound, true)
	_, err = th.Call(ctx, rpc.TabClose, map[string]any{"sessionId": "s1", "tabId": 9}, 0)
	browserErr(t, err, rpc.CodeTabNotFound, false)
	res, err = th.Call(ctx, "nothing", nil, 0)
	if err != nil || string(res) != "null" {
		t.Fatalf("a response with neither result nor error: %s %v", res, err)
	}
}

func TestCallIDsCountFromOne(t *testing.T) {
	th := startHub(t, Options{})
	p := connect(t, th)
	defer p.close()
	ids := make(chan int64, 3)
	done := p.serve(func(req rpc.Request) any { ids <- req.ID; return true })
	for range 3 {
		if _, err := th.Call(context.Background(), rpc.SessionList, nil, 0); err != nil {
			t.Fatal(err)
		}
	}
	for want := int64(1); want <= 3; want++ {
		if got := <-ids; got != want {
			t.Fatalf("id %d, want %d", got, want)
		}
	}
	p.close()
	<-done
}

func TestCallNotConnected(t *testing.T) {
	th := startHub(t, Options{})
	_, err := th.Call(context.Background(), rpc.SessionList, nil, 0)
	browserErr(t, err, rpc.CodeExtensionNotConnected, false)
}

func TestCallTimeoutDropsLateReply(t *testing.T) {
	th := startHub(t, Options{})
	p := connect(t, th)
	defer p.close()
	errc := make(chan error, 1)
	go func() {
		_, err := th.Call(context.Background(), rpc.SessionList, nil, 50*time.Millisecond)
		errc <- err
	}()
	late := p.nextRequest()
	browserErr(t, <-errc, rpc.CodeOperationFailed, true)
	if n := th.pendingNow(); n != 0 {
		t.Fatalf("pending after timeout: %d", n)
	}
	p.reply(late.ID, "late") // dropped: nobody waits for it

	go func() {
		_, err := th.Call(context.Background(), rpc.SessionList, nil, 0)
		errc <- err
	}()
	next := p.nextRequest()
	p.reply(late.ID, "late again")
	p.reply(next.ID, "fresh")
	if err := <-errc; err != nil {
		t.Fatalf("the call after a late reply: %v", err)
	}
}

func TestCallContextCancelRemovesPending(t *testing.T) {
	th := startHub(t, Options{})
	p := connect(t, th)
	defer p.close()
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() {
		_, err := th.Call(ctx, rpc.SessionList, nil, 0)
		errc <- err
	}()
	p.nextRequest()
	cancel()
	err := <-errc
	var be *rpc.BrowserError
	if !errors.As(err, &be) {
		t.Fatalf("want a BrowserError, got %v", err)
	}
	if n := th.pendingNow(); n != 0 {
		t.Fatalf("pending after cancel: %d", n)
	}
}

// TestCallSendFailed drives a connection whose writer is stuck (a full
// queue) and one whose socket is gone.
func TestCallSendFailed(t *testing.T) {
	h := New(Options{Token: testToken})
	defer h.Close()
	conns := make(chan *websocket.Conn, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := upgrader.Upgrade(w, r, nil)
		if err == nil {
			conns <- ws
		}
	}))
	defer srv.Close()
	client, _, err := websocket.DefaultDialer.Dial("ws"+srv.URL[4:], nil)
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	ws := <-conns

	t.Run("queue full", func(t *testing.T) {
		c := newConn(h, ws, hubapi.Browser{})
		h.conn.Store(c)
		for range cap(c.out) {
			c.out <- outFrame{buf: controlFrame(pongFrame)}
		}
		_, err := h.Call(context.Background(), rpc.SessionList, nil, 0)
		browserErr(t, err, rpc.CodeOperationFailed, true)
		if n := c.pendingCount(); n != 0 {
			t.Fatalf("pending after a failed send: %d", n)
		}
		h.conn.Store(nil)
	})
	t.Run("socket gone", func(t *testing.T) {
		c := newConn(h, ws, hubapi.Browser{})
		close(c.readerDone) // no reader in this test
		h.conn.Store(c)
		_ = ws.NetConn().Close()
		go c.writeLoop()
		_, err := h.Call(context.Background(), rpc.SessionList, nil, 0)
		browserErr(t, err, rpc.CodeOperationFailed, true)
		if n := c.pendingCount(); n != 0 {
			t.Fatalf("pending after a failed send: %d", n)
		}
		<-c.writerDone
		h.conn.Store(nil)
	})
}

// reqSession is the sessionId a request carries.
func reqSession(r rpc.Request) string {
	var p struct {
		SessionID string `json:"sessionId"`
	}
	_ = json.Unmarshal(r.Params, &p)
	return p.SessionID
}

func TestSessionLocksSerializePages(t *testing.T) {
	th := startHub(t, Options{})
	p := connect(t, th)
	defer p.close()
	var mu sync.Mutex
	inflight, most := map[string]int{}, map[string]int{}
	done := p.serve(func(req rpc.Request) any {
		s := reqSession(req)
		mu.Lock()
		inflight[s]++
		most[s] = max(most[s], inflight[s])
		mu.Unlock()
		time.Sleep(time.Millisecond) // give an unserialized call the chance to overlap
		mu.Lock()
		inflight[s]--
		mu.Unlock()
		return map[string]bool{"ok": true}
	})
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sid := []string{"s1", "s2"}[i%2]
			if _, err := th.Call(context.Background(), rpc.PageClick, map[string]any{"sessionId": sid, "ref": "e1"}, 0); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	mu.Lock()
	if most["s1"] != 1 || most["s2"] != 1 {
		t.Errorf("pages.* calls of one session overlapped at the extension: %v", most)
	}
	mu.Unlock()
	if n := th.locks.size(); n != 0 {
		t.Errorf("%d session locks left behind", n)
	}
	p.close()
	<-done
}

func TestSessionLocksDoNotBlockOthers(t *testing.T) {
	th := startHub(t, Options{})
	p := connect(t, th)
	defer p.close()
	_ = p.ws.SetReadDeadline(time.Now().Add(10 * time.Second)) // a blocked call fails the test, not hangs it
	ctx := context.Background()
	call := func(method, sid string, timeout time.Duration) <-chan error {
		errc := make(chan error, 1)
		go func() {
			_, err := th.Call(ctx, method, map[string]any{"sessionId": sid}, timeout)
			errc <- err
		}()
		return errc
	}

	held := call(rpc.PageSnapshot, "s1", 0)
	first := p.nextRequest() // s1 is now held until answered

	// Another session's pages.* and the same session's tabs.* get through.
	other := call(rpc.PageSnapshot, "s2", 0)
	tabs := call(rpc.TabList, "s1", 0)
	got := map[string]rpc.Request{}
	for range 2 {
		r := p.nextRequest()
		got[r.Method+" "+reqSession(r)] = r
	}
	if _, ok := got["pages.snapshot s2"]; !ok {
		t.Fatalf("pages.snapshot s2 waited on s1's lock: %v", got)
	}
	if _, ok := got["tabs.list s1"]; !ok {
		t.Fatalf("tabs.list waited on s1's lock: %v", got)
	}

	// A pages.* call waiting for s1 gives up at its own timeout.
	waiting := call(rpc.PageClick, "s1", 30*time.Millisecond)
	browserErr(t, <-waiting, rpc.CodeOperationFailed, true)
	// ... and when its context ends.
	cctx, cancel := context.WithCancel(ctx)
	errc := make(chan error, 1)
	go func() {
		_, err := th.Call(cctx, rpc.PageClick, map[string]any{"sessionId": "s1"}, 0)
		errc <- err
	}()
	waitFor(t, "the call to queue on the lock", func() bool {
		th.locks.mu.Lock()
		defer th.locks.mu.Unlock()
		return th.locks.m["s1"] != nil && th.locks.m["s1"].refs == 2
	})
	cancel()
	if err := <-errc; err == nil {
		t.Fatal("a cancelled call succeeded")
	}

	for _, r := range []rpc.Request{first, got["pages.snapshot s2"], got["tabs.list s1"]} {
		p.reply(r.ID, "ok")
	}
	for _, c := range []<-chan error{held, other, tabs} {
		if err := <-c; err != nil {
			t.Fatal(err)
		}
	}
	if n := th.locks.size(); n != 0 {
		t.Errorf("%d session locks left behind", n)
	}
}

func TestSessionInjection(t *testing.T) {
	th := startHub(t, Options{})
	p := connect(t, th)
	defer p.close()
	seen := make(chan string, 1)
	done := p.serve(func(req rpc.Request) any {
		seen <- string(req.Params)
		switch req.Method {
		case rpc.SessionCreate:
			return map[string]any{"sessionId": "s9", "name": "x"}
		case rpc.SessionClose:
			return map[string]any{"sessionId": reqSession(req), "closed": true}
		}
		return map[string]bool{"ok": true}
	})
	defer func() { p.close(); <-done }()
	ctx := context.Background()
	events, _ := th.Events(ctx)

	send := func(method string, params any) string {
		t.Helper()
		if _, err := th.Call(ctx, method, params, 0); err != nil {
			t.Fatal(err)
		}
		return <-seen
	}
	// No current session: nothing is added.
	if got := send(rpc.PageGet, map[string]any{"what": "title"}); got != `{"what":"title"}` {
		t.Fatalf("no session: %s", got)
	}
	if _, err := th.UseSession(ctx, "s1"); err != nil {
		t.Fatal(err)
	}
	if ev := <-events; ev.Type != hubapi.EventSession || ev.Session != "s1" {
		t.Fatalf("event %+v", ev)
	}
	for _, tc := range []struct {
		method string
		params any
		want   string
	}{
		{rpc.PageGet, map[string]any{"what": "title"}, `{"sessionId":"s1","what":"title"}`},
		{rpc.PageGet, map[string]any{"what": "title", "sessionId": "s2"}, `{"sessionId":"s2","what":"title"}`},
		{rpc.PageGet, map[string]any{"sessionId": ""}, `{"sessionId":"s1"}`},
		{rpc.PageGet, json.RawMessage(` { } `), `{"sessionId":"s1"}`},
		{rpc.PageSnapshot, nil, `{"sessionId":"s1"}`},
		{rpc.TabActive, json.RawMessage(`{}`), `{"sessionId":"s1"}`},
		{rpc.TabUserList, json.RawMessage(`{}`), `{}`},                                   // NoSession: untouched
		{rpc.SessionList, nil, ``},                                                       // no params at all
		{"x.unknown", json.RawMessage(`{"a": 1}`), `{"a": 1}`},                           // unknown: untouched
		{rpc.PageGet, json.RawMessage(`["not","an","object"]`), `["not","an","object"]`}, // not an object: untouched
	} {
		got := send(tc.method, tc.params)
		if tc.method != "x.unknown" {
			got = compact(got)
		}
		if got != tc.want {
			t.Errorf("%s %v: sent %s, want %s", tc.method, tc.params, got, tc.want)
		}
	}

	// A caller that holds its own session gets no current session filled in,
	// the optional-session tabs.active included.
	own := hubapi.WithOwnSession(ctx)
	for _, tc := range []struct {
		method string
		params any
		want   string
	}{
		{rpc.PageGet, map[string]any{"what": "title"}, `{"what":"title"}`},
		{rpc.PageSnapshot, nil, ``},
		{rpc.TabActive, json.RawMessage(`{}`), `{}`},
		{rpc.PageGet, map[string]any{"sessionId": "s2"}, `{"sessionId":"s2"}`},
	} {
		if _, err := th.Call(own, tc.method, tc.params, 0); err != nil {
			t.Fatal(err)
		}
		if got := compact(<-seen); got != tc.want {
			t.Errorf("own session: %s %v: sent %s, want %s", tc.method, tc.params, got, tc.want)
		}
	}

	// sessions.create and sessions.attachCurrent never move the current
	// session, own-session caller or not; only UseSession does.
	send(rpc.SessionCreate, map[string]any{"name": "x"})
	if _, err := th.Call(own, rpc.SessionCreate, nil, 0); err != nil {
		t.Fatal(err)
	}
	<-seen
	if s := th.CurrentSession(); s != "s1" {
		t.Fatalf("current after create: %q, want s1 (set by UseSession)", s)
	}
	if _, err := th.UseSession(ctx, "s9"); err != nil {
		t.Fatal(err)
	}
	if ev := <-events; ev.Type != hubapi.EventSession || ev.Session != "s9" {
		t.Fatalf("event %+v", ev)
	}
	// Closing the current session clears it; closing another does not.
	send(rpc.SessionClose, map[string]any{"sessionId": "other"})
	if s := th.CurrentSession(); s != "s9" {
		t.Fatalf("closing another session changed the current one: %q", s)
	}
	if got := send(rpc.SessionClose, nil); got != `{"sessionId":"s9"}` {
		t.Fatalf("close without id: %s", got)
	}
	if s := th.CurrentSession(); s != "" {
		t.Fatalf("current after closing it: %q", s)
	}
	if ev := <-events; ev.Type != hubapi.EventSession || ev.Session != "" {
		t.Fatalf("event %+v", ev)
	}
	select {
	case ev := <-events:
		t.Fatalf("an event no call should cause: %+v", ev)
	default:
	}
}

func compact(s string) string {
	var b bytes.Buffer
	if json.Compact(&b, []byte(s)) != nil {
		return s
	}
	return b.String()
}

func TestLastWins(t *testing.T) {
	th := startHub(t, Options{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	events, _ := th.Events(ctx)
	old := connect(t, th)
	defer old.close()
	if ev := <-events; ev.Type != hubapi.EventConnected || ev.Remote == "" {
		t.Fatalf("event %+v", ev)
	}
	errc := make(chan error, 1)
	go func() {
		_, err := th.Call(ctx, rpc.SessionList, nil, 0)
		errc <- err
	}()
	old.nextRequest()

	fresh := connect(t, th)
	defer fresh.close()
	browserErr(t, <-errc, rpc.CodeExtensionNotConnected, true)
	if code, _ := closeCode(t, old.ws); code != websocket.CloseNormalClosure {
		t.Fatalf("the replaced connection was closed with %d", code)
	}
	if ev := <-events; ev.Type != hubapi.EventReplaced {
		t.Fatalf("event %+v", ev)
	}
	done := fresh.serve(func(rpc.Request) any { return "fresh" })
	if res, err := th.Call(ctx, rpc.SessionList, nil, 0); err != nil || string(res) != `"fresh"` {
		t.Fatalf("after replace: %s %v", res, err)
	}

	// A disconnect fails what was pending, retryably.
	fresh.close()
	<-done
	if ev := <-events; ev.Type != hubapi.EventDisconnected {
		t.Fatalf("event %+v", ev)
	}
	_, err := th.Call(ctx, rpc.SessionList, nil, 0)
	browserErr(t, err, rpc.CodeExtensionNotConnected, false)
}

func TestDisconnectFailsPending(t *testing.T) {
	th := startHub(t, Options{})
	p := connect(t, th)
	errc := make(chan error, 1)
	go func() {
		_, err := th.Call(context.Background(), rpc.SessionList, nil, 0)
		errc <- err
	}()
	p.nextRequest()
	p.close()
	browserErr(t, <-errc, rpc.CodeExtensionNotConnected, true)
}

// TestReconnectStorm: 1,000 quick reconnects while calls are in flight.
// Every call ends with a result or a retryable error, and nothing is left
// pending.
func TestReconnectStorm(t *testing.T) {
	th := startHub(t, Options{})
	first := connect(t, th)
	peers := []*peer{first}
	dones := []<-chan struct{}{first.serve(func(r rpc.Request) any { return r.ID })}

	stop := make(chan struct{})
	var calls, ok, retried atomic.Int64
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				calls.Add(1)
				_, err := th.Call(context.Background(), rpc.SessionList, nil, 5*time.Second)
				var be *rpc.BrowserError
				switch {
				case err == nil:
					ok.Add(1)
				case errors.As(err, &be) && be.Retryable:
					retried.Add(1)
				default:
					t.Errorf("call ended with a non-retryable error: %v", err)
					return
				}
			}
		}()
	}
	for i := range 1000 {
		p := connect(t, th) // replaces the previous one
		dones = append(dones, p.serve(func(r rpc.Request) any { return r.ID }))
		peers = append(peers, p)
		if i%2 == 0 {
			peers[len(peers)-2].close() // sometimes the old peer hangs up itself too
		}
	}
	close(stop)
	wg.Wait()
	for _, p := range peers {
		p.close()
	}
	for _, d := range dones {
		<-d
	}
	if n := th.pendingNow(); n != 0 {
		t.Fatalf("%d calls left pending", n)
	}
	t.Logf("%d calls: %d answered, %d retryable failures", calls.Load(), ok.Load(), retried.Load())
	if ok.Load() == 0 {
		t.Fatal("no call got through the storm")
	}
}

func TestServeShutdown(t *testing.T) {
	h := New(Options{Token: testToken})
	ln, err := newLoopbackListener()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- h.Serve(ctx, ln) }()
	p := connect(t, &testHub{Hub: h, addr: ln.Addr().String()})
	defer p.close()
	errc := make(chan error, 1)
	go func() {
		_, err := h.Call(context.Background(), rpc.SessionList, nil, 0)
		errc <- err
	}()
	p.nextRequest()
	cancel()
	browserErr(t, <-errc, rpc.CodeExtensionNotConnected, true)
	if code, _ := closeCode(t, p.ws); code != websocket.CloseGoingAway {
		t.Fatalf("close code %d, want 1001", code)
	}
	if err := <-served; err != nil {
		t.Fatalf("Serve: %v", err)
	}
	if _, err := h.Call(context.Background(), rpc.SessionList, nil, 0); err == nil {
		t.Fatal("a call after shutdown succeeded")
	}
}
