package e2e

// Frame-scoped targets, frame=FRAME >> TARGET: the element commands act in
// a same-origin frame, in a cross-origin (out-of-process) frame below the
// fold and in a frame inside that one, with CSS, role= and text= inside;
// each effect is read from what the frames report to the test server. A
// frame that is not there fails not_found naming it; a malformed target is
// invalid params.

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// frameTargetsPage opens testdata/frame-targets.html (a same-origin frame;
// a cross-origin frame below the fold holding a frame of the first origin
// below its own fold) and waits until its three forms have loaded.
func frameTargetsPage(t *testing.T) (session, string) {
	t.Helper()
	tag := tagFor(t)
	s := newSession(t, pageURL("/frame-targets.html", tag, "x", crossOrigin(t)))
	waitLoad(t, s)
	for _, who := range []string{"same", "inner"} {
		h.rec.waitFor(t, tag, "the "+who+" form loaded", func(e event) bool { return e.Type == "frame-ready" && e.str("who") == who })
	}
	return s, tag
}

// The frames of the page, as frame targets write them.
const (
	sameFrame  = `frame=iframe[name="same"]`
	crossFrame = `frame=iframe[name="cross"]`
	innerFrame = crossFrame + ` >> frame="iframe[title=\"Inner form\"]"`
)

func TestFrameTargetsActInFramesAndFramesInFrames(t *testing.T) {
	s, tag := frameTargetsPage(t)
	for _, c := range []struct{ who, frame string }{{"same", sameFrame}, {"inner", innerFrame}} {
		saw := func(what string, pred func(event) bool) {
			t.Helper()
			h.rec.waitFor(t, tag, what+" in "+c.who, func(e event) bool { return e.str("who") == c.who && pred(e) })
		}
		// check with role= inside, first: the inner frame is still out of
		// view, below the fold of a frame below the fold
		mustRun(t, in(s, "check", c.frame+` >> role=checkbox[name="I agree"]`)...)
		saw("the box checked", func(e event) bool { return e.Type == "frame-check" && e.str("checked") == "true" })
		expectIs(t, s, 0, "checked", c.frame+" >> #agree")
		// fill with CSS inside
		mustRun(t, in(s, "fill", c.frame+" >> #nick", "Ada "+c.who)...)
		saw("the nickname filled", func(e event) bool { return e.Type == "frame-input" && e.str("value") == "Ada "+c.who })
		// click with role= inside: the frame's own button, not the top's
		mustRun(t, in(s, "click", c.frame+` >> role=button[name="Save"]`)...)
		saw("the save click", func(e event) bool { return e.Type == "saved" && e.str("nick") == "Ada "+c.who })
		// wait for what the click makes appear, text= inside
		mustRun(t, in(s, "--timeout", "10s", "wait", "--selector", c.frame+` >> text="Saved in `+c.who+`"`)...)
		// get text with text= inside
		if got := getString(t, s, "text", c.frame+" >> text=Ready in"); got != "Ready in "+c.who {
			t.Errorf("get text in %s: %q, want %q", c.who, got, "Ready in "+c.who)
		}
	}
	// The top document's own form was never touched, and the cross frame's
	// inner frame is not the same frame's.
	expectIs(t, s, 1, "checked", "#agree")
	for _, e := range h.rec.of(tag, "saved") {
		if e.str("who") == "top" {
			t.Errorf("the top document's Save was clicked: %+v", e)
		}
	}
	// click with text= inside, in the cross frame's inner frame, from the
	// top of the page again
	h.cdp.page(t, tag).eval(`window.scrollTo(0, 0)`, nil)
	mustRun(t, in(s, "click", innerFrame+` >> text="Save"`)...)
	h.rec.waitFor(t, tag, "a second save click in inner", func(e event) bool {
		return e.Type == "saved" && e.str("who") == "inner" && e.str("nick") == "Ada inner" && savesIn(tag, "inner") >= 2
	})
}

// savesIn counts the save clicks a frame reported.
func savesIn(tag, who string) int {
	n := 0
	for _, e := range h.rec.of(tag, "saved") {
		if e.str("who") == who {
			n++
		}
	}
	return n
}

// The other element commands take frame targets too, in the inner frame
// (out of process, in an out-of-process frame, below both folds).
func TestFrameTargetsWithOtherCommands(t *testing.T) {
	s, tag := frameTargetsPage(t)
	T := func(inner string) string { return innerFrame + " >> " + inner }
	saw := func(what, typ, target string, value ...string) {
		t.Helper()
		h.rec.waitFor(t, tag, what, func(e event) bool {
			return e.Type == "frame-event" && e.str("who") == "inner" && e.str("ev") == typ && e.str("target") == target && (len(value) == 0 || e.str("value") == value[0])
		})
	}
	mustRun(t, in(s, "scroll-into-view", T("#status"))...)
	mustRun(t, in(s, "hover", T(`role=button[name="Save"]`))...)
	saw("a hover on save", "mouseover", "save")
	mustRun(t, in(s, "dblclick", T("text=Save"))...)
	saw("a dblclick on save", "dblclick", "save")
	mustRun(t, in(s, "focus", T("#nick"))...)
	saw("focus on nick", "focusin", "nick")
	mustRun(t, in(s, "type", T(`role=textbox[name="Nickname"]`), "Bo")...)
	h.rec.waitFor(t, tag, "typing in inner", func(e event) bool {
		return e.Type == "frame-input" && e.str("who") == "inner" && e.str("value") == "Bo"
	})
	if got := getString(t, s, "value", T("#nick")); got != "Bo" {
		t.Errorf("get value in inner: %q", got)
	}
	mustRun(t, in(s, "select", T(`role=combobox[name="Size"]`), "Medium")...)
	saw("size selected", "change", "size", "m")
	file := filepath.Join(t.TempDir(), "note.txt")
	writeFile(t, file, "hello")
	mustRun(t, in(s, "upload", T("#doc"), file)...)
	saw("the file chosen", "change", "doc", "note.txt")
	if b := refBox(t, s, T("#save")); b.Width <= 0 || b.Height <= 0 {
		t.Errorf("get box in inner: %+v", b)
	}
	var shot struct{ Width, Height int }
	mustJSON(t, &shot, in(s, "screenshot", "-o", filepath.Join(t.TempDir(), "save.png"), T("#save"))...)
	if shot.Width <= 0 || shot.Height <= 0 {
		t.Errorf("screenshot of the inner Save: %+v", shot)
	}
	// a new document in the frame: the next target is found in it
	mustRun(t, in(s, "click", T("#reload"))...)
	h.rec.waitFor(t, tag, "the inner frame loaded again", func(e event) bool {
		return e.Type == "frame-ready" && e.str("who") == "inner" && len(h.rec.of(tag, "frame-ready")) >= 3
	})
	mustRun(t, in(s, "fill", T("#nick"), "again")...)
	h.rec.waitFor(t, tag, "a fill in the new document", func(e event) bool {
		return e.Type == "frame-input" && e.str("who") == "inner" && e.str("value") == "again"
	})
	// and none of it happened in the same-origin frame, whose ids are the same
	for _, e := range h.rec.of(tag, "frame-event", "frame-input") {
		if e.str("who") == "same" {
			t.Errorf("the same frame saw %s %s", e.str("ev"), e.str("target"))
		}
	}
}

func TestFrameTargetErrors(t *testing.T) {
	s, _ := frameTargetsPage(t)
	// a frame that is not there: not_found once --timeout is out, naming the frame
	_, errOut, code := run(t, in(s, "click", `frame=iframe[name="nope"] >> #save`, "--timeout", "1500ms")...)
	var rep struct {
		Error struct {
			Message   string `json:"message"`
			Reason    string `json:"reason"`
			Retryable bool   `json:"retryable"`
		} `json:"error"`
	}
	if code != 1 || json.Unmarshal([]byte(errOut), &rep) != nil || rep.Error.Reason != "not_found" || !strings.Contains(rep.Error.Message, `frame="iframe[name=\"nope\"]"`) {
		t.Errorf("click in a missing frame: exit %d %s; want exit 1, not_found naming the frame", code, errOut)
	}
	// a frame inside a frame that is not there names the whole way down
	_, errOut, _ = run(t, in(s, "click", crossFrame+` >> frame=#gone >> #save`, "--timeout", "1s")...)
	if r, m := failure(errOut); r != "not_found" || !strings.Contains(m, `no frame matches frame="iframe[name=\"cross\"]" >> frame="#gone"`) {
		t.Errorf("click in a missing inner frame: %s", errOut)
	}
	// an element the frame does not have
	_, errOut, _ = run(t, in(s, "click", sameFrame+` >> role=button[name="Nope"]`, "--timeout", "1s")...)
	if r, m := failure(errOut); r != "not_found" || !strings.Contains(m, `in frame="iframe[name=\"same\"]"`) {
		t.Errorf("click on a missing element in a frame: %s", errOut)
	}
	// malformed: invalid params at once
	for _, bad := range []string{`frame=#same`, `frame=iframe[name="same"] >>`, `frame="#same >> #x`, `frame=role=document >> #x`} {
		msg := mustFail(t, 1, -32602, in(s, "click", bad)...)
		if !strings.Contains(msg, "is not a frame target") {
			t.Errorf("click %s: %s", bad, msg)
		}
	}
	// a selector that finds something that is not a frame
	_, errOut, code = run(t, in(s, "click", `frame=h1 >> #save`, "--timeout", "1s")...)
	if r, m := failure(errOut); code != 1 || r != "bad_input" || !strings.Contains(m, "not an <iframe>") {
		t.Errorf("click in an h1: exit %d %s", code, errOut)
	}
}

// failure is the reason and message of a --json error on stderr.
func failure(stderr string) (reason, message string) {
	var rep struct {
		Error struct {
			Message string `json:"message"`
			Reason  string `json:"reason"`
		} `json:"error"`
	}
	_ = json.Unmarshal([]byte(stderr), &rep)
	return rep.Error.Reason, rep.Error.Message
}

// What the REPL's save writes for a frame's ref (pages.durableTarget) is a
// frame target that finds the same element: here the inner frame's Save
// (three buttons on the page are called Save) and the same frame's box.
func TestDurableTargetOfFrameRefs(t *testing.T) {
	s, tag := frameTargetsPage(t)
	snap := takeSnapshot(t, s)
	refsOf := func(role, name string) []string {
		var out []string
		for _, m := range regexp.MustCompile(`- `+role+` "`+regexp.QuoteMeta(name)+`".*\[ref=(\w+)\]`).FindAllStringSubmatch(snap.Snapshot, -1) {
			out = append(out, m[1])
		}
		if len(out) != 3 {
			t.Fatalf("the snapshot has %d %s %q, want 3 (top, same, inner):\n%s", len(out), role, name, snap.Snapshot)
		}
		return out
	}
	durable := func(ref string) string {
		var r struct {
			Target string `json:"target"`
		}
		mustJSON(t, &r, "call", "pages.durableTarget", callJSON(map[string]any{"sessionId": s.SessionID, "ref": ref}))
		return r.Target
	}
	inner := durable(refsOf("button", "Save")[2])
	if want := `frame=iframe[name="cross"] >> frame=iframe[name="inner"] >> role=button[name="Save"]`; inner != want {
		t.Errorf("the inner frame's Save is %s, want %s", inner, want)
	}
	box := durable(refsOf("checkbox", "I agree")[1])
	if want := `frame=iframe[name="same"] >> role=checkbox[name="I agree"]`; box != want {
		t.Errorf("the same frame's box is %s, want %s", box, want)
	}
	if top := durable(refsOf("button", "Save")[0]); strings.HasPrefix(top, "frame=") {
		t.Errorf("the top document's Save is %s, in no frame", top)
	}
	// and each finds its element
	mustRun(t, in(s, "click", inner)...)
	h.rec.waitFor(t, tag, "the inner frame's save", func(e event) bool { return e.Type == "saved" && e.str("who") == "inner" })
	mustRun(t, in(s, "check", box)...)
	h.rec.waitFor(t, tag, "the same frame's box checked", func(e event) bool {
		return e.Type == "frame-check" && e.str("who") == "same" && e.str("checked") == "true"
	})
}

// MCP's target takes a frame target as the CLI does: browser_click on the
// role= of a button in the out-of-process frame's inner frame.
func TestMCPClickInAFrame(t *testing.T) {
	tag := tagFor(t)
	a := startMCP(t)
	a.call("browser_navigate", map[string]any{"url": pageURL("/frame-targets.html", tag, "x", crossOrigin(t))})
	h.rec.waitFor(t, tag, "the inner form loaded", func(e event) bool { return e.Type == "frame-ready" && e.str("who") == "inner" })
	a.call("browser_type", map[string]any{"element": "Nickname", "target": innerFrame + " >> #nick", "text": "Mo"})
	out := a.call("browser_click", map[string]any{"element": "Save", "target": innerFrame + ` >> role=button[name="Save"]`})
	h.rec.waitFor(t, tag, "the inner frame's save", func(e event) bool { return e.Type == "saved" && e.str("who") == "inner" && e.str("nick") == "Mo" })
	if !strings.Contains(out, "Clicked Save") {
		t.Errorf("browser_click answered %q", out)
	}
}
