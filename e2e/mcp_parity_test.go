package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const parityPage = `<title>Parity</title>
<style>.box{width:120px;height:60px;border:1px solid #333;margin:8px}</style>
<div id="src" class="box" draggable="true" role="img" aria-label="Card">Card</div>
<div id="dst" class="box" role="region" aria-label="Done column">Done</div>
<button id="go" onclick="report('clicked', {id: 'go'})">Launch</button>
<div style="height:3000px">tall</div>
<script>
  document.getElementById("src").addEventListener("dragstart", (e) => e.dataTransfer.setData("text/plain", "card"));
  const dst = document.getElementById("dst");
  dst.addEventListener("dragover", (e) => e.preventDefault());
  dst.addEventListener("drop", (e) => { e.preventDefault(); report("drop", { data: e.dataTransfer.getData("text/plain") }); });
</script>`

// Every tool over the CLI's page commands does its job, checked from the
// page over the test's own CDP connection, on disk, or by the page's reports.
func TestMCPParityTools(t *testing.T) {
	tag := tagFor(t)
	outDir := t.TempDir()
	a := startMCP(t, "--output-dir", outDir)
	a.call("browser_navigate", map[string]any{"url": pageURL("/inline", tag, "html", parityPage)})
	p := h.cdp.page(t, tag)

	// cookies: set, list, clear, each checked against document.cookie
	a.call("browser_cookies", map[string]any{"action": "set", "name": "flavor", "value": "oat"})
	if c := p.evalString("document.cookie"); !strings.Contains(c, "flavor=oat") {
		t.Errorf("after set, document.cookie = %q", c)
	}
	if out := a.call("browser_cookies", map[string]any{"action": "list"}); !strings.Contains(out, "flavor=oat") {
		t.Errorf("list lacks the cookie:\n%s", out)
	}
	a.call("browser_cookies", map[string]any{"action": "clear"})
	if c := p.evalString("document.cookie"); strings.Contains(c, "flavor") {
		t.Errorf("after clear, document.cookie = %q", c)
	}

	// storage
	a.call("browser_storage", map[string]any{"action": "set", "kind": "local", "key": "theme", "value": "dark"})
	if v := p.evalString("localStorage.getItem('theme')"); v != "dark" {
		t.Errorf("localStorage theme = %q", v)
	}
	if out := a.call("browser_storage", map[string]any{"action": "get", "kind": "local"}); !strings.Contains(out, "theme=dark") {
		t.Errorf("get lacks the entry:\n%s", out)
	}
	a.call("browser_storage", map[string]any{"action": "clear", "kind": "local"})
	if n := p.evalFloat("localStorage.length"); n != 0 {
		t.Errorf("after clear localStorage has %v keys", n)
	}

	// find, then act on the ref it gave
	out := a.call("browser_find", map[string]any{"role": "button", "name": "Launch"})
	m := regexp.MustCompile(`button "Launch" \[ref=([a-z0-9]+)\]`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("browser_find found no Launch button:\n%s", out)
	}
	a.call("browser_click", map[string]any{"element": "Launch", "ref": m[1]})
	h.rec.waitFor(t, tag, "the click on the found ref", func(e event) bool { return e.Type == "clicked" })

	// drag: the page sees the drop with the dragged data
	snap := a.call("browser_snapshot", nil)
	src := refIn(t, snap, "img", "Card")
	dst := refIn(t, snap, "region", "Done column")
	a.call("browser_drag", map[string]any{"ref": src, "toRef": dst})
	drop := h.rec.waitFor(t, tag, "the drop", func(e event) bool { return e.Type == "drop" })
	if drop.str("data") != "card" {
		t.Errorf("the drop carried %v", drop.Data)
	}

	// scroll
	out = a.call("browser_scroll", map[string]any{"direction": "down", "amount": 400})
	if y := p.evalFloat("scrollY"); y != 400 {
		t.Errorf("scrollY = %v after scrolling 400 down", y)
	}
	if !strings.Contains(out, "y=400") {
		t.Errorf("the result should say the new position:\n%s", out)
	}

	// pdf: a PDF file where the result says
	file := filepath.Join(outDir, "page.pdf") // only the output folder takes files
	out = a.call("browser_pdf_save", map[string]any{"filename": file})
	b, err := os.ReadFile(file)
	if err != nil || !bytes.HasPrefix(b, []byte("%PDF-")) {
		t.Fatalf("%s: %v, starts %q", file, err, b[:min(len(b), 8)])
	}
	if !strings.Contains(out, fmt.Sprintf("%s (%d bytes)", file, len(b))) {
		t.Errorf("the result should name the file and its size:\n%s", out)
	}

	// close: a second tab opened, then closed; the browser no longer has it
	a.call("browser_tabs", map[string]any{"action": "new", "url": pageURL("/welcome.html", tag, "second", "1")})
	if n := len(h.cdp.pagesWith(t, "second=1")); n != 1 {
		t.Fatalf("the new tab is not there: %d", n)
	}
	out = a.call("browser_close", nil)
	deadline := time.Now().Add(5 * time.Second)
	for len(h.cdp.pagesWith(t, "second=1")) != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("browser_close left the tab open:\n%s", out)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if len(h.cdp.pagesWith(t, tag)) != 1 {
		t.Errorf("browser_close should close only the current tab")
	}
}

// A download an agent starts is saved in --download-dir; the result names
// the file and its size, and the file has the server's bytes.
func TestMCPDownloadsLandInTheDownloadDir(t *testing.T) {
	tag := tagFor(t)
	dir := t.TempDir()
	a := startMCP(t, "--download-dir", dir)
	a.call("browser_navigate", map[string]any{"url": pageURL("/files.html", tag)})
	want := attachmentBytes(tag)
	check := func(how, out string) {
		t.Helper()
		m := regexp.MustCompile(`(` + regexp.QuoteMeta(dir) + `/[^\n]+?) \((\d+) bytes`).FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("%s: the result does not name a file in %s:\n%s", how, dir, out)
		}
		got, err := os.ReadFile(m[1])
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%s: %s has %d bytes (%v), want the server's %d", how, m[1], len(got), err, len(want))
		}
		if m[2] != fmt.Sprint(len(want)) {
			t.Errorf("%s: the result says %s bytes, the file has %d", how, m[2], len(want))
		}
	}
	snap := a.call("browser_snapshot", nil)
	check("browser_download", a.call("browser_download", map[string]any{"ref": refIn(t, snap, "link", "Get report")}))
	snap = a.call("browser_snapshot", nil)
	out := a.call("browser_click", map[string]any{"element": "Get report", "ref": refIn(t, snap, "link", "Get report")})
	if !strings.Contains(out, "Download: ") {
		t.Fatalf("the click's result should report its download:\n%s", out)
	}
	check("browser_click", out)
}

// A snapshot cut at maxChars ends with the offset of the rest; the parts
// continued there are the whole snapshot once, and a ref of the first part
// still acts after the last one was read.
func TestMCPSnapshotInParts(t *testing.T) {
	tag := tagFor(t)
	var html strings.Builder
	html.WriteString("<title>Long</title>")
	for i := 0; i < 150; i++ {
		fmt.Fprintf(&html, `<p><button onclick="report('pressed', {n: %d})">Item %d</button></p>`, i, i)
	}
	a := startMCP(t)
	a.call("browser_navigate", map[string]any{"url": pageURL("/inline", tag, "html", html.String())})
	whole := snapshotBody(a.call("browser_snapshot", nil))
	note := regexp.MustCompile(`\n\[\.\.\. \d+ more lines with \d+ refs not shown: call browser_snapshot with offset (\d+) for the rest\]$`)
	var parts []string
	offset, first := 0, ""
	for n := 0; n < 50; n++ {
		body := snapshotBody(a.call("browser_snapshot", map[string]any{"maxChars": 1500, "offset": offset}))
		if n == 0 {
			first = body
		}
		m := note.FindStringSubmatchIndex(body)
		if m == nil {
			parts = append(parts, body)
			break
		}
		parts = append(parts, body[:m[0]])
		fmt.Sscan(body[m[2]:m[3]], &offset)
	}
	if len(parts) < 3 {
		t.Fatalf("a 150-button page in 1500-character parts came in %d parts", len(parts))
	}
	if joined := strings.Join(parts, "\n"); joined != whole {
		t.Errorf("the parts are not the whole snapshot once:\nparts %d lines, whole %d lines", strings.Count(joined, "\n")+1, strings.Count(whole, "\n")+1)
	}
	ref := refIn(t, first, "button", "Item 0")
	a.call("browser_click", map[string]any{"element": "Item 0", "ref": ref})
	ev := h.rec.waitFor(t, tag, "the press of Item 0", func(e event) bool { return e.Type == "pressed" })
	if n, _ := ev.Data["n"].(float64); n != 0 {
		t.Errorf("the first part's ref pressed item %v", ev.Data["n"])
	}
}

// snapshotBody is a browser_snapshot result without its page header.
func snapshotBody(out string) string {
	_, body, ok := strings.Cut(out, "### Snapshot\n")
	if !ok {
		return out
	}
	return body
}

// An alert the policy accepted is reported with its text; a wait for text
// that never comes returns after its timeout, saying what it waited for.
func TestMCPAlertTextAndWaitTimeout(t *testing.T) {
	tag := tagFor(t)
	a := startMCP(t)
	a.call("browser_navigate", map[string]any{"url": pageURL("/inline", tag, "html",
		`<title>Alert</title><button onclick="alert('Saved your draft'); report('after', {})">Save</button>`)})
	snap := a.call("browser_snapshot", nil)
	out := a.call("browser_click", map[string]any{"element": "Save", "ref": refIn(t, snap, "button", "Save")})
	h.rec.waitFor(t, tag, "the code after the alert", func(e event) bool { return e.Type == "after" })
	if !strings.Contains(out, `an alert dialog was accepted: "Saved your draft"`) {
		t.Errorf("the click's result should say the alert was accepted, with its text:\n%s", out)
	}

	start := time.Now()
	res := a.callResult("browser_wait_for", map[string]any{"text": "Never shown", "timeout": 1})
	took := time.Since(start)
	txt := contentText(res)
	if !res.IsError || !strings.Contains(txt, `Waited 1s for text "Never shown" to be visible`) {
		t.Errorf("a wait that timed out: error=%v\n%s", res.IsError, txt)
	}
	if took < 900*time.Millisecond || took > 10*time.Second {
		t.Errorf("a 1 s wait took %s", took)
	}
}

// A confirm the page opens as soon as it has loaded, while the navigation
// reads the page for its answer: the navigation succeeded and says so, and
// says the dialog waits for the agent; answered, the page reads again.
func TestMCPNavigateToAPageThatAsksAtLoad(t *testing.T) {
	tag := tagFor(t)
	a := startMCP(t)
	res := a.callResult("browser_navigate", map[string]any{"url": pageURL("/inline", tag, "html",
		`<title>Ask</title><h1>Draft</h1><script>addEventListener("load", () => setTimeout(() => report("answered", {ok: confirm("Leave the draft?")}), 0))</script>`)})
	out := contentText(res)
	if res.IsError || !strings.Contains(out, "/inline") || !strings.Contains(out, `confirm dialog is open: "Leave the draft?"`) {
		t.Fatalf("browser_navigate to a page that asks at load: error=%v, want its URL and the open confirm:\n%s", res.IsError, out)
	}
	a.call("browser_handle_dialog", map[string]any{"accept": true})
	answered := h.rec.waitFor(t, tag, "the confirm's answer", func(e event) bool { return e.Type == "answered" })
	if answered.Data["ok"] != true {
		t.Errorf("the page got %v from its confirm, want true", answered.Data)
	}
	if snap := a.call("browser_snapshot", nil); !strings.Contains(snap, `heading "Draft"`) {
		t.Errorf("the page after the dialog:\n%s", snap)
	}
}

// browser_handoff returns only after the person presses Done in the page
// (pressed here with a trusted click over the test's own CDP connection);
// the page's own script cannot press it.
func TestMCPHandoffWaitsForDone(t *testing.T) {
	tag := tagFor(t)
	a := startMCP(t)
	a.call("browser_navigate", map[string]any{"url": pageURL("/inline", tag, "html", `<title>Sign in</title><h1>Sign in</h1>`)})
	p := h.cdp.page(t, tag)

	type result struct {
		txt   string
		isErr bool
	}
	done := make(chan result, 1)
	go func() {
		res := a.callResult("browser_handoff", map[string]any{"message": "Please sign in, then press Done", "timeout": 60})
		done <- result{contentText(res), res.IsError}
	}()
	button := waitHandoffButton(t, p)
	// The page's own script cannot reach the closed root, and a click it
	// makes is not trusted.
	p.eval(`document.querySelector("browserctl-handoff").click(); document.querySelector("browserctl-handoff").shadowRoot === null`, nil)
	if p.evalString(`String(document.querySelector("browserctl-handoff").shadowRoot)`) != "null" {
		t.Error("the page can read the handoff's shadow root")
	}
	select {
	case r := <-done:
		t.Fatalf("browser_handoff returned before Done was pressed: %s", r.txt)
	case <-time.After(700 * time.Millisecond):
	}
	clickNode(t, p, button)
	select {
	case r := <-done:
		if r.isErr || !strings.Contains(r.txt, "pressed Done") || !strings.Contains(r.txt, "Title: Sign in") || !strings.Contains(r.txt, tag) {
			t.Errorf("after Done: error=%v\n%s", r.isErr, r.txt)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("browser_handoff did not return after Done was pressed")
	}
	deadline := time.Now().Add(5 * time.Second)
	for p.evalBool(`!!document.querySelector("browserctl-handoff")`) {
		if time.Now().After(deadline) {
			t.Fatal("the overlay stays after Done")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitHandoffButton finds the Done button inside the overlay's closed
// shadow root (CDP's pierce sees it) and answers its backend node id.
func waitHandoffButton(t *testing.T, p *page) int {
	t.Helper()
	type node struct {
		NodeName      string `json:"nodeName"`
		BackendNodeID int    `json:"backendNodeId"`
		Children      []node `json:"children"`
		ShadowRoots   []node `json:"shadowRoots"`
	}
	var find func(n node, inHost bool) int
	find = func(n node, inHost bool) int {
		if inHost && n.NodeName == "BUTTON" {
			return n.BackendNodeID
		}
		in := inHost || n.NodeName == "BROWSERCTL-HANDOFF"
		for _, c := range append(n.Children, n.ShadowRoots...) {
			if id := find(c, in); id != 0 {
				return id
			}
		}
		return 0
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		raw, err := p.call("DOM.getDocument", map[string]any{"depth": -1, "pierce": true})
		if err != nil {
			t.Fatal(err)
		}
		var r struct {
			Root node `json:"root"`
		}
		_ = json.Unmarshal(raw, &r)
		if id := find(r.Root, false); id != 0 {
			return id
		}
		if time.Now().After(deadline) {
			t.Fatal("no handoff overlay with a Done button appeared in the page")
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// clickNode presses the mouse at the node's centre: a trusted click.
func clickNode(t *testing.T, p *page, backendNodeID int) {
	t.Helper()
	raw, err := p.call("DOM.getBoxModel", map[string]any{"backendNodeId": backendNodeID})
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Model struct {
			Content []float64 `json:"content"`
		} `json:"model"`
	}
	_ = json.Unmarshal(raw, &r)
	q := r.Model.Content
	if len(q) != 8 {
		t.Fatalf("box model %s", raw)
	}
	x, y := (q[0]+q[4])/2, (q[1]+q[5])/2
	for _, typ := range []string{"mousePressed", "mouseReleased"} {
		if _, err := p.call("Input.dispatchMouseEvent", map[string]any{"type": typ, "x": x, "y": y, "button": "left", "clickCount": 1}); err != nil {
			t.Fatal(err)
		}
	}
}

// The snapshot an action's result carries waits for the navigation the
// action set off inside an iframe (same-origin and cross-site): it shows
// the frame's new document whole, which the server finishes a second after
// it began.
func TestMCPActionSnapshotWaitsForFrameNavigation(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /slowframe", func(w http.ResponseWriter, r *http.Request) {
		// The document commits at once and finishes loading a second later.
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, `<!doctype html><title>inner</title><h1>Frame loading</h1>`+strings.Repeat(" ", 2048))
		w.(http.Flusher).Flush()
		select {
		case <-time.After(time.Second):
		case <-r.Context().Done():
			return
		}
		io.WriteString(w, `<h1>Frame loaded late</h1><button>Inner OK</button>`)
	})
	mux.Handle("/", h.rec.handler())
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	for _, tc := range []struct{ name, frameBase string }{
		{"same-origin", ""},
		{"cross-site", strings.Replace(srv.URL, "127.0.0.1", "localhost", 1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tag := tagFor(t)
			html := `<title>Outer</title><button onclick="document.getElementById('f').src='` + tc.frameBase + `/slowframe?t=` + tag + `'">Load frame</button>` +
				`<iframe id="f" src="` + tc.frameBase + `/inline?html=%3Cp%3Efirst%3C%2Fp%3E"></iframe>`
			a := startMCP(t)
			a.call("browser_navigate", map[string]any{"url": srv.URL + "/inline?" + url.Values{"t": {tag}, "html": {html}}.Encode()})
			snap := a.call("browser_snapshot", nil)
			if !strings.Contains(snap, "first") {
				t.Fatalf("the frame's first document is not in the snapshot:\n%s", snap)
			}
			out := a.call("browser_click", map[string]any{"element": "Load frame", "ref": refIn(t, snap, "button", "Load frame")})
			if !strings.Contains(out, "Frame loaded late") || !strings.Contains(out, `button "Inner OK"`) {
				t.Errorf("the click's snapshot should show the frame's new document:\n%s", out)
			}
		})
	}
}

// An action's answer shows what the requests it set off brought: a click
// whose handler fetches, then writes the reply, and a confirm whose answer
// is posted before the page says what became of the draft. The server
// answers each request 300 ms late, and records the confirm's answer.
func TestMCPActionAnswerWaitsForTheRequestsItSetOff(t *testing.T) {
	var mu sync.Mutex
	var answered []string
	mux := http.NewServeMux()
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(300 * time.Millisecond):
		case <-r.Context().Done():
			return
		}
		if ok := r.URL.Query().Get("ok"); ok != "" {
			mu.Lock()
			answered = append(answered, ok)
			mu.Unlock()
		}
		io.WriteString(w, "fresh items")
	})
	mux.Handle("/", h.rec.handler())
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	tag := tagFor(t)
	html := `<title>Drafts</title><p id="state">The draft is saved.</p><ul id="list"></ul>` +
		`<button onclick="fetch('/slow').then((r) => r.text()).then((t) => { document.getElementById('list').innerHTML = '<li>' + t + '</li>'; })">Load more</button>` +
		`<button onclick="const ok = confirm('Delete the draft?'); fetch('/slow?ok=' + ok).then(() => { document.getElementById('state').textContent = ok ? 'Draft deleted.' : 'Draft kept.'; })">Delete the draft</button>`
	a := startMCP(t)
	snap := a.call("browser_navigate", map[string]any{"url": srv.URL + "/inline?" + url.Values{"t": {tag}, "html": {html}}.Encode()})
	out := a.call("browser_click", map[string]any{"element": "Load more", "ref": refIn(t, snap, "button", "Load more")})
	if !strings.Contains(out, "fresh items") {
		t.Errorf("the click's answer should show the list its request filled:\n%s", out)
	}
	out = a.call("browser_click", map[string]any{"element": "Delete the draft", "ref": refIn(t, snap, "button", "Delete the draft")})
	if !strings.Contains(strings.ToLower(out), "dialog") {
		t.Fatalf("the click's answer should name the confirm it opened:\n%s", out)
	}
	out = a.call("browser_handle_dialog", map[string]any{"accept": true})
	if !strings.Contains(out, "Draft deleted.") {
		t.Errorf("the dialog's answer should show what the page made of it:\n%s", out)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(answered) != 1 || answered[0] != "true" {
		t.Errorf("the server saw the confirm answered %v, want [true]", answered)
	}
}

// A person's own click in the session's tab does not leave the agent acting
// on refs it took before: its next action says the page changed and a new
// snapshot is needed. The agent's own clicks never count as the person's.
func TestMCPPersonInputAsksForANewSnapshot(t *testing.T) {
	tag := tagFor(t)
	a := startMCP(t)
	a.call("browser_navigate", map[string]any{"url": pageURL("/inline", tag, "html",
		`<title>Shared</title><button id="b" onclick="report('agent-click', {})">Next</button><p id="p">text</p>`)})
	p := h.cdp.page(t, tag)
	snap := a.call("browser_snapshot", nil)
	next := refIn(t, snap, "button", "Next")
	// The agent's own clicks, twice on the same snapshot's ref: not flagged.
	a.call("browser_click", map[string]any{"element": "Next", "ref": next})
	a.call("browser_click", map[string]any{"element": "Next", "ref": next})
	if n := len(h.rec.of(tag, "agent-click")); n != 2 {
		h.rec.waitFor(t, tag, "the agent's clicks", func(e event) bool { return len(h.rec.of(tag, "agent-click")) >= 2 })
	}

	// The person clicks the paragraph (a trusted click from outside).
	time.Sleep(400 * time.Millisecond) // past the agent's last call
	raw, err := p.call("DOM.getDocument", map[string]any{"depth": 1})
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Root struct {
			NodeID int `json:"nodeId"`
		} `json:"root"`
	}
	_ = json.Unmarshal(raw, &doc)
	raw, err = p.call("DOM.querySelector", map[string]any{"nodeId": doc.Root.NodeID, "selector": "#p"})
	if err != nil {
		t.Fatal(err)
	}
	var q struct {
		NodeID int `json:"nodeId"`
	}
	_ = json.Unmarshal(raw, &q)
	raw, err = p.call("DOM.describeNode", map[string]any{"nodeId": q.NodeID})
	if err != nil {
		t.Fatal(err)
	}
	var d struct {
		Node struct {
			BackendNodeID int `json:"backendNodeId"`
		} `json:"node"`
	}
	_ = json.Unmarshal(raw, &d)
	clickNode(t, p, d.Node.BackendNodeID)

	before := len(h.rec.of(tag, "agent-click"))
	res := a.callResult("browser_click", map[string]any{"element": "Next", "ref": next})
	txt := contentText(res)
	if !res.IsError || !strings.Contains(txt, "4109") || !strings.Contains(txt, "the person at the browser made a click") || !strings.Contains(txt, "browser_snapshot") {
		t.Errorf("after the person's click, the agent's action should ask for a new snapshot: error=%v\n%s", res.IsError, txt)
	}
	time.Sleep(300 * time.Millisecond)
	if len(h.rec.of(tag, "agent-click")) != before {
		t.Error("the refused click reached the page")
	}
	snap = a.call("browser_snapshot", nil)
	a.call("browser_click", map[string]any{"element": "Next", "ref": refIn(t, snap, "button", "Next")})
	h.rec.waitFor(t, tag, "the click after a new snapshot", func(e event) bool { return len(h.rec.of(tag, "agent-click")) > before })
}

// A hub that refuses the server's token is named as the CLI names it
// (302 token_refused, with its hint), not as an operation that failed.
func TestMCPRefusedTokenIsNamed(t *testing.T) {
	cmd := exec.Command(h.bin, "--server", h.addr, "mcp")
	cmd.Env = append(h.env(), "BROWSERCTL_TOKEN=not-the-hubs-token")
	client := mcp.NewClient(&mcp.Implementation{Name: "e2e-agent", Version: "1"}, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "browser_snapshot", Arguments: map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	txt := contentText(res)
	if !res.IsError || !strings.Contains(txt, "error 302 token_refused") || strings.Contains(txt, "4102") || !strings.Contains(txt, "hint: ") {
		t.Errorf("a refused token: error=%v\n%s", res.IsError, txt)
	}
}

// browser_is answers the element's state as the page has it: a checkbox the
// page's own script checks reads checked, one it leaves does not.
func TestMCPIsReadsTheElementState(t *testing.T) {
	tag := tagFor(t)
	a := startMCP(t)
	a.call("browser_navigate", map[string]any{"url": pageURL("/inline", tag, "html",
		`<title>Is</title><label>Terms <input type=checkbox id=terms></label><label>News <input type=checkbox id=news></label>
<script>document.getElementById('terms').checked = true</script>`)})
	for sel, want := range map[string]string{"#terms": "checked: true", "#news": "checked: false"} {
		out := a.call("browser_is", map[string]any{"element": sel, "target": sel, "state": "checked"})
		if !strings.Contains(out, want) {
			t.Errorf("browser_is %s checked: %q, want %q", sel, out, want)
		}
	}
}

// The faces folded into existing tools act on the real page, and what they
// say is checked from the page: browser_get reads a count, an attribute and
// a computed style; browser_scroll focuses and browser_press_key types into
// what has focus; browser_route blocks a URL until browser_unroute; the
// dialog policy answers a confirm() without a tool call.
func TestMCPFoldedFacesActOnTheRealPage(t *testing.T) {
	tag := tagFor(t)
	a := startMCP(t)
	a.call("browser_navigate", map[string]any{"url": pageURL("/inline", tag, "html",
		`<title>Faces</title><ul><li>a</li><li>b</li><li>c</li></ul><a id=cart href="/cart">Cart</a>
<p id=box style="color: red">Red</p><input id=q aria-label=Query>`)})
	for _, tc := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"what": "count", "target": "li"}, "3 elements match li"},
		{map[string]any{"what": "attr", "target": "#cart", "name": "href"}, "### Attribute href of #cart\n/cart"},
		{map[string]any{"what": "attr", "target": "#cart", "name": "download"}, `#cart has no attribute "download"`},
		{map[string]any{"what": "style", "target": "#box", "name": "color"}, "### Style color of #box\nrgb(255, 0, 0)"},
	} {
		if out := a.call("browser_get", tc.args); out != tc.want {
			t.Errorf("browser_get %v: %q, want %q", tc.args, out, tc.want)
		}
	}

	a.call("browser_scroll", map[string]any{"target": "#q", "focus": true})
	if out := a.call("browser_evaluate", map[string]any{"function": "() => document.activeElement.id"}); !strings.Contains(out, `"q"`) {
		t.Errorf("after browser_scroll focus, the active element: %s", out)
	}
	a.call("browser_press_key", map[string]any{"text": "shoes"})
	if out := a.call("browser_get", map[string]any{"what": "value", "target": "#q"}); out != "### value of #q\nshoes" {
		t.Errorf("after browser_press_key text, the input's value: %q", out)
	}

	fetchJS := "async () => { try { await fetch(location.origin + '/blocked-by-mcp?t=" + tag + "'); return 'fetched' } catch (e) { return 'failed' } }"
	a.call("browser_route", map[string]any{"pattern": "blocked-by-mcp", "abort": true})
	if out := a.call("browser_evaluate", map[string]any{"function": fetchJS}); !strings.Contains(out, `"failed"`) {
		t.Errorf("a blocked fetch: %s", out)
	}
	if out := a.call("browser_route", nil); !strings.Contains(out, "blocked-by-mcp => abort") {
		t.Errorf("routes list lacks the block: %s", out)
	}
	a.call("browser_unroute", map[string]any{"pattern": "blocked-by-mcp"})
	if out := a.call("browser_evaluate", map[string]any{"function": fetchJS}); !strings.Contains(out, `"fetched"`) {
		t.Errorf("a fetch after unroute: %s", out)
	}

	a.call("browser_handle_dialog", map[string]any{"policy": "accept"})
	if out := a.call("browser_evaluate", map[string]any{"function": "() => confirm('Buy?')"}); !strings.Contains(out, "true") {
		t.Errorf("confirm() under policy accept: %s", out)
	}
}

// The faces that close the table's gap act on the real page, called as an
// agent that reads the default tools/list calls them: through browser_more.
// The click lands where the page says; the settings name the size just
// set; the events name the navigation; the highlight names its element.
func TestMCPMoreFacesActOnTheRealPage(t *testing.T) {
	tag := tagFor(t)
	a := startMCP(t)
	a.call("browser_navigate", map[string]any{"url": pageURL("/inline", tag, "html",
		`<title>More</title><button id=b style="position:fixed;left:50px;top:60px;width:100px;height:40px"
onclick="report('clicked', {x: event.clientX, y: event.clientY})">Go</button>`)})
	more := func(tool string, args map[string]any) string {
		return a.call("browser_more", map[string]any{"tool": tool, "args": args})
	}
	if out := more("mouse", map[string]any{"action": "click", "x": 100, "y": 80}); !strings.HasPrefix(out, "Mouse click at 100, 80") {
		t.Errorf("browser_mouse: %s", out)
	}
	ev := h.rec.waitFor(t, tag, "the button's click", func(e event) bool { return e.Type == "clicked" })
	if ev.Data["x"] != float64(100) || ev.Data["y"] != float64(80) {
		t.Errorf("the page got the click at %v, %v", ev.Data["x"], ev.Data["y"])
	}
	if out := more("highlight", map[string]any{"target": "#b", "durationMs": 0}); !strings.Contains(out, `#b`) || !strings.Contains(out, `"box":{"x":50,"y":60,"width":100,"height":40}`) {
		t.Errorf("browser_highlight: %s", out)
	}
	more("highlight", map[string]any{"clear": true})
	more("resize", map[string]any{"width": 901, "height": 701})
	if out := more("settings", nil); !strings.Contains(out, `"width":901`) {
		t.Errorf("browser_settings after a resize: %s", out)
	}
	if out := more("events", nil); !strings.Contains(out, "navigation") || !strings.Contains(out, tag) {
		t.Errorf("browser_events: %s", out)
	}
	if out := more("websockets", nil); !strings.HasPrefix(out, "### WebSockets") {
		t.Errorf("browser_websockets: %s", out)
	}
}
