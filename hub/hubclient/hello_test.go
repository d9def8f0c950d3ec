package hubclient

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"strings"
	"sync"
	"testing"

	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// withHello makes a fake hub answer GET /hello as a hub holding token does,
// and passes every other request to h.
func withHello(token string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/hello" {
			h.ServeHTTP(w, r)
			return
		}
		_, port, _ := net.SplitHostPort(r.Context().Value(http.LocalAddrContextKey).(net.Addr).String())
		sn := rpc.NewNonce()
		w.Header().Set(hubapi.HubHeader, "1")
		_ = json.NewEncoder(w).Encode(hubapi.Hello{Nonce: sn, Proof: rpc.Proof(rpc.SecretKey(token), rpc.ProofHubControl, r.URL.Query().Get("nonce"), sn, port)})
	})
}

// squatter listens where the hub would, answers like a hub that does not
// hold the token (a header, a nonce, a proof of its own), and keeps every
// byte it received.
func squatter(t *testing.T) (addr string, received func() string) {
	t.Helper()
	var mu sync.Mutex
	var got strings.Builder
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		dump, _ := httputil.DumpRequest(r, true)
		mu.Lock()
		got.Write(dump)
		mu.Unlock()
		w.Header().Set(hubapi.HubHeader, "1")
		sn := rpc.NewNonce()
		_ = json.NewEncoder(w).Encode(hubapi.Hello{Nonce: sn, Proof: rpc.Proof(rpc.SecretKey("a guess"), rpc.ProofHubControl, r.URL.Query().Get("nonce"), sn, "0")})
	}))
	t.Cleanup(srv.Close)
	return srv.Listener.Addr().String(), func() string {
		mu.Lock()
		defer mu.Unlock()
		return got.String()
	}
}

// A program squatting on the hub's port never receives the token, nor a
// capability, nor anything that proves as us later: every route the
// client has refuses before sending them.
func TestSquatterGetsNoSecret(t *testing.T) {
	ctx := context.Background()
	for _, secret := range []string{testToken, "bcap_" + strings.Repeat("x", 43)} {
		addr, received := squatter(t)
		c := NewClient(addr, secret)
		if _, err := c.Status(ctx); !errors.Is(err, ErrUnproven) {
			t.Errorf("Status: %v, want ErrUnproven", err)
		}
		if _, err := c.Call(ctx, rpc.PageEval, map[string]any{"expression": "1"}, 0); !errors.Is(err, ErrUnproven) {
			t.Errorf("Call: %v", err)
		}
		if _, err := c.UseSession(ctx, "s1"); !errors.Is(err, ErrUnproven) {
			t.Errorf("UseSession: %v", err)
		}
		if _, err := c.Events(ctx); !errors.Is(err, ErrUnproven) {
			t.Errorf("Events: %v", err)
		}
		c.Close()
		got := received()
		if strings.Contains(got, secret) || strings.Contains(strings.ToLower(got), "authorization") {
			t.Errorf("the squatter received the secret:\n%s", got)
		}
		if !strings.Contains(got, "GET /hello?nonce=") {
			t.Errorf("the squatter saw no proof request:\n%s", got)
		}
	}
}
