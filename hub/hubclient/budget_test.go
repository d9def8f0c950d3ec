package hubclient

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// A hub that accepts and never answers: a call ends at the command's
// budget (and its margin), not at its own timeout plus anything.
func TestBudgetEndsCallToSilentHub(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	defer func() {
		ln.Close()
		mu.Lock()
		for _, c := range conns {
			c.Close()
		}
		mu.Unlock()
	}()
	c := NewClient(ln.Addr().String(), testToken)
	defer c.Close()

	const budget = 700 * time.Millisecond
	start := time.Now()
	ctx := WithBudget(context.Background(), start, budget)
	_, err = c.Call(ctx, rpc.TabActive, nil, 30*time.Second)
	took := time.Since(start)
	var be *rpc.BrowserError
	if !errors.As(err, &be) || !be.Retryable || !rpc.IsTimeout(be) || !strings.Contains(be.Message, "timed out after 700ms: no answer from the hub") {
		t.Fatalf("want a retryable timeout naming the silent hub, got %v", err)
	}
	// loose: the property is "about the budget", not "30 s and more"
	if took < budget || took > budget+CallMargin+2*time.Second {
		t.Fatalf("took %s for a budget of %s", took, budget)
	}
}

// standIn is a hub stand-in: /status answers st, /rpc answers the 4101 of
// a hub without extension, and every /rpc body is kept.
func standIn(t *testing.T, st hubapi.Status) (*httptest.Server, func() []string) {
	var mu sync.Mutex
	var bodies []string
	srv := httptest.NewServer(withHello(testToken, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set(hubapi.HubHeader, "1")
		switch r.URL.Path {
		case "/status":
			json.NewEncoder(w).Encode(st)
		case "/rpc":
			b, _ := io.ReadAll(r.Body)
			mu.Lock()
			bodies = append(bodies, string(b))
			mu.Unlock()
			w.Write([]byte(`{"jsonrpc":"2.0","id":1,"error":{"code":4101,"message":"extension not connected","data":{"retryable":false}}}`))
		}
	})))
	t.Cleanup(srv.Close)
	return srv, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), bodies...)
	}
}

// The hub is told what is left of the budget, not the call's own timeout;
// a spent budget sends nothing.
func TestBudgetSentToHub(t *testing.T) {
	srv, bodies := standIn(t, hubapi.Status{})
	c := NewClient(srv.URL, testToken)
	defer c.Close()

	ctx := WithBudget(context.Background(), time.Now().Add(-10*time.Second), 12*time.Second)
	if _, err := c.Call(ctx, rpc.TabActive, nil, 30*time.Second); err == nil {
		t.Fatal("want the stand-in's 4101")
	}
	var body struct {
		Timeout float64 `json:"timeout"`
	}
	if b := bodies(); len(b) != 1 || json.Unmarshal([]byte(b[0]), &body) != nil {
		t.Fatalf("want one request, got %q", b)
	}
	// 2 s left and the hub's slack: at most 2.5 s, never 30 s
	if body.Timeout <= 1000 || body.Timeout > float64((2*time.Second+HubSlack)/time.Millisecond) {
		t.Fatalf("the hub was given %v ms", body.Timeout)
	}

	spent := WithBudget(context.Background(), time.Now().Add(-5*time.Second), time.Second)
	_, err := c.Call(spent, rpc.TabActive, nil, 30*time.Second)
	var be *rpc.BrowserError
	if !errors.As(err, &be) || !rpc.IsTimeout(be) {
		t.Fatalf("a spent budget: want a timeout, got %v", err)
	}
	if n := len(bodies()); n != 1 {
		t.Fatalf("a spent budget sent the call: %d requests", n)
	}
}

// With no extension, AutoHub waits min(--wait, what is left of the budget)
// and names the hub's last refusal that may have been the extension.
func TestAutoHubWaitCutToBudget(t *testing.T) {
	refused := hubapi.Refusal{Time: time.Now(), Count: 1, Remote: "127.0.0.1:5", Reason: hubapi.RefusedWrongToken}
	refused.Detail, refused.Fix = hubapi.RefusalText(hubapi.RefusedWrongToken)
	srv, _ := standIn(t, hubapi.Status{Refusals: []hubapi.Refusal{refused}})
	var stderr strings.Builder
	a := NewAutoHub(srv.URL, testToken, 20*time.Second, Spawn{Stderr: &stderr})
	const budget = 600 * time.Millisecond
	start := time.Now()
	_, err := a.Call(WithBudget(context.Background(), start, budget), rpc.TabActive, nil, 30*time.Second)
	took := time.Since(start)
	var nce *NotConnectedError
	if !errors.As(err, &nce) || !strings.Contains(nce.Msg, "within 600ms") || !strings.Contains(nce.Msg, "wrong token") || nce.Hint != refused.Fix {
		t.Fatalf("want not connected within 600ms naming the wrong token, got %v (%+v)", err, nce)
	}
	if took > budget+CallMargin+2*time.Second {
		t.Fatalf("took %s for a budget of %s (--wait 20s)", took, budget)
	}
	if !strings.Contains(stderr.String(), "waiting up to 600ms") {
		t.Fatalf("stderr: %q", stderr.String())
	}

	// Without a budget of its own, a call's timeout is its budget.
	start = time.Now()
	_, err = a.Call(context.Background(), rpc.TabActive, nil, 500*time.Millisecond)
	if !errors.As(err, &nce) || time.Since(start) > 500*time.Millisecond+CallMargin+2*time.Second {
		t.Fatalf("no budget: %v after %s", err, time.Since(start))
	}
}

// The hub's own timeout of what was left of the budget is reported as the
// budget (the user's --timeout), not as the odd remainder.
func TestBudgetTimeoutNamesTheBudget(t *testing.T) {
	srv := httptest.NewServer(withHello(testToken, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set(hubapi.HubHeader, "1")
		var req struct {
			Timeout float64 `json:"timeout"`
		}
		b, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(b, &req)
		msg := rpc.ErrTimeout(rpc.PageClick, time.Duration(req.Timeout)*time.Millisecond).Message
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": 1,
			"error": map[string]any{"code": rpc.CodeOperationFailed, "message": msg, "data": map[string]any{"retryable": true}}})
	})))
	defer srv.Close()
	c := NewClient(srv.URL, testToken)
	defer c.Close()
	ctx := WithBudget(context.Background(), time.Now().Add(-2200*time.Millisecond), 3*time.Second)
	_, err := c.Call(ctx, rpc.PageClick, nil, 3*time.Second)
	var be *rpc.BrowserError
	if !errors.As(err, &be) || be.Message != "pages.click timed out after 3s" || !rpc.IsTimeout(be) {
		t.Fatalf("want the budget's timeout, got %v", err)
	}
}
