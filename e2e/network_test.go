package e2e

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// netServer serves /net/page (a plain page), /net/echo (answers, as JSON,
// the method, headers and body it received, with an X-Echo header),
// /net/bin (256 bytes 0..255 as image/png) and /net/slow?ms=N (answers
// after N ms); it notes each request's path per tag.
type netServer struct {
	*httptest.Server
	mu   sync.Mutex
	hits map[string][]string
}

// binBody is what /net/bin answers.
var binBody = func() []byte {
	b := make([]byte, 256)
	for i := range b {
		b[i] = byte(i)
	}
	return b
}()

func newNetServer(t *testing.T) *netServer {
	t.Helper()
	ns := &netServer{hits: map[string][]string{}}
	mux := http.NewServeMux()
	note := func(r *http.Request) {
		ns.mu.Lock()
		ns.hits[r.URL.Query().Get("t")] = append(ns.hits[r.URL.Query().Get("t")], r.URL.Path)
		ns.mu.Unlock()
	}
	mux.HandleFunc("/net/page", func(w http.ResponseWriter, r *http.Request) {
		note(r)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><title>net %s</title><p id="p">the server's page</p>`, html.EscapeString(r.URL.Query().Get("t")))
	})
	mux.HandleFunc("/net/echo", func(w http.ResponseWriter, r *http.Request) {
		note(r)
		body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("X-Echo", "echoed")
		_ = json.NewEncoder(w).Encode(map[string]any{"method": r.Method, "headers": r.Header, "body": string(body)})
	})
	mux.HandleFunc("/net/bin", func(w http.ResponseWriter, r *http.Request) {
		note(r)
		w.Header().Set("Content-Type", "image/png")
		_, _ = w.Write(binBody)
	})
	mux.HandleFunc("/net/slow", func(w http.ResponseWriter, r *http.Request) {
		note(r)
		ms, _ := strconv.Atoi(r.URL.Query().Get("ms"))
		time.Sleep(time.Duration(ms) * time.Millisecond)
		w.Header().Set("Content-Type", "text/plain")
		w.WriteHeader(http.StatusAccepted)
		io.WriteString(w, "slow")
	})
	ns.Server = httptest.NewServer(mux)
	t.Cleanup(func() {
		ns.CloseClientConnections()
		ns.Close()
	})
	return ns
}

type requestLine struct {
	ID     string `json:"id"`
	Method string `json:"method"`
	URL    string `json:"url"`
	Status int    `json:"status"`
}

type requestWhole struct {
	ID              string            `json:"id"`
	Method          string            `json:"method"`
	URL             string            `json:"url"`
	Status          int               `json:"status"`
	StatusText      string            `json:"statusText"`
	Type            string            `json:"type"`
	RequestHeaders  map[string]string `json:"requestHeaders"`
	RequestBody     *string           `json:"requestBody"`
	ResponseHeaders map[string]string `json:"responseHeaders"`
	ResponseBody    *string           `json:"responseBody"`
	Base64Encoded   bool              `json:"base64Encoded"`
	ResponseNote    string            `json:"responseBodyNote"`
	Timing          struct {
		Start   int64 `json:"start"`
		TTFBMs  int64 `json:"ttfbMs"`
		TotalMs int64 `json:"totalMs"`
	} `json:"timing"`
}

// requestID finds the id network requests lists for the URL containing part.
func requestID(t *testing.T, s session, part string) string {
	t.Helper()
	var r struct {
		Requests []requestLine `json:"requests"`
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		mustJSON(t, &r, in(s, "network", "requests", "--filter", part)...)
		for _, e := range r.Requests {
			if strings.Contains(e.URL, part) && e.ID != "" {
				return e.ID
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("network requests never listed %s: %+v", part, r.Requests)
		}
	}
}

func header(h map[string]string, name string) string {
	for k, v := range h {
		if strings.EqualFold(k, name) {
			return v
		}
	}
	return ""
}

// The page POSTs a body with its own header to a server that echoes what
// it received, and fetches a binary: network request shows each whole,
// as the server saw it (headers, body) and as the page got it (bytes).
func TestNetworkRequestWhole(t *testing.T) {
	ns := newNetServer(t)
	tag := tagFor(t)
	s := newSession(t, ns.URL+"/net/page?t="+tag)
	p := h.cdp.page(t, tag)
	mustRun(t, in(s, "network", "requests")...) // attaches: recording starts
	var echoed struct {
		Method  string              `json:"method"`
		Headers map[string][]string `json:"headers"`
		Body    string              `json:"body"`
	}
	p.eval(`fetch("/net/echo?t=`+tag+`", {method: "POST", headers: {"X-Probe": "probe-`+tag+`", "Content-Type": "text/plain"}, body: "post-body-`+tag+`"}).then(r => r.json())`, &echoed)
	if echoed.Method != "POST" || echoed.Body != "post-body-"+tag || echoed.Headers["X-Probe"][0] != "probe-"+tag {
		t.Fatalf("the server did not echo the page's POST: %+v", echoed)
	}
	var n int
	p.eval(`fetch("/net/bin?t=`+tag+`").then(r => r.arrayBuffer()).then(b => b.byteLength)`, &n)
	if n != len(binBody) {
		t.Fatalf("the page got %d bytes of /net/bin", n)
	}

	id := requestID(t, s, "/net/echo?t="+tag)
	var d requestWhole
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		mustJSON(t, &d, in(s, "network", "request", id)...)
		if d.Timing.TotalMs >= 0 || time.Now().After(deadline) {
			break
		}
	}
	if d.ID != id || d.Method != "POST" || d.Status != 200 || d.StatusText != "OK" || d.Type != "Fetch" || !strings.Contains(d.URL, "/net/echo") {
		t.Errorf("network request %s: %+v; want the POST to /net/echo, 200 OK, Fetch", id, d)
	}
	if got := header(d.RequestHeaders, "X-Probe"); got != "probe-"+tag {
		t.Errorf("request headers: X-Probe %q; want probe-%s (all: %v)", got, tag, d.RequestHeaders)
	}
	if d.RequestBody == nil || *d.RequestBody != "post-body-"+tag {
		t.Errorf("request body %v; want post-body-%s", d.RequestBody, tag)
	}
	if got := header(d.ResponseHeaders, "X-Echo"); got != "echoed" {
		t.Errorf("response headers: X-Echo %q (all: %v)", got, d.ResponseHeaders)
	}
	var again struct {
		Body string `json:"body"`
	}
	if d.ResponseBody == nil || d.Base64Encoded || json.Unmarshal([]byte(*d.ResponseBody), &again) != nil || again.Body != "post-body-"+tag {
		t.Errorf("response body %v (base64 %v, note %q); want the server's echo of the POST body", d.ResponseBody, d.Base64Encoded, d.ResponseNote)
	}
	if d.Timing.Start <= 0 || d.Timing.TTFBMs < 0 || d.Timing.TotalMs < d.Timing.TTFBMs {
		t.Errorf("timing %+v; want a start, a time to first byte and a total not below it", d.Timing)
	}

	// for people: the same, as text
	out := mustRun(t, in(s, "--json=false", "network", "request", id)...)
	for _, want := range []string{"POST ", "200 OK", "X-Probe: probe-" + tag, "post-body-" + tag, "X-Echo: echoed"} {
		if !strings.Contains(out, want) {
			t.Errorf("network request %s does not show %q:\n%s", id, want, out)
		}
	}

	// a binary body: base64 in --json, its size and type for people, exact with -o
	bin := requestID(t, s, "/net/bin?t="+tag)
	mustJSON(t, &d, in(s, "network", "request", bin)...)
	if d.ResponseBody == nil || !d.Base64Encoded {
		t.Fatalf("the binary's body: %v base64 %v note %q", d.ResponseBody, d.Base64Encoded, d.ResponseNote)
	}
	if b, err := base64.StdEncoding.DecodeString(*d.ResponseBody); err != nil || !bytes.Equal(b, binBody) {
		t.Errorf("the binary's body decodes to %d bytes (%v); want the 256 the server sent", len(b), err)
	}
	out = mustRun(t, in(s, "--json=false", "network", "request", bin)...)
	if !strings.Contains(out, "256 bytes, image/png") {
		t.Errorf("network request %s for people: %s; want its size and type", bin, out)
	}
	file := filepath.Join(t.TempDir(), "body.png")
	mustRun(t, in(s, "network", "request", bin, "-o", file)...)
	if b, err := os.ReadFile(file); err != nil || !bytes.Equal(b, binBody) {
		t.Errorf("-o wrote %d bytes (%v); want the 256 the server sent", len(b), err)
	}

	// after a navigation the browser drops the old page's bodies: a note, not a failure
	mustRun(t, in(s, "open", ns.URL+"/net/page?t="+tag+"&again=1")...)
	mustJSON(t, &d, in(s, "network", "request", id)...)
	if d.ResponseBody != nil || !strings.Contains(d.ResponseNote, "gone from the browser's buffer") || header(d.RequestHeaders, "X-Probe") != "probe-"+tag {
		t.Errorf("after a navigation: body %v, note %q; want the headers still, the body a note", d.ResponseBody, d.ResponseNote)
	}

	// bad ids: exit 2 with the reason
	if _, errOut, code := run(t, in(s, "network", "request", "999999999")...); code != 2 || !strings.Contains(errOut, "no request") {
		t.Errorf("an unknown id: exit %d, %s; want exit 2 naming it", code, errOut)
	}
	if _, errOut, code := run(t, in(s, "network", "request", "abc")...); code != 2 || !strings.Contains(errOut, "ID must be") {
		t.Errorf("a malformed id: exit %d, %s; want exit 2", code, errOut)
	}
}

// wait --response is released by a response that arrives after it started
// (a delayed fetch of a slow URL), and prints its status and URL; a status
// that never comes times out with exit 4; bad input is exit 2.
func TestWaitResponse(t *testing.T) {
	ns := newNetServer(t)
	tag := tagFor(t)
	s := newSession(t, ns.URL+"/net/page?t="+tag)
	p := h.cdp.page(t, tag)
	mustRun(t, in(s, "network", "requests")...)

	type result struct {
		out, errOut string
		code        int
	}
	done := make(chan result, 1)
	go func() {
		out, errOut, code := runWithin(t, 40*time.Second, in(s, "--json=false", "--timeout", "20s", "wait", "--response", "*/net/slow?t="+tag+"*", "--status", "202")...)
		done <- result{out, errOut, code}
	}()
	p.eval(`setTimeout(() => fetch("/net/slow?t=`+tag+`&ms=300"), 2000); 0`, nil)
	select {
	case r := <-done:
		if r.code != 0 || !strings.HasPrefix(r.out, "202 ") || !strings.Contains(r.out, "/net/slow?t="+tag) {
			t.Fatalf("wait --response: exit %d, %q %s; want 202 and the URL", r.code, r.out, r.errOut)
		}
	case <-time.After(45 * time.Second):
		t.Fatal("wait --response never returned")
	}
	ns.mu.Lock()
	hit := len(ns.hits[tag]) >= 2 // the page, then the slow fetch
	ns.mu.Unlock()
	if !hit {
		t.Errorf("wait --response returned, but the server never answered the page's fetch")
	}

	// the status asked for never comes: timed out, exit 4, naming what it waited for
	go func() {
		out, errOut, code := runWithin(t, 30*time.Second, in(s, "--timeout", "3s", "wait", "--response", "*/net/slow?t="+tag+"*", "--status", "500")...)
		done <- result{out, errOut, code}
	}()
	p.eval(`fetch("/net/slow?t=`+tag+`&ms=10").then(r => r.status)`, nil)
	r := <-done
	if r.code != 4 || !strings.Contains(r.errOut, "timed out") || !strings.Contains(r.errOut, "status 500") {
		t.Errorf("wait --response --status 500 with only 202s: exit %d, %s; want exit 4, timed out", r.code, r.errOut)
	}

	for _, bad := range [][]string{
		{"wait", "--response", ""},
		{"wait", "--response", "a b"},
		{"wait", "--response", "/x", "--status", "99"},
		{"wait", "--status", "200"},
	} {
		if _, errOut, code := run(t, in(s, bad...)...); code != 2 {
			t.Errorf("%v: exit %d, %s; want 2", bad, code, errOut)
		}
	}
}
