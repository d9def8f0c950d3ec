package hub

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"net"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"browserctl/hub/browserkeys"
	"browserctl/hub/hubapi"
	"browserctl/internal/tlspair"
	"browserctl/rpc"
)

// remoteHub is a hub with its loopback listener and a TLS remote listener.
type remoteHub struct {
	*testHub
	remoteAddr string
	keys       *browserkeys.Store
	roots      *x509.CertPool
}

func startRemoteHub(t *testing.T) *remoteHub {
	t.Helper()
	dir := t.TempDir()
	keys, err := browserkeys.Open(filepath.Join(dir, browserkeys.FileName))
	if err != nil {
		t.Fatal(err)
	}
	th := startHub(t, Options{ExtensionKey: testExtensionKey, BrowserKeys: keys})
	pair, err := tlspair.LoadOrCreate(dir, []string{"127.0.0.1"})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	// untrusted connections live briefly: an authenticated one must be
	// trusted through its TLS layer, or it would be cut
	th.mu.Lock()
	th.limits.untrustedLifetime = 300 * time.Millisecond
	th.mu.Unlock()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- th.ServeRemote(ctx, ln, &tls.Config{Certificates: []tls.Certificate{pair.Cert}, MinVersion: tls.VersionTLS12})
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("ServeRemote: %v", err)
		}
	})
	roots := x509.NewCertPool()
	roots.AddCert(pair.Leaf)
	return &remoteHub{testHub: th, remoteAddr: ln.Addr().String(), keys: keys, roots: roots}
}

// dialRemote opens wss://.../ws/browser at the remote listener.
func (rh *remoteHub) dialRemote(t *testing.T) *peer {
	t.Helper()
	d := websocket.Dialer{HandshakeTimeout: 5 * time.Second, TLSClientConfig: &tls.Config{RootCAs: rh.roots}}
	ws, _, err := d.Dial("wss://"+rh.remoteAddr+"/ws/browser", nil)
	if err != nil {
		t.Fatalf("dial the remote listener: %v", err)
	}
	return &peer{t: t, ws: ws}
}

// proveRemote runs the extension's proof at the remote listener with key,
// naming itself id; it answers whether the hub's proof checked, and the
// frame that ended the handshake (auth_ok, or the close).
func (rh *remoteHub) proveRemote(t *testing.T, id, key string) (*peer, bool) {
	t.Helper()
	p := rh.dialRemote(t)
	cn := rpc.NewNonce()
	p.sendJSON(rpc.Control{Type: rpc.FrameAuth, Nonce: cn, Browser: &rpc.BrowserHello{ID: id, Name: "claims-" + id}})
	var ch rpc.Control
	if err := p.ws.ReadJSON(&ch); err != nil || ch.Type != rpc.FrameAuthChallenge {
		return p, false
	}
	_, port, _ := net.SplitHostPort(rh.remoteAddr)
	k := rpc.SecretKey(key)
	ok := rpc.ProofOK(k, rpc.ProofHubWS, cn, ch.Nonce, port, ch.Proof)
	p.sendJSON(rpc.Control{Type: rpc.FrameAuth, Proof: rpc.Proof(k, rpc.ProofExtension, cn, ch.Nonce, port)})
	return p, ok
}

func authOK(p *peer) bool {
	var c rpc.Control
	_ = p.ws.SetReadDeadline(time.Now().Add(5 * time.Second))
	return p.ws.ReadJSON(&c) == nil && c.Type == rpc.FrameAuthOK
}

// At the remote listener only a remote browser's own key takes a browser
// slot, by the proof or the seed's plain frame; the extension key and the
// control token are refused (4001, not_own_key), and a browser is the one
// its key belongs to, whatever it claims. The control API is not served
// there.
func TestRemoteBrowsersOwnKeys(t *testing.T) {
	rh := startRemoteHub(t)
	ctx := context.Background()
	key, e, err := rh.keys.Add("grid-1")
	if err != nil {
		t.Fatal(err)
	}

	for name, secret := range map[string]string{"the extension key": testExtensionKey, "the control token": testToken, "a guess": "bkey_00"} {
		p := rh.dialRemote(t)
		p.sendJSON(rpc.Control{Type: rpc.FrameAuth, Token: secret})
		if code, _ := closeCode(t, p.ws); code != int(rpc.CodeUnauthorized) {
			t.Errorf("%s at the remote listener: closed with %d, want 4001", name, code)
		}
		p.close()
	}
	if r := lastRefusal(t, rh.Hub); r.Reason != hubapi.RefusedWrongToken && r.Reason != hubapi.RefusedNotOwnKey {
		t.Errorf("refusal %+v", r)
	}
	// the proof with this machine's extension key, naming no remote browser
	p, _ := rh.proveRemote(t, "blocal", testExtensionKey)
	if code, _ := closeCode(t, p.ws); code != int(rpc.CodeUnauthorized) {
		t.Errorf("the extension key's proof at the remote listener: closed with %d, want 4001", code)
	}
	p.close()
	if r := lastRefusal(t, rh.Hub); r.Reason != hubapi.RefusedNotOwnKey {
		t.Errorf("refusal %+v, want not_own_key", r)
	}
	// a wrong key for grid-1's id: the hub's proof does not check with it
	p, hubOK := rh.proveRemote(t, e.ID, "bkey_wrong")
	if hubOK || authOK(p) {
		t.Error("a wrong key for grid-1 got through")
	}
	p.close()
	// ... and an extension closes on such a challenge, as ours does: the
	// hub says the keys differ
	p = rh.dialRemote(t)
	p.sendJSON(rpc.Control{Type: rpc.FrameAuth, Nonce: rpc.NewNonce(), Browser: &rpc.BrowserHello{ID: e.ID}})
	var ch rpc.Control
	if err := p.ws.ReadJSON(&ch); err != nil || ch.Type != rpc.FrameAuthChallenge {
		t.Fatalf("want the challenge, got %+v %v", ch, err)
	}
	_ = p.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, "the hub did not prove itself"), time.Now().Add(time.Second))
	waitFor(t, "the hub to record the refusal", func() bool { return lastRefusal(t, rh.Hub).Reason == hubapi.RefusedKeyMismatch })
	p.close()

	// grid-1's own key, by the proof: it is grid-1 whatever it claims
	p, hubOK = rh.proveRemote(t, e.ID, key)
	if !hubOK || !authOK(p) {
		t.Fatal("grid-1's own key was refused at the remote listener")
	}
	done := p.serve(func(rpc.Request) any { return "grid-1 answers" })
	st, _ := rh.Status(ctx)
	if len(st.Browsers) != 1 || st.Browsers[0].ID != e.ID || st.Browsers[0].Name != "grid-1" || st.Browsers[0].Key != keyOwn {
		t.Fatalf("browsers %+v", st.Browsers)
	}
	time.Sleep(600 * time.Millisecond) // past the untrusted lifetime
	if res, err := rh.Call(ctx, rpc.TabUserList, map[string]any{"browser": "grid-1"}, 0); err != nil || string(res) != `"grid-1 answers"` {
		t.Fatalf("a call to grid-1: %s %v", res, err)
	}
	// the seed's plain frame with the same key is the same browser: it replaces
	seed := rh.dialRemote(t)
	seed.sendJSON(rpc.Control{Type: rpc.FrameAuth, Token: key})
	if !authOK(seed) {
		t.Fatal("grid-1's key in the seed's frame was refused")
	}
	<-done
	seed.close()
	p.close()

	// the control API is not there
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: rh.roots}}}
	req, _ := http.NewRequest("GET", "https://"+rh.remoteAddr+"/status", nil)
	req.Header.Set("Authorization", "Bearer "+testToken)
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	client.CloseIdleConnections()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("GET /status at the remote listener: %d, want 404", resp.StatusCode)
	}

	// a revoked (removed) key is refused from then on
	if _, err := rh.keys.Remove("grid-1"); err != nil {
		t.Fatal(err)
	}
	again := rh.dialRemote(t)
	again.sendJSON(rpc.Control{Type: rpc.FrameAuth, Token: key})
	if code, _ := closeCode(t, again.ws); code != int(rpc.CodeUnauthorized) {
		t.Errorf("a removed key: closed with %d, want 4001", code)
	}
	again.close()
}
