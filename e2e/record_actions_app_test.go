package e2e

// The small web application the action recording tests record a person
// in and replay on: a login form that posts and redirects, a home page with
// a link that opens the reports list in a new tab, the list with a filter
// (a fetch), an upload, a confirm before deleting drafts and a report to
// download. The server keeps what each request did, so a test checks the
// replay's effects from the server, independently of browserctl. Two
// variants of the pages serve the same flow changed: every element id
// generated anew (ids), and the filter button renamed (rename).

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

type recApp struct {
	srv *httptest.Server
	mu  sync.Mutex
	// what the server saw, by kind ("login", "query", "download", "upload", "delete"), each "tag|detail"
	seen    map[string][]string
	variant string // "", "ids" or "rename"
	n       int    // a counter for generated ids
}

func newRecApp(t *testing.T) *recApp {
	t.Helper()
	a := &recApp{seen: map[string][]string{}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /app/login", a.page(loginPage))
	mux.HandleFunc("POST /app/login", func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		a.note("login", r, r.PostForm.Get("username")+":"+r.PostForm.Get("password"))
		http.Redirect(w, r, "/app/home?t="+r.URL.Query().Get("t")+"&u="+r.PostForm.Get("username"), http.StatusSeeOther)
	})
	mux.HandleFunc("GET /app/home", a.page(homePage))
	mux.HandleFunc("GET /app/list", a.page(listPage))
	mux.HandleFunc("GET /app/form", a.page(formPage))
	mux.HandleFunc("GET /app/frames", a.page(appFramesPage))
	mux.HandleFunc("GET /app/inner", a.page(appInnerPage))
	mux.HandleFunc("GET /app/checkout", a.page(appCheckoutPage))
	mux.HandleFunc("GET /app/pay", a.page(appPayPage))
	mux.HandleFunc("GET /app/coupon", a.page(appCouponPage))
	mux.HandleFunc("GET /app/plain", a.page(plainPage))
	mux.HandleFunc("GET /app/api/items", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query().Get("q")
		a.note("query", r, q)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `[%q, %q]`, strings.ToUpper(q)+" revenue", strings.ToUpper(q)+" costs")
	})
	mux.HandleFunc("GET /app/report.csv", func(w http.ResponseWriter, r *http.Request) {
		a.note("download", r, r.URL.Query().Get("q"))
		w.Header().Set("Content-Type", "text/csv")
		w.Header().Set("Content-Disposition", `attachment; filename="report.csv"`)
		fmt.Fprintf(w, "item,amount\n%s,1\n", r.URL.Query().Get("q"))
	})
	mux.HandleFunc("POST /app/upload", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		a.note("upload", r, r.URL.Query().Get("name")+":"+string(b))
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("POST /app/delete", func(w http.ResponseWriter, r *http.Request) {
		a.note("delete", r, r.URL.Query().Get("what"))
		w.WriteHeader(http.StatusNoContent)
	})
	a.srv = httptest.NewServer(mux)
	t.Cleanup(a.srv.Close)
	return a
}

func (a *recApp) note(kind string, r *http.Request, detail string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.seen[kind] = append(a.seen[kind], r.URL.Query().Get("t")+"|"+detail)
}

// count is how often the server saw kind with tag and detail.
func (a *recApp) count(kind, tag, detail string) int {
	a.mu.Lock()
	defer a.mu.Unlock()
	n := 0
	for _, s := range a.seen[kind] {
		if s == tag+"|"+detail {
			n++
		}
	}
	return n
}

// waitSeen waits until the server saw kind with tag and detail n times.
func (a *recApp) waitSeen(t *testing.T, kind, tag, detail string, n int) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for a.count(kind, tag, detail) < n {
		if time.Now().After(deadline) {
			a.mu.Lock()
			defer a.mu.Unlock()
			t.Fatalf("the server saw %s %q %d times, want %d; it saw %v", kind, detail, a.count0(kind, tag, detail), n, a.seen)
		}
		time.Sleep(30 * time.Millisecond)
	}
}

func (a *recApp) count0(kind, tag, detail string) int {
	n := 0
	for _, s := range a.seen[kind] {
		if s == tag+"|"+detail {
			n++
		}
	}
	return n
}

func (a *recApp) setVariant(v string) {
	a.mu.Lock()
	a.variant = v
	a.mu.Unlock()
}

func (a *recApp) url(path, tag string) string { return a.srv.URL + path + "?t=" + tag }

// pageData is what a page template is filled with.
type pageData struct {
	Tag, User string
	ID        func(string) string
	Apply     string
}

func (a *recApp) page(body func(pageData) string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		a.mu.Lock()
		variant := a.variant
		a.n++
		n := a.n
		a.mu.Unlock()
		d := pageData{Tag: html.EscapeString(r.URL.Query().Get("t")), User: html.EscapeString(r.URL.Query().Get("u")), Apply: "Apply filter"}
		d.ID = func(id string) string {
			if variant == "ids" {
				return fmt.Sprintf("%s-%d%x", id, n*7919, n*31) // generated: changes on every load
			}
			return id
		}
		if variant == "rename" {
			d.Apply = "Filter now"
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, "<!doctype html><meta charset=utf-8>"+body(d))
	}
}

func loginPage(d pageData) string {
	return `<title>Sign in</title><h1>Sign in</h1>
<form method=post action="/app/login?t=` + d.Tag + `">
<p><label for="` + d.ID("user") + `">Username</label> <input id="` + d.ID("user") + `" name=username autocomplete=off></p>
<p><label for="` + d.ID("pass") + `">Password</label> <input id="` + d.ID("pass") + `" name=password type=password></p>
<p><button id="` + d.ID("signin") + `" type=submit>Sign in</button></p>
</form>`
}

func homePage(d pageData) string {
	return `<title>Home</title><h1>Welcome, ` + d.User + `</h1>
<p><a id="` + d.ID("open") + `" href="/app/list?t=` + d.Tag + `" target=_blank>Open the reports list</a></p>`
}

func listPage(d pageData) string {
	return `<title>Reports</title><h1>Reports</h1>
<p><label for="` + d.ID("f") + `">Filter</label> <input id="` + d.ID("f") + `"> <button id="` + d.ID("apply") + `">` + d.Apply + `</button></p>
<ul id="` + d.ID("rows") + `"></ul>
<p><label for="` + d.ID("att") + `">Attachment</label> <input id="` + d.ID("att") + `" type=file></p>
<p><button id="` + d.ID("del") + `">Delete drafts</button> <span id="` + d.ID("status") + `"></span></p>
<p><a id="` + d.ID("dl") + `" href="/app/report.csv?t=` + d.Tag + `&q=" download>Download report</a></p>
<script>
const tag = ` + jsString(d.Tag) + `;
const $ = (id) => document.getElementById(id);
$(` + jsString(d.ID("apply")) + `).addEventListener("click", async () => {
  const q = $(` + jsString(d.ID("f")) + `).value;
  const items = await (await fetch("/app/api/items?t=" + tag + "&q=" + encodeURIComponent(q))).json();
  $(` + jsString(d.ID("rows")) + `).replaceChildren(...items.map((i) => Object.assign(document.createElement("li"), { textContent: i })));
  $(` + jsString(d.ID("dl")) + `).href = "/app/report.csv?t=" + tag + "&q=" + encodeURIComponent(q);
});
$(` + jsString(d.ID("att")) + `).addEventListener("change", async (e) => {
  const f = e.target.files[0];
  if (f) await fetch("/app/upload?t=" + tag + "&name=" + encodeURIComponent(f.name), { method: "POST", body: await f.text() });
});
$(` + jsString(d.ID("del")) + `).addEventListener("click", async () => {
  if (!confirm("Delete every draft?")) { $(` + jsString(d.ID("status")) + `).textContent = "kept"; return; }
  await fetch("/app/delete?t=" + tag + "&what=drafts", { method: "POST" });
  $(` + jsString(d.ID("status")) + `).textContent = "deleted";
});
</script>`
}

// formPage: a checkbox, a select, a slider, a row to double-click and a
// key the page listens for; each reports to the server (as "delete" with what it was).
func formPage(d pageData) string {
	return `<title>Form</title><h1>Preferences</h1>
<p><label><input type=checkbox id="` + d.ID("sub") + `"> Subscribe</label></p>
<p><label for="` + d.ID("nick") + `">Nickname</label> <input id="` + d.ID("nick") + `"></p>
<p><label for="` + d.ID("avatar") + `">Avatar</label> <input type=file id="` + d.ID("avatar") + `"></p>
<p><label for="` + d.ID("size") + `">Size</label> <select id="` + d.ID("size") + `"><option value=S>Small</option><option value=M>Medium</option><option value=L>Large</option></select></p>
<p><label for="` + d.ID("vol") + `">Volume</label> <input type=range min=0 max=10 value=0 id="` + d.ID("vol") + `"></p>
<table><tr><td id="` + d.ID("r1") + `">Row 1</td></tr><tr><td id="` + d.ID("r2") + `">Row 2</td></tr></table>
<script>
const tag = ` + jsString(d.Tag) + `;
const say = (what) => fetch("/app/delete?t=" + tag + "&what=" + what, { method: "POST" });
document.getElementById(` + jsString(d.ID("sub")) + `).addEventListener("change", (e) => say("sub-" + e.target.checked));
document.getElementById(` + jsString(d.ID("size")) + `).addEventListener("change", (e) => say("size-" + e.target.value));
document.getElementById(` + jsString(d.ID("r2")) + `).addEventListener("dblclick", () => say("row2"));
document.getElementById(` + jsString(d.ID("vol")) + `).addEventListener("change", (e) => say("volume-" + e.target.value));
document.getElementById(` + jsString(d.ID("avatar")) + `).addEventListener("change", (e) => say("avatar-" + e.target.files[0].name));
document.addEventListener("keydown", (e) => { if (e.key === "Escape") say("escape"); });
</script>`
}

// appFramesPage: a frame and an open shadow root with controls in each.
func appFramesPage(d pageData) string {
	return `<title>Frames</title><h1>Frames</h1>
<iframe title="Settings" src="/app/inner?t=` + d.Tag + `" style="width:500px;height:200px"></iframe>
<settings-card></settings-card>
<script>
customElements.define("settings-card", class extends HTMLElement {
  connectedCallback() {
    const r = this.attachShadow({ mode: "open" });
    r.innerHTML = '<button>Save card</button>';
    r.querySelector("button").addEventListener("click", () => fetch("/app/delete?t=" + ` + jsString(d.Tag) + ` + "&what=card", { method: "POST" }));
  }
});
</script>`
}

// plainPage: a search field, and a swatch with nothing durable to name it
// by (no role, text, test id or id).
func plainPage(d pageData) string {
	return `<title>Plain</title><p><input aria-label="Search"></p>
<div><div></div><div class=swatch style="width:60px;height:40px;background:#c33"></div></div>
<script>document.querySelector(".swatch").addEventListener("click", () => fetch("/app/delete?t=" + ` + jsString(d.Tag) + ` + "&what=swatch", { method: "POST" }));</script>`
}

// appCheckoutPage: a cross-site frame (the page is on 127.0.0.1, its
// frames on localhost: another site, so Chrome runs them in a renderer of
// their own), and a button that adds a second one.
func appCheckoutPage(d pageData) string {
	return `<title>Checkout</title><h1>Checkout</h1>
<iframe title="Payment" style="display:block;width:400px;height:110px;border:0"></iframe>
<button id=add>Add a coupon</button>
<script>
const other = (path) => location.origin.replace("127.0.0.1", "localhost") + path + "?t=" + ` + jsString(d.Tag) + `;
document.querySelector("iframe").src = other("/app/pay");
document.getElementById("add").addEventListener("click", () => {
  const f = document.createElement("iframe");
  f.title = "Coupon";
  f.style.cssText = "display:block;width:400px;height:110px;border:0";
  f.src = other("/app/coupon");
  document.body.append(f);
});
</script>`
}

// crossFramePage is a frame of appCheckoutPage: a field and a button at
// fixed places (the person's test clicks them from the top page, which
// cannot look into a cross-site frame), and a report when it loaded and
// when its button is pressed.
func crossFramePage(d pageData, what, field, button string) string {
	report := `fetch("/app/delete?t=` + d.Tag + `&what=` + what + `-" + `
	return `<title>` + what + `</title>
<label for=f style="position:absolute;left:10px;top:14px">` + field + `</label>
<input id=f style="position:absolute;left:150px;top:10px;width:200px;height:24px;margin:0">
<button id=b style="position:absolute;left:10px;top:60px;width:160px;height:30px;margin:0">` + button + `</button>
<script>
document.getElementById("b").addEventListener("click", () => ` + report + `document.getElementById("f").value, { method: "POST" }));
` + report + `"loaded", { method: "POST" });
</script>`
}

func appPayPage(d pageData) string { return crossFramePage(d, "pay", "Card name", "Pay now") }
func appCouponPage(d pageData) string {
	return crossFramePage(d, "coupon", "Coupon code", "Apply coupon")
}

func appInnerPage(d pageData) string {
	return `<title>Inner</title><p><label for=nick>Nickname</label> <input id=nick></p>
<button id=keep onclick="fetch('/app/delete?t=` + d.Tag + `&what=frame-'+document.getElementById('nick').value, {method:'POST'})">Keep nickname</button>`
}

// ---- the person: input through the test's own DevTools connection, which
// the page (and the extension) see as trusted input

type person struct {
	t *testing.T
	p *page
}

// center scrolls the element into view (the test's own script) and answers its centre.
func (ps person) center(sel string) (float64, float64) {
	ps.t.Helper()
	var xy []float64
	ps.p.eval(`(() => { const e = document.querySelector(`+jsString(sel)+`); if (!e) return null; e.scrollIntoView({block: "center"}); const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`, &xy)
	if len(xy) != 2 {
		ps.t.Fatalf("the page has no %s to press", sel)
	}
	return xy[0], xy[1]
}

func (ps person) mouse(x, y float64, clicks int) {
	ps.t.Helper()
	for _, typ := range []string{"mouseMoved", "mousePressed", "mouseReleased"} {
		p := map[string]any{"type": typ, "x": x, "y": y}
		if typ != "mouseMoved" {
			p["button"], p["clickCount"] = "left", clicks
		}
		if _, err := ps.p.call("Input.dispatchMouseEvent", p); err != nil {
			ps.t.Fatalf("person's %s: %v", typ, err)
		}
	}
}

func (ps person) click(sel string) {
	ps.t.Helper()
	x, y := ps.center(sel)
	ps.mouse(x, y, 1)
}

func (ps person) dblclick(sel string) {
	ps.t.Helper()
	x, y := ps.center(sel)
	ps.mouse(x, y, 1)
	ps.mouse(x, y, 2)
}

func (ps person) typeText(s string) {
	ps.t.Helper()
	if _, err := ps.p.call("Input.insertText", map[string]any{"text": s}); err != nil {
		ps.t.Fatalf("person types %q: %v", s, err)
	}
}

// key presses a key that is not text: Enter, Escape, Tab, ArrowDown.
func (ps person) key(name string) {
	ps.t.Helper()
	codes := map[string]int{"Enter": 13, "Escape": 27, "Tab": 9, "ArrowDown": 40}
	down := map[string]any{"type": "keyDown", "key": name, "code": name, "windowsVirtualKeyCode": codes[name]}
	if name == "Enter" {
		down["text"] = "\r"
	}
	for _, p := range []map[string]any{down, {"type": "keyUp", "key": name, "code": name, "windowsVirtualKeyCode": codes[name]}} {
		if _, err := ps.p.call("Input.dispatchKeyEvent", p); err != nil {
			ps.t.Fatalf("person presses %s: %v", name, err)
		}
	}
}

// typeURL navigates as a URL typed into the address bar.
func (ps person) typeURL(u string) {
	ps.t.Helper()
	if _, err := ps.p.call("Page.navigate", map[string]any{"url": u, "transitionType": "typed"}); err != nil {
		ps.t.Fatalf("person types the URL %s: %v", u, err)
	}
}

// chooseFile sets the files of a file input as the person's choice in the
// browser's file chooser does (the input and change events are trusted).
func (ps person) chooseFile(sel string, paths ...string) {
	ps.t.Helper()
	raw, err := ps.p.call("DOM.getDocument", map[string]any{"depth": 0})
	if err != nil {
		ps.t.Fatal(err)
	}
	var doc struct {
		Root struct {
			NodeID int `json:"nodeId"`
		} `json:"root"`
	}
	_ = json.Unmarshal(raw, &doc)
	raw, err = ps.p.call("DOM.querySelector", map[string]any{"nodeId": doc.Root.NodeID, "selector": sel})
	if err != nil {
		ps.t.Fatal(err)
	}
	var q struct {
		NodeID int `json:"nodeId"`
	}
	_ = json.Unmarshal(raw, &q)
	if _, err := ps.p.call("DOM.setFileInputFiles", map[string]any{"nodeId": q.NodeID, "files": paths}); err != nil {
		ps.t.Fatalf("the person chooses %v: %v", paths, err)
	}
}

// clickIntoDialog clicks what opens a dialog: the press does not answer
// until the dialog is gone, so it is sent without waiting; answerDialog
// answers the dialog, then waits for the press.
func (ps person) clickIntoDialog(sel string) <-chan error {
	ps.t.Helper()
	// the test's own session answers dialogs once its Page domain is on
	// (before the dialog: Page.enable waits while one is open)
	if _, err := ps.p.call("Page.enable", nil); err != nil {
		ps.t.Fatal(err)
	}
	x, y := ps.center(sel)
	done := make(chan error, 1)
	go func() {
		for _, typ := range []string{"mouseMoved", "mousePressed", "mouseReleased"} {
			p := map[string]any{"type": typ, "x": x, "y": y}
			if typ != "mouseMoved" {
				p["button"], p["clickCount"] = "left", 1
			}
			if _, err := ps.p.call("Input.dispatchMouseEvent", p); err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	return done
}

// answerDialog answers the dialog the page shows, as the person's OK or
// Cancel; pressed is clickIntoDialog's.
func (ps person) answerDialog(accept bool, pressed <-chan error) {
	ps.t.Helper()
	defer func() {
		if err := <-pressed; err != nil {
			ps.t.Fatalf("the press that opened the dialog: %v", err)
		}
	}()
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, err := ps.p.call("Page.handleJavaScriptDialog", map[string]any{"accept": accept})
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			ps.t.Fatalf("no dialog to answer: %v", err)
		}
		time.Sleep(30 * time.Millisecond)
	}
}

// uploadFile writes a file into the harness's folder (the folder
// browserctl runs in: the recording's working folder) and answers its path.
func uploadFile(t *testing.T, name, content string) string {
	t.Helper()
	dir := filepath.Join(h.dir, "uploads")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	writeFile(t, p, content)
	return p
}

// history moves through the tab's history as the back and forward buttons do.
func (ps person) history(delta int) {
	ps.t.Helper()
	raw, err := ps.p.call("Page.getNavigationHistory", nil)
	if err != nil {
		ps.t.Fatal(err)
	}
	var h struct {
		CurrentIndex int `json:"currentIndex"`
		Entries      []struct {
			ID int `json:"id"`
		} `json:"entries"`
	}
	_ = json.Unmarshal(raw, &h)
	if _, err := ps.p.call("Page.navigateToHistoryEntry", map[string]any{"entryId": h.Entries[h.CurrentIndex+delta].ID}); err != nil {
		ps.t.Fatalf("person goes %d in history: %v", delta, err)
	}
}

// reload reloads as the browser's reload button does.
func (ps person) reload() {
	ps.t.Helper()
	if _, err := ps.p.call("Page.reload", nil); err != nil {
		ps.t.Fatal(err)
	}
}

// ---- the recording, as the test reads it

// recordedTabs is the tabs whose documents record now (record.actionsLines' tabs).
func recordedTabs(t *testing.T, s session) []int {
	t.Helper()
	var r struct {
		Tabs []int `json:"tabs"`
	}
	mustJSON(t, &r, in(s, "call", "record.actionsLines", `{"sessionId":"`+s.SessionID+`"}`)...)
	return r.Tabs
}

// waitLine waits until the recording has a line starting with prefix.
func waitLine(t *testing.T, s session, prefix string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		var r struct {
			Lines []string `json:"lines"`
		}
		mustJSON(t, &r, in(s, "call", "record.actionsLines", `{"sessionId":"`+s.SessionID+`","waitMs":500}`)...)
		for _, l := range r.Lines {
			if strings.HasPrefix(l, prefix) {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no line %q… in the recording: %q", prefix, r.Lines)
		}
	}
}

// waitRecorded waits until n of the session's tabs record.
func waitRecorded(t *testing.T, s session, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for len(recordedTabs(t, s)) < n {
		if time.Now().After(deadline) {
			t.Fatalf("the recording never reached %d tabs: %v", n, recordedTabs(t, s))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// commands are a script's lines that are not comments.
func commands(script string) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimRight(script, "\n"), "\n") {
		if !strings.HasPrefix(l, "#") && strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}

// batchEnv runs `browserctl batch` with extra environment variables; it
// answers stdout, stderr and the exit code.
func batchEnv(t *testing.T, env []string, args ...string) (string, string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*callTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, h.bin, append([]string{"--server", h.addr}, args...)...)
	cmd.Env = append(h.env(), env...)
	cmd.Dir = h.dir
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	cmd.WaitDelay = 2 * time.Second
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("browserctl %v: %v", args, err)
	}
	t.Logf("browserctl %s -> exit %d\nstdout: %s\nstderr: %s", strings.Join(args, " "), code, abbrev(out.String()), abbrev(errOut.String()))
	return out.String(), errOut.String(), code
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}
