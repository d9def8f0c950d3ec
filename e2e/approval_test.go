package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// domNode is a node of CDP's DOM.getDocument with pierce: closed shadow
// roots included, as DevTools shows them.
type domNode struct {
	NodeName      string    `json:"nodeName"`
	NodeValue     string    `json:"nodeValue"`
	BackendNodeID int       `json:"backendNodeId"`
	Attributes    []string  `json:"attributes"`
	Children      []domNode `json:"children"`
	ShadowRoots   []domNode `json:"shadowRoots"`
}

func (n domNode) attr(name string) string {
	for i := 0; i+1 < len(n.Attributes); i += 2 {
		if n.Attributes[i] == name {
			return n.Attributes[i+1]
		}
	}
	return ""
}

// approvalBar is what the page shows of the approval bar now: its text and
// the backend ids of its Allow and Deny buttons (0 when there is no bar).
type approvalBar struct {
	text        string
	allow, deny int
	found       bool
}

func readApprovalBar(t *testing.T, p *page) approvalBar {
	t.Helper()
	raw, err := p.call("DOM.getDocument", map[string]any{"depth": -1, "pierce": true})
	if err != nil {
		return approvalBar{}
	}
	var r struct {
		Root domNode `json:"root"`
	}
	_ = json.Unmarshal(raw, &r)
	var bar approvalBar
	var walk func(n domNode, in bool)
	walk = func(n domNode, in bool) {
		if n.NodeName == "BROWSERCTL-APPROVAL" {
			bar.found, in = true, true
		}
		if in && n.NodeName == "#text" {
			bar.text += n.NodeValue + " "
		}
		if in && n.NodeName == "BUTTON" {
			switch n.attr("data-answer") {
			case "allow":
				bar.allow = n.BackendNodeID
			case "deny":
				bar.deny = n.BackendNodeID
			}
		}
		for _, c := range append(n.Children, n.ShadowRoots...) {
			walk(c, in)
		}
	}
	walk(r.Root, false)
	return bar
}

// waitApprovalBar waits until the page shows the bar with both buttons.
func waitApprovalBar(t *testing.T, p *page) approvalBar {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if b := readApprovalBar(t, p); b.allow != 0 && b.deny != 0 {
			return b
		}
		if time.Now().After(deadline) {
			t.Fatal("no approval bar with Allow and Deny appeared in the page")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// pressInPopup presses the button of the popup matching sel as a person
// would: a trusted mouse press and release at its centre.
func pressInPopup(t *testing.T, pp *page, sel string) {
	t.Helper()
	pp.waitTrue(`document.querySelector(`+jsQuote(sel)+`) !== null`, "the popup's "+sel)
	var box struct{ X, Y float64 }
	pp.eval(`(() => { const r = document.querySelector(`+jsQuote(sel)+`).getBoundingClientRect(); return {X: r.x + r.width / 2, Y: r.y + r.height / 2}; })()`, &box)
	for _, typ := range []string{"mousePressed", "mouseReleased"} {
		if _, err := pp.call("Input.dispatchMouseEvent", map[string]any{"type": typ, "x": box.X, "y": box.Y, "button": "left", "clickCount": 1}); err != nil {
			t.Fatal(err)
		}
	}
}

func jsQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

type outcome struct {
	stdout, stderr string
	code           int
	took           time.Duration
}

// runAsync runs the binary in the background; its outcome arrives on the
// channel.
func runAsync(args ...string) <-chan outcome {
	ch := make(chan outcome, 1)
	go func() {
		t0 := time.Now()
		out, errOut, code := h.exec(context.Background(), args...)
		ch <- outcome{out, errOut, code, time.Since(t0)}
	}()
	return ch
}

func waitOutcome(t *testing.T, ch <-chan outcome, d time.Duration) outcome {
	t.Helper()
	select {
	case o := <-ch:
		return o
	case <-time.After(d):
		t.Fatalf("the command did not end within %s", d)
		return outcome{}
	}
}

// posts counts the forms the page posted to the test server.
func posts(tag string) int { return len(h.rec.of(tag, "login")) }

// Before a click that submits a form, the session's policy asks the person:
// Allow pressed in the page (a trusted click from the test's own DevTools
// client) lets it run and the form posts once; Deny pressed in the popup
// fails it with denied and nothing posts; no answer ends it with
// approval_timeout and nothing posts; a page script that presses Allow
// itself, and a click the popup's own script makes, are ignored. A click
// that submits nothing is not asked about.
func TestApprovalBeforeSubmit(t *testing.T) {
	tag := tagFor(t)
	page := pageURL("/approval.html", tag)
	s := newSession(t, page)
	waitLoad(t, s)
	out := mustRun(t, in(s, "--json", "session", "policy", "--confirm", "submit")...)
	if !strings.Contains(out, `"confirm":["submit"]`) {
		t.Fatalf("session policy answered %s", out)
	}
	mustRun(t, in(s, "fill", "#user", "Ann")...)
	mustRun(t, in(s, "click", "#plain")...) // a button of type button: not asked
	h.rec.waitFor(t, tag, "the plain button's click", func(e event) bool { return e.Type == "plain-click" })
	p := h.cdp.page(t, tag)

	// Allow, pressed in the page as a person would.
	done := runAsync(in(s, "--timeout", "20s", "click", "#submit")...)
	bar := waitApprovalBar(t, p)
	if want := "shell wants to click 'Pay now' on 127.0.0.1"; !strings.Contains(bar.text, want) {
		t.Errorf("the bar says %q, want %q", bar.text, want)
	}
	if posts(tag) != 0 {
		t.Fatal("the form posted before the person allowed it")
	}
	clickNode(t, p, bar.allow)
	if o := waitOutcome(t, done, 15*time.Second); o.code != 0 {
		t.Fatalf("click after Allow: exit %d, %s", o.code, o.stderr)
	}
	h.rec.waitFor(t, tag, "the form's post", func(e event) bool { return e.Type == "login" })
	h.rec.settle()
	if n := posts(tag); n != 1 {
		t.Errorf("after Allow the form posted %d times, want once", n)
	}

	// Deny, pressed in the popup as a person would.
	mustRun(t, in(s, "open", page)...)
	pp := popupPage(t)
	done = runAsync(in(s, "--timeout", "20s", "click", "#submit")...)
	row := `#approvals li[data-session-id="` + s.SessionID + `"]`
	pp.waitTrue(`document.querySelector(`+jsQuote(row)+`) !== null`, "the approval in the popup")
	if txt := pp.evalString(`document.querySelector(` + jsQuote(row+" .name") + `).textContent`); !strings.Contains(txt, "shell wants to click 'Pay now'") {
		t.Errorf("the popup says %q", txt)
	}
	// a click the popup's own script makes is not a person's
	pp.eval(`document.querySelector(`+jsQuote(row+" .allow")+`).click()`, nil)
	time.Sleep(400 * time.Millisecond)
	if readApprovalBar(t, p).allow == 0 {
		t.Fatal("a scripted click on the popup's Allow answered the approval")
	}
	pressInPopup(t, pp, row+" .deny")
	o := waitOutcome(t, done, 15*time.Second)
	if o.code != 1 || !strings.Contains(o.stderr, "denied") {
		t.Errorf("click after Deny: exit %d, %s", o.code, o.stderr)
	}
	h.rec.settle()
	if n := posts(tag); n != 1 {
		t.Errorf("after Deny the form has posted %d times in all, want still once", n)
	}
	if b := readApprovalBar(t, p); b.found {
		t.Error("the bar stays after Deny")
	}

	// No answer: approval_timeout within the call's --timeout.
	o = <-runAsync(in(s, "--timeout", "3s", "click", "#submit")...)
	if o.code != 4 || !strings.Contains(o.stderr, "approval_timeout") || o.took > 6*time.Second {
		t.Errorf("click nobody answered: exit %d after %s, %s", o.code, o.took, o.stderr)
	}

	// A page script that presses Allow itself is ignored.
	hostileTag := tag + "-hostile"
	mustRun(t, in(s, "open", pageURL("/approval.html", hostileTag, "hostile", "1"))...)
	o = <-runAsync(in(s, "--timeout", "4s", "click", "#submit")...)
	if o.code != 4 || !strings.Contains(o.stderr, "approval_timeout") {
		t.Errorf("click with a page pressing Allow: exit %d, %s", o.code, o.stderr)
	}
	tried := h.rec.of(hostileTag, "hostile-tried")
	if len(tried) == 0 {
		t.Fatal("the hostile page never found the bar to press")
	}
	if tried[0].Data["shadow"] == true {
		t.Error("the page could open the bar's shadow root")
	}
	h.rec.settle()
	if n := posts(tag) + posts(hostileTag); n != 1 {
		t.Errorf("%d posts in all, want the one Allow allowed", n)
	}
	t.Logf("the hostile page tried: %s", tried[0].str("tried"))
}

// debuggerAttached asks Chrome itself (chrome.debugger.getTargets, from the
// extension's popup page) whether a debugger is attached to the tab.
func debuggerAttached(t *testing.T, pp *page, tabID int) bool {
	t.Helper()
	return pp.evalBool(fmt.Sprintf(`chrome.debugger.getTargets().then(ts => ts.some(x => x.tabId === %d && x.attached))`, tabID))
}

// statusAttached is status --json's attached tabs of session sid.
func statusAttached(t *testing.T, sid string) []int {
	t.Helper()
	var st struct {
		Attached []struct {
			TabID     int    `json:"tabId"`
			SessionID string `json:"sessionId"`
		} `json:"attached"`
	}
	mustJSON(t, &st, "status")
	var out []int
	for _, a := range st.Attached {
		if a.SessionID == sid {
			out = append(out, a.TabID)
		}
	}
	return out
}

// --detach-when-idle lets the session's tab go after that long without a
// call (status and Chrome agree), and the next call attaches it again.
func TestDetachWhenIdle(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/lab.html", tag))
	waitLoad(t, s)
	pp := popupPage(t)
	tabID := s.TabIDs[0]
	if got := statusAttached(t, s.SessionID); len(got) != 1 || got[0] != tabID || !debuggerAttached(t, pp, tabID) {
		t.Fatalf("a fresh session's tab: status says attached %v, Chrome %v", got, debuggerAttached(t, pp, tabID))
	}
	out := mustRun(t, in(s, "session", "policy", "--detach-when-idle", "1s")...)
	if !strings.Contains(out, `"detachWhenIdleMs":1000`) {
		t.Errorf("session policy printed %q", out)
	}
	deadline := time.Now().Add(10 * time.Second)
	for debuggerAttached(t, pp, tabID) {
		if time.Now().After(deadline) {
			t.Fatal("the idle session's tab is still attached after 10 s")
		}
		time.Sleep(100 * time.Millisecond)
	}
	if got := statusAttached(t, s.SessionID); len(got) != 0 {
		t.Errorf("status lists the detached tab as attached: %v", got)
	}
	if out := mustRun(t, in(s, "get", "title")...); !strings.Contains(out, `"value":"Lab"`) {
		t.Errorf("get title after the idle detach: %s", out)
	}
	if got := statusAttached(t, s.SessionID); len(got) != 1 || !debuggerAttached(t, pp, tabID) {
		t.Errorf("after the next call: status says attached %v, Chrome %v", got, debuggerAttached(t, pp, tabID))
	}
	mustRun(t, in(s, "session", "policy", "--detach-when-idle", "0")...)
}

// The other kinds a policy asks about, each denied as a person would deny
// it (a trusted click on the bar's Deny), and checked from the page and
// the test server: JavaScript never ran, no file was set, nothing was
// downloaded, the session's tab is still open. The words name the action.
func TestApprovalKinds(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/approval.html", tag))
	waitLoad(t, s)
	mustRun(t, in(s, "session", "policy", "--confirm", "eval,upload,download,close")...)
	t.Cleanup(func() { run(t, in(s, "session", "policy", "--confirm", "none")...) })
	p := h.cdp.page(t, tag)
	upload := writeTemp(t, "receipt.txt", "paid")

	deny := func(args []string, words string) outcome {
		t.Helper()
		done := runAsync(in(s, append([]string{"--timeout", "20s"}, args...)...)...)
		bar := waitApprovalBar(t, p)
		if !strings.Contains(bar.text, words) {
			t.Errorf("%v: the bar says %q, want %q", args, bar.text, words)
		}
		clickNode(t, p, bar.deny)
		o := waitOutcome(t, done, 15*time.Second)
		if o.code != 1 || !strings.Contains(o.stderr, "denied") {
			t.Errorf("%v denied: exit %d, %s", args, o.code, o.stderr)
		}
		return o
	}
	deny([]string{"eval", `report("evaluated"); 1`}, "shell wants to run JavaScript: report(\"evaluated\"); 1 on 127.0.0.1")
	deny([]string{"upload", "#doc", upload}, "shell wants to upload receipt.txt on 127.0.0.1")
	deny([]string{"download", "#file"}, "shell wants to download from 'Get the invoice' on 127.0.0.1")
	deny([]string{"session", "close", s.SessionID}, "shell wants to close the session and its tabs on 127.0.0.1")
	h.rec.settle()
	if n := len(h.rec.of(tag, "evaluated")); n != 0 {
		t.Error("the denied eval ran")
	}
	if n := p.evalFloat(`document.getElementById("doc").files.length`); n != 0 {
		t.Errorf("the denied upload set %v file(s)", n)
	}
	for _, e := range h.rec.of(tag, "hit") {
		if e.str("path") == "attachment" {
			t.Error("the denied download reached the server")
		}
	}
	if len(h.cdp.pagesWith(t, tag)) != 1 {
		t.Error("the denied close closed the tab")
	}
	// allowed, each does what it says
	done := runAsync(in(s, "--timeout", "20s", "eval", `report("evaluated"); 1`)...)
	clickNode(t, p, waitApprovalBar(t, p).allow)
	if o := waitOutcome(t, done, 15*time.Second); o.code != 0 {
		t.Fatalf("the allowed eval: exit %d, %s", o.code, o.stderr)
	}
	h.rec.waitFor(t, tag, "the allowed eval's report", func(e event) bool { return e.Type == "evaluated" })
}
