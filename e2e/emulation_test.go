package e2e

// Emulation, saved state and init scripts in the browser. Every effect is
// read from the page itself, over the test's own CDP connection, or from
// what the test server saw (user agent, headers, cookies, basic auth,
// what the page's first inline script found).

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// emuServer serves /emu/page (a page whose first inline script reports
// window.__emuInit and localStorage's "k") and /emu/auth (basic auth
// admin:s3cret), noting every request's headers per tag.
type emuServer struct {
	*httptest.Server
	mu    sync.Mutex
	seen  map[string][]http.Header
	inits map[string][]string
}

func newEmuServer(t *testing.T) *emuServer {
	t.Helper()
	es := &emuServer{seen: map[string][]http.Header{}, inits: map[string][]string{}}
	mux := http.NewServeMux()
	note := func(r *http.Request) string {
		tag := r.URL.Query().Get("t")
		es.mu.Lock()
		es.seen[tag] = append(es.seen[tag], r.Header.Clone())
		es.mu.Unlock()
		return tag
	}
	mux.HandleFunc("GET /emu/page", func(w http.ResponseWriter, r *http.Request) {
		tag := note(r)
		if r.URL.Query().Get("cookie") != "" {
			http.SetCookie(w, &http.Cookie{Name: "hid", Value: "h1", Path: "/", HttpOnly: true})
		}
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, `<!doctype html><meta name="viewport" content="width=device-width"><title>emu %s</title><script>
navigator.sendBeacon("/emu/init?t=%s", String(window.__emuInit) + "|" + String(localStorage.getItem("pending")));
</script><p>emulation page</p>`, html.EscapeString(tag), html.EscapeString(tag))
	})
	mux.HandleFunc("GET /emu/frames", func(w http.ResponseWriter, r *http.Request) {
		tag := note(r)
		inner := strings.Replace(es.URL, "127.0.0.1", "localhost", 1) + "/emu/page?t=" + url.QueryEscape(tag+"-inner")
		fmt.Fprintf(w, `<!doctype html><title>frames</title><iframe src="%s"></iframe>`, html.EscapeString(inner))
	})
	// A cross-site frame added just before a confirm: its session attaches
	// while the dialog holds the tab.
	mux.HandleFunc("GET /emu/frame-then-confirm", func(w http.ResponseWriter, r *http.Request) {
		tag := note(r)
		inner := strings.Replace(es.URL, "127.0.0.1", "localhost", 1) + "/emu/page?t=" + url.QueryEscape(tag+"-inner")
		fmt.Fprintf(w, `<!doctype html><title>held</title><script>
setTimeout(() => { const f = document.createElement("iframe"); f.src = %q; document.body.append(f); confirm("hold?"); }, 50);
</script><p>parent</p>`, inner)
	})
	mux.HandleFunc("POST /emu/init", func(w http.ResponseWriter, r *http.Request) {
		var b strings.Builder
		buf := make([]byte, 4096)
		n, _ := r.Body.Read(buf)
		b.Write(buf[:n])
		es.mu.Lock()
		es.inits[r.URL.Query().Get("t")] = append(es.inits[r.URL.Query().Get("t")], b.String())
		es.mu.Unlock()
	})
	mux.HandleFunc("GET /emu/auth", func(w http.ResponseWriter, r *http.Request) {
		note(r)
		if u, p, ok := r.BasicAuth(); !ok || u != "admin" || p != "s3cret" {
			w.Header().Set("WWW-Authenticate", `Basic realm="emu"`)
			w.WriteHeader(http.StatusUnauthorized)
			fmt.Fprint(w, "<title>denied</title>")
			return
		}
		fmt.Fprint(w, "<title>authed</title><p>welcome</p>")
	})
	es.Server = httptest.NewServer(mux)
	t.Cleanup(func() {
		es.CloseClientConnections()
		es.Close()
	})
	return es
}

func (es *emuServer) page(tag string, kv ...string) string {
	u := es.URL + "/emu/page?t=" + tag
	for i := 0; i+1 < len(kv); i += 2 {
		u += "&" + kv[i] + "=" + kv[i+1]
	}
	return u
}

// lastHeaders are the headers of the tag's last request.
func (es *emuServer) lastHeaders(t *testing.T, tag string) http.Header {
	t.Helper()
	es.mu.Lock()
	defer es.mu.Unlock()
	hs := es.seen[tag]
	if len(hs) == 0 {
		t.Fatalf("the server saw no request for %s", tag)
	}
	return hs[len(hs)-1]
}

// waitInit waits for the n-th report of the page's first inline script.
func (es *emuServer) waitInit(t *testing.T, tag string, n int) string {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		es.mu.Lock()
		got := es.inits[tag]
		es.mu.Unlock()
		if len(got) >= n {
			return got[n-1]
		}
		if time.Now().After(deadline) {
			t.Fatalf("the page %s reported %d first-script runs, want %d", tag, len(got), n)
		}
	}
}

// pageView is what a page says about itself.
type pageView struct {
	Width, Height int
	DPR           float64
	Dark, Reduce  bool
	Print         bool
	Online        bool
	Zone          string
	Language      string
	IntlLocale    string
	UA            string
	Touch         int
}

const viewJS = `({width: innerWidth, height: innerHeight, dpr: devicePixelRatio,
  dark: matchMedia("(prefers-color-scheme: dark)").matches,
  reduce: matchMedia("(prefers-reduced-motion: reduce)").matches,
  print: matchMedia("print").matches,
  online: navigator.onLine, zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  language: navigator.language, intlLocale: Intl.NumberFormat().resolvedOptions().locale,
  ua: navigator.userAgent, touch: navigator.maxTouchPoints})`

// sameView compares two views but for the height, which the window's
// infobars (the debugger's) change for every tab alike; it must not be an
// emulated one.
func sameView(v, own pageView) bool {
	if v.Height == 400 || v.Height == 664 {
		return false
	}
	v.Height = own.Height
	return v == own
}

// loaded waits until the page's document is the tagged one, loaded (a tab
// the session opens starts at about:blank).
func loaded(t *testing.T, p *page, tag string) *page {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		var ok bool
		p.eval(fmt.Sprintf(`location.href.includes(%q) && document.readyState === "complete"`, tag), &ok)
		if ok {
			return p
		}
		if time.Now().After(deadline) {
			t.Fatalf("the page %s did not load", tag)
		}
	}
}

func view(p *page) pageView {
	var v pageView
	p.eval(viewJS, &v)
	return v
}

// emuShow is `set show --json`'s settings.
func emuShow(t *testing.T, s session) json.RawMessage {
	t.Helper()
	var r struct {
		Settings json.RawMessage `json:"settings"`
	}
	mustJSON(t, &r, in(s, "set", "show")...)
	return r.Settings
}

// timed runs a command that must succeed and says how long it took.
func timed(t *testing.T, args ...string) time.Duration {
	t.Helper()
	start := time.Now()
	mustRun(t, args...)
	return time.Since(start)
}

// One session is a phone in dark mode, offline, in Tokyo, in French, as
// another user agent with extra headers and credentials; a second session
// beside it keeps the browser's own view throughout; the settings survive
// navigation, a tab opened later and a service-worker restart; bad input
// exits 2 and changes nothing; set reset gives the browser's own back.
func TestEmulation(t *testing.T) {
	es := newEmuServer(t)
	tagA, tagB := tagFor(t)+"-a", tagFor(t)+"-b"
	a := newSession(t, es.page(tagA))
	b := newSession(t, es.page(tagB))
	pa, pb := h.cdp.page(t, tagA), h.cdp.page(t, tagB)
	// Attached first: the debugger's infobar takes its height from the
	// window before the views are read.
	mustRun(t, in(a, "get", "title")...)
	mustRun(t, in(b, "get", "title")...)
	origA, origB := view(pa), view(pb)
	if origA.Width == 390 || origA.Zone == "Asia/Tokyo" || origA.Language == "fr-FR" {
		t.Fatalf("the browser's own view already looks emulated: %+v", origA)
	}

	mustRun(t, in(a, "set", "viewport", "500", "400", "--scale", "2")...)
	if v := view(pa); v.Width != 500 || v.Height != 400 || v.DPR != 2 {
		t.Errorf("after set viewport 500 400 --scale 2 the page says %dx%d at %g", v.Width, v.Height, v.DPR)
	}

	d := timed(t, in(a, "set", "device", "iphone 13")...)
	t.Logf("set device took %v", d)
	if v := view(pa); v.Width != 390 || v.Height != 664 || v.DPR != 3 || v.Touch == 0 || !strings.Contains(v.UA, "iPhone") {
		t.Errorf("after set device iphone 13 the page says %+v", v)
	}

	mustRun(t, in(a, "set", "media", "dark", "--reduced-motion", "reduce")...)
	mustRun(t, in(a, "set", "timezone", "Asia/Tokyo")...)
	mustRun(t, in(a, "set", "locale", "fr-FR")...)
	if v := view(pa); !v.Dark || !v.Reduce || v.Zone != "Asia/Tokyo" || v.Language != "fr-FR" || v.IntlLocale != "fr-FR" {
		t.Errorf("after media dark, reduced motion, Tokyo and fr-FR the page says %+v", v)
	}
	var hour string
	pa.eval(`new Date(Date.UTC(2026, 0, 1, 0, 0)).getHours() + ""`, &hour)
	if hour != "9" {
		t.Errorf("midnight UTC is %s o'clock in the page, want 9 (Tokyo)", hour)
	}

	mustRun(t, in(a, "set", "offline", "on")...)
	if v := view(pa); v.Online {
		t.Error("after set offline on navigator.onLine is still true")
	}
	mustRun(t, in(a, "set", "offline", "off")...)
	if v := view(pa); !v.Online {
		t.Error("after set offline off navigator.onLine is false")
	}

	var rtt float64
	mustRun(t, in(a, "set", "throttle", "slow-3g")...)
	pa.eval(`navigator.connection.rtt`, &rtt)
	if rtt < 1000 {
		t.Errorf("after set throttle slow-3g navigator.connection.rtt is %g, want the preset's 2000 ms (rounded)", rtt)
	}
	mustRun(t, in(a, "set", "throttle", "off")...)
	mustRun(t, in(a, "set", "media", "--print")...)
	if v := view(pa); !v.Print || v.Dark {
		t.Errorf("after set media --print (replacing dark) the page says print %v, dark %v", v.Print, v.Dark)
	}
	mustRun(t, in(a, "set", "media", "dark", "--reduced-motion", "reduce")...)

	mustRun(t, in(a, "set", "permissions", "grant", "notifications")...)
	mustRun(t, in(a, "set", "permissions", "deny", "camera")...)
	var perms string
	pa.eval(`navigator.permissions.query({name: "camera"}).then((c) => Notification.permission + "|" + c.state)`, &perms)
	if perms != "granted|denied" {
		t.Errorf("after granting notifications and denying the camera the page says %q", perms)
	}

	mustRun(t, in(a, "set", "geo", "48.8584", "2.2945", "--accuracy", "20")...)
	// Chrome answers a background tab's geolocation request once it is shown.
	if _, err := pa.call("Page.bringToFront", map[string]any{}); err != nil {
		t.Fatal(err)
	}
	var pos struct {
		Lat, Lon float64
		Err      string
	}
	pa.eval(`new Promise((ok) => navigator.geolocation.getCurrentPosition(
		(p) => ok({lat: p.coords.latitude, lon: p.coords.longitude}),
		(e) => ok({err: e.code + " " + e.message}), {timeout: 5000}))`, &pos)
	if pos.Err != "" || pos.Lat != 48.8584 || pos.Lon != 2.2945 {
		t.Errorf("navigator.geolocation answered %+v, want 48.8584, 2.2945", pos)
	}

	mustRun(t, in(a, "set", "useragent", "EmuAgent/1.0")...)
	mustRun(t, in(a, "set", "headers", `{"X-Emu": "yes"}`)...)
	mustRun(t, in(a, "reload")...)
	hd := es.lastHeaders(t, tagA)
	if hd.Get("User-Agent") != "EmuAgent/1.0" || hd.Get("X-Emu") != "yes" || !strings.HasPrefix(hd.Get("Accept-Language"), "fr-FR") {
		t.Errorf("after the reload the server saw User-Agent %q, X-Emu %q, Accept-Language %q",
			hd.Get("User-Agent"), hd.Get("X-Emu"), hd.Get("Accept-Language"))
	}
	// Survives the navigation.
	pa = h.cdp.page(t, tagA)
	if v := view(pa); v.Width != 390 || v.UA != "EmuAgent/1.0" || !v.Dark || v.Zone != "Asia/Tokyo" {
		t.Errorf("after the reload the page says %+v", v)
	}

	if _, errOut, code := runWith(t, []string{"BROWSERCTL_PASSWORD=s3cret"}, "", in(a, "set", "credentials", "admin")...); code != 0 {
		t.Fatalf("set credentials admin: exit %d, %s", code, errOut)
	}
	authTag := tagA + "-auth"
	mustRun(t, in(a, "open", es.URL+"/emu/auth?t="+authTag)...)
	var title string
	pAuth := h.cdp.page(t, authTag)
	pAuth.eval("document.title", &title)
	if title != "authed" {
		t.Errorf("the basic-auth page says %q, want authed", title)
	}
	if got := es.lastHeaders(t, authTag).Get("Authorization"); !strings.HasPrefix(got, "Basic ") {
		t.Errorf("the server saw Authorization %q", got)
	}
	mustRun(t, in(a, "open", es.page(tagA))...)
	pa = h.cdp.page(t, tagA)

	// A tab opened later in the session has the settings from its start.
	tagA2 := tagA + "-later"
	mustRun(t, in(a, "tab", "open", es.page(tagA2))...)
	if v := view(loaded(t, h.cdp.page(t, tagA2), tagA2)); v.Width != 390 || v.UA != "EmuAgent/1.0" || v.Zone != "Asia/Tokyo" {
		t.Errorf("a tab opened later says %+v", v)
	}

	// Bad input: exit 2, the settings as they were.
	before := emuShow(t, a)
	for _, bad := range [][]string{
		{"set", "device", "Nokia 3310 Ultra"},
		{"set", "timezone", "Mars/Phobos"},
		{"set", "locale", "!!"},
		{"set", "viewport", "wide", "100"},
		{"set", "media", "purple"},
		{"set", "headers", "{not json"},
		{"set", "geo", "91", "0"},
		{"set", "throttle", "warp-speed"},
		{"set", "permissions", "grant", "telepathy"},
	} {
		if _, errOut, code := run(t, in(a, bad...)...); code != 2 {
			t.Errorf("browserctl %s: exit %d, want 2; stderr %s", strings.Join(bad, " "), code, errOut)
		}
	}
	if after := emuShow(t, a); string(after) != string(before) {
		t.Errorf("bad input changed the settings:\nbefore %s\nafter  %s", before, after)
	}
	if v := view(pa); v.Width != 390 || v.Zone != "Asia/Tokyo" {
		t.Errorf("after the bad input the page says %+v", v)
	}

	// The other session never saw any of it.
	if v := view(pb); !sameView(v, origB) {
		t.Errorf("the other session's page changed:\nbefore %+v\nafter  %+v", origB, v)
	}
	if hd := es.lastHeaders(t, tagB); hd.Get("X-Emu") != "" || hd.Get("User-Agent") == "EmuAgent/1.0" {
		t.Errorf("the other session's request carried the settings: %v", hd)
	}

	// A restarted service worker puts the settings back as it attaches
	// again: the tab's next command detaches the old worker's attachment
	// (which drops every override) and attaches anew.
	var tabs struct {
		Tabs []tab `json:"tabs"`
	}
	mustJSON(t, &tabs, in(a, "tab", "list")...)
	first := 0
	for _, tb := range tabs.Tabs {
		if strings.Contains(tb.URL, tagA) && !strings.Contains(tb.URL, tagA2) {
			first = tb.TabID
		}
	}
	restartWorker(t)
	mustRun(t, in(a, "eval", "1", "--tab", fmt.Sprint(first))...)
	if v := view(pa); v.Width != 390 || v.UA != "EmuAgent/1.0" || v.Zone != "Asia/Tokyo" || !v.Dark {
		t.Errorf("after a service-worker restart the page says %+v", v)
	}

	// set NAME --reset undoes one; set reset the rest.
	mustRun(t, in(a, "set", "timezone", "--reset")...)
	if v := view(pa); v.Zone != origA.Zone || v.Width != 390 {
		t.Errorf("after set timezone --reset the page says %+v (own zone %s)", v, origA.Zone)
	}
	mustRun(t, in(a, "set", "reset")...)
	for _, p := range []*page{pa, h.cdp.page(t, tagA2)} {
		// A background tab takes its own size back once it is shown (Chrome
		// resizes it as it comes to the front).
		if _, err := p.call("Page.bringToFront", map[string]any{}); err != nil {
			t.Fatal(err)
		}
		v := view(p)
		for deadline := time.Now().Add(3 * time.Second); !sameView(v, origA) && time.Now().Before(deadline); v = view(p) {
			time.Sleep(100 * time.Millisecond)
		}
		if !sameView(v, origA) {
			t.Errorf("set reset did not give the browser's own view back:\nown   %+v\nafter %+v", origA, v)
		}
	}
	pa.eval(`navigator.permissions.query({name: "camera"}).then((c) => Notification.permission + "|" + c.state)`, &perms)
	if perms != "default|prompt" {
		t.Errorf("after set reset the page's permissions are %q, want default|prompt", perms)
	}
	if s := emuShow(t, a); string(s) != "{}" {
		t.Errorf("after set reset set show says %s", s)
	}

	// Two callers at once: both changes hold.
	var wg sync.WaitGroup
	for _, args := range [][]string{{"set", "media", "light"}, {"set", "locale", "de-DE"}, {"set", "timezone", "Europe/Paris"}} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, errOut, code := run(t, in(a, args...)...); code != 0 {
				t.Errorf("browserctl %v: exit %d, %s", args, code, errOut)
			}
		}()
	}
	wg.Wait()
	var both struct {
		Media    struct{ ColorScheme string } `json:"media"`
		Locale   string                       `json:"locale"`
		Timezone string                       `json:"timezone"`
	}
	_ = json.Unmarshal(emuShow(t, a), &both)
	if both.Media.ColorScheme != "light" || both.Locale != "de-DE" || both.Timezone != "Europe/Paris" {
		t.Errorf("after three concurrent set calls the settings are %+v", both)
	}
	mustRun(t, in(a, "set", "reset")...)

	// A tab that cannot take a setting (the debugger is refused on
	// chrome:// pages) makes set fail, naming it; the others have it.
	// browserctl sends no tab to such a page: a person took this one there.
	mustRun(t, in(a, "tab", "open", es.page(tagA+"-chrome"))...)
	if _, err := h.cdp.page(t, tagA+"-chrome").call("Page.navigate", map[string]any{"url": "chrome://version"}); err != nil {
		t.Fatalf("taking the session's tab to chrome://version over the test's own CDP: %v", err)
	}
	for deadline := time.Now().Add(5 * time.Second); len(h.cdp.pagesWith(t, "chrome://version")) == 0; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the tab did not reach chrome://version within 5 s")
		}
	}
	_, errOut, code := run(t, in(a, "set", "timezone", "Europe/Berlin")...)
	if code != 1 || !strings.Contains(errOut, "does not have timezone") {
		t.Errorf("set timezone with a chrome:// tab in the session: exit %d, stderr %s; want 1 naming the tab", code, errOut)
	}
	if v := view(pa); v.Zone != "Europe/Berlin" {
		t.Errorf("the session's other tab says time zone %s, want Europe/Berlin", v.Zone)
	}
	mustRun(t, in(a, "set", "reset")...)
}

// restartWorker stops the extension's service worker and waits until the
// new one is connected.
func restartWorker(t *testing.T) {
	t.Helper()
	workers := extensionWorkers(t)
	if len(workers) != 1 {
		t.Fatalf("want one service worker target of the extension, found %+v", workers)
	}
	if _, err := h.cdp.call(t.Context(), "", "Target.closeTarget", map[string]any{"targetId": workers[0].TargetID}); err != nil {
		t.Fatalf("CDP Target.closeTarget on the service worker: %v", err)
	}
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		if now := extensionWorkers(t); len(now) == 1 && now[0].TargetID != workers[0].TargetID {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the service worker did not come back within 60 s")
		}
	}
	if _, errOut, code := runWithin(t, 70*time.Second, "status", "--wait", "60s"); code != 0 {
		t.Fatalf("the restarted service worker did not reconnect: %s", errOut)
	}
}

// state save writes the session's cookies (HttpOnly ones too) and storage
// to a 0600 file; after clearing them, state load brings them back, a
// Playwright storageState file loads too, and an origin no tab shows gets
// its storage when the session first opens it. An init script's value is
// seen by the page's first inline script, until it is removed, in
// cross-site frames too, one added under an open confirm included.
func TestStateAndInitScripts(t *testing.T) {
	es := newEmuServer(t)
	tag := tagFor(t)
	s := newSession(t, es.page(tag, "cookie", "1"))
	p := h.cdp.page(t, tag)
	p.eval(`document.cookie = "sid=abc; path=/"; localStorage.setItem("k", "v"); sessionStorage.setItem("sk", "sv"); 1`, nil)

	file := filepath.Join(t.TempDir(), "state.json")
	if err := os.WriteFile(file, []byte("old, world-readable"), 0o644); err != nil {
		t.Fatal(err)
	}
	// An existing file is kept without --force; with it, replaced by a 0600 one.
	mustFail(t, 1, 100, in(s, "state", "save", file)...)
	if b, _ := os.ReadFile(file); string(b) != "old, world-readable" {
		t.Fatalf("state save without --force replaced the file: %q", b)
	}
	mustRun(t, in(s, "state", "save", file, "--force")...)
	fi, err := os.Stat(file)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("the state file has mode %v, want 0600", fi.Mode().Perm())
	}
	raw, _ := os.ReadFile(file)
	var saved struct {
		Cookies []struct{ Name, Value string } `json:"cookies"`
		Origins []struct {
			Origin       string                         `json:"origin"`
			LocalStorage []struct{ Name, Value string } `json:"localStorage"`
		} `json:"origins"`
	}
	if err := json.Unmarshal(raw, &saved); err != nil {
		t.Fatalf("the state file is not JSON: %v\n%s", err, raw)
	}
	names := map[string]string{}
	for _, c := range saved.Cookies {
		names[c.Name] = c.Value
	}
	if names["sid"] != "abc" || names["hid"] != "h1" {
		t.Errorf("the state file's cookies are %v, want sid=abc and the HttpOnly hid=h1", names)
	}
	if len(saved.Origins) != 1 || saved.Origins[0].Origin != es.URL || len(saved.Origins[0].LocalStorage) != 1 {
		t.Errorf("the state file's origins are %+v", saved.Origins)
	}

	mustRun(t, in(s, "cookies", "clear")...)
	mustRun(t, in(s, "storage", "local", "clear")...)
	mustRun(t, in(s, "storage", "session", "clear")...)
	var left string
	p.eval(`document.cookie + "|" + String(localStorage.getItem("k"))`, &left)
	if left != "|null" {
		t.Fatalf("after clearing, the page still has %q", left)
	}
	d := timed(t, in(s, "state", "load", file)...)
	t.Logf("state load took %v", d)
	var back string
	p.eval(`document.cookie + "|" + String(localStorage.getItem("k")) + "|" + String(sessionStorage.getItem("sk"))`, &back)
	if back != "sid=abc|v|sv" {
		t.Errorf("after state load the page has %q, want sid=abc|v|sv", back)
	}
	mustRun(t, in(s, "reload")...)
	if got := es.lastHeaders(t, tag).Get("Cookie"); !strings.Contains(got, "hid=h1") || !strings.Contains(got, "sid=abc") {
		t.Errorf("after state load the server saw Cookie %q", got)
	}

	// Playwright's storageState, for this origin and one no tab shows
	// (localhost is another origin of the same server).
	other := strings.Replace(es.URL, "127.0.0.1", "localhost", 1)
	pw := fmt.Sprintf(`{"cookies": [{"name": "pw", "value": "1", "domain": "127.0.0.1", "path": "/", "expires": -1,
  "httpOnly": false, "secure": false, "sameSite": "Lax"}],
 "origins": [{"origin": %q, "localStorage": [{"name": "pwk", "value": "pwv"}]},
             {"origin": %q, "localStorage": [{"name": "pending", "value": "arrived"}]}]}`, es.URL, other)
	pwFile := filepath.Join(t.TempDir(), "playwright.json")
	if err := os.WriteFile(pwFile, []byte(pw), 0o600); err != nil {
		t.Fatal(err)
	}
	var loaded struct {
		Cookies int      `json:"cookies"`
		Origins []string `json:"origins"`
		Pending []string `json:"pending"`
	}
	mustJSON(t, &loaded, in(s, "state", "load", pwFile)...)
	if loaded.Cookies != 1 || len(loaded.Origins) != 1 || len(loaded.Pending) != 1 || loaded.Pending[0] != other {
		t.Errorf("state load of a Playwright file answered %+v", loaded)
	}
	p = h.cdp.page(t, tag)
	p.eval(`document.cookie.includes("pw=1") + "|" + localStorage.getItem("pwk")`, &back)
	if back != "true|pwv" {
		t.Errorf("after loading the Playwright file the page has %q", back)
	}
	otherTag := tag + "-other"
	mustRun(t, in(s, "open", strings.Replace(es.page(otherTag), "127.0.0.1", "localhost", 1))...)
	if got := es.waitInit(t, otherTag, 1); got != "undefined|arrived" {
		t.Errorf("the first script of the origin no tab showed found %q, want its storage (undefined|arrived)", got)
	}

	// Bad state files: exit 2.
	for _, bad := range []string{`{"cookies": "x"}`, `[1, 2]`, `{"cookies": [{"value": "no name"}]}`, `not json`} {
		f := filepath.Join(t.TempDir(), "bad.json")
		_ = os.WriteFile(f, []byte(bad), 0o600)
		if _, errOut, code := run(t, in(s, "state", "load", f)...); code != 2 {
			t.Errorf("state load of %s: exit %d, want 2; %s", bad, code, errOut)
		}
	}

	// An init script runs before the page's first inline script.
	mustRun(t, in(s, "open", es.page(tag))...)
	es.mu.Lock()
	n := len(es.inits[tag])
	es.mu.Unlock()
	mustRun(t, in(s, "init-script", "add", "--code", `window.__emuInit = "from-init"`)...)
	var list struct {
		Scripts []struct{ ID, Name string } `json:"scripts"`
	}
	mustJSON(t, &list, in(s, "init-script", "list")...)
	var id string
	for _, sc := range list.Scripts {
		if sc.Name == "--code" {
			id = sc.ID
		}
	}
	if id == "" {
		t.Fatalf("init-script list shows no --code script: %+v", list.Scripts)
	}
	mustRun(t, in(s, "reload")...)
	if got := es.waitInit(t, tag, n+1); !strings.HasPrefix(got, "from-init|") {
		t.Errorf("the page's first inline script found window.__emuInit = %q, want from-init", got)
	}
	laterTag := tag + "-later"
	mustRun(t, in(s, "tab", "open", es.page(laterTag))...)
	if got := es.waitInit(t, laterTag, 1); !strings.HasPrefix(got, "from-init|") {
		t.Errorf("a tab opened later: the first inline script found %q, want from-init", got)
	}
	// Every frame: a cross-site (out-of-process) frame's document too.
	framesTag := tag + "-frames"
	mustRun(t, in(s, "open", es.URL+"/emu/frames?t="+framesTag)...)
	if got := es.waitInit(t, framesTag+"-inner", 1); !strings.HasPrefix(got, "from-init|") {
		t.Errorf("a cross-site frame's first inline script found %q, want from-init", got)
	}
	mustRun(t, in(s, "reload")...)
	if got := es.waitInit(t, framesTag+"-inner", 2); !strings.HasPrefix(got, "from-init|") {
		t.Errorf("after a reload a cross-site frame's first inline script found %q, want from-init", got)
	}
	// A cross-site frame that attaches while a confirm holds the tab waits
	// at its start for the script, and still loads, with it, once the
	// dialog is dismissed.
	heldTag := tag + "-held"
	mustRun(t, in(s, "open", "--wait-until", "none", es.URL+"/emu/frame-then-confirm?t="+heldTag)...)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if _, _, code := run(t, in(s, "dialog", "dismiss")...); code == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the page's confirm did not open within 10 s")
		}
	}
	if got := es.waitInit(t, heldTag+"-inner", 1); !strings.HasPrefix(got, "from-init|") {
		t.Errorf("a cross-site frame added under a confirm: its first inline script found %q, want from-init", got)
	}
	mustRun(t, in(s, "init-script", "remove", id)...)
	mustRun(t, in(s, "reload", "--tab", fmt.Sprint(s.ActiveTabID))...)
	if got := es.waitInit(t, tag, n+2); !strings.HasPrefix(got, "undefined|") {
		t.Errorf("after init-script remove the first script found %q", got)
	}
	if _, _, code := run(t, in(s, "init-script", "remove", id)...); code != 2 {
		t.Errorf("removing an unknown init script: exit %d, want 2", code)
	}
}
