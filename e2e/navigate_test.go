package e2e

// Navigation in the browser: open/back/forward/reload, the waits, the
// dialog policy and honest timeouts. What the page did is read from its own
// reports and over the test's CDP connection, never from the extension.

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// navServer serves the test pages like the harness's server (reports go to
// the same recorder) plus /slow?ms=N, answered after N ms; it notes when
// each slow answer went out.
type navServer struct {
	*httptest.Server
	mu       sync.Mutex
	slowDone []time.Time
}

func newNavServer(t *testing.T) *navServer {
	t.Helper()
	ns := &navServer{}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /slow", func(w http.ResponseWriter, r *http.Request) {
		ms, _ := strconv.Atoi(r.URL.Query().Get("ms"))
		select {
		case <-time.After(time.Duration(ms) * time.Millisecond):
		case <-r.Context().Done():
			return
		}
		if r.URL.Query().Get("img") != "" {
			w.Header().Set("Content-Type", "image/svg+xml")
			w.Write([]byte(`<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>`))
		} else {
			w.Write([]byte("ok"))
		}
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
		ns.mu.Lock()
		ns.slowDone = append(ns.slowDone, time.Now())
		ns.mu.Unlock()
	})
	mux.Handle("/", h.rec.handler())
	ns.Server = httptest.NewServer(mux)
	t.Cleanup(func() {
		ns.CloseClientConnections()
		ns.Close()
	})
	return ns
}

func (ns *navServer) url(path, tag string, kv ...string) string {
	u := ns.URL + path + "?t=" + tag
	for i := 0; i+1 < len(kv); i += 2 {
		u += "&" + kv[i] + "=" + kv[i+1]
	}
	return u
}

func (ns *navServer) firstSlowDone() (time.Time, bool) {
	ns.mu.Lock()
	defer ns.mu.Unlock()
	if len(ns.slowDone) == 0 {
		return time.Time{}, false
	}
	return ns.slowDone[0], true
}

type navResult struct {
	URL   string `json:"url"`
	Title string `json:"title"`
}

func mustNav(t *testing.T, args ...string) navResult {
	t.Helper()
	var r navResult
	mustJSON(t, &r, args...)
	return r
}

// loads counts the page's load reports for one page name.
func loads(tag, name string) int {
	n := 0
	for _, e := range h.rec.of(tag, "load") {
		if strings.Contains(e.str("url"), "name="+name) {
			n++
		}
	}
	return n
}

func TestOpenBackForwardReload(t *testing.T) {
	ns := newNavServer(t)
	tag := tagFor(t)
	a, b := ns.url("/nav.html", tag, "name", "A"), ns.url("/nav.html", tag, "name", "B")
	s := newSession(t, a)
	h.rec.waitFor(t, tag, "page A's load", func(e event) bool { return e.Type == "load" })
	p := h.cdp.page(t, tag)

	r := mustNav(t, in(s, "open", b)...)
	if r.URL != b || r.Title != "Nav B" {
		t.Errorf("open B answered %+v, want url %s title %q", r, b, "Nav B")
	}
	if got := p.evalString("location.href"); got != b {
		t.Errorf("after open B the tab is at %s", got)
	}
	if p.evalString("document.readyState") != "complete" {
		t.Errorf("open returned before the page loaded (--wait-until load is the default)")
	}
	if loads(tag, "B") != 1 {
		t.Errorf("page B reported %d loads, want 1", loads(tag, "B"))
	}

	r = mustNav(t, in(s, "back")...)
	if r.URL != a || r.Title != "Nav A" {
		t.Errorf("back answered %+v, want %s", r, a)
	}
	if got := p.evalString("location.href"); got != a {
		t.Errorf("after back the tab is at %s", got)
	}
	r = mustNav(t, in(s, "forward")...)
	if r.URL != b {
		t.Errorf("forward answered %+v, want %s", r, b)
	}
	if got := p.evalString("location.href"); got != b {
		t.Errorf("after forward the tab is at %s", got)
	}
	p.eval("window.marker = 1", nil)
	before := loads(tag, "B")
	r = mustNav(t, in(s, "reload")...)
	if r.URL != b || r.Title != "Nav B" {
		t.Errorf("reload answered %+v", r)
	}
	if p.evalBool("window.marker === 1") {
		t.Errorf("reload did not load a new document (the old one's marker is still there)")
	}
	h.rec.waitFor(t, tag, "a second load of page B", func(event) bool { return loads(tag, "B") > before })

	// At the end of the history there is no forward: an error, exit 1.
	errOut := mustFail(t, 1, 4110, in(s, "forward")...)
	if !strings.Contains(errOut, "no next page") {
		t.Errorf("forward at the end of the history: %q", errOut)
	}

	// A same-document navigation (a fragment) answers at once.
	r = mustNav(t, in(s, "open", b+"#part")...)
	if !strings.HasSuffix(r.URL, "#part") {
		t.Errorf("open #part answered %+v", r)
	}
}

func TestOpenErrors(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/lab.html", tag))
	waitLoad(t, s)
	// A port nobody listens on: the browser's own reason, exit 1.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	refused := "http://" + l.Addr().String() + "/nothing"
	l.Close()
	errOut := mustFail(t, 1, 4110, in(s, "open", refused)...)
	if !strings.Contains(errOut, "net::ERR_CONNECTION_REFUSED") || !strings.Contains(errOut, refused) {
		t.Errorf("open of a refused port: %q, want net::ERR_CONNECTION_REFUSED naming the URL", errOut)
	}
	// Without a scheme the URL gets https://: our test server speaks plain
	// HTTP, so the TLS handshake fails, naming the https URL.
	hostPath := strings.TrimPrefix(h.web.URL, "http://") + "/lab.html?t=" + tag + "-https"
	errOut = mustFail(t, 1, 4110, in(s, "open", hostPath)...)
	if !strings.Contains(errOut, "https://"+hostPath) || !strings.Contains(errOut, "net::ERR_") {
		t.Errorf("open %s: %q, want a net:: error for https://%s", hostPath, errOut, hostPath)
	}
	// session create --url and tab open keep working beside open.
	var tb tab
	tabURL := pageURL("/lab.html", tag+"-tab")
	mustJSON(t, &tb, in(s, "tab", "open", tabURL)...)
	// Answered once the load committed: the new document's URL, and its
	// title or none yet, never the blank tab's it was made at.
	if tb.URL != tabURL || (tb.Title != "" && tb.Title != "Lab") {
		t.Errorf("tab open answered url %q title %q, want %q and Lab or no title yet", tb.URL, tb.Title, tabURL)
	}
	h.rec.waitFor(t, tag+"-tab", "the new tab's load", func(e event) bool { return e.Type == "load" })
	mustRun(t, in(s, "--timeout", "3s", "open", "--wait-until", "domcontentloaded", pageURL("/lab.html", tag+"-opened"))...)
	h.rec.waitFor(t, tag+"-opened", "the load of the page open sent the new tab to", func(e event) bool { return e.Type == "load" })
	// --tab sends that tab, not the active one.
	first := s.ActiveTabID
	r := mustNav(t, in(s, "open", "--tab", itoa(first), pageURL("/lab.html", tag+"-bytab"))...)
	if !strings.Contains(r.URL, tag+"-bytab") {
		t.Errorf("open --tab %d answered %+v", first, r)
	}
	h.rec.waitFor(t, tag+"-bytab", "the load in the --tab tab", func(e event) bool { return e.Type == "load" })
	if n := len(h.cdp.pagesWith(t, tag+"-opened")); n != 1 {
		t.Errorf("open --tab moved the active tab too: %d tabs still show the -opened page, want 1", n)
	}
	var tabs []tab
	for _, tb := range tabsOf(t, s) {
		if tb.TabID == first {
			tabs = append(tabs, tb)
		}
	}
	if len(tabs) != 1 || !strings.Contains(tabs[0].URL, tag+"-bytab") {
		t.Errorf("tab %d after open --tab: %+v", first, tabs)
	}
}

func TestOpenWaitUntil(t *testing.T) {
	ns := newNavServer(t)
	tag := tagFor(t)
	s := newSession(t, ns.url("/nav.html", tag, "name", "start"))
	h.rec.waitFor(t, tag, "the first load", func(e event) bool { return e.Type == "load" })
	p := h.cdp.page(t, tag)

	// domcontentloaded: back before the slow image lets the load event fire.
	mustNav(t, in(s, "open", "--wait-until", "domcontentloaded", ns.url("/nav.html", tag, "name", "slow", "slow", "3000"))...)
	if st := p.evalString("document.readyState"); st != "interactive" {
		t.Errorf("--wait-until domcontentloaded: readyState %q right after, want interactive (the image holds load for 3 s)", st)
	}
	// load: waits for it.
	mustNav(t, in(s, "open", "--wait-until", "load", ns.url("/nav.html", tag, "name", "slow2", "slow", "1500"))...)
	if st := p.evalString("document.readyState"); st != "complete" {
		t.Errorf("--wait-until load: readyState %q right after", st)
	}
	// networkidle: waits for the fetch the page makes after load.
	mustNav(t, in(s, "open", "--wait-until", "networkidle", ns.url("/nav.html", tag, "name", "idle", "fetch", "800"))...)
	if !p.evalBool("window.fetched === true") {
		t.Errorf("--wait-until networkidle returned before the page's fetch after load finished")
	}
	// none: back before the server answered the slow image.
	ns2 := newNavServer(t)
	var exited time.Time
	mustNav(t, in(s, "open", "--wait-until", "none", ns2.url("/nav.html", tag, "name", "none", "slow", "3000"))...)
	exited = time.Now()
	h.rec.waitFor(t, tag, "the none page's load", func(e event) bool {
		return e.Type == "load" && strings.Contains(e.str("url"), "name=none")
	})
	if done, ok := ns2.firstSlowDone(); !ok || !exited.Before(done) {
		t.Errorf("--wait-until none returned at %s, after the slow image was served at %s", exited, done)
	}
	// A load that does not come within --timeout: exit 4, naming it.
	_, errOut, code := run(t, in(s, "--timeout", "1s", "open", ns.url("/nav.html", tag, "name", "late", "slow", "5000"))...)
	if code != 4 || !strings.Contains(errOut, "timed out") || !strings.Contains(errOut, "name=late") || !strings.Contains(errOut, "--timeout") {
		t.Errorf("open with a load later than --timeout: exit %d, %q; want exit 4, a timeout naming the URL and a --timeout hint", code, errOut)
	}
}

// reload, back and forward to a server that no longer answers fail with
// the browser's reason too, never a quiet success on an error page.
func TestHistoryNavigationErrors(t *testing.T) {
	ns := newNavServer(t)
	tag := tagFor(t)
	a := pageURL("/nav.html", tag, "name", "A")
	s := newSession(t, a)
	h.rec.waitFor(t, tag, "page A's load", func(e event) bool { return e.Type == "load" })
	b := ns.url("/nav.html", tag, "name", "B")
	mustNav(t, in(s, "open", b)...)
	ns.CloseClientConnections()
	ns.Close()
	errOut := mustFail(t, 1, 4110, in(s, "reload")...)
	if !strings.Contains(errOut, "net::ERR_CONNECTION_REFUSED") {
		t.Errorf("reload of a page whose server is gone: %q", errOut)
	}
	// back to A (still served); forward to B may come from the
	// back/forward cache, a real page then, or fail like reload.
	mustNav(t, in(s, "back")...)
	out, errOut, code := run(t, in(s, "forward")...)
	if code == 0 && !strings.Contains(out, `"title":"Nav B"`) || code != 0 && !strings.Contains(errOut, "net::ERR_CONNECTION_REFUSED") {
		t.Errorf("forward to a page whose server is gone: exit %d, %q %q", code, out, errOut)
	}
	// The tab still works.
	if r := mustNav(t, in(s, "open", a)...); r.Title != "Nav A" {
		t.Errorf("open after the failed navigations: %+v", r)
	}
}

// A session made without a URL starts on about:blank: open leaves it and
// back returns to it.
func TestBackToAboutBlank(t *testing.T) {
	tag := tagFor(t)
	var s session
	mustJSON(t, &s, "session", "create", "--name", t.Name())
	t.Cleanup(func() { run(t, "session", "close", s.SessionID) })
	u := pageURL("/lab.html", tag)
	if r := mustNav(t, in(s, "open", u)...); r.URL != u || r.Title != "Lab" {
		t.Errorf("open from about:blank answered %+v", r)
	}
	if r := mustNav(t, in(s, "--timeout", "10s", "back")...); r.URL != "about:blank" {
		t.Errorf("back to about:blank answered %+v", r)
	}
}

// open answers the title the document has once it loaded (one its load
// handler set, not only the parsed <title>), and the command right after
// it acts on the new document: open answers before the in-page script is
// installed, which the next command finds made or joins.
func TestOpenAnswersTheLoadedDocument(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/inline", tag, "html", "<title>First</title>"))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)
	for i := 0; i < 3; i++ {
		u := pageURL("/inline", tag, "html", fmt.Sprintf(`<title>Parsed</title>
<script>onload = () => { document.title = "Loaded %d" }</script>
<button id=b onclick="this.textContent = 'pressed %d'">press</button>`, i, i))
		r := mustNav(t, in(s, "open", u)...)
		if want := fmt.Sprintf("Loaded %d", i); r.URL != u || r.Title != want {
			t.Errorf("open answered %+v, want url %s title %q", r, u, want)
		}
		mustRun(t, in(s, "click", "#b")...)
		if got, want := p.evalString(`document.getElementById("b").textContent`), fmt.Sprintf("pressed %d", i); got != want {
			t.Errorf("after open and click the button says %q, want %q", got, want)
		}
	}
	// No title: "", not the URL the tab strip shows; a pushState in the
	// load handler: the URL it moved to.
	u := pageURL("/inline", tag, "html", `<p>untitled<script>onload = () => history.pushState({}, "", "#moved")</script>`)
	if r := mustNav(t, in(s, "open", u)...); r.URL != u+"#moved" || r.Title != "" {
		t.Errorf("open answered %+v, want url %s#moved and no title", r, u)
	}
}

// A page the server answers with an error status loads like any other
// (exit 0), and open says the status: in --json, and for a person on
// stderr beside the URL and title; so does a click that went there.
// browser_navigate and browser_click say it to an agent.
func TestOpenSaysAnHTTPErrorStatus(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/inline", tag, "html", "<title>First</title>"))
	waitLoad(t, s)
	missing := pageURL("/inline", tag, "status", "404", "html", "<title>Not here</title><h1>No such page</h1>")

	var r struct {
		URL, Title string
		Status     int
	}
	mustJSON(t, &r, in(s, "open", missing)...)
	if r.URL != missing || r.Title != "Not here" || r.Status != 404 {
		t.Errorf("open of a 404 page answered %+v, want its URL, title and status 404", r)
	}
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	out, errOut, code := h.exec(ctx, in(s, "open", missing)...)
	if code != 0 || out != missing+"\nNot here\n" || !strings.Contains(errOut, "note: the server answered HTTP 404 Not Found") {
		t.Errorf("open of a 404 page for a person: exit %d, stdout %q, stderr %q; want exit 0, the URL and title, and the status on stderr", code, out, errOut)
	}

	fine := pageURL("/inline", tag, "html", "<title>Fine</title>")
	r.Status = 0
	mustJSON(t, &r, in(s, "open", fine)...)
	if r.Status != 200 {
		t.Errorf("open of an ordinary page answered status %d, want 200", r.Status)
	}
	out, errOut, code = h.exec(ctx, in(s, "open", fine)...)
	if code != 0 || out != fine+"\nFine\n" || strings.Contains(errOut, "note:") {
		t.Errorf("open of an ordinary page: exit %d, stdout %q, stderr %q; want its URL and title and no note", code, out, errOut)
	}

	// a 204 answer has no page: the tab stays, and the error says why
	empty := pageURL("/inline", tag, "status", "204", "html", "<title>Never shown</title>")
	if errOut := mustFail(t, 1, 4110, in(s, "open", empty)...); !strings.Contains(errOut, "the server answered HTTP 204 No Content: there is no page to show") {
		t.Errorf("open of a 204 answer: stderr %q, want it to say the status and that there is no page", errOut)
	}
	if at := h.cdp.page(t, tag).evalString("location.href"); at != fine {
		t.Errorf("after open of a 204 answer the tab is at %s, want it still at %s", at, fine)
	}

	// a link to it: the click's navigation says the status too
	linking := pageURL("/inline", tag, "html", `<title>Links</title><a id=gone href="`+htmlEscape(missing)+`">Gone</a>`)
	mustRun(t, in(s, "open", linking)...)
	var c struct {
		Navigation struct {
			URL    string
			Status int
		}
	}
	mustJSON(t, &c, in(s, "click", "#gone")...)
	if c.Navigation.URL != missing || c.Navigation.Status != 404 {
		t.Errorf("a click on a link to a 404 page answered navigation %+v, want its URL and status 404", c.Navigation)
	}
	mustRun(t, in(s, "open", linking)...)
	out, errOut, code = h.exec(ctx, in(s, "click", "#gone")...)
	if code != 0 || !strings.Contains(out, "the click started a navigation to "+missing) || !strings.Contains(errOut, "note: the server answered HTTP 404 Not Found") {
		t.Errorf("a click to a 404 page for a person: exit %d, stdout %q, stderr %q", code, out, errOut)
	}

	// a form sent with Enter: the key press names the navigation, and its status
	form := pageURL("/inline", tag, "html", `<title>Search</title><form action="/inline">`+
		`<input type=hidden name=t value="`+htmlEscape(tag)+`"><input type=hidden name=status value=404>`+
		`<input type=hidden name=html value="&lt;title>Not here&lt;/title>&lt;h1>No such page&lt;/h1>">`+
		`<input id=q name=q aria-label=Query></form>`)
	p := h.cdp.page(t, tag)
	mustRun(t, in(s, "open", form)...)
	mustRun(t, in(s, "fill", "#q", "sent-by-enter")...)
	mustJSON(t, &c, in(s, "press", "Enter")...)
	if at := p.evalString("location.href"); c.Navigation.URL != at || !strings.Contains(at, "q=sent-by-enter") || c.Navigation.Status != 404 {
		t.Errorf("Enter in a form's field answered navigation %+v; the page is at %s (want it, with status 404)", c.Navigation, at)
	}
	mustRun(t, in(s, "open", form)...)
	mustRun(t, in(s, "fill", "#q", "sent-by-enter")...)
	out, errOut, code = h.exec(ctx, in(s, "press", "Enter")...)
	if code != 0 || !strings.HasPrefix(out, "the key started a navigation to ") || !strings.Contains(errOut, "note: the server answered HTTP 404 Not Found") {
		t.Errorf("Enter to a 404 page for a person: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	// a key that sets nothing off answers just ok
	var k map[string]any
	mustJSON(t, &k, in(s, "press", "Tab")...)
	if len(k) != 1 || k["ok"] != true {
		t.Errorf("press Tab answered %v, want only ok", k)
	}

	a := startMCP(t)
	a.call("browser_navigate", map[string]any{"url": form})
	if got := a.call("browser_type", map[string]any{"target": "#q", "text": "sent-by-mcp", "submit": true}); !strings.Contains(got, "The server answered HTTP 404 Not Found") {
		t.Errorf("browser_type with submit to a 404 page does not say the status:\n%s", got)
	}
	a.call("browser_navigate", map[string]any{"url": form})
	a.call("browser_type", map[string]any{"target": "#q", "text": "sent-by-mcp"})
	if got := a.call("browser_press_key", map[string]any{"key": "Enter"}); !strings.Contains(got, "The server answered HTTP 404 Not Found") || !strings.Contains(got, "No such page") {
		t.Errorf("browser_press_key Enter to a 404 page does not say the status beside the page:\n%s", got)
	}
	if got := a.call("browser_navigate", map[string]any{"url": missing}); !strings.Contains(got, "The server answered HTTP 404 Not Found") || !strings.Contains(got, `heading "No such page"`) {
		t.Errorf("browser_navigate to a 404 page does not say the status beside the page:\n%s", got)
	}
	a.call("browser_navigate", map[string]any{"url": linking})
	if got := a.call("browser_click", map[string]any{"target": "#gone"}); !strings.Contains(got, "The server answered HTTP 404 Not Found") || !strings.Contains(got, "No such page") {
		t.Errorf("browser_click to a 404 page does not say the status beside the page:\n%s", got)
	}
}

// A page whose script never pauses holds its tab: the browser cannot
// leave it for another page of its site. open times out saying so and
// what to do (close the tab), where a slow server's page only times out.
// The pages are served on a site of their own (127.0.0.2), so the
// renderer they hang is no other test's.
func TestOpenFromAPageThatNeverYields(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Fatalf("no second loopback address to serve a site of its own: %v", err)
	}
	release := make(chan struct{})
	mux := http.NewServeMux()
	mux.HandleFunc("GET /busy", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<title>Busy</title><p>spinning<script>onload = () => setTimeout(() => { for (;;) {} }, 50)</script>`)
	})
	mux.HandleFunc("GET /next", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<title>Next</title><p>next`)
	})
	mux.HandleFunc("GET /slow", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	srv := &httptest.Server{Listener: ln, Config: &http.Server{Handler: mux}}
	srv.Start()
	defer srv.Close()
	defer close(release)

	tag := tagFor(t)
	s := newSession(t, srv.URL+"/next?t="+tag)
	// a slow server: only the timeout
	errOut := mustFail(t, 4, 4102, in(s, "--timeout", "2s", "open", srv.URL+"/slow")...)
	if strings.Contains(errOut, "did not let it in") {
		t.Errorf("open of a slow server's page blames the page shown: %q", errOut)
	}
	mustRun(t, in(s, "open", srv.URL+"/busy")...)
	time.Sleep(300 * time.Millisecond) // its loop has begun
	errOut = mustFail(t, 4, 4102, in(s, "--timeout", "2s", "open", srv.URL+"/next")...)
	if !strings.Contains(errOut, "the page arrived, but the page shown did not let it in (a script in it runs without a pause); close the tab") {
		t.Errorf("open from a page that never yields: stderr %q does not say why nor what to do", errOut)
	}
	// what it says to do works: a new tab, closing the busy one
	var tb tab
	mustJSON(t, &tb, in(s, "tab", "open", srv.URL+"/next?t="+tag+"-2")...)
	mustRun(t, in(s, "tab", "close", itoa(s.ActiveTabID))...)
	if got := strings.TrimSpace(mustRun(t, in(s, "get", "title")...)); got != `{"value":"Next"}` {
		t.Errorf("the new tab's title: %s", got)
	}
}
