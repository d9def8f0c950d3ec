package e2e

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"browserctl/extension"
	"browserctl/internal/chromium"
)

// browserRow is one browser of `browserctl browsers --json`.
type browserRow struct {
	ID           string    `json:"id"`
	Name         string    `json:"name"`
	Default      bool      `json:"default"`
	Since        time.Time `json:"since"`
	Pending      int       `json:"pending"`
	SessionCount int       `json:"sessionCount"`
}

func browsersNow(t *testing.T) []browserRow {
	t.Helper()
	var out struct {
		Browsers []browserRow `json:"browsers"`
	}
	mustJSON(t, &out, "browsers")
	return out.Browsers
}

func browserNamed(t *testing.T, name string) (browserRow, bool) {
	t.Helper()
	for _, b := range browsersNow(t) {
		if b.Name == name {
			return b, true
		}
	}
	return browserRow{}, false
}

// extraBrowser is a Chromium beside the harness's: its own profile and its
// own copy of the extension, installed with `extension install --name`.
type extraBrowser struct {
	name, extDir, profile string
	chrome                *chromium.Browser
	flags                 chromium.Options // what it is started with besides the folders
}

// startExtraBrowser installs the extension for browser name, starts
// Chromium with it and waits until the hub lists it. It ends with the test.
func startExtraBrowser(t *testing.T, name string, installArgs ...string) *extraBrowser {
	t.Helper()
	dir := t.TempDir()
	b := &extraBrowser{name: name, extDir: filepath.Join(dir, "ext"), profile: filepath.Join(dir, "profile"),
		flags: chromium.Options{Headless: true, NoSandbox: true, Harness: true}}
	mustRun(t, append(append([]string{"extension", "install", "--name", name}, installArgs...), b.extDir)...)
	if over := os.Getenv("E2E_EXTENSION_DIR"); over != "" {
		if err := extension.Overlay(over, b.extDir); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(b.kill)
	b.start(t)
	return b
}

// start starts (or starts again) its Chromium in its profile.
func (b *extraBrowser) start(t *testing.T) {
	t.Helper()
	logf, err := os.OpenFile(filepath.Join(h.dir, "chromium-"+b.name+".log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer logf.Close()
	o := b.flags
	o.Extension, o.Profile = b.extDir, b.profile
	if b.chrome, err = chromium.Start(h.chromium, o, logf); err != nil {
		t.Fatal(err)
	}
}

// waitListed waits until the hub lists a browser of that name connected
// after since, and answers it.
func (b *extraBrowser) waitListed(t *testing.T, since time.Time) browserRow {
	t.Helper()
	deadline := time.Now().Add(40 * time.Second)
	for {
		if r, ok := browserNamed(t, b.name); ok && !r.Since.Before(since) {
			return r
		}
		if time.Now().After(deadline) {
			t.Fatalf("browser %s is not listed by the hub: %+v", b.name, browsersNow(t))
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func (b *extraBrowser) kill() {
	if b.chrome != nil {
		b.chrome.Kill()
		b.chrome = nil
	}
}

// jarServer serves /jar/login?as=NAME (sets the acct cookie) and
// /jar/whoami, noting the Cookie header each request carried, per tag: what
// the server saw, independent of the extension.
type jarServer struct {
	*httptest.Server
	mu      sync.Mutex
	cookies map[string][]string // tag -> Cookie headers seen
}

func newJarServer(t *testing.T) *jarServer {
	js := &jarServer{cookies: map[string][]string{}}
	mux := http.NewServeMux()
	note := func(r *http.Request) {
		js.mu.Lock()
		defer js.mu.Unlock()
		tag := r.URL.Query().Get("t")
		js.cookies[tag] = append(js.cookies[tag], r.Header.Get("Cookie"))
	}
	mux.HandleFunc("GET /jar/login", func(w http.ResponseWriter, r *http.Request) {
		note(r)
		http.SetCookie(w, &http.Cookie{Name: "acct", Value: r.URL.Query().Get("as"), Path: "/", HttpOnly: true})
		fmt.Fprintf(w, `<!doctype html><title>logged in as %s</title>`, html.EscapeString(r.URL.Query().Get("as")))
	})
	mux.HandleFunc("GET /jar/whoami", func(w http.ResponseWriter, r *http.Request) {
		note(r)
		fmt.Fprint(w, `<!doctype html><title>whoami</title>`)
	})
	js.Server = httptest.NewServer(mux)
	t.Cleanup(js.Close)
	return js
}

// seen is the Cookie header of the first request of tag, waiting for it.
func (js *jarServer) seen(t *testing.T, tag string) string {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		js.mu.Lock()
		c, ok := js.cookies[tag]
		js.mu.Unlock()
		if ok {
			return c[0]
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server never saw a request tagged %s", tag)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (js *jarServer) url(path, tag string, extra ...string) string {
	u := js.URL + path + "?t=" + tag
	for i := 0; i+1 < len(extra); i += 2 {
		u += "&" + extra[i] + "=" + extra[i+1]
	}
	return u
}

// sessionOn creates a session on browser at url.
func sessionOn(t *testing.T, browser, url string) session {
	t.Helper()
	var s session
	mustJSON(t, &s, "session", "create", "--browser", browser, "--url", url)
	if s.SessionID == "" {
		t.Fatal("session create answered no sessionId")
	}
	t.Cleanup(func() { run(t, "session", "close", s.SessionID) })
	return s
}

// Two Chromium processes with separate profiles and the extension on one
// hub: a session on each, each browser its own cookie jar (a login on one
// is absent on the other, two accounts on one site). One killed mid-call:
// its session's call fails browser_gone within 2 s while the other's calls
// answer throughout; started again with the same profile it comes back
// with the same id and its new sessions work.
func TestTwoBrowsersTwoCookieJars(t *testing.T) {
	first := browsersNow(t)
	if len(first) != 1 || !first[0].Default {
		t.Fatalf("before: browsers %+v, want the harness's alone", first)
	}
	a := first[0].Name
	started := time.Now()
	second := startExtraBrowser(t, "second")
	b := second.waitListed(t, started)
	if b.ID == first[0].ID || b.Default {
		t.Fatalf("the second browser %+v beside %+v", b, first[0])
	}
	js := newJarServer(t)
	tag := tagFor(t)

	sa := sessionOn(t, a, js.url("/jar/login", tag+"-a-login", "as", "alice"))
	sb := sessionOn(t, "second", js.url("/jar/login", tag+"-b-login", "as", "bob"))
	js.seen(t, tag+"-a-login")
	js.seen(t, tag+"-b-login")
	var list struct {
		Sessions []session `json:"sessions"`
	}
	mustJSON(t, &list, "session", "list")
	on := map[string]string{}
	for _, s := range list.Sessions {
		on[s.SessionID] = s.Browser
	}
	if on[sa.SessionID] != a || on[sb.SessionID] != "second" {
		t.Fatalf("session list puts %s on %q and %s on %q", sa.SessionID, on[sa.SessionID], sb.SessionID, on[sb.SessionID])
	}

	// each browser sends its own account's cookie, and only it
	mustRun(t, in(sa, "open", js.url("/jar/whoami", tag+"-a-who"))...)
	mustRun(t, in(sb, "open", js.url("/jar/whoami", tag+"-b-who"))...)
	if c := js.seen(t, tag+"-a-who"); c != "acct=alice" {
		t.Errorf("browser %s sent Cookie %q, want acct=alice", a, c)
	}
	if c := js.seen(t, tag+"-b-who"); c != "acct=bob" {
		t.Errorf("browser second sent Cookie %q, want acct=bob (alice's login must not reach it)", c)
	}

	// a call pending in the second browser when it dies
	type result struct {
		out, errOut string
		code        int
		at          time.Time
	}
	pending := make(chan result, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		out, errOut, code := h.exec(ctx, append([]string{"--json", "--timeout", "40s"}, in(sb, "wait", "--fn", "window.__never === 1")...)...)
		pending <- result{out, errOut, code, time.Now()}
	}()
	deadline := time.Now().Add(20 * time.Second)
	for r, _ := browserNamed(t, "second"); r.Pending == 0; r, _ = browserNamed(t, "second") {
		if time.Now().After(deadline) {
			t.Fatal("the wait never became pending in the second browser")
		}
		time.Sleep(50 * time.Millisecond)
	}
	// the first browser's calls answer throughout
	stop := make(chan struct{})
	var aCalls []string
	aDone := make(chan struct{})
	go func() {
		defer close(aDone)
		for {
			select {
			case <-stop:
				return
			default:
			}
			t0 := time.Now()
			out, errOut, code := run(t, in(sa, "get", "title")...)
			if code != 0 || !strings.Contains(out, "whoami") {
				aCalls = append(aCalls, fmt.Sprintf("FAILED exit %d %s %s", code, out, errOut))
			} else {
				aCalls = append(aCalls, time.Since(t0).Round(time.Millisecond).String())
			}
		}
	}()
	time.Sleep(500 * time.Millisecond)
	killed := time.Now()
	second.kill()
	r := <-pending
	gone := r.at.Sub(killed)
	time.Sleep(2 * time.Second) // the first browser keeps answering after the death too
	close(stop)
	<-aDone
	if r.code != 4 || !strings.Contains(r.errOut, `"reason":"browser_gone"`) || !strings.Contains(r.errOut, "browser second (") {
		t.Fatalf("the pending call of the killed browser: exit %d, stderr %s; want exit 4 and browser_gone naming it", r.code, r.errOut)
	}
	t.Logf("the killed browser's pending call failed %s after the kill", gone.Round(time.Millisecond))
	if gone > 2*time.Second {
		t.Errorf("browser_gone came %s after the kill, want within 2 s", gone)
	}
	t.Logf("the first browser's calls meanwhile: %v", aCalls)
	if len(aCalls) < 3 {
		t.Errorf("only %d calls of the first browser during the death", len(aCalls))
	}
	for _, c := range aCalls {
		if strings.HasPrefix(c, "FAILED") {
			t.Errorf("a call of the first browser failed while the second died: %s", c)
		}
	}
	// its session's new calls fail browser_gone; the first's still work
	_, errOut, code := run(t, in(sb, "get", "title")...)
	if code != 3 || !strings.Contains(errOut, `"reason":"browser_gone"`) {
		t.Errorf("a new call of the dead browser's session: exit %d %s, want exit 3, browser_gone", code, errOut)
	}
	if _, ok := browserNamed(t, "second"); ok {
		t.Error("the killed browser is still listed")
	}

	// the same profile again: the same id, and it works
	restarted := time.Now()
	second.start(t)
	b2 := second.waitListed(t, restarted)
	if b2.ID != b.ID {
		t.Errorf("the restarted browser has id %s, want its old %s", b2.ID, b.ID)
	}
	sb2 := sessionOn(t, "second", js.url("/jar/whoami", tag+"-b-again"))
	if c := js.seen(t, tag+"-b-again"); strings.Contains(c, "alice") {
		t.Errorf("the restarted second browser sent Cookie %q: the first browser's login", c)
	}
	if v := getString(t, sb2, "title"); v != "whoami" {
		t.Errorf("a new session on the restarted browser: title %q", v)
	}
	if v := getString(t, sa, "title"); v != "whoami" {
		t.Errorf("the first browser's session after all that: title %q", v)
	}
}
