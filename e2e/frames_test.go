package e2e

// Frames (same-origin, cross-origin in another process, a frame in
// a frame) and shadow roots (open, closed, custom elements nested in them)
// in the snapshot, with refs that act, checked through what the pages
// report to the test server; stale refs after a frame navigates; stable refs.

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// crossOrigin serves the test pages on a second origin, http://localhost:PORT
// (Chromium puts its frames in another renderer process than 127.0.0.1's),
// recording into the same recorder.
func crossOrigin(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(h.rec.handler())
	t.Cleanup(srv.Close)
	return strings.Replace(srv.URL, "127.0.0.1", "localhost", 1)
}

// framesPage opens testdata/frames.html and waits until it and its three
// frames have loaded.
func framesPage(t *testing.T) (session, string, string) {
	t.Helper()
	return framesPageWith(t)
}

// framesPageWith is framesPage with more query parameters (key, value, ...).
func framesPageWith(t *testing.T, extra ...string) (session, string, string) {
	t.Helper()
	return framesPageAt(t, crossOrigin(t), extra...)
}

// framesPageAt is framesPageWith with the "cross" frame's origin x.
func framesPageAt(t *testing.T, x string, extra ...string) (session, string, string) {
	t.Helper()
	tag := tagFor(t)
	s := newSession(t, pageURL("/frames.html", tag, append([]string{"x", x}, extra...)...))
	waitLoad(t, s)
	for _, want := range []string{"/frame-inner.html?t=" + tag + "&who=same", x + "/frame-outer.html", "/frame-inner.html?t=" + tag + "&who=nested"} {
		h.rec.waitFor(t, tag, "the load of "+want, func(e event) bool { return e.Type == "load" && strings.Contains(e.str("url"), want) })
	}
	return s, tag, x
}

func indentOf(t *testing.T, text, needle string) int {
	t.Helper()
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, needle) {
			return len(l) - len(strings.TrimLeft(l, " "))
		}
	}
	t.Fatalf("the snapshot has no line with %q:\n%s", needle, text)
	return -1
}

func TestFramesAndShadowRootsInSnapshot(t *testing.T) {
	s, tag, _ := framesPage(t)
	full := takeSnapshot(t, s)
	t.Logf("snapshot:\n%s", full.Snapshot)
	if !strings.HasPrefix(full.Snapshot, "title: Frames\nurl: "+h.web.URL+"/frames.html") {
		t.Errorf("the snapshot does not start with the title and url:\n%.200s", full.Snapshot)
	}
	// Nesting: each frame's content sits under its iframe's line.
	if a, b := indentOf(t, full.Snapshot, `iframe "same frame"`), indentOf(t, full.Snapshot, `button "Inner button same"`); b <= a {
		t.Errorf("the same-origin frame's button (indent %d) is not under its iframe (indent %d)", b, a)
	}
	cross := indentOf(t, full.Snapshot, `iframe "cross frame"`)
	nestedFrame := indentOf(t, full.Snapshot, `iframe "nested frame"`)
	nestedBtn := indentOf(t, full.Snapshot, `button "Inner button nested"`)
	if !(cross < nestedFrame && nestedFrame < nestedBtn) {
		t.Errorf("indents cross %d, nested frame %d, nested button %d: want each inside the one before", cross, nestedFrame, nestedBtn)
	}

	type target struct {
		role, name, id string
		frame          bool // the ref must name its frame
	}
	buttons := []target{
		{"button", "Top button", "top-btn", false},
		{"button", "Inner button same", "btn-same", true},
		{"button", "Cross button", "btn-cross", true},
		{"button", "Inner button nested", "btn-nested", true},
	}
	fields := []target{
		{"textbox", "Top field", "top-field", false},
		{"textbox", "Inner field same", "field-same", true},
		{"textbox", "Cross field", "field-cross", true},
		{"textbox", "Inner field nested", "field-nested", true},
	}
	inter := takeSnapshot(t, s, "-i")
	for _, b := range append(append([]target{}, buttons...), fields...) {
		ref := full.ref(t, b.role, b.name)
		if got := inter.ref(t, b.role, b.name); got != ref {
			t.Errorf("%s %q is %s in `snapshot` and %s in `snapshot -i`", b.role, b.name, ref, got)
		}
		if b.frame != strings.HasPrefix(ref, "f") {
			t.Errorf("%s %q has ref %s: a frame's ref starts with f, the main frame's does not", b.role, b.name, ref)
		}
	}
	for _, b := range buttons {
		mustRun(t, in(s, "click", full.ref(t, b.role, b.name))...)
		h.rec.waitFor(t, tag, "a click on "+b.id, func(e event) bool { return e.Type == "click" && e.str("target") == b.id })
	}
	for _, f := range fields {
		value := "typed into " + f.id
		mustRun(t, in(s, "fill", full.ref(t, f.role, f.name), value)...)
		h.rec.waitFor(t, tag, "input into "+f.id, func(e event) bool {
			return e.Type == "input" && e.str("target") == f.id && e.str("value") == value
		})
		if got := getString(t, s, "value", full.ref(t, f.role, f.name)); got != value {
			t.Errorf("get value of %s: %q, want %q", f.id, got, value)
		}
	}

	// Shadow roots, open and closed, and a closed one inside an open one.
	for _, b := range []target{
		{"button", "Open shadow button", "open-btn", false},
		{"button", "Closed shadow button", "closed-btn", false},
		{"button", "Card button", "card-btn", false},
		{"button", "Shadow button in frame", "framed-shadow-btn", true},
	} {
		mustRun(t, in(s, "click", full.ref(t, b.role, b.name))...)
		h.rec.waitFor(t, tag, "a click on "+b.id, func(e event) bool { return e.Type == "shadow-click" && e.str("target") == b.id })
	}
	for _, f := range []target{{"textbox", "Open field", "open-field", false}, {"textbox", "Closed field", "closed-field", false}} {
		mustRun(t, in(s, "fill", full.ref(t, f.role, f.name), "x-"+f.id)...)
		h.rec.waitFor(t, tag, "input into "+f.id, func(e event) bool {
			return e.Type == "shadow-input" && e.str("target") == f.id && e.str("value") == "x-"+f.id
		})
	}

	// -d counts levels through the frames: the nested frame's button is at level 2.
	for d, want := range map[string]bool{"1": false, "2": true} {
		cut := takeSnapshot(t, s, "-d", d)
		if got := strings.Contains(cut.Snapshot, `button "Inner button nested"`); got != want {
			t.Errorf("snapshot -d %s shows the nested frame's button: %v, want %v:\n%s", d, got, want, cut.Snapshot)
		}
	}

	// get text of the page includes the same-origin frame.
	if txt := getString(t, s, "text"); !strings.Contains(txt, "Inner button same") {
		t.Errorf("get text lacks the same-origin frame's text: %q", txt)
	}
}

func TestFrameRefsGoStaleWhenTheFrameNavigates(t *testing.T) {
	s, tag, x := framesPage(t)
	snap := takeSnapshot(t, s)
	crossBtn := snap.ref(t, "button", "Cross button")
	sameBtn := snap.ref(t, "button", "Inner button same")
	nestedBtn := snap.ref(t, "button", "Inner button nested")
	p := h.cdp.page(t, tag)
	// The cross-origin frame goes to a page of the top origin (another
	// process), the same-origin frame to another document of its origin.
	p.eval(`document.getElementById("cross").src = "/frame-inner.html?t=`+tag+`&who=moved"; true`, nil)
	p.eval(`document.getElementById("same").src = "/frame-inner.html?t=`+tag+`&who=same2"; true`, nil)
	for _, who := range []string{"moved", "same2"} {
		h.rec.waitFor(t, tag, "the load of "+who, func(e event) bool { return e.Type == "load" && strings.Contains(e.str("url"), "who="+who) })
	}
	before := len(h.rec.of(tag, "click", "mousedown"))
	for _, ref := range []string{crossBtn, sameBtn, nestedBtn} {
		mustFail(t, 4, 4109, in(s, "click", ref)...)
		mustFail(t, 4, 4109, in(s, "get", "text", ref)...)
	}
	h.rec.settle()
	if after := h.rec.of(tag, "click", "mousedown"); len(after) != before {
		t.Errorf("a stale frame ref clicked something: %v", after[before:])
	}
	// The new documents get refs never handed out before in the tab.
	again := takeSnapshot(t, s)
	for _, name := range []string{"Inner button moved", "Inner button same2"} {
		ref := again.ref(t, "button", name)
		if ref == crossBtn || ref == sameBtn || ref == nestedBtn || snap.Refs[ref].Ref != "" {
			t.Errorf("the new document's %q got ref %s, which the old snapshot used", name, ref)
		}
		mustRun(t, in(s, "click", ref)...)
	}
	h.rec.waitFor(t, tag, "a click on btn-moved", func(e event) bool { return e.Type == "click" && e.str("target") == "btn-moved" })

	// A frame that goes away takes its refs with it.
	gone := again.ref(t, "button", "Inner button same2")
	p.eval(`document.getElementById("same").remove(); true`, nil)
	mustFail(t, 4, 4109, in(s, "click", gone)...)
	_ = x
}

// A cross-origin frame's session gets the in-page script as it attaches
// (the first read there sends none); when that frame moves to another
// document of its own origin (the same session, a document that may lack
// the script), the snapshot reads the new document and its refs act.
func TestCrossOriginFrameMovingWithinItsOrigin(t *testing.T) {
	s, tag, x := framesPage(t)
	snap := takeSnapshot(t, s)
	snap.ref(t, "button", "Cross button")
	p := h.cdp.page(t, tag)
	p.eval(`document.getElementById("cross").src = `+jsString(x+"/frame-inner.html?t="+tag+"&who=xmoved")+`; true`, nil)
	h.rec.waitFor(t, tag, "the load of xmoved", func(e event) bool { return e.Type == "load" && strings.Contains(e.str("url"), "who=xmoved") })
	again := takeSnapshot(t, s)
	if strings.Contains(again.Snapshot, "Cross button") {
		t.Fatalf("the snapshot still shows the frame's old document:\n%s", again.Snapshot)
	}
	mustRun(t, in(s, "click", again.ref(t, "button", "Inner button xmoved"))...)
	h.rec.waitFor(t, tag, "a click on btn-xmoved", func(e event) bool { return e.Type == "click" && e.str("target") == "btn-xmoved" })
}

func TestRefsAreStable(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/lab.html", tag))
	waitLoad(t, s)
	first := takeSnapshot(t, s)
	p := h.cdp.page(t, tag)
	// New elements before the old ones must not renumber them.
	p.eval(`document.body.insertAdjacentHTML("afterbegin", "<button id=added>Added first</button>"); true`, nil)
	second := takeSnapshot(t, s)
	inter := takeSnapshot(t, s, "-i")
	compact := takeSnapshot(t, s, "-c")
	max := 0
	for ref, r := range first.Refs {
		for name, sn := range map[string]snapshot{"second snapshot": second, "snapshot -i": inter, "snapshot -c": compact} {
			if got, ok := sn.Refs[ref]; (name != "snapshot -i" || ok) && (got.Role != r.Role || got.Name != r.Name) {
				t.Errorf("%s: %s is %s %q, was %s %q", name, ref, got.Role, got.Name, r.Role, r.Name)
			}
		}
		if n := atoiRef(ref); n > max {
			max = n
		}
	}
	added := second.ref(t, "button", "Added first")
	if atoiRef(added) <= max {
		t.Errorf("the new button got %s, not a number after every earlier ref (max e%d)", added, max)
	}
	if inter.ref(t, "button", "Added first") != added {
		t.Errorf("the new button has another ref in snapshot -i")
	}
	// A new document never reuses a ref of the old one.
	if _, err := p.call("Page.reload", map[string]any{}); err != nil {
		t.Fatal(err)
	}
	h.rec.waitFor(t, tag, "the reload", func(e event) bool { return e.Type == "load" && len(h.rec.of(tag, "load")) >= 2 })
	reloaded := takeSnapshot(t, s)
	for ref := range reloaded.Refs {
		if atoiRef(ref) <= atoiRef(added) {
			t.Errorf("after a reload %s reuses a number of the earlier document", ref)
		}
	}
}

func atoiRef(ref string) int {
	n := 0
	for _, c := range strings.TrimPrefix(ref, "e") {
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// Every ref command on elements of the cross-origin frame (another process:
// the hardest case), checked through what the frame reports.
func TestFrameRefsWithEveryCommand(t *testing.T) {
	s, tag, _ := framesPage(t)
	snap := takeSnapshot(t, s)
	btn := snap.ref(t, "button", "Cross button")
	field := snap.ref(t, "textbox", "Cross field")
	sel := snap.ref(t, "combobox", "Cross select")
	far := snap.ref(t, "button", "Far button")
	p := h.cdp.page(t, tag)

	mustRun(t, in(s, "hover", btn)...)
	h.rec.waitFor(t, tag, "mouseover on btn-cross", func(e event) bool { return e.Type == "mouseover" && e.str("target") == "btn-cross" })

	mustRun(t, in(s, "type", field, "ab")...)
	h.rec.waitFor(t, tag, "typing into field-cross", func(e event) bool {
		return e.Type == "input" && e.str("target") == "field-cross" && e.str("value") == "ab"
	})

	var sr struct {
		Selected []string `json:"selected"`
	}
	mustJSON(t, &sr, in(s, "select", sel, "Banana")...)
	h.rec.waitFor(t, tag, "change of sel-cross", func(e event) bool {
		return e.Type == "change" && e.str("target") == "sel-cross" && e.str("value") == "b"
	})

	if got := getString(t, s, "text", btn); got != "Cross button" {
		t.Errorf("get text %s: %q", btn, got)
	}

	// get box is in the tab's viewport: the click lands at its centre, which
	// the frame reports in its own coordinates. Same-origin and cross-origin.
	for _, c := range []struct{ frame, name, id string }{{"same", "Inner button same", "btn-same"}, {"cross", "Cross button", "btn-cross"}} {
		ref := snap.ref(t, "button", c.name)
		b := refBox(t, s, ref)
		mustRun(t, in(s, "click", ref)...)
		click := h.rec.waitFor(t, tag, "a click on "+c.id, func(e event) bool { return e.Type == "click" && e.str("target") == c.id })
		var frame box
		p.eval(`(() => { const f = document.getElementById("`+c.frame+`"), r = f.getBoundingClientRect(); return {x: r.x + f.clientLeft, y: r.y + f.clientTop, width: f.clientWidth, height: f.clientHeight}; })()`, &frame)
		if cx, cy := frame.X+click.num("x"), frame.Y+click.num("y"); cx < b.X || cx > b.X+b.Width || cy < b.Y || cy > b.Y+b.Height {
			t.Errorf("get box %s = %+v, but the click landed at (%g, %g) in the tab's viewport", ref, b, cx, cy)
		}
		var shot struct {
			Width, Height int
		}
		mustJSON(t, &shot, in(s, "screenshot", "-o", t.TempDir()+"/btn.png", ref)...)
		if shot.Width != int(b.Width+0.5) || shot.Height != int(b.Height+0.5) {
			t.Errorf("screenshot %s is %dx%d, its box %gx%g", ref, shot.Width, shot.Height, b.Width, b.Height)
		}
	}

	// scroll-into-view scrolls the frame's document to its far button.
	mustRun(t, in(s, "scroll-into-view", far)...)
	h.rec.waitFor(t, tag, "the cross frame scrolling", func(e event) bool {
		return e.Type == "scroll" && e.num("y") > 500
	})
	mustRun(t, in(s, "click", far)...)
	h.rec.waitFor(t, tag, "a click on far-cross", func(e event) bool { return e.Type == "click" && e.str("target") == "far-cross" })
}

// An alert opened by an out-of-process frame fails page calls at once with
// 4110 naming it, as one of the top document does.
func TestAlertInFrameNeverHangs(t *testing.T) {
	s, tag, _ := framesPage(t)
	// An alert in an out-of-process frame is accepted by the default
	// policy and reported by the click that opened it.
	alerter := takeSnapshot(t, s, "-i").ref(t, "button", "Alert in frame")
	_, errOut, code := runWithin(t, 40*time.Second, in(s, "--json=false", "click", alerter)...)
	if code != 0 || !strings.Contains(errOut, `dialog: alert "hello from the frame" was accepted`) {
		t.Errorf("the click that opened the frame's alert: exit %d, %q; want success naming the accepted alert", code, errOut)
	}
	// A confirm in the frame is held: page calls fail at once with 4110
	// naming it, and `dialog accept` answers it.
	confirmer := takeSnapshot(t, s, "-i").ref(t, "button", "Confirm in frame")
	mustRun(t, in(s, "click", confirmer)...)
	for _, args := range [][]string{{"snapshot"}, {"get", "title"}} {
		errOut := mustFail(t, 1, 4110, in(s, args...)...)
		if !strings.Contains(errOut, "sure from the frame?") {
			t.Errorf("%v with the frame's confirm open: %q does not name it", args, errOut)
		}
	}
	mustRun(t, in(s, "dialog", "accept")...)
	if e := h.rec.waitFor(t, tag, "the frame's confirm answer", func(e event) bool { return e.Type == "frame-confirm" }); e.Data["ok"] != true {
		t.Errorf("confirm() in the frame returned %v, want true", e.Data["ok"])
	}
}

// A restarted service worker loses its refs (4109), and never hands the
// numbers out again in the tab: an old ref cannot reach a new element.
func TestRefsAfterWorkerRestart(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/lab.html", tag))
	waitLoad(t, s)
	before := takeSnapshot(t, s)
	max := 0
	for ref := range before.Refs {
		if n := atoiRef(ref); n > max {
			max = n
		}
	}
	restartWorker(t)
	mustFail(t, 4, 4109, in(s, "click", before.ref(t, "button", "Click me"))...)
	after := takeSnapshot(t, s)
	for ref := range after.Refs {
		if atoiRef(ref) <= max {
			t.Errorf("after the worker restart %s reuses a number handed out before it (up to e%d)", ref, max)
		}
	}
	mustRun(t, in(s, "click", after.ref(t, "button", "Click me"))...)
	h.rec.waitFor(t, tag, "the click after the restart", func(e event) bool { return e.Type == "button" })
}
