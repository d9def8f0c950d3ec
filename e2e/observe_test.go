package e2e

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

type consoleEntry struct {
	Seq   int64  `json:"seq"`
	Level string `json:"level"`
	Text  string `json:"text"`
	URL   string `json:"url"`
	Line  int    `json:"line"`
}

type errorEntry struct {
	Kind string `json:"kind"`
	Text string `json:"text"`
	URL  string `json:"url"`
	Line int    `json:"line"`
}

type requestEntry struct {
	Method  string `json:"method"`
	URL     string `json:"url"`
	Type    string `json:"type"`
	Status  int    `json:"status"`
	Failure string `json:"failure"`
	Blocked bool   `json:"blocked"`
	Size    int64  `json:"size"`
}

// A page logs at each level, throws, rejects a promise and makes a request
// that succeeds, one that fails and one that is blocked: console, errors
// and network requests show each, and the page's own view agrees.
func TestConsoleErrorsNetwork(t *testing.T) {
	tag := tagFor(t)
	closed, err := freePort() // nothing listens there: the request is refused
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(t, pageURL("/logs.html", tag, "refuse", itoa(closed)))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)

	// Reading attaches the debugger; from here on everything is kept.
	mustRun(t, in(s, "console")...)
	var blocked struct {
		Patterns []string `json:"patterns"`
	}
	mustJSON(t, &blocked, in(s, "network", "block", "blocked-thing")...)
	if len(blocked.Patterns) != 1 || blocked.Patterns[0] != "blocked-thing" {
		t.Errorf("network block answered %v", blocked.Patterns)
	}

	// console --follow, started before the page logs
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	lines, stop := followLines(t, ctx, "--session", s.SessionID, "console", "--follow")
	errLines, stopErrors := followLines(t, ctx, "--session", s.SessionID, "errors", "--follow")
	netLines, stopNetwork := followLines(t, ctx, "--session", s.SessionID, "network", "requests", "--follow", "--filter", tag)

	p.eval("misbehave()", nil)
	for _, which := range []string{"ok", "refused", "blocked"} {
		h.rec.waitFor(t, tag, "the page's "+which+" fetch ending", func(e event) bool { return e.Type == "fetch" && e.str("which") == which })
	}
	for _, e := range h.rec.of(tag, "fetch") {
		switch e.str("which") {
		case "ok":
			if e.num("status") != 200 {
				t.Errorf("the page's ok fetch: %v", e.Data)
			}
		case "blocked", "refused":
			if e.str("error") == "" {
				t.Errorf("the page's %s fetch did not fail: %v", e.str("which"), e.Data)
			}
		}
	}
	for _, e := range h.rec.of(tag, "hit") {
		if e.str("path") == "blocked-thing" {
			t.Errorf("a blocked request reached the server")
		}
	}

	t.Run("follow", func(t *testing.T) {
		seen := map[string]string{}
		deadline := time.After(20 * time.Second)
		for len(seen) < 5 {
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("console --follow ended early; saw %v", seen)
				}
				var e consoleEntry
				if json.Unmarshal([]byte(l), &e) == nil && strings.Contains(e.Text, tag) {
					seen[e.Text] = e.Level
				}
			case <-deadline:
				t.Fatalf("console --follow streamed only %v within 20 s", seen)
			}
		}
		stop()

		// errors and network requests follow the same way
		wantErr := map[string]bool{"thrown-" + tag: false, "rejected-" + tag: false}
		wantNet := map[string]bool{"/served/ok": false, "refused-": false, "blocked-thing": false}
		done := func(m map[string]bool) bool {
			for _, v := range m {
				if !v {
					return false
				}
			}
			return true
		}
		var errSeen, netSeen []string // every line, for the failure's message
		for !done(wantErr) || !done(wantNet) {
			select {
			case l, ok := <-errLines:
				if !ok {
					t.Fatalf("errors --follow ended early; saw %v", wantErr)
				}
				errSeen = append(errSeen, l)
				for k := range wantErr {
					wantErr[k] = wantErr[k] || strings.Contains(l, k)
				}
			case l, ok := <-netLines:
				if !ok {
					t.Fatalf("network requests --follow ended early; saw %v", wantNet)
				}
				netSeen = append(netSeen, l)
				for k := range wantNet {
					wantNet[k] = wantNet[k] || strings.Contains(l, k)
				}
			case <-deadline:
				t.Fatalf("within 20 s errors --follow saw %v, network requests --follow %v\nerrors lines:\n%s\nnetwork lines:\n%s",
					wantErr, wantNet, strings.Join(errSeen, "\n"), strings.Join(netSeen, "\n"))
			}
		}
		stopErrors()
		stopNetwork()
	})

	t.Run("console", func(t *testing.T) {
		var r struct {
			Entries []consoleEntry `json:"entries"`
		}
		mustJSON(t, &r, in(s, "console")...)
		want := map[string]string{
			"debug-" + tag: "debug",
			"log-" + tag + ` 42 {a: 1, b: "x"} [1, 2]`: "log",
			"info-" + tag:  "info",
			"warn-" + tag:  "warning",
			"error-" + tag: "error",
		}
		got := map[string]consoleEntry{}
		for _, e := range r.Entries {
			got[e.Text] = e
		}
		for text, level := range want {
			e, ok := got[text]
			if !ok {
				t.Errorf("console lacks %q; got %+v", text, r.Entries)
				continue
			}
			if e.Level != level || !strings.Contains(e.URL, "/logs.html") || e.Line <= 0 {
				t.Errorf("console entry %q: %+v; want level %s at logs.html with a line", text, e, level)
			}
		}
		mustJSON(t, &r, in(s, "console", "--level", "warning")...)
		for _, e := range r.Entries {
			if e.Level != "warning" && e.Level != "error" {
				t.Errorf("console --level warning shows %+v", e)
			}
		}
		if len(r.Entries) < 2 {
			t.Errorf("console --level warning: %+v; want the warning and the error", r.Entries)
		}
		mustJSON(t, &r, in(s, "console", "--clear")...)
		mustJSON(t, &r, in(s, "console")...)
		if len(r.Entries) != 0 {
			t.Errorf("after console --clear: %+v", r.Entries)
		}
	})

	t.Run("errors", func(t *testing.T) {
		var r struct {
			Entries []errorEntry `json:"entries"`
		}
		mustJSON(t, &r, in(s, "errors")...)
		var thrown, rejected bool
		for _, e := range r.Entries {
			if e.Kind == "exception" && strings.Contains(e.Text, "thrown-"+tag) && strings.Contains(e.URL, "logs.html") && e.Line > 0 {
				thrown = true
			}
			if e.Kind == "rejection" && strings.Contains(e.Text, "rejected-"+tag) {
				rejected = true
			}
		}
		if !thrown || !rejected {
			t.Errorf("errors: %+v; want the thrown exception (with its location) and the rejection", r.Entries)
		}
	})

	t.Run("network", func(t *testing.T) {
		var r struct {
			Requests []requestEntry `json:"requests"`
			InFlight []requestEntry `json:"inflight"`
		}
		find := func(part string) *requestEntry {
			for i := range r.Requests {
				if strings.Contains(r.Requests[i].URL, part) {
					return &r.Requests[i]
				}
			}
			return nil
		}
		// The page's fetch resolves on the response's headers; the request
		// is listed as done once its body has arrived too (loadingFinished),
		// which on a busy machine may come a moment after: until then a
		// plain listing shows it in flight.
		for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(100 * time.Millisecond) {
			mustJSON(t, &r, in(s, "network", "requests", "--filter", tag)...)
			if find("/served/ok") != nil || time.Now().After(deadline) {
				break
			}
		}
		if e := find("/served/ok"); e == nil || e.Status != 200 || e.Method != "GET" || e.Type != "Fetch" || e.Size <= 0 || e.Failure != "" {
			t.Errorf("the ok request: %+v (in flight: %+v)", e, r.InFlight)
		}
		if e := find("refused-"); e == nil || e.Failure != "net::ERR_CONNECTION_REFUSED" || e.Blocked {
			t.Errorf("the refused request: %+v; want a failure reason", e)
		}
		if e := find("blocked-thing"); e == nil || !e.Blocked || !strings.Contains(e.Failure, "BLOCKED_BY_CLIENT") {
			t.Errorf("the blocked request: %+v; want blocked, net::ERR_BLOCKED_BY_CLIENT", e)
		}
		mustJSON(t, &r, in(s, "network", "requests", "--failed", "--filter", tag)...)
		if find("/served/ok") != nil || find("refused-") == nil || find("blocked-thing") == nil {
			t.Errorf("network requests --failed: %+v; want the refused and blocked ones only", r.Requests)
		}
	})

	t.Run("unblock", func(t *testing.T) {
		mustJSON(t, &blocked, in(s, "network", "unblock", "blocked-thing")...)
		if len(blocked.Patterns) != 0 {
			t.Errorf("after unblock the list is %v", blocked.Patterns)
		}
		p.eval(`fetch("/served/blocked-thing?t=`+tag+`").then(r => r.status)`, nil)
		h.rec.waitFor(t, tag, "the unblocked request reaching the server", func(e event) bool { return e.Type == "hit" && e.str("path") == "blocked-thing" })
	})
}

// Cookies set by the page are listed by the CLI; cookies set by the CLI
// reach the page and the server; clear removes them.
func TestCookies(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/logs.html", tag))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)
	mustRun(t, in(s, "cookies", "clear")...)

	p.eval(`document.cookie = "fromPage=p-`+tag+`; path=/"; true`, nil)
	var r struct {
		Cookies []struct {
			Name     string `json:"name"`
			Value    string `json:"value"`
			HTTPOnly bool   `json:"httpOnly"`
		} `json:"cookies"`
	}
	mustJSON(t, &r, in(s, "cookies")...)
	found := false
	for _, c := range r.Cookies {
		found = found || (c.Name == "fromPage" && c.Value == "p-"+tag)
	}
	if !found {
		t.Errorf("cookies does not list the page's cookie: %+v", r.Cookies)
	}

	mustRun(t, in(s, "cookies", "set", "fromCli", "c-"+tag)...)
	mustRun(t, in(s, "cookies", "set", "secret", "h-"+tag, "--http-only", "--expires", "1h")...)
	// an expiry in the past sets nothing: refused, not answered ok
	errOut := mustFail(t, 1, 4110, in(s, "cookies", "set", "stale", "x", "--expires", "2000-01-01T00:00:00Z")...)
	if !strings.Contains(errOut, `the cookie "stale" would expire at 2000-01-01T00:00:00.000Z, in the past`) {
		t.Errorf("cookies set with a past expiry: stderr %q", errOut)
	}
	// one the browser would refuse says why (the browser says only "Sanitizing cookie failed")
	errOut = mustFail(t, 1, 4110, in(s, "cookies", "set", "a;b", "x")...)
	if !strings.Contains(errOut, `the browser would refuse the cookie "a;b": a cookie's name cannot hold ';'`) {
		t.Errorf("cookies set with a ';' in its name: stderr %q", errOut)
	}
	if c := p.evalString("document.cookie"); !strings.Contains(c, "fromCli=c-"+tag) || strings.Contains(c, "secret=") || strings.Contains(c, "stale=") {
		t.Errorf("the page's document.cookie is %q; want fromCli and not the HttpOnly one", c)
	}
	p.eval(`fetch("/served/cookies?t=`+tag+`").then(r => r.status)`, nil)
	hit := h.rec.waitFor(t, tag, "the cookie request", func(e event) bool { return e.Type == "hit" && e.str("path") == "cookies" })
	for _, want := range []string{"fromCli=c-" + tag, "secret=h-" + tag, "fromPage=p-" + tag} {
		if !strings.Contains(hit.str("cookie"), want) {
			t.Errorf("the server received Cookie %q; want it to carry %s", hit.str("cookie"), want)
		}
	}

	mustRun(t, in(s, "cookies", "clear")...)
	if c := p.evalString("document.cookie"); c != "" {
		t.Errorf("after cookies clear the page still has %q", c)
	}
	mustJSON(t, &r, in(s, "cookies")...)
	if len(r.Cookies) != 0 {
		t.Errorf("after cookies clear: %+v", r.Cookies)
	}
	mustExit(t, 2, in(s, "cookies", "set", "x", "y", "--expires", "whenever")...)
}

// Local and session storage, both ways.
func TestStorage(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/logs.html", tag))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)
	p.eval(`localStorage.clear(); sessionStorage.clear(); localStorage.setItem("fromPage", "L-`+tag+`"); sessionStorage.setItem("sess", "S-`+tag+`"); true`, nil)

	if out := strings.TrimSpace(mustRun(t, in(s, "--json=false", "storage", "local", "fromPage")...)); out != "L-"+tag {
		t.Errorf("storage local fromPage printed %q", out)
	}
	var all struct {
		Entries map[string]string `json:"entries"`
		Origin  string            `json:"origin"`
	}
	mustJSON(t, &all, in(s, "storage", "session")...)
	if all.Entries["sess"] != "S-"+tag || len(all.Entries) != 1 || !strings.HasPrefix(h.web.URL, all.Origin) {
		t.Errorf("storage session: %+v", all)
	}
	mustExit(t, 1, in(s, "--json=false", "storage", "local", "absent")...)

	mustRun(t, in(s, "storage", "local", "set", "fromCli", "v=1 ✓")...)
	mustRun(t, in(s, "storage", "session", "set", "fromCli", "s2")...)
	if v := p.evalString(`localStorage.getItem("fromCli")`); v != "v=1 ✓" {
		t.Errorf("the page's localStorage fromCli = %q", v)
	}
	if v := p.evalString(`sessionStorage.getItem("fromCli")`); v != "s2" {
		t.Errorf("the page's sessionStorage fromCli = %q", v)
	}
	mustRun(t, in(s, "storage", "local", "clear")...)
	if n := p.evalFloat("localStorage.length"); n != 0 {
		t.Errorf("after storage local clear the page has %v keys", n)
	}
	if v := p.evalString(`sessionStorage.getItem("sess")`); v != "S-"+tag {
		t.Errorf("storage local clear touched sessionStorage: sess = %q", v)
	}
	mustExit(t, 2, in(s, "storage", "cookie")...)
}

func TestPDF(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/logs.html", tag))
	waitLoad(t, s)
	out := filepath.Join(t.TempDir(), "page.pdf")
	var r struct {
		Path  string `json:"path"`
		Bytes int    `json:"bytes"`
	}
	mustJSON(t, &r, in(s, "pdf", "-o", out)...)
	b, err := os.ReadFile(out)
	if err != nil || !strings.HasPrefix(string(b), "%PDF-") || len(b) < 500 || r.Path != out || r.Bytes != len(b) {
		t.Errorf("pdf -o wrote %d bytes starting %q (err %v), answered %+v", len(b), string(b[:min(len(b), 8)]), err, r)
	}
}

// mustExit runs a command that must fail with exit code and an `error:`
// line (a local or usage error, no browser error code); it returns stderr.
func mustExit(t *testing.T, exit int, args ...string) string {
	t.Helper()
	_, errOut, code := run(t, args...)
	errOut = errorLine(t, errOut)
	if code != exit || !strings.HasPrefix(errOut, "error") {
		t.Errorf("browserctl %s: exit %d, stderr %q; want exit %d and an error line", strings.Join(args, " "), code, errOut, exit)
	}
	return errOut
}

// A session's cookie calls reach the sites its tabs show: another site's
// cookies (here localhost beside the tab's 127.0.0.1, a cookie the test
// set over its own CDP connection, HttpOnly) are refused with reason
// forbidden unless --any-site, and nothing of them is printed or changed.
func TestCookiesStayWithTheSessionsSites(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/logs.html", tag))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)
	other := strings.Replace(h.web.URL, "127.0.0.1", "localhost", 1) + "/"
	if _, err := p.call("Network.setCookie", map[string]any{"name": "elsewhere", "value": "x-" + tag, "url": other, "httpOnly": true}); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"cookies", "--url", other},
		{"cookies", "clear", "--url", other},
		{"cookies", "set", "planted", "1", "--url", other},
		{"cookies", "set", "planted", "1", "--domain", "localhost"},
	} {
		out, stderr, code := run(t, in(s, args...)...)
		if code != 1 || !strings.Contains(stderr, "forbidden") || strings.Contains(out+stderr, "x-"+tag) {
			t.Errorf("%v: exit %d, want 1 and forbidden without the cookie\n%s%s", args, code, out, stderr)
		}
	}
	var r struct {
		Cookies []struct {
			Name  string `json:"name"`
			Value string `json:"value"`
		} `json:"cookies"`
	}
	mustJSON(t, &r, in(s, "cookies", "--url", other, "--any-site")...)
	if len(r.Cookies) != 1 || r.Cookies[0].Value != "x-"+tag {
		t.Errorf("cookies --any-site of the other site: %+v", r.Cookies)
	}
	res, err := p.call("Network.getCookies", map[string]any{"urls": []string{other}})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(res), "planted") {
		t.Errorf("a refused cookies set planted a cookie: %s", res)
	}
	mustRun(t, in(s, "cookies", "clear", "--url", other, "--any-site")...)
}
