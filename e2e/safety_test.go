package e2e

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"browserctl/rpc"
)

// The extension refuses javascript: and (without allowFile) file: URLs
// where the call lands: `browserctl call` skips the CLI's own check, and
// the page is left as it was. With allowFile a file: page loads.
func TestNavigationRefusesScriptAndFileURLs(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/inline", tag, "html", "<title>kept</title><p>x</p>"))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)
	for _, u := range []string{"javascript:document.title='pwned'", " JavaScript:document.title='pwned'", "java\tscript:document.title='pwned'"} {
		msg := callFail(t, -32602, "pages.navigate", map[string]any{"sessionId": s.SessionID, "url": u})
		if !strings.Contains(msg, "javascript: URL") {
			t.Errorf("pages.navigate %q refused with %q, want it to say why", u, msg)
		}
		callFail(t, -32602, "tabs.open", map[string]any{"sessionId": s.SessionID, "url": u})
	}
	callFail(t, -32602, "sessions.create", map[string]any{"url": "javascript:document.title='pwned'"})
	if got := p.evalString(`document.title`); got != "kept" {
		t.Errorf("after the refused javascript: URLs the title is %q, want kept", got)
	}

	page := filepath.Join(t.TempDir(), "local.html")
	if err := os.WriteFile(page, []byte("<title>local file</title>"), 0o600); err != nil {
		t.Fatal(err)
	}
	fileURL := "file://" + page
	msg := callFail(t, -32602, "pages.navigate", map[string]any{"sessionId": s.SessionID, "url": fileURL})
	if !strings.Contains(msg, "allowFile") {
		t.Errorf("a file: navigation without allowFile refused with %q, want it to name allowFile", msg)
	}
	callFail(t, -32602, "tabs.open", map[string]any{"sessionId": s.SessionID, "url": fileURL})
	if got := p.evalString(`document.title`); got != "kept" {
		t.Errorf("after the refused file: URL the title is %q, want kept", got)
	}
	// the CLI says so before sending, and --allow-file loads it
	for _, u := range []string{"javascript:alert(1)", fileURL} {
		if _, errOut, code := run(t, in(s, "open", u)...); code != 2 {
			t.Errorf("open %s: exit %d, want 2 (usage); stderr %s", u, code, errOut)
		}
	}
	var nav struct{ URL, Title string }
	mustJSON(t, &nav, in(s, "open", "--allow-file", fileURL)...)
	if nav.Title != "local file" {
		t.Errorf("open --allow-file %s: title %q, want the file's", fileURL, nav.Title)
	}
}

// A tab is never sent to a page of the browser (the debugger cannot drive
// it: the tab would leave the session's reach) or of an extension (this
// one's pages hold every chrome.* API it has: eval there would reach every
// tab). The extension refuses where the call lands, and lets go of a tab
// that got to its own page some other way.
func TestNavigationRefusesBrowserAndExtensionPages(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/inline", tag, "html", "<title>kept</title><p>x</p>"))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)
	own := "chrome-extension://" + extensionID + "/popup.html"
	for _, u := range []string{"chrome://settings", " CHROME://version", own, "about:settings"} {
		msg := callFail(t, -32602, "pages.navigate", map[string]any{"sessionId": s.SessionID, "url": u})
		if !strings.Contains(msg, "a page of the browser or of an extension") {
			t.Errorf("pages.navigate %q refused with %q, want it to say why", u, msg)
		}
		callFail(t, -32602, "tabs.open", map[string]any{"sessionId": s.SessionID, "url": u})
		callFail(t, -32602, "sessions.create", map[string]any{"url": u})
		if _, errOut, code := run(t, in(s, "open", u)...); code != 2 {
			t.Errorf("open %s: exit %d, want 2 (usage); stderr %s", u, code, errOut)
		}
	}
	if got := p.evalString(`document.title`); got != "kept" {
		t.Errorf("after the refused URLs the title is %q, want kept", got)
	}
	if urls := h.cdp.pagesWith(t, "popup.html"); len(urls) != 0 {
		t.Errorf("a refused call opened the extension's page: %+v", urls)
	}

	// The tab taken to the extension's own page from outside (history, a
	// person): no call reaches into it.
	if _, err := p.call("Page.navigate", map[string]any{"url": own}); err != nil {
		t.Fatalf("navigating the tab to %s over the test's own CDP: %v", own, err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for p.evalString(`location.href`) != own && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	for _, args := range [][]string{{"eval", "typeof chrome.tabs"}, {"snapshot"}, {"get", "title"}} {
		out, errOut, code := run(t, in(s, args...)...)
		if code == 0 || !strings.Contains(errOut, "an extension's page") {
			t.Errorf("%v in a tab at the extension's page: exit %d, stdout %q, stderr %q; want it refused", args, code, out, errOut)
		}
	}
	// and it can leave again: open takes it back to a web page
	mustRun(t, in(s, "open", pageURL("/inline", tag, "html", "<title>back</title>"))...)
}

// scopeServer serves the same pages on two origins of one site (two
// ports of 127.0.0.1) and a third of another site (localhost), and logs
// what each request brought (its Authorization and X-Scoped headers), by
// tag, host and who: the server's own record, not the extension's.
type scopeServer struct {
	a, b    *httptest.Server
	A, B, C string // http://127.0.0.1:PA, http://127.0.0.1:PB, http://localhost:PA
	mu      sync.Mutex
	got     map[string][]http.Header // "tag host who" -> the headers of each request
}

func newScopeServer(t *testing.T) *scopeServer {
	ss := &scopeServer{got: map[string][]http.Header{}}
	mux := http.NewServeMux()
	note := func(r *http.Request) {
		q := r.URL.Query()
		ss.mu.Lock()
		key := q.Get("t") + " " + r.Host + " " + q.Get("who")
		ss.got[key] = append(ss.got[key], r.Header.Clone())
		ss.mu.Unlock()
	}
	// /page?t=TAG&frame=URL...&img=URL...: a page embedding the frames and images.
	mux.HandleFunc("GET /page", func(w http.ResponseWriter, r *http.Request) {
		note(r)
		var b strings.Builder
		b.WriteString("<!doctype html><title>scoped</title>")
		for _, f := range r.URL.Query()["frame"] {
			fmt.Fprintf(&b, `<iframe src="%s"></iframe>`, html.EscapeString(f))
		}
		for _, f := range r.URL.Query()["img"] {
			fmt.Fprintf(&b, `<img src="%s">`, html.EscapeString(f))
		}
		fmt.Fprint(w, b.String())
	})
	mux.HandleFunc("GET /plain", func(w http.ResponseWriter, r *http.Request) {
		note(r)
		fmt.Fprint(w, "<title>plain</title>")
	})
	// /protected answers 401 (Basic) to a request without credentials.
	mux.HandleFunc("GET /protected", func(w http.ResponseWriter, r *http.Request) {
		note(r)
		if r.Header.Get("Authorization") == "" {
			w.Header().Set("WWW-Authenticate", `Basic realm="test"`)
			w.WriteHeader(http.StatusUnauthorized)
			fmt.Fprint(w, "<title>401</title>")
			return
		}
		fmt.Fprint(w, "<title>authed</title>")
	})
	ss.a, ss.b = httptest.NewServer(mux), httptest.NewServer(mux)
	t.Cleanup(func() {
		for _, s := range []*httptest.Server{ss.a, ss.b} {
			s.CloseClientConnections()
			s.Close()
		}
	})
	ss.A, ss.B = ss.a.URL, ss.b.URL
	ss.C = strings.Replace(ss.a.URL, "127.0.0.1", "localhost", 1)
	return ss
}

// url is path on origin with t=tag and who=who.
func (ss *scopeServer) url(origin, path, tag, who string) string {
	return origin + path + "?" + url.Values{"t": {tag}, "who": {who}}.Encode()
}

// page is a page of origin A embedding frames and images.
func (ss *scopeServer) page(tag string, frames, imgs []string) string {
	return ss.A + "/page?" + url.Values{"t": {tag}, "who": {"page"}, "frame": frames, "img": imgs}.Encode()
}

// waitSeen waits until origin's who has made a request for tag, and
// answers the headers of its requests.
func (ss *scopeServer) waitSeen(t *testing.T, tag, origin, who string, d time.Duration) []http.Header {
	t.Helper()
	key := tag + " " + strings.TrimPrefix(origin, "http://") + " " + who
	for deadline := time.Now().Add(d); ; time.Sleep(20 * time.Millisecond) {
		ss.mu.Lock()
		got := slices.Clone(ss.got[key])
		ss.mu.Unlock()
		if len(got) > 0 || time.Now().After(deadline) {
			return got
		}
	}
}

// values are one header of each request.
func values(hs []http.Header, name string) []string {
	var out []string
	for _, h := range hs {
		out = append(out, h.Get(name))
	}
	return out
}

// contentSetting reads Chrome's content setting of kind for url
// (chrome.contentSettings.KIND.get), in the extension's service worker
// over the test's own CDP connection.
func contentSetting(t *testing.T, kind, u string) string {
	t.Helper()
	workers := extensionWorkers(t)
	if len(workers) != 1 {
		t.Fatalf("want one service worker of the extension, found %+v", workers)
	}
	ctx := t.Context()
	raw, err := h.cdp.call(ctx, "", "Target.attachToTarget", map[string]any{"targetId": workers[0].TargetID, "flatten": true})
	if err != nil {
		t.Fatalf("CDP attach to the worker: %v", err)
	}
	var att struct{ SessionID string }
	_ = json.Unmarshal(raw, &att)
	defer h.cdp.call(ctx, "", "Target.detachFromTarget", map[string]any{"sessionId": att.SessionID})
	expr := fmt.Sprintf(`chrome.contentSettings[%q].get({primaryUrl: %q}).then((d) => d.setting)`, kind, u)
	raw, err = h.cdp.call(ctx, att.SessionID, "Runtime.evaluate", map[string]any{"expression": expr, "awaitPromise": true, "returnByValue": true})
	if err != nil {
		t.Fatalf("CDP eval in the worker: %v", err)
	}
	var res struct{ Result struct{ Value string } }
	_ = json.Unmarshal(raw, &res)
	return res.Result.Value
}

// runWith runs the binary like run, with more environment and a stdin.
func runWith(t *testing.T, env []string, stdin string, args ...string) (string, string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, h.bin, append([]string{"--server", h.addr, "--json"}, args...)...)
	cmd.Env = append(h.env(), env...)
	cmd.Dir = h.dir
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("browserctl %s: %v", strings.Join(args, " "), err)
	}
	t.Logf("browserctl %s -> exit %d\nstdout: %s\nstderr: %s", strings.Join(args, " "), code, abbrev(out.String()), abbrev(errOut.String()))
	return out.String(), errOut.String(), code
}

// Credentials answer only the origin they were set for (by default the
// session's tab's): on a page of origin A, an iframe from a second origin
// of the same site (B, in the tab's own process) that answers 401 gets its
// challenge cancelled, and its server logs that no Authorization came; a
// frame of another site (C) gets nothing either. Set for B (the password on
// stdin), only B's frame gets them. The password as an argument is refused.
func TestCredentialsScopedByOrigin(t *testing.T) {
	ss := newScopeServer(t)
	s := newSession(t, ss.A+"/plain")
	basic := func(u, p string) string { return "Basic " + base64.StdEncoding.EncodeToString([]byte(u+":"+p)) }
	frames := func(tag string) []string {
		return []string{ss.url(ss.A, "/protected", tag, "fa"), ss.url(ss.B, "/protected", tag, "fb"), ss.url(ss.C, "/protected", tag, "fc")}
	}

	if _, errOut, code := runWith(t, []string{"BROWSERCTL_PASSWORD=pw-1"}, "", in(s, "set", "credentials", "ann")...); code != 0 {
		t.Fatalf("set credentials ann with $BROWSERCTL_PASSWORD: exit %d, %s", code, errOut)
	}
	var shown struct {
		Settings struct{ Credentials rpc.Credentials }
	}
	mustJSON(t, &shown, in(s, "set", "show")...)
	if c := shown.Settings.Credentials; c.Origin != ss.A || c.Username != "ann" || c.Password == "pw-1" {
		t.Errorf("set show: credentials %+v, want ann for %s and no password", c, ss.A)
	}
	mustRun(t, in(s, "open", ss.page("c1", frames("c1"), nil))...)
	if got := values(ss.waitSeen(t, "c1", ss.A, "fa", callTimeout), "Authorization"); !slices.Contains(got, basic("ann", "pw-1")) {
		t.Errorf("origin A's frame brought Authorization %q, want %q", got, basic("ann", "pw-1"))
	}
	if got := values(ss.waitSeen(t, "c1", ss.B, "fb", callTimeout), "Authorization"); len(got) == 0 || slices.ContainsFunc(got, func(a string) bool { return a != "" }) {
		t.Errorf("origin B's frame brought Authorization %q, want one request, its 401 cancelled with nothing sent", got)
	}
	for _, a := range values(ss.waitSeen(t, "c1", ss.C, "fc", 5*time.Second), "Authorization") {
		if a != "" {
			t.Errorf("the other site's frame brought Authorization %q", a)
		}
	}

	if _, errOut, code := runWith(t, nil, "pw-2\n", in(s, "set", "credentials", "bob", "--origin", ss.B)...); code != 0 {
		t.Fatalf("set credentials bob --origin B, the password on stdin: exit %d, %s", code, errOut)
	}
	mustRun(t, in(s, "open", ss.page("c2", frames("c2"), nil))...)
	if got := values(ss.waitSeen(t, "c2", ss.B, "fb", callTimeout), "Authorization"); !slices.Contains(got, basic("bob", "pw-2")) {
		t.Errorf("after --origin B its frame brought Authorization %q, want %q", got, basic("bob", "pw-2"))
	}
	// (A's frame may bring ann's: the browser's own cache of what A accepted)
	if got := values(ss.waitSeen(t, "c2", ss.A, "fa", callTimeout), "Authorization"); len(got) == 0 || slices.Contains(got, basic("bob", "pw-2")) {
		t.Errorf("after --origin B origin A's frame brought Authorization %q, want never B's", got)
	}

	// The argument form: exit 2, the password not echoed, nothing changed.
	_, errOut, code := runWith(t, []string{"BROWSERCTL_PASSWORD=pw-3"}, "", in(s, "set", "credentials", "eve", "pw-arg")...)
	if code != 2 || !strings.Contains(errOut, "$BROWSERCTL_PASSWORD") || strings.Contains(errOut, "pw-arg") {
		t.Errorf("set credentials USER PASSWORD: exit %d, stderr %q; want 2 saying to use stdin or $BROWSERCTL_PASSWORD", code, errOut)
	}
	mustJSON(t, &shown, in(s, "set", "show")...)
	if c := shown.Settings.Credentials; c.Username != "bob" || c.Origin != ss.B {
		t.Errorf("after the refused argument form set show says %+v, want bob for %s", c, ss.B)
	}
}

// Extra headers go only to their origin (by default the session's tab's):
// the server of a second origin of the same site logs none on its frame's
// and its image's requests, nor does another site's frame; with --origin B
// only B's requests bring them; reset, nobody gets them.
func TestHeadersScopedByOrigin(t *testing.T) {
	ss := newScopeServer(t)
	s := newSession(t, ss.A+"/plain")
	load := func(tag string) {
		mustRun(t, in(s, "open", ss.page(tag,
			[]string{ss.url(ss.B, "/plain", tag, "fb"), ss.url(ss.C, "/plain", tag, "fc")},
			[]string{ss.url(ss.B, "/plain", tag, "ib")}))...)
	}
	want := func(tag, origin, who, value string) {
		t.Helper()
		got := values(ss.waitSeen(t, tag, origin, who, callTimeout), "X-Scoped")
		if len(got) == 0 || slices.ContainsFunc(got, func(v string) bool { return v != value }) {
			t.Errorf("%s: %s's %s brought X-Scoped %q, want %q on each request", tag, origin, who, got, value)
		}
	}

	mustRun(t, in(s, "set", "headers", `{"X-Scoped": "a"}`)...)
	load("h1")
	want("h1", ss.A, "page", "a")
	want("h1", ss.B, "fb", "")
	want("h1", ss.B, "ib", "")
	want("h1", ss.C, "fc", "")

	mustRun(t, in(s, "set", "headers", `{"X-Scoped": "b"}`, "--origin", ss.B)...)
	load("h2")
	want("h2", ss.A, "page", "")
	want("h2", ss.B, "fb", "b")
	want("h2", ss.B, "ib", "b")
	want("h2", ss.C, "fc", "")

	mustRun(t, in(s, "set", "headers", "--reset")...)
	load("h3")
	want("h3", ss.A, "page", "")
	want("h3", ss.B, "fb", "")
}

// Permissions are given back: a grant lives in the profile (another
// session's tab on the origin sees it), is kept across a service-worker
// restart, and is gone once the session that made it ends (its tab closed
// by the person, after another restart), as the other tab's own
// navigator.permissions and Chrome's content settings say. (Here a
// restarted worker attaches the session's tab again and re-applies its
// settings, so the old bookkeeping in memory passed this too; the record
// across restarts and the clearing at the extension's start are the unit
// tests' (permissions*.test.ts).)
func TestPermissionsGivenBack(t *testing.T) {
	ss := newScopeServer(t)
	a := newSession(t, ss.url(ss.A, "/plain", "pa", "a"))
	b := newSession(t, ss.url(ss.A, "/plain", "pb", "b"))
	pb := h.cdp.page(t, "t=pb")
	// what the origin's other tab says, and what Chrome's content settings
	// hold for the origin (read back in the extension's worker)
	camera := func() string {
		return pb.evalString(`navigator.permissions.query({name: "camera"}).then((c) => c.state)`) + "|" +
			contentSetting(t, "camera", ss.A+"/")
	}
	mustRun(t, in(b, "get", "title")...)
	if got := camera(); got != "prompt|ask" {
		t.Fatalf("before any grant the camera is %q, want prompt", got)
	}
	mustRun(t, in(a, "set", "permissions", "grant", "camera")...)
	if got := camera(); got != "granted|allow" {
		t.Errorf("after set permissions grant camera the origin's other tab says %q, want granted", got)
	}
	restartWorker(t)
	if got := camera(); got != "granted|allow" {
		t.Errorf("after a worker restart the grant is %q, want still granted", got)
	}
	// After the restart the session's tab moving to origin B takes the
	// grant there and gives A's back.
	mustRun(t, in(a, "open", ss.url(ss.B, "/plain", "pa", "a"))...)
	if got, there := camera(), contentSetting(t, "camera", ss.B+"/"); got != "prompt|ask" || there != "allow" {
		t.Errorf("after a worker restart and a move to B the camera is %q on A, %q on B; want prompt|ask and allow", got, there)
	}
	mustRun(t, in(a, "open", ss.url(ss.A, "/plain", "pa", "a"))...)
	if got := camera(); got != "granted|allow" {
		t.Errorf("back on A the grant is %q, want granted|allow", got)
	}
	// Restarted again, then the person closes the session's one tab (its
	// group, and with it the session, ends).
	pa := h.cdp.page(t, "t=pa")
	restartWorker(t)
	if got := camera(); got != "granted|allow" {
		t.Errorf("after another worker restart, the session alive, the grant is %q, want granted", got)
	}
	if _, err := h.cdp.call(t.Context(), "", "Target.closeTarget", map[string]any{"targetId": pa.target}); err != nil {
		t.Fatalf("CDP Target.closeTarget on the session's tab: %v", err)
	}
	got := camera()
	for deadline := time.Now().Add(10 * time.Second); got != "prompt|ask" && time.Now().Before(deadline); got = camera() {
		time.Sleep(100 * time.Millisecond)
	}
	if got != "prompt|ask" {
		t.Errorf("after a worker restart and the session's end the camera is %q, want prompt (the grant given back)", got)
	}
}
