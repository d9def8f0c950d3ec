package e2e

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// fetched is what a page's fetch reports back: status, headers it was
// asked about, body text, and whether it failed.
type fetched struct {
	Status int    `json:"status"`
	Body   string `json:"body"`
	Routed string `json:"routed"`
	CT     string `json:"ct"`
	Echo   string `json:"echo"`
	Failed string `json:"failed"`
}

// fetchJS fetches url in the page and reports what came back.
func fetchJS(url string) string {
	return `fetch(` + jsString(url) + `).then(async r => ({status: r.status, body: await r.text(), routed: r.headers.get("X-Routed") || "",
		ct: r.headers.get("Content-Type") || "", echo: r.headers.get("X-Echo") || ""}), e => ({failed: String(e)}))`
}

func (ns *netServer) hitCount(tag, path string) int {
	ns.mu.Lock()
	defer ns.mu.Unlock()
	n := 0
	for _, p := range ns.hits[tag] {
		if p == path {
			n++
		}
	}
	return n
}

type routeList struct {
	Routes []struct {
		Pattern  string `json:"pattern"`
		Status   int    `json:"status"`
		Abort    bool   `json:"abort"`
		BodySize int    `json:"bodySize"`
		DelayMs  int    `json:"delayMs"`
	} `json:"routes"`
	Removed int `json:"removed"`
}

// A route answers the page's fetch with its status, body and headers (the
// server never sees the request); --abort fails it; --delay holds it; a
// route added before a navigation answers the document itself; a tab
// opened later in the session is routed, another session's tab is not;
// unroute gives the real server's answer back; bad input is exit 2 and
// changes nothing; a released tab is no longer routed.
func TestNetworkRoute(t *testing.T) {
	ns := newNetServer(t)
	tag := tagFor(t)
	s := newSession(t, ns.URL+"/net/page?t="+tag)
	p := h.cdp.page(t, "t="+tag)
	mustRun(t, in(s, "network", "requests")...) // attached

	// a ? in a pattern is a wildcard: the pattern then covers the whole URL
	echo := "*/net/echo?t=" + tag
	echoURL := "/net/echo?t=" + tag
	mustRun(t, in(s, "network", "route", echo, "--status", "418", "--body", "routed-"+tag,
		"--header", "X-Routed: yes-"+tag, "--content-type", "text/plain; charset=utf-8")...)
	var got fetched
	p.eval(fetchJS(echoURL), &got)
	if got.Status != 418 || got.Body != "routed-"+tag || got.Routed != "yes-"+tag || got.CT != "text/plain; charset=utf-8" {
		t.Fatalf("the routed fetch got %+v; want 418, the route's body, X-Routed and Content-Type", got)
	}
	if n := ns.hitCount(tag, "/net/echo"); n != 0 {
		t.Errorf("the server saw %d requests for the routed URL; want none", n)
	}
	var rl routeList
	mustJSON(t, &rl, in(s, "network", "routes")...)
	if len(rl.Routes) != 1 || rl.Routes[0].Pattern != echo || rl.Routes[0].Status != 418 || rl.Routes[0].BodySize != len("routed-"+tag) {
		t.Errorf("network routes: %+v", rl.Routes)
	}

	// --abort: the fetch fails
	mustRun(t, in(s, "network", "route", "*/net/bin?t="+tag, "--abort")...)
	p.eval(fetchJS("/net/bin?t="+tag), &got)
	if got.Failed == "" {
		t.Errorf("an aborted fetch got %+v; want it to fail", got)
	}

	// --delay: the answer comes no sooner than the delay, measured by the page
	mustRun(t, in(s, "network", "route", "*/net/slow?t="+tag+"*", "--delay", "800ms", "--body", "late")...)
	var took float64
	p.eval(`(async () => { const t0 = performance.now(); await (await fetch("/net/slow?t=`+tag+`&ms=0")).text(); return performance.now() - t0; })()`, &took)
	if took < 800 {
		t.Errorf("a route with --delay 800ms answered the page after %.0f ms", took)
	}

	// a route added before a navigation answers the document itself
	doc := "/net/doc-" + tag
	mustRun(t, in(s, "network", "route", doc, "--body", `<!doctype html><title>routed doc</title><p id="p">routed document `+tag+`</p>`,
		"--content-type", "text/html")...)
	mustRun(t, in(s, "open", ns.URL+doc)...)
	if txt := p.evalString(`document.getElementById("p") ? document.getElementById("p").textContent : document.body.innerText`); txt != "routed document "+tag {
		t.Errorf("the navigated document shows %q; want the route's", txt)
	}

	// a tab opened later in the session is routed; another session's is not
	shared := "/net/echo?t=shared-" + tag
	mustRun(t, in(s, "network", "route", "*"+shared, "--body", "shared-routed")...)
	mustRun(t, in(s, "tab", "open", ns.URL+"/net/page?t=later-"+tag)...)
	later := h.cdp.page(t, "t=later-"+tag)
	later.eval(fetchJS(shared), &got)
	if got.Status != 200 || got.Body != "shared-routed" {
		t.Errorf("a tab opened later got %+v; want the route's answer", got)
	}
	other := newSession(t, ns.URL+"/net/page?t=other-"+tag)
	op := h.cdp.page(t, "t=other-"+tag)
	mustRun(t, in(other, "network", "requests")...)
	op.eval(fetchJS(shared), &got)
	if got.Status != 200 || got.Echo != "echoed" {
		t.Errorf("another session's tab got %+v; want the real server's echo", got)
	}

	// bad input: exit 2 with the reason, nothing changed
	bad := [][]string{
		{"network", "route", echo, "--status", "99"},
		{"network", "route", echo, "--header", "no colon"},
		{"network", "route", echo, "--header", "Bad Name: x"},
		{"network", "route", echo, "--body-file", filepath.Join(t.TempDir(), "missing.json")},
		{"network", "route", "has space"},
		{"network", "route", `ends\`},
		{"network", "route", echo, "--abort", "--status", "500"},
		{"network", "unroute", "/never-routed"},
		{"network", "unroute"},
	}
	mustJSON(t, &rl, in(s, "network", "routes")...)
	before := len(rl.Routes)
	for _, args := range bad {
		_, errOut, code := run(t, in(s, args...)...)
		if code != 2 || !strings.HasPrefix(errorLine(t, errOut), "error") {
			t.Errorf("%v: exit %d, %q; want exit 2 with the reason", args, code, errOut)
		}
	}
	if _, errOut, _ := run(t, in(s, "network", "unroute", "/never-routed")...); !strings.Contains(errOut, "no route") {
		t.Errorf("unroute of an unknown pattern: %q; want it to say there is no such route", errOut)
	}
	mustJSON(t, &rl, in(s, "network", "routes")...)
	if len(rl.Routes) != before {
		t.Errorf("bad input changed the routes: %d, was %d", len(rl.Routes), before)
	}

	// unroute: the real server answers again
	mustJSON(t, &rl, in(s, "network", "unroute", echo)...)
	if rl.Removed != 1 {
		t.Errorf("unroute answered %+v", rl)
	}
	p.eval(fetchJS(echoURL), &got)
	if got.Status != 200 || got.Echo != "echoed" || ns.hitCount(tag, "/net/echo") != 1 {
		t.Errorf("after unroute the fetch got %+v (server hits %d); want the server's echo", got, ns.hitCount(tag, "/net/echo"))
	}

	// a released session's tab is routed no more
	mustRun(t, "session", "release", other.SessionID)
	mustRun(t, in(s, "network", "unroute", "--all")...)
	mustRun(t, in(s, "network", "route", "*"+shared, "--body", "still-routed")...)
	later.eval(fetchJS(shared), &got)
	if got.Body != "still-routed" {
		t.Errorf("the session's tab got %+v after the route changed", got)
	}
	mustRun(t, "session", "release", s.SessionID)
	later.eval(fetchJS(shared), &got)
	if got.Echo != "echoed" {
		t.Errorf("after session release the tab got %+v; want the real server (the route ends with its session)", got)
	}
}

// The added time of a routed request against the real server's: the
// median of N fetches page-side, each way. Prints, asserts nothing.
func TestNetworkRouteTiming(t *testing.T) {
	ns := newNetServer(t)
	tag := tagFor(t)
	s := newSession(t, ns.URL+"/net/page?t="+tag)
	p := h.cdp.page(t, "t="+tag)
	mustRun(t, in(s, "network", "requests")...)
	const n = 60
	mustRun(t, in(s, "network", "route", "*/net/echo?t=routed-"+tag+"*", "--body", `{"method":"GET"}`, "--content-type", "application/json")...)
	// alternating, so a machine busy for a moment slows both alike
	var ms struct{ Real, Routed []float64 }
	p.eval(`(async () => { const out = {Real: [], Routed: []}; const one = async (u) => { const t0 = performance.now();
		await (await fetch(u, {cache: "no-store"})).text(); return performance.now() - t0; };
		for (let i = 0; i < `+itoa(n)+`; i++) { out.Real.push(await one("/net/echo?t=`+tag+`&i=" + i)); out.Routed.push(await one("/net/echo?t=routed-`+tag+`&i=" + i)); }
		return out; })()`, &ms)
	median := func(v []float64) float64 { sort.Float64s(v); return v[len(v)/2] }
	real, routed := median(ms.Real), median(ms.Routed)
	t.Logf("median of %d fetches, page-side: real server %.2f ms, routed (fulfilled by the extension) %.2f ms, added %.2f ms", n, real, routed, routed-real)
}

// har start / har stop FILE writes HAR 1.2 with the page's requests: a
// POST with its body and the server's echo as content.text, a binary with
// its type and no text; a missing folder is refused before the stop.
func TestNetworkHAR(t *testing.T) {
	ns := newNetServer(t)
	tag := tagFor(t)
	s := newSession(t, ns.URL+"/net/page?t="+tag)
	p := h.cdp.page(t, "t="+tag)
	mustExit(t, 2, in(s, "network", "har", "stop", filepath.Join(t.TempDir(), "none.har"))...)
	mustRun(t, in(s, "network", "har", "start")...)
	var n int
	p.eval(`fetch("/net/echo?t=`+tag+`&q=1", {method: "POST", headers: {"X-Probe": "har-`+tag+`", "Content-Type": "text/plain"}, body: "har-body-`+tag+`"}).then(r => r.text()).then(t => t.length)`, &n)
	p.eval(`fetch("/net/bin?t=`+tag+`").then(r => r.arrayBuffer()).then(b => b.byteLength)`, &n)

	dir := t.TempDir()
	if _, errOut, code := run(t, in(s, "network", "har", "stop", filepath.Join(dir, "no-such-folder", "x.har"))...); code != 2 || !strings.Contains(errOut, "does not exist") {
		t.Errorf("har stop into a missing folder: exit %d %q; want exit 2", code, errOut)
	}
	file := filepath.Join(dir, "run.har")
	var doc struct {
		Log struct {
			Version string `json:"version"`
			Creator struct {
				Name    string `json:"name"`
				Version string `json:"version"`
			} `json:"creator"`
			Entries []struct {
				StartedDateTime string  `json:"startedDateTime"`
				Time            float64 `json:"time"`
				Request         struct {
					Method      string `json:"method"`
					URL         string `json:"url"`
					HTTPVersion string `json:"httpVersion"`
					Headers     []struct{ Name, Value string }
					QueryString []struct{ Name, Value string } `json:"queryString"`
					PostData    *struct {
						MimeType string `json:"mimeType"`
						Text     string `json:"text"`
					} `json:"postData"`
				} `json:"request"`
				Response struct {
					Status  int `json:"status"`
					Headers []struct{ Name, Value string }
					Content struct {
						Size     int64   `json:"size"`
						MimeType string  `json:"mimeType"`
						Text     *string `json:"text"`
					} `json:"content"`
				} `json:"response"`
				Cache   map[string]any     `json:"cache"`
				Timings map[string]float64 `json:"timings"`
			} `json:"entries"`
		} `json:"log"`
	}
	// the binary's loadingFinished may trail the page's await by a moment
	time.Sleep(300 * time.Millisecond)
	mustRun(t, in(s, "network", "har", "stop", file)...)
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("the HAR file is not JSON: %v", err)
	}
	if doc.Log.Version != "1.2" || doc.Log.Creator.Name != "browserctl" || doc.Log.Creator.Version == "" {
		t.Errorf("log: version %q creator %+v", doc.Log.Version, doc.Log.Creator)
	}
	hv := func(hs []struct{ Name, Value string }, name string) string {
		for _, h := range hs {
			if strings.EqualFold(h.Name, name) {
				return h.Value
			}
		}
		return ""
	}
	var sawPost, sawBin bool
	for _, e := range doc.Log.Entries {
		if _, err := time.Parse(time.RFC3339Nano, e.StartedDateTime); err != nil {
			t.Errorf("startedDateTime %q: %v", e.StartedDateTime, err)
		}
		for _, k := range []string{"blocked", "dns", "connect", "send", "wait", "receive", "ssl"} {
			if v, ok := e.Timings[k]; !ok || v < -1 {
				t.Errorf("%s: timings.%s %v", e.Request.URL, k, e.Timings[k])
			}
		}
		if e.Cache == nil {
			t.Errorf("%s: no cache object", e.Request.URL)
		}
		switch {
		case strings.Contains(e.Request.URL, "/net/echo?t="+tag):
			sawPost = true
			if e.Request.Method != "POST" || e.Response.Status != 200 || hv(e.Request.Headers, "X-Probe") != "har-"+tag || hv(e.Response.Headers, "X-Echo") != "echoed" {
				t.Errorf("the POST's entry: %s %d, X-Probe %q, X-Echo %q", e.Request.Method, e.Response.Status, hv(e.Request.Headers, "X-Probe"), hv(e.Response.Headers, "X-Echo"))
			}
			if e.Request.PostData == nil || e.Request.PostData.Text != "har-body-"+tag {
				t.Errorf("the POST's postData: %+v", e.Request.PostData)
			}
			if len(e.Request.QueryString) != 2 {
				t.Errorf("the POST's queryString: %+v", e.Request.QueryString)
			}
			if e.Response.Content.Text == nil || !strings.Contains(*e.Response.Content.Text, "har-body-"+tag) || e.Response.Content.MimeType != "application/json" {
				t.Errorf("the POST's response content: %+v", e.Response.Content)
			}
		case strings.Contains(e.Request.URL, "/net/bin?t="+tag):
			sawBin = true
			if e.Response.Status != 200 || e.Response.Content.MimeType != "image/png" || e.Response.Content.Text != nil || e.Response.Content.Size != 256 {
				t.Errorf("the binary's entry: %d %+v", e.Response.Status, e.Response.Content)
			}
		}
	}
	if !sawPost || !sawBin {
		t.Errorf("the HAR has %d entries, the POST %v, the binary %v", len(doc.Log.Entries), sawPost, sawBin)
	}
	mustExit(t, 2, in(s, "network", "har", "stop", file)...) // stopped already
}

// network ws lists the page's WebSocket to a local echo server and its
// frames both ways (text, binary as size); --follow prints a new frame
// and ends when the page closes the socket.
func TestNetworkWebSocketFrames(t *testing.T) {
	ns := newNetServer(t)
	up := websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}
	ws := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := up.Upgrade(w, r, nil)
		if err != nil {
			return
		}
		defer c.Close()
		for {
			mt, msg, err := c.ReadMessage()
			if err != nil {
				return
			}
			if err := c.WriteMessage(mt, msg); err != nil {
				return
			}
		}
	}))
	t.Cleanup(ws.Close)
	wsURL := "ws" + strings.TrimPrefix(ws.URL, "http") + "/echo"
	tag := tagFor(t)
	s := newSession(t, ns.URL+"/net/page?t="+tag)
	p := h.cdp.page(t, "t="+tag)
	mustRun(t, in(s, "network", "requests")...)
	p.eval(`new Promise((res, rej) => { const w = new WebSocket(`+jsString(wsURL)+`); window.sock = w; window.got = [];
		w.binaryType = "arraybuffer";
		w.onmessage = e => window.got.push(e.data);
		w.onopen = () => { w.send("hello-`+tag+`\u001b[31m"); w.send(new Uint8Array([1,2,3,4,5])); };
		w.onerror = () => rej("ws error"); setTimeout(res, 0); })`, nil)
	p.waitTrue(`window.got.length >= 2`, "both echoes")

	var list struct {
		Sockets []struct {
			ID     string `json:"id"`
			URL    string `json:"url"`
			State  string `json:"state"`
			Frames int    `json:"frames"`
		} `json:"sockets"`
	}
	mustJSON(t, &list, in(s, "network", "ws")...)
	if len(list.Sockets) != 1 || list.Sockets[0].URL != wsURL || list.Sockets[0].State != "open" || list.Sockets[0].Frames != 4 {
		t.Fatalf("network ws: %+v; want the one open socket to %s with 4 frames", list.Sockets, wsURL)
	}
	id := list.Sockets[0].ID
	var fr struct {
		Frames []struct {
			Direction string `json:"direction"`
			Opcode    int    `json:"opcode"`
			Text      string `json:"text"`
			Size      int    `json:"size"`
		} `json:"frames"`
	}
	mustJSON(t, &fr, in(s, "network", "ws", "--frames", id)...)
	var dirs []string
	for _, f := range fr.Frames {
		dirs = append(dirs, f.Direction+":"+f.Text+":"+itoa(f.Size))
	}
	joined := strings.Join(dirs, " ")
	for _, want := range []string{"sent:hello-" + tag + "\x1b[31m:", "received:hello-" + tag + "\x1b[31m:", "sent::5", "received::5"} {
		if !strings.Contains(joined, want) {
			t.Errorf("frames %q; want %q", joined, want)
		}
	}
	out := mustRun(t, in(s, "--json=false", "network", "ws", "--frames", id)...)
	if strings.Contains(out, "\x1b") || !strings.Contains(out, "> hello-"+tag) || !strings.Contains(out, "(binary, 5 bytes)") {
		t.Errorf("for people the frames read:\n%q; want text escaped, binary as its size", out)
	}

	done := make(chan string, 1)
	go func() {
		out, _, _ := runWithin(t, 30*time.Second, in(s, "--json=false", "network", "ws", "--frames", id, "--follow")...)
		done <- out
	}()
	time.Sleep(1500 * time.Millisecond)
	p.eval(`window.sock.send("late-`+tag+`"); new Promise(r => setTimeout(() => { window.sock.close(); r(0); }, 300))`, nil)
	select {
	case out := <-done:
		if !strings.Contains(out, "late-"+tag) {
			t.Errorf("--follow printed %q; want the late frame", out)
		}
	case <-time.After(35 * time.Second):
		t.Fatal("--follow did not end when the socket closed")
	}
	mustJSON(t, &list, in(s, "network", "ws")...)
	if list.Sockets[0].State != "closed" {
		t.Errorf("after close: %+v", list.Sockets)
	}
	mustExit(t, 2, in(s, "network", "ws", "--frames", "w999999")...)
}

// Routes are kept in the extension's session storage: after its service
// worker restarts, the session's tab is still answered by them.
func TestNetworkRouteAfterWorkerRestart(t *testing.T) {
	ns := newNetServer(t)
	tag := tagFor(t)
	s := newSession(t, ns.URL+"/net/page?t="+tag)
	p := h.cdp.page(t, "t="+tag)
	mustRun(t, in(s, "network", "route", "*/net/echo?t="+tag, "--body", "kept-"+tag, "--status", "201")...)
	restartWorker(t)
	mustRun(t, in(s, "network", "requests")...)
	var got fetched
	p.eval(fetchJS("/net/echo?t="+tag), &got)
	if got.Status != 201 || got.Body != "kept-"+tag {
		t.Errorf("after a worker restart the fetch got %+v; want the route's answer", got)
	}
	var rl routeList
	mustJSON(t, &rl, in(s, "network", "routes")...)
	if len(rl.Routes) != 1 || rl.Routes[0].Status != 201 {
		t.Errorf("network routes after the restart: %+v", rl.Routes)
	}
}

// browser_route answers the agent's page's fetch with its status, body and
// headers; browser_unroute gives the real server back.
func TestMCPRoute(t *testing.T) {
	ns := newNetServer(t)
	tag := tagFor(t)
	a := startMCP(t)
	a.call("browser_navigate", map[string]any{"url": ns.URL + "/net/page?t=" + tag})
	p := h.cdp.page(t, "t="+tag)
	out := a.call("browser_route", map[string]any{"pattern": "*/net/echo?t=" + tag, "status": 202, "body": `{"mcp":1}`,
		"contentType": "application/json", "headers": []string{"X-Routed: mcp-" + tag}})
	if !strings.Contains(out, "*/net/echo?t="+tag) {
		t.Errorf("browser_route answered %q; want the routes", out)
	}
	var got fetched
	p.eval(fetchJS("/net/echo?t="+tag), &got)
	if got.Status != 202 || got.Body != `{"mcp":1}` || got.Routed != "mcp-"+tag || got.CT != "application/json" {
		t.Errorf("the routed fetch got %+v", got)
	}
	if res := a.callResult("browser_route", map[string]any{"pattern": "x", "status": 42}); !res.IsError {
		t.Errorf("browser_route with status 42 answered no error: %s", contentText(res))
	}
	if res := a.callResult("browser_unroute", map[string]any{"pattern": "/never"}); !res.IsError || !strings.Contains(contentText(res), "no route") {
		t.Errorf("browser_unroute of an unknown pattern: %s", contentText(res))
	}
	if out := a.call("browser_unroute", map[string]any{"pattern": "*/net/echo?t=" + tag}); !strings.Contains(out, "Removed 1 route") {
		t.Errorf("browser_unroute answered %q", out)
	}
	p.eval(fetchJS("/net/echo?t="+tag), &got)
	if got.Echo != "echoed" {
		t.Errorf("after browser_unroute the fetch got %+v; want the server's echo", got)
	}
}
