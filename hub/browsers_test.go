package hub

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// connectAs is connect for a browser that names itself in its auth frame.
func connectAs(t testing.TB, th *testHub, id, name string) *peer {
	t.Helper()
	return connectHello(t, th, &rpc.BrowserHello{ID: id, Name: name, Version: "9.9"})
}

// fakeBrowser is an identified browser whose sessions are s<id>-0, s<id>-1
// ...: it answers sessions.list with them, sessions.create with the next
// one, and any other call with {"browser": its id, "method", "params"}.
type fakeBrowser struct {
	id   string
	p    *peer
	done <-chan struct{}

	mu       sync.Mutex
	sessions []string
	got      []rpc.Request // every request, in order
	end      error         // how the connection ended
}

func startBrowser(t *testing.T, th *testHub, id string) *fakeBrowser {
	b := &fakeBrowser{id: id, p: connectAs(t, th, id, "name-"+id)}
	b.done = b.serve()
	t.Cleanup(b.stop)
	return b
}

// serve is peer.serve that keeps how the connection ended.
func (b *fakeBrowser) serve() <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			_, data, err := b.p.ws.ReadMessage()
			if err != nil {
				b.mu.Lock()
				b.end = err
				b.mu.Unlock()
				return
			}
			var req rpc.Request
			if json.Unmarshal(data, &req) != nil || req.Method == "" {
				continue
			}
			go func() {
				res, _ := json.Marshal(b.answer(req))
				f, _ := json.Marshal(rpc.Response{JSONRPC: "2.0", ID: &req.ID, Result: res})
				b.p.wm.Lock()
				defer b.p.wm.Unlock()
				_ = b.p.ws.WriteMessage(websocket.TextMessage, f)
			}()
		}
	}()
	return done
}

// ended is how its connection ended, once done is closed.
func (b *fakeBrowser) ended() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.end
}

func (b *fakeBrowser) answer(req rpc.Request) any {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.got = append(b.got, req)
	switch req.Method {
	case rpc.SessionList:
		out := []map[string]any{}
		for _, s := range b.sessions {
			out = append(out, map[string]any{"sessionId": s, "name": "", "groupId": 1, "tabIds": []int{}, "activeTabId": nil})
		}
		return map[string]any{"sessions": out}
	case rpc.SessionCreate:
		sid := fmt.Sprintf("s%s%d", b.id, len(b.sessions))
		b.sessions = append(b.sessions, sid)
		return map[string]any{"sessionId": sid, "name": "", "groupId": 1, "tabIds": []int{1}, "activeTabId": 1}
	}
	return map[string]any{"browser": b.id, "method": req.Method, "params": req.Params}
}

func (b *fakeBrowser) requests() []rpc.Request {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.got)
}

func (b *fakeBrowser) stop() {
	b.p.close()
	<-b.done
}

// answeredBy is the browser id a fakeBrowser put in its answer.
func answeredBy(t *testing.T, res json.RawMessage) string {
	t.Helper()
	var a struct {
		Browser string `json:"browser"`
	}
	if err := json.Unmarshal(res, &a); err != nil {
		t.Fatalf("answer %s: %v", res, err)
	}
	return a.Browser
}

// Two and four browsers join beside each other: each is listed, in the
// order they connected, the first is the default; one reconnecting
// replaces only its own old connection (whose pending call fails
// retryably), the others keep theirs.
func TestBrowsersJoinBeside(t *testing.T) {
	for _, n := range []int{2, 4} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			th := startHub(t, Options{})
			ctx := context.Background()
			var bs []*fakeBrowser
			for i := range n {
				bs = append(bs, startBrowser(t, th, fmt.Sprintf("b%d", i)))
			}
			st, _ := th.Status(ctx)
			if !st.Connected || len(st.Browsers) != n || st.Browser == nil || st.Browser.ID != "b0" {
				t.Fatalf("status: %d browsers %+v, default %+v", len(st.Browsers), st.Browsers, st.Browser)
			}
			for i, b := range st.Browsers {
				if b.ID != fmt.Sprintf("b%d", i) || b.Name != "name-"+b.ID || b.Version != "9.9" || b.Default != (i == 0) || b.Since.IsZero() {
					t.Errorf("browser %d: %+v", i, b)
				}
			}
			// a call naming no session or browser goes to the default one
			res, err := th.Call(ctx, rpc.TabUserList, nil, 0)
			if err != nil || answeredBy(t, res) != "b0" {
				t.Fatalf("tabs.userList: %s %v, want b0's answer", res, err)
			}
			// one naming a browser, by name or id, goes there, without the member
			last := fmt.Sprintf("b%d", n-1)
			for _, want := range []string{last, "name-" + last} {
				res, err = th.Call(ctx, rpc.TabUserList, map[string]any{"browser": want}, 0)
				if err != nil || answeredBy(t, res) != last {
					t.Fatalf("tabs.userList --browser %s: %s %v", want, res, err)
				}
			}
			if got := bs[n-1].requests(); strings.Contains(string(got[len(got)-1].Params), "browser") {
				t.Fatalf("the hub-side member reached the extension: %s", got[len(got)-1].Params)
			}

			// browser 1 reconnects: its pending call fails retryably, it
			// is replaced (1000, replaced), the others carry on
			c1 := connectAs(t, th, "b1", "name-b1")
			<-bs[1].done
			var ce *websocket.CloseError
			if err := bs[1].ended(); !errors.As(err, &ce) || ce.Code != websocket.CloseNormalClosure || ce.Text != ReplacedReason {
				t.Fatalf("the replaced connection ended with %v", err)
			}
			done1 := c1.serve(func(r rpc.Request) any { return map[string]string{"browser": "b1-again"} })
			defer func() { c1.close(); <-done1 }()
			st, _ = th.Status(ctx)
			if len(st.Browsers) != n {
				t.Fatalf("after b1 reconnected: %d browsers", len(st.Browsers))
			}
			for i, b := range bs {
				if i == 1 {
					continue
				}
				res, err := th.Call(ctx, rpc.TabUserList, map[string]any{"browser": b.id}, 0)
				if err != nil || answeredBy(t, res) != b.id {
					t.Fatalf("%s after b1 reconnected: %s %v", b.id, res, err)
				}
			}
			res, err = th.Call(ctx, rpc.TabUserList, map[string]any{"browser": "b1"}, 0)
			if err != nil || answeredBy(t, res) != "b1-again" {
				t.Fatalf("b1's new connection: %s %v", res, err)
			}
		})
	}
}

// A replaced browser's pending call fails retryably (the seed's rule, per
// browser); another browser's pending call is untouched.
func TestReplacingOneBrowserFailsOnlyItsCalls(t *testing.T) {
	th := startHub(t, Options{})
	ctx := context.Background()
	a := connectAs(t, th, "ba", "a")
	b := connectAs(t, th, "bb", "b")
	defer a.close()
	defer b.close()
	call := func(browser string) <-chan error {
		errc := make(chan error, 1)
		go func() {
			_, err := th.Call(ctx, rpc.TabUserList, map[string]any{"browser": browser}, 0)
			errc <- err
		}()
		return errc
	}
	ea, eb := call("a"), call("b")
	ra, rb := a.nextRequest(), b.nextRequest()
	a2 := connectAs(t, th, "ba", "a")
	defer a2.close()
	browserErr(t, <-ea, rpc.CodeExtensionNotConnected, true)
	select {
	case err := <-eb:
		t.Fatalf("b's call ended when a was replaced: %v", err)
	case <-time.After(50 * time.Millisecond):
	}
	b.reply(rb.ID, "b")
	if err := <-eb; err != nil {
		t.Fatal(err)
	}
	_ = ra
}

// Sessions live on a browser: create goes to the browser named (else the
// default), every later call of the session goes to its browser, a
// session the hub has not seen is found with sessions.list, and
// sessions.list answers every browser's sessions, each naming its browser.
func TestSessionsRouteToTheirBrowser(t *testing.T) {
	th := startHub(t, Options{})
	ctx := context.Background()
	var bs []*fakeBrowser
	for i := range 4 {
		bs = append(bs, startBrowser(t, th, fmt.Sprintf("b%d", i)))
	}
	var sids []string
	for _, b := range bs {
		res, err := th.Call(ctx, rpc.SessionCreate, map[string]any{"name": "x", "browser": "name-" + b.id}, 0)
		if err != nil {
			t.Fatal(err)
		}
		var s rpc.Session
		_ = json.Unmarshal(res, &s)
		if s.SessionID != "s"+b.id+"0" || s.Browser != "name-"+b.id || s.BrowserID != b.id {
			t.Fatalf("create on %s answered %s", b.id, res)
		}
		sids = append(sids, s.SessionID)
	}
	for round := range 3 {
		for i, sid := range sids {
			res, err := th.Call(ctx, rpc.PageSnapshot, map[string]any{"sessionId": sid}, 0)
			if err != nil || answeredBy(t, res) != bs[i].id {
				t.Fatalf("round %d: %s's snapshot answered %s %v, want %s", round, sid, res, err, bs[i].id)
			}
		}
	}
	// a session the hub never saw (made in the browser): found by asking
	bs[2].mu.Lock()
	bs[2].sessions = append(bs[2].sessions, "sbyhand")
	bs[2].mu.Unlock()
	res, err := th.Call(ctx, rpc.TabList, map[string]any{"sessionId": "sbyhand"}, 0)
	if err != nil || answeredBy(t, res) != "b2" {
		t.Fatalf("an unseen session's call: %s %v, want b2", res, err)
	}
	// one no browser has fails at the hub, naming the browsers
	_, err = th.Call(ctx, rpc.TabList, map[string]any{"sessionId": "snowhere"}, 0)
	browserErr(t, err, rpc.CodeSessionNotFound, false)
	if !strings.Contains(err.Error(), "name-b3 (b3)") {
		t.Fatalf("the error does not list the browsers: %v", err)
	}
	// naming the wrong browser for a session is refused
	_, err = th.Call(ctx, rpc.SessionList, map[string]any{"browser": "nobody"}, 0)
	browserErr(t, err, rpc.CodeExtensionNotConnected, false)

	// sessions.list: every browser's, each with its browser
	res, err = th.Call(ctx, rpc.SessionList, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var list rpc.SessionListResult
	if err := json.Unmarshal(res, &list); err != nil || len(list.Sessions) != 5 || len(list.Unreachable) != 0 {
		t.Fatalf("merged list %s (%v)", res, err)
	}
	for _, s := range list.Sessions {
		if !strings.HasPrefix(s.SessionID, "s"+s.BrowserID) && s.SessionID != "sbyhand" || s.Browser != "name-"+s.BrowserID {
			t.Errorf("listed %+v", s)
		}
	}
	res, err = th.Call(ctx, rpc.SessionList, map[string]any{"browser": "b1"}, 0)
	if err != nil || !strings.Contains(string(res), `"sb10"`) || strings.Contains(string(res), `"sb20"`) {
		t.Fatalf("b1's list: %s %v", res, err)
	}
	st, _ := th.Status(ctx)
	for _, b := range st.Browsers {
		if len(b.Sessions) == 0 || !strings.HasPrefix(b.Sessions[0], "s"+b.ID) {
			t.Errorf("status: browser %s has sessions %v", b.ID, b.Sessions)
		}
	}
}

// When a browser goes away, its session's pending call fails with
// browser_gone (retryable: it may have run) naming it, and new calls of
// its sessions fail with browser_gone (not retryable) while the other
// browser answers throughout; the same browser back, its sessions work
// again.
func TestBrowserGone(t *testing.T) {
	th := startHub(t, Options{})
	ctx := context.Background()
	a := connectAs(t, th, "ba", "alpha")
	startBrowser(t, th, "bb")
	res, err := th.Call(ctx, rpc.SessionCreate, map[string]any{"browser": "bb"}, 0)
	if err != nil {
		t.Fatal(err)
	}
	sb := rpc.ParamsSession(res)

	// a's session, learned from its sessions.list
	errc := make(chan error, 1)
	go func() {
		_, err := th.Call(ctx, rpc.SessionList, map[string]any{"browser": "alpha"}, 0)
		errc <- err
	}()
	r := a.nextRequest()
	a.reply(r.ID, map[string]any{"sessions": []map[string]any{{"sessionId": "sa1"}}})
	if err := <-errc; err != nil {
		t.Fatal(err)
	}

	go func() {
		_, err := th.Call(ctx, rpc.PageClick, map[string]any{"sessionId": "sa1", "ref": "e1"}, 0)
		errc <- err
	}()
	a.nextRequest() // it reached the browser, which dies before answering
	stopB := make(chan struct{})
	bErrs := make(chan error, 1)
	go func() { // b's calls keep answering meanwhile
		for {
			select {
			case <-stopB:
				close(bErrs)
				return
			default:
			}
			res, err := th.Call(ctx, rpc.PageSnapshot, map[string]any{"sessionId": sb}, 2*time.Second)
			if err != nil || answeredBy(t, res) != "bb" {
				bErrs <- fmt.Errorf("b's call during a's death: %s %v", res, err)
				return
			}
		}
	}()
	died := time.Now()
	a.close()
	err = <-errc
	took := time.Since(died)
	browserErr(t, err, rpc.CodeExtensionNotConnected, true)
	if be := err.(*rpc.BrowserError); be.Reason != rpc.ReasonBrowserGone || !strings.Contains(be.Message, "alpha (ba)") {
		t.Fatalf("pending call: %v, want browser_gone naming alpha (ba)", err)
	}
	if took > 2*time.Second {
		t.Errorf("browser_gone came %s after the browser died", took)
	}
	_, err = th.Call(ctx, rpc.PageSnapshot, map[string]any{"sessionId": "sa1"}, 0)
	browserErr(t, err, rpc.CodeExtensionNotConnected, false)
	if be := err.(*rpc.BrowserError); be.Reason != rpc.ReasonBrowserGone || !strings.Contains(be.Message, "alpha") {
		t.Fatalf("new call of a gone browser's session: %v", err)
	}
	close(stopB)
	if err := <-bErrs; err != nil {
		t.Fatal(err)
	}
	waitFor(t, "alpha to leave the status", func() bool {
		st, _ := th.Status(ctx)
		return len(st.Browsers) == 1 && st.Browser.ID == "bb" && st.Browser.Default
	})

	// a comes back with its id: its session is routed to it again
	a2 := connectAs(t, th, "ba", "alpha")
	defer a2.close()
	go func() {
		_, err := th.Call(ctx, rpc.PageSnapshot, map[string]any{"sessionId": "sa1"}, 0)
		errc <- err
	}()
	r = a2.nextRequest()
	a2.reply(r.ID, "ok")
	if err := <-errc; err != nil {
		t.Fatalf("sa1 after alpha came back: %v", err)
	}
}

// A peer that follows the seed (no "browser" in its auth frame) is one
// browser named after its origin, beside an identified one; a second such
// peer replaces it, as the seed's one connection was replaced.
func TestSeedPeerIsOneBrowser(t *testing.T) {
	th := startHub(t, Options{})
	ctx := context.Background()
	startBrowser(t, th, "bb")
	seed := connect(t, th)
	defer seed.close()
	st, _ := th.Status(ctx)
	if len(st.Browsers) != 2 || st.Browsers[1].ID != seedBrowserID || !strings.HasPrefix(st.Browsers[1].Name, "seed-127.0.0.1") {
		t.Fatalf("browsers %+v", st.Browsers)
	}
	seed2 := connect(t, th)
	defer seed2.close()
	if code, _ := closeCode(t, seed.ws); code != websocket.CloseNormalClosure {
		t.Fatalf("the first seed peer was closed with %d", code)
	}
	if res, err := th.Call(ctx, rpc.TabUserList, map[string]any{"browser": "bb"}, 0); err != nil || answeredBy(t, res) != "bb" {
		t.Fatalf("the identified browser after the seed's replace: %s %v", res, err)
	}
}

// Two browsers that answer the same session id: a call naming it cannot be
// routed and fails at the hub rather than reach either.
func TestClashingSessionIDs(t *testing.T) {
	th := startHub(t, Options{})
	ctx := context.Background()
	a := startBrowser(t, th, "ba")
	b := startBrowser(t, th, "bb")
	for _, x := range []*fakeBrowser{a, b} {
		x.mu.Lock()
		x.sessions = []string{"s1"}
		x.mu.Unlock()
	}
	if _, err := th.Call(ctx, rpc.SessionList, nil, 0); err != nil {
		t.Fatal(err)
	}
	before := len(a.requests()) + len(b.requests())
	_, err := th.Call(ctx, rpc.PageSnapshot, map[string]any{"sessionId": "s1"}, 0)
	browserErr(t, err, rpc.CodeSessionNotFound, false)
	if !strings.Contains(err.Error(), "two browsers") {
		t.Fatalf("clash: %v", err)
	}
	if after := len(a.requests()) + len(b.requests()); after != before {
		t.Fatal("a call of a clashing session reached a browser")
	}
}

// hubapi.Browser.Label names a browser in messages.
func TestBrowserLabel(t *testing.T) {
	for _, c := range []struct {
		b    hubapi.Browser
		want string
	}{{hubapi.Browser{ID: "b1", Name: "work"}, "work (b1)"}, {hubapi.Browser{ID: "seed", Name: "seed"}, "seed"}, {hubapi.Browser{ID: "x"}, "x"}} {
		if got := c.b.Label(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.b, got, c.want)
		}
	}
}

// extension.callTiming asks about a call by its id: it goes to the browser
// that had the call, not the default one.
func TestCallTimingGoesToTheCallsBrowser(t *testing.T) {
	th := startHub(t, Options{})
	a := startBrowser(t, th, "ba")
	startBrowser(t, th, "bb")
	var id int64
	ctx := rpc.WithTracer(context.Background(), func(tr *rpc.Trace) { id = tr.CallID })
	if _, err := th.Call(ctx, rpc.TabUserList, map[string]any{"browser": "bb"}, 0); err != nil || id == 0 {
		t.Fatalf("call: %v, id %d", err, id)
	}
	res, err := th.Call(context.Background(), rpc.ExtensionCallTiming, rpc.CallTimingParams{CallID: id}, 0)
	if err != nil || answeredBy(t, res) != "bb" {
		t.Fatalf("callTiming of bb's call answered %s %v", res, err)
	}
	for _, r := range a.requests() {
		if r.Method == rpc.ExtensionCallTiming {
			t.Fatal("the default browser was asked about another browser's call")
		}
	}
}
