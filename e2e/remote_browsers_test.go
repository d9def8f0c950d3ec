package e2e

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"browserctl/extension"
	"browserctl/internal/chromium"
	"browserctl/internal/tlspair"
)

// otherHub is a second hub of its own state folder, started with
// --allow-remote: its control API on 127.0.0.1, its remote listener on
// the second loopback address 127.0.0.2 with a test certificate.
type otherHub struct {
	home, addr, remote string
	cmd                *exec.Cmd
}

func startOtherHub(t *testing.T, certFile, keyFile string) *otherHub {
	t.Helper()
	o := &otherHub{home: t.TempDir()}
	port, err := freePort()
	if err != nil {
		t.Fatal(err)
	}
	o.addr = "127.0.0.1:" + itoa(port)
	ln, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Fatalf("the second loopback address 127.0.0.2: %v", err)
	}
	o.remote = ln.Addr().String()
	ln.Close()
	logf, err := os.OpenFile(filepath.Join(h.dir, "serve-remote.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer logf.Close()
	o.cmd = exec.Command(h.bin, "serve", "--addr", o.addr, "--allow-remote", "--remote-addr", o.remote, "--tls-cert", certFile, "--tls-key", keyFile)
	o.cmd.Env = o.env()
	o.cmd.Stdout, o.cmd.Stderr = logf, logf
	o.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := o.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go o.cmd.Wait() //nolint: reaped here
	t.Cleanup(func() { _ = syscall.Kill(-o.cmd.Process.Pid, syscall.SIGKILL) })
	deadline := time.Now().Add(15 * time.Second)
	for {
		if c, err := net.DialTimeout("tcp", o.remote, 200*time.Millisecond); err == nil {
			c.Close()
			return o
		}
		if time.Now().After(deadline) {
			t.Fatalf("the second hub does not listen at %s", o.remote)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (o *otherHub) env() []string {
	var env []string
	for _, kv := range h.env() {
		if !strings.HasPrefix(kv, "BROWSERCTL_HOME=") {
			env = append(env, kv)
		}
	}
	return append(env, "BROWSERCTL_HOME="+o.home)
}

// run runs the binary against the second hub (its state folder, --json).
func (o *otherHub) run(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, h.bin, append([]string{"--json"}, args...)...)
	cmd.Env = o.env()
	cmd.Dir = h.dir
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		code = -1
	}
	t.Logf("[second hub] browserctl %s -> exit %d\nstdout: %s\nstderr: %s", strings.Join(args, " "), code, abbrev(out.String()), abbrev(errOut.String()))
	return out.String(), errOut.String(), code
}

// browsers lists the second hub's browsers.
func (o *otherHub) browsers(t *testing.T) []browserRow {
	t.Helper()
	out, _, code := o.run(t, "--server", o.addr, "browsers")
	var res struct {
		Browsers []browserRow `json:"browsers"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil {
		t.Fatalf("browsers on the second hub: exit %d %s", code, out)
	}
	return res.Browsers
}

// installRemote installs the extension for the remote browser name into
// ext with `extension install --server wss://... --tls-cert cert`.
func (o *otherHub) installRemote(t *testing.T, name, cert, ext string) string {
	t.Helper()
	if _, errOut, code := o.run(t, "--server", "wss://"+o.remote, "extension", "install", "--name", name, "--tls-cert", cert, ext); code != 0 {
		t.Fatalf("extension install --server wss:// --name %s: %s", name, errOut)
	}
	if over := os.Getenv("E2E_EXTENSION_DIR"); over != "" {
		if err := extension.Overlay(over, ext); err != nil {
			t.Fatal(err)
		}
	}
	return ext
}

// remoteChromium starts a Chromium with the extension folder ext that
// trusts the certificate whose key hash is spki.
func remoteChromium(t *testing.T, name, ext, spki string) *extraBrowser {
	t.Helper()
	b := &extraBrowser{name: name, extDir: ext, profile: filepath.Join(t.TempDir(), "profile"),
		flags: chromium.Options{Headless: true, NoSandbox: true, Harness: true, TrustSPKI: []string{spki}}}
	t.Cleanup(b.kill)
	b.start(t)
	return b
}

// copyExtension copies an installed extension folder, config.json changed
// by edit.
func copyExtension(t *testing.T, from string, edit func(*extension.Config)) string {
	t.Helper()
	to := filepath.Join(t.TempDir(), "ext")
	if err := os.CopyFS(to, os.DirFS(from)); err != nil {
		t.Fatal(err)
	}
	var c extension.Config
	b, _ := os.ReadFile(filepath.Join(to, extension.ConfigFile))
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	edit(&c)
	b, _ = json.Marshal(c)
	if err := os.WriteFile(filepath.Join(to, extension.ConfigFile), b, 0o600); err != nil {
		t.Fatal(err)
	}
	return to
}

// A browser on another machine, played by a Chromium dialling wss:// on
// the second loopback address: with a wrong key it is refused, with a
// certificate it was not told to trust it refuses the hub (Chromium
// checks certificates, the extension cannot), with the right key and
// certificate it is a browser of the hub, named by its key, and works.
func TestRemoteBrowserOverWSS(t *testing.T) {
	dir := t.TempDir()
	right, rightKey := filepath.Join(dir, "right.pem"), filepath.Join(dir, "right-key.pem")
	wrong, wrongKey := filepath.Join(dir, "wrong.pem"), filepath.Join(dir, "wrong-key.pem")
	for _, p := range [][2]string{{right, rightKey}, {wrong, wrongKey}} {
		if err := tlspair.Generate(p[0], p[1], []string{"127.0.0.2"}); err != nil {
			t.Fatal(err)
		}
	}
	rightPair, _ := tlspair.Load(right, rightKey)
	wrongPair, _ := tlspair.Load(wrong, wrongKey)
	hub2 := startOtherHub(t, right, rightKey)

	ext := hub2.installRemote(t, "grid-1", right, filepath.Join(dir, "grid-1"))
	var cfg extension.Config
	b, _ := os.ReadFile(filepath.Join(ext, extension.ConfigFile))
	_ = json.Unmarshal(b, &cfg)
	if cfg.CertSPKI != rightPair.SPKI() || !strings.HasPrefix(cfg.Token, "bkey_") || cfg.BrowserID == "" {
		t.Fatalf("config.json %+v: want the right certificate's hash and a key of its own", cfg)
	}
	control, _ := os.ReadFile(filepath.Join(hub2.home, "token"))
	if len(control) > 0 && strings.Contains(string(b), strings.TrimSpace(string(control))) {
		t.Fatal("the remote browser's config.json holds the control token")
	}

	// a wrong key (another key of that browser's id) and, apart, a
	// certificate Chromium was not told to trust
	var junk [32]byte
	_, _ = rand.Read(junk[:])
	wrongKeyExt := copyExtension(t, ext, func(c *extension.Config) { c.Token = "bkey_" + hex.EncodeToString(junk[:]) })
	remoteChromium(t, "wrong-key", wrongKeyExt, rightPair.SPKI())
	// grid-2 has a right key of its own, but its Chromium trusts another
	// certificate than the one the hub serves
	ext2 := hub2.installRemote(t, "grid-2", wrong, filepath.Join(dir, "grid-2"))
	remoteChromium(t, "grid-2", ext2, wrongPair.SPKI())
	// both dial and fail (the extension retries at 1, 2, 4 s): the hub
	// records the wrong key's refusal; neither gets in
	var st struct {
		Refusals []struct {
			Reason string `json:"reason"`
		} `json:"refusals"`
	}
	deadline := time.Now().Add(40 * time.Second)
	for len(st.Refusals) == 0 || st.Refusals[len(st.Refusals)-1].Reason != "key_mismatch" {
		if time.Now().After(deadline) {
			t.Fatalf("the hub recorded no key_mismatch refusal of the wrong key: %+v", st)
		}
		time.Sleep(250 * time.Millisecond)
		out, _, _ := hub2.run(t, "--server", hub2.addr, "status")
		_ = json.Unmarshal([]byte(out), &st)
	}
	if bs := hub2.browsers(t); len(bs) != 0 {
		t.Fatalf("with a wrong key or certificate a browser got in: %+v", bs)
	}

	// the right key and certificate
	started := time.Now()
	remoteChromium(t, "grid-1", ext, rightPair.SPKI())
	var grid browserRow
	deadline = time.Now().Add(40 * time.Second)
	for {
		bs := hub2.browsers(t)
		if len(bs) == 1 && !bs[0].Since.Before(started) {
			grid = bs[0]
			break
		}
		if len(bs) > 1 || time.Now().After(deadline) {
			t.Fatalf("the second hub's browsers: %+v, want grid-1 alone", bs)
		}
		time.Sleep(250 * time.Millisecond)
	}
	if grid.Name != "grid-1" || grid.ID != cfg.BrowserID {
		t.Fatalf("the remote browser is %+v, want grid-1 (%s)", grid, cfg.BrowserID)
	}
	// by now grid-2 has tried as long as grid-1 and more: Chromium refused
	// the hub's certificate every time
	if bs := hub2.browsers(t); len(bs) != 1 {
		t.Fatalf("browsers %+v: grid-2 got in with a certificate its Chromium does not trust", bs)
	}
	tag := tagFor(t)
	out, errOut, code := hub2.run(t, "--server", hub2.addr, "session", "create", "--browser", "grid-1", "--url", pageURL("/lab.html", tag))
	if code != 0 {
		t.Fatalf("session create on the remote browser: %s", errOut)
	}
	var s session
	_ = json.Unmarshal([]byte(out), &s)
	h.rec.waitFor(t, tag, "the remote browser's page load", func(e event) bool { return e.Type == "load" })
	out, errOut, code = hub2.run(t, "--server", hub2.addr, "--session", s.SessionID, "get", "title")
	if code != 0 || !strings.Contains(out, "Lab") {
		t.Fatalf("get title in the remote browser's session: exit %d %s %s", code, out, errOut)
	}
}
