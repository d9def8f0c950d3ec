package daemon

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"browserctl/internal/tlspair"
)

func TestLoopbackAddr(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:9223": true, "127.9.9.9:1": true, "[::1]:9223": true, "localhost:9223": true, "LOCALHOST:1": true,
		"0.0.0.0:9223": false, "[::]:9223": false, "192.168.1.5:9223": false, "devbox.lan:9223": false, ":9223": false,
	} {
		if got := LoopbackAddr(addr); got != want {
			t.Errorf("LoopbackAddr(%q) = %v, want %v", addr, got, want)
		}
	}
}

// The control API never leaves loopback: an --addr beyond it is refused,
// --allow-remote or not. With AllowRemote a second listener serves
// /ws/browser alone over TLS, with the state folder's self-signed
// certificate (made once, its key 0600), while the control API answers on
// loopback.
func TestServeRemoteListener(t *testing.T) {
	var log syncBuffer
	state := t.TempDir()
	for _, allow := range []bool{false, true} {
		err := Serve(context.Background(), Options{Addr: "0.0.0.0:0", Token: "t0123456789", Log: &log, AllowRemote: allow, StateDir: state, RemoteAddr: "127.0.0.1:0"})
		if err == nil || !strings.Contains(err.Error(), "control API stays on this machine") {
			t.Fatalf("Serve on 0.0.0.0 (allow-remote %v): %v, want a refusal", allow, err)
		}
	}

	addr, remote := freeAddr(t), freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Serve(ctx, Options{Addr: addr, Token: "t0123456789", Log: &log, AllowRemote: true, StateDir: state, RemoteAddr: remote, Hosts: []string{"devbox.lan"}})
	}()
	defer func() { cancel(); <-done }()
	get := func(url string, client *http.Client) int {
		req, _ := http.NewRequest("GET", url, nil)
		req.Header.Set("Authorization", "Bearer t0123456789")
		resp, err := client.Do(req)
		if err != nil {
			return 0
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	deadline := time.Now().Add(10 * time.Second)
	for get("http://"+addr+"/status", http.DefaultClient) != 200 {
		if time.Now().After(deadline) {
			t.Fatalf("the hub never answered; log:\n%s", log.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	http.DefaultClient.CloseIdleConnections()
	pair, err := tlspair.Load(filepath.Join(state, tlspair.Folder, tlspair.CertFile), filepath.Join(state, tlspair.Folder, tlspair.KeyFile))
	if err != nil {
		t.Fatalf("no generated certificate: %v", err)
	}
	if st, _ := os.Stat(filepath.Join(state, tlspair.Folder, tlspair.KeyFile)); st.Mode().Perm() != 0o600 {
		t.Errorf("the certificate's key is %v", st.Mode().Perm())
	}
	if !slices.Contains(pair.Leaf.DNSNames, "devbox.lan") || len(pair.Leaf.IPAddresses) == 0 {
		t.Errorf("the certificate is for %v %v, want devbox.lan and the remote address", pair.Leaf.DNSNames, pair.Leaf.IPAddresses)
	}
	if !strings.Contains(log.String(), "--ignore-certificate-errors-spki-list="+pair.SPKI()) {
		t.Errorf("stderr does not give the certificate's key hash for Chromium:\n%s", log.String())
	}
	roots := x509.NewCertPool()
	roots.AddCert(pair.Leaf)
	tlsClient := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: roots}}}
	defer tlsClient.CloseIdleConnections()
	if code := get("https://"+remote+"/status", tlsClient); code != http.StatusNotFound {
		t.Errorf("GET /status at the remote listener: %d, want 404 (the control API stays on loopback)", code)
	}
	if code := get("https://"+remote+"/ws/browser", tlsClient); code != http.StatusBadRequest {
		t.Errorf("GET /ws/browser (no upgrade) at the remote listener: %d, want 400 from the WebSocket upgrade", code)
	}
}
