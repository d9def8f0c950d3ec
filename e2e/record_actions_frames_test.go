package e2e

// record actions in a frame and an open shadow root: the person's clicks
// and typing there become lines (in the frame: frame=... >> targets), and
// the script replays them.

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// pointAt answers the viewport point of the element js finds (an
// expression of the top document), scrolled into view; in a same-origin
// frame the frame's offset is added.
func (ps person) pointAt(js, frame string) (float64, float64) {
	ps.t.Helper()
	var xy []float64
	ps.p.eval(`(() => { const f = `+frameOr(frame)+`; const e = `+js+`; if (!e) return null; e.scrollIntoView({block: "center"}); const r = e.getBoundingClientRect(); const o = f ? f.getBoundingClientRect() : {x: 0, y: 0}; const b = f ? [f.clientLeft, f.clientTop] : [0, 0]; return [o.x + b[0] + r.x + r.width / 2, o.y + b[1] + r.y + r.height / 2]; })()`, &xy)
	if len(xy) != 2 {
		ps.t.Fatalf("the page has no %s to press", js)
	}
	return xy[0], xy[1]
}

// clickAt is the person's click at a viewport point.
func (ps person) clickAt(x, y float64) {
	ps.t.Helper()
	ps.mouse(x, y, 1)
}

func frameOr(frame string) string {
	if frame == "" {
		return "null"
	}
	return `document.querySelector(` + jsString(frame) + `)`
}

// replayFresh runs a recorded script with batch in a new session.
func replayFresh(t *testing.T, script string) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "recorded.txt")
	writeFile(t, file, script)
	fresh := newSession(t, "about:blank")
	if _, errOut, code := batchEnv(t, nil, "--session", fresh.SessionID, "batch", "-f", file, "--report"); code != 0 {
		t.Fatalf("the replay: exit %d: %s", code, errOut)
	}
}

func TestRecordActionsInFramesAndShadowRoots(t *testing.T) {
	app := newRecApp(t)
	tag := tagFor(t)
	s := newSession(t, app.url("/app/frames", tag))
	p := h.cdp.page(t, "/app/frames?t="+tag)
	p.waitTrue(`document.readyState === "complete" && document.querySelector("iframe").contentDocument?.readyState === "complete" && !!document.querySelector("iframe").contentDocument.getElementById("keep")`, "the page and its frame loaded")
	mustRun(t, in(s, "record", "actions", "start")...)
	waitRecorded(t, s, 1)

	me := person{t, p}
	me.clickAt(me.pointAt(`document.querySelector("settings-card").shadowRoot.querySelector("button")`, ""))
	app.waitSeen(t, "delete", tag, "card", 1)
	inFrame := `document.querySelector("iframe").contentDocument`
	me.clickAt(me.pointAt(inFrame+`.getElementById("nick")`, "iframe"))
	me.typeText("zed")
	me.clickAt(me.pointAt(inFrame+`.getElementById("keep")`, "iframe"))
	app.waitSeen(t, "delete", tag, "frame-zed", 1)
	// typing in the frame when the recording stops: the fill is taken
	me.clickAt(me.pointAt(inFrame+`.getElementById("nick")`, "iframe"))
	me.typeText("!")
	if v := p.evalString(inFrame + `.getElementById("nick").value`); v != "zed!" {
		t.Fatalf("the nickname field holds %q, want zed!", v)
	}

	var res struct {
		Script  string         `json:"script"`
		Targets map[string]int `json:"targets"`
	}
	mustJSON(t, &res, in(s, "record", "actions", "stop")...)
	t.Logf("the recorded script:\n%s", res.Script)
	// The frame's lines name its iframe (by its title) before the element's
	// own target, computed in the frame's document.
	want := []string{
		"open '" + app.url("/app/frames", tag) + "'",
		`click 'role=button[name="Save card"]'`, // in the open shadow root
		`fill 'frame=iframe[title="Settings"] >> role=textbox[name="Nickname"]' zed`,
		`click 'frame=iframe[title="Settings"] >> role=button[name="Keep nickname"]'`,
		`fill 'frame=iframe[title="Settings"] >> role=textbox[name="Nickname"]' 'zed!'`,
	}
	if got := commands(res.Script); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the script's lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if strings.Contains(res.Script, "# in the frame of") {
		t.Errorf("the script notes a frame it could not name:\n%s", res.Script)
	}

	// The replay acts in the frame: the nickname typed there is what the
	// frame's button sends.
	replayFresh(t, res.Script)
	app.waitSeen(t, "delete", tag, "card", 2)
	app.waitSeen(t, "delete", tag, "frame-zed", 2)
}

// The person's steps in cross-site frames are recorded as in any frame: a
// frame there when the recording started, and one the page added while it
// ran (it waits at its start until its recorder is there); a field being
// typed into when the recording stops gives its fill. Chrome runs
// both in renderers of their own (checked: each is a target of its own,
// which the test's DevTools connection attaches to).
func TestRecordActionsInCrossSiteFrames(t *testing.T) {
	app := newRecApp(t)
	tag := tagFor(t)
	s := newSession(t, app.url("/app/checkout", tag))
	p := h.cdp.page(t, "/app/checkout?t="+tag)
	app.waitSeen(t, "delete", tag, "pay-loaded", 1)
	payFrame := h.cdp.frame(t, "/app/pay?t="+tag) // out of process, else the test proves nothing
	mustRun(t, in(s, "record", "actions", "start")...)
	waitRecorded(t, s, 1)

	me := person{t, p}
	// a point in a frame: its iframe's place in the page plus the point's
	// fixed place in the frame (crossFramePage)
	at := func(title string, x, y float64) (float64, float64) {
		t.Helper()
		var o []float64
		p.eval(`(() => { const r = document.querySelector('iframe[title="`+title+`"]').getBoundingClientRect(); return [r.x, r.y]; })()`, &o)
		if len(o) != 2 {
			t.Fatalf("no iframe %q in the page", title)
		}
		return o[0] + x, o[1] + y
	}
	// into a frame's field: a frame just loaded may not take input yet, so
	// the person clicks again until the field has the focus (checked in the
	// frame itself; a click into a field writes no line)
	focus := func(title string, frame *page) {
		t.Helper()
		for i := 0; ; i++ {
			me.clickAt(at(title, 250, 22))
			if frame.evalBool(`document.activeElement?.id === "f" && document.hasFocus()`) {
				return
			}
			if i == 50 {
				t.Fatalf("the field of the %s frame never took the focus", title)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	focus("Payment", payFrame)
	me.typeText("Ada")
	me.clickAt(at("Payment", 90, 75))
	app.waitSeen(t, "delete", tag, "pay-Ada", 1)

	me.click("#add")
	app.waitSeen(t, "delete", tag, "coupon-loaded", 1)
	focus("Coupon", h.cdp.frame(t, "/app/coupon?t="+tag))
	me.typeText("SAVE10")
	me.clickAt(at("Coupon", 90, 75))
	app.waitSeen(t, "delete", tag, "coupon-SAVE10", 1)
	// typing into a frame's field when the recording stops: its fill is
	// taken from the frame, as from the top document
	focus("Payment", payFrame)
	me.typeText("Bob")
	if v := payFrame.evalString(`document.getElementById("f").value`); v != "AdaBob" {
		t.Fatalf("the Payment field holds %q, want AdaBob", v)
	}

	var res struct {
		Script string `json:"script"`
	}
	mustJSON(t, &res, in(s, "record", "actions", "stop")...)
	t.Logf("the recorded script:\n%s", res.Script)
	want := []string{
		"open '" + app.url("/app/checkout", tag) + "'",
		`fill 'frame=iframe[title="Payment"] >> role=textbox[name="Card name"]' Ada`,
		`click 'frame=iframe[title="Payment"] >> role=button[name="Pay now"]'`,
		`click 'role=button[name="Add a coupon"]'`,
		`fill 'frame=iframe[title="Coupon"] >> role=textbox[name="Coupon code"]' SAVE10`,
		`click 'frame=iframe[title="Coupon"] >> role=button[name="Apply coupon"]'`,
		`fill 'frame=iframe[title="Payment"] >> role=textbox[name="Card name"]' AdaBob`,
	}
	if got := commands(res.Script); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the script's lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// The replay acts in both frames: the server sees each button's report
	// with what was typed, a second time.
	replayFresh(t, res.Script)
	app.waitSeen(t, "delete", tag, "pay-Ada", 2)
	app.waitSeen(t, "delete", tag, "coupon-SAVE10", 2)
}
