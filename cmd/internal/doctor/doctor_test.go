package doctor

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"browserctl/hub"
)

// env is a machine with the state folder home, the environment vars, and
// no browser on PATH.
func env(home string, vars map[string]string, raw string) Env {
	return Env{
		Getenv: func(k string) string {
			if k == "BROWSERCTL_HOME" {
				return home
			}
			return vars[k]
		},
		Now:       func() time.Time { return time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC) },
		LookPath:  func(string) (string, error) { return "", os.ErrNotExist },
		RawServer: raw,
		Addr:      strings.TrimPrefix(raw, "http://"),
	}
}

func byName(checks []Check) map[string]Check {
	m := map[string]Check{}
	for _, c := range checks {
		m[c.Name] = c
	}
	return m
}

func TestAddress(t *testing.T) {
	for _, c := range []struct {
		raw, status, detail string
	}{
		{"127.0.0.1:9222", OK, "127.0.0.1:9222 (loopback)"},
		{"localhost:9222", OK, "localhost:9222 (loopback)"},
		{"10.0.0.2:9222", Warn, "10.0.0.2:9222 is not loopback"},
		{"nope", Fail, `--server "nope" is not host:port`},
		{"127.0.0.1:99999", Fail, "is not host:port"},
	} {
		var ds state
		got := checkAddress(env("", nil, c.raw), &ds)
		if got.Status != c.status || !strings.Contains(got.Detail, c.detail) {
			t.Errorf("%s: %s %q, want %s %q", c.raw, got.Status, got.Detail, c.status, c.detail)
		}
		if (got.Status == Fail) != (ds.addr == "") {
			t.Errorf("%s: the address the next checks use is %q", c.raw, ds.addr)
		}
	}
}

func TestStateFolderAndToken(t *testing.T) {
	home := filepath.Join(t.TempDir(), "state")
	e := env(home, nil, "127.0.0.1:1")
	if c := checkStateFolder(e); c.Status != Fail || !strings.Contains(c.Detail, "does not exist") || !strings.Contains(c.Fix, "browserctl token") {
		t.Errorf("a missing state folder: %+v", c)
	}
	os.Mkdir(home, 0o755)
	if c := checkStateFolder(e); c.Status != Warn || c.Fix != "chmod 700 "+home {
		t.Errorf("a state folder others can list: %+v", c)
	}
	os.Chmod(home, 0o700)
	if c := checkStateFolder(e); c.Status != OK {
		t.Errorf("a good state folder: %+v", c)
	}
	var ds state
	if c := checkToken(e, &ds); c.Status != Fail || !strings.Contains(c.Detail, "no token file") {
		t.Errorf("no token: %+v", c)
	}
	path := filepath.Join(home, "token")
	os.WriteFile(path, []byte("secret-token\n"), 0o644)
	if c := checkToken(e, &ds); c.Status != Fail || c.Fix != "chmod 600 "+path || ds.token != "secret-token" {
		t.Errorf("a token others can read: %+v (token %q)", c, ds.token)
	}
	os.Chmod(path, 0o600)
	ds = state{}
	if c := checkToken(e, &ds); c.Status != OK || ds.token != "secret-token" {
		t.Errorf("a good token file: %+v", c)
	}
	ds = state{}
	e = env(home, map[string]string{"BROWSERCTL_TOKEN": "from-env"}, "127.0.0.1:1")
	if c := checkToken(e, &ds); c.Status != OK || !strings.Contains(c.Detail, "$BROWSERCTL_TOKEN") || ds.token != "from-env" {
		t.Errorf("$BROWSERCTL_TOKEN: %+v (token %q)", c, ds.token)
	}
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// With no hub: the hub hop fails saying nothing listens, and the hops that
// need it are skipped; that is a missing hub (exit 3 in the command).
func TestRunWithoutHub(t *testing.T) {
	addr := freeAddr(t)
	checks := byName(Run(context.Background(), env(t.TempDir(), map[string]string{"BROWSERCTL_TOKEN": "t0123456789"}, addr)))
	if c := checks[hopHub]; c.Status != Fail || c.Detail != "nothing listens at "+addr || !HubMissing(c) {
		t.Errorf("hub: %+v", c)
	}
	for _, hop := range []string{hopExtension, hopHandshake, hopProtocol} {
		if c := checks[hop]; c.Status != Skip {
			t.Errorf("%s: %+v, want skip", hop, c)
		}
	}
	if c := checks[hopBrowser]; c.Status != Fail || !strings.Contains(c.Fix, "launch --browser PATH") {
		t.Errorf("browser: %+v", c)
	}
}

// A hub that answers with no extension connected: the hub hop holds, the
// extension hop fails (a missing extension), the handshake saw no refusal.
func TestRunWithHubNoExtension(t *testing.T) {
	addr := freeAddr(t)
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	h := hub.New(hub.Options{Token: "t0123456789"})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- h.Serve(ctx, ln) }()
	t.Cleanup(func() { cancel(); <-done; h.Close() })
	checks := byName(Run(context.Background(), env(t.TempDir(), map[string]string{"BROWSERCTL_TOKEN": "t0123456789"}, addr)))
	if c := checks[hopHub]; c.Status != OK || !strings.Contains(c.Detail, "browserctl hub at "+addr) {
		t.Errorf("hub: %+v", c)
	}
	if c := checks[hopExtension]; c.Status != Fail || !HubMissing(c) || !strings.Contains(c.Detail, "no extension has connected") {
		t.Errorf("extension: %+v", c)
	}
	if c := checks[hopHandshake]; c.Status != OK {
		t.Errorf("handshake: %+v", c)
	}
	// the wrong token: the hub is there, it refused us (not a missing hub)
	checks = byName(Run(context.Background(), env(t.TempDir(), map[string]string{"BROWSERCTL_TOKEN": "another-token-000"}, addr)))
	// (the hub runs in this test process, which is no `serve`: the port
	// holder is "another program"; doctor_hub.txtar has a real hub's)
	if c := checks[hopHub]; c.Status != Fail || !strings.Contains(c.Detail, "did not prove it holds our token") || !strings.Contains(c.Detail, "was not sent") {
		t.Errorf("a refused token: %+v", c)
	}
}

func TestShellQuote(t *testing.T) {
	for in, want := range map[string]string{"/a/b-c_d.e": "/a/b-c_d.e", "/a b": "'/a b'", "it's": `'it'\''s'`, "": "''"} {
		if got := shellQuote(in); got != want {
			t.Errorf("shellQuote(%q) = %s, want %s", in, got, want)
		}
	}
}
