package e2e

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

func contextFor(d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), d)
}

// CSS selector targets, find, the new actions and batch, on
// testdata/targets.html. What the page did is read from its reports or over
// the test's own CDP connection, never from browserctl's answer alone.

func TestCSSSelectorTargets(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/targets.html", tag))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)

	mustRun(t, in(s, "click", "#signin")...)
	h.rec.waitFor(t, tag, "a click on Sign in", func(e event) bool { return e.Type == "button" && e.str("id") == "signin" })

	// The first VISIBLE match: the hidden .dup comes first in the document.
	mustRun(t, in(s, "click", ".dup")...)
	h.rec.waitFor(t, tag, "a click on the visible Dup", func(e event) bool { return e.Type == "button" && e.str("id") == "dup-visible" })

	mustRun(t, in(s, "fill", "input[name=q]", "hello selector")...)
	if v := p.evalString(`document.getElementById("q").value`); v != "hello selector" {
		t.Errorf("fill input[name=q]: the page's field holds %q", v)
	}
	if got := getString(t, s, "value", "input[name=q]"); got != "hello selector" {
		t.Errorf("get value input[name=q] = %q", got)
	}
	if got := getString(t, s, "text", "#welcome"); got != "Welcome back, friend!" {
		t.Errorf("get text #welcome = %q", got)
	}

	h.rec.settle()
	before := len(h.rec.of(tag, "mousedown", "click", "button"))
	// A target that never comes waits the budget: 3 s, not the 30 s default.
	errOut := mustFail(t, 1, 4110, in(s, "--timeout", "3s", "click", "#nope")...)
	if !strings.Contains(errOut, `no element matches the selector "#nope"`) {
		t.Errorf("nothing matches: stderr %q does not say so", errOut)
	}
	errOut = mustFail(t, 1, 4110, in(s, "--timeout", "3s", "click", ".never")...)
	if !strings.Contains(errOut, "none visible") {
		t.Errorf("a hidden match: stderr %q does not say none is visible", errOut)
	}
	errOut = mustFail(t, 1, -32602, in(s, "fill", "[[", "x")...)
	if !strings.Contains(errOut, "not a valid CSS selector") {
		t.Errorf("a bad selector: stderr %q", errOut)
	}
	h.rec.settle()
	if after := h.rec.of(tag, "mousedown", "click", "button"); len(after) != before {
		t.Errorf("a failed selector clicked something: %v", after[before:])
	}
}

// The other ref commands take a selector too: select, type, hover,
// scroll-into-view, get box and screenshot.
func TestSelectorOnEveryRefCommand(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/lab.html", tag))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)

	mustRun(t, in(s, "select", "select[name=fruit]", "Cherry")...)
	if v := p.evalString(`document.getElementById("fruit").value`); v != "c" {
		t.Errorf("select by selector: the page's select holds %q, want c", v)
	}
	mustRun(t, in(s, "type", "#typed", "abc")...)
	if v := p.evalString(`document.getElementById("typed").value`); v != "abc" {
		t.Errorf("type by selector: the field holds %q", v)
	}
	mustRun(t, in(s, "hover", "#hov")...)
	if c := p.evalString(`getComputedStyle(document.getElementById("hov")).backgroundColor`); c != "rgb(255, 0, 0)" {
		t.Errorf("hover by selector: :hover not applied, background %s", c)
	}
	mustRun(t, in(s, "scroll-into-view", "#bottom")...)
	if y := p.evalFloat(`document.getElementById("bottom").getBoundingClientRect().top`); y < 0 || y > p.evalFloat(`innerHeight`) {
		t.Errorf("scroll-into-view #bottom: its top is at %v, outside the viewport", y)
	}
	var b struct {
		Value box `json:"value"`
	}
	mustJSON(t, &b, in(s, "get", "box", "#clicker")...)
	want := p.evalFloat(`document.getElementById("clicker").getBoundingClientRect().width`)
	if b.Value.Width != want || want == 0 {
		t.Errorf("get box #clicker: width %v, the page says %v", b.Value.Width, want)
	}
	var shot struct {
		Width int `json:"width"`
	}
	mustJSON(t, &shot, in(s, "screenshot", "#hov", "-o", filepath.Join(t.TempDir(), "hov.png"))...)
	if shot.Width != 160 {
		t.Errorf("screenshot #hov: %d px wide, want the button's 160", shot.Width)
	}
}

type foundElement struct {
	Ref  string `json:"ref"`
	Role string `json:"role"`
	Name string `json:"name"`
}

func find(t *testing.T, s session, args ...string) []foundElement {
	t.Helper()
	var out []foundElement
	mustJSON(t, &out, in(s, append([]string{"find"}, args...)...)...)
	return out
}

func TestFind(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/targets.html", tag))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)

	t.Run("role and name", func(t *testing.T) {
		got := find(t, s, "--role", "button", "--name", "Sign in")
		if len(got) != 1 || got[0].Role != "button" || got[0].Name != "Sign in" || got[0].Ref == "" {
			t.Fatalf("find --role button --name 'Sign in' = %+v, want the one Sign in button", got)
		}
		mustRun(t, in(s, "click", got[0].Ref)...)
		h.rec.waitFor(t, tag, "a click on Sign in through the found ref", func(e event) bool { return e.Type == "button" && e.str("id") == "signin" })

		all := find(t, s, "--role", "button")
		var names []string
		for _, e := range all {
			names = append(names, e.Name)
		}
		if strings.Join(names, ",") != "Dup,Sign in,Sign up,Disabled" {
			t.Errorf("find --role button names %q, want the four rendered buttons in page order", names)
		}
		out, errOut, code := run(t, in(s, "find", "--role", "button", "--name", "No such button")...)
		if code != 1 || strings.TrimSpace(out) != "[]" || !strings.Contains(errOut, "no element matches") {
			t.Errorf("find with no match: exit %d, stdout %q, stderr %q; want 1, [], a message", code, out, errOut)
		}
	})

	t.Run("text", func(t *testing.T) {
		got := find(t, s, "--text", "welcome BACK")
		if len(got) != 1 {
			t.Fatalf("find --text 'welcome BACK' = %+v, want one element", got)
		}
		if id := getString(t, s, "attr", got[0].Ref, "id"); id != "welcome" {
			t.Errorf("find --text found the element with id %q, want the paragraph #welcome", id)
		}
		if out, _, code := run(t, in(s, "find", "--text", "never shown")...); code != 1 || strings.TrimSpace(out) != "[]" {
			t.Errorf("find --text of hidden text: exit %d, %q; want 1, []", code, out)
		}
	})

	t.Run("label", func(t *testing.T) {
		for label, id := range map[string]string{"Email": "email", "search query": "q", "Secret word": "pw"} {
			got := find(t, s, "--label", label)
			if len(got) != 1 {
				t.Errorf("find --label %q = %+v, want one field", label, got)
				continue
			}
			mustRun(t, in(s, "fill", got[0].Ref, "by label "+label)...)
			if v := p.evalString(`document.getElementById("` + id + `").value`); v != "by label "+label {
				t.Errorf("fill through find --label %q: #%s holds %q", label, id, v)
			}
		}
		human := mustRunPlain(t, in(s, "find", "--label", "Email")...)
		if !strings.HasPrefix(human, `- textbox "Email address" [ref=e`) {
			t.Errorf("find --label Email for people: %q", human)
		}
	})
}

// find --role in a tab behind another tab of its window (hidden: Chromium
// renders nothing there, and its Accessibility.queryAXTree never answers)
// finds the same elements as in front, within the command's time.
func TestFindByRoleBehindAnotherTab(t *testing.T) {
	tag := tagFor(t)
	behind := newSession(t, pageURL("/targets.html", tag, "who", "behind"))
	waitLoad(t, behind)
	front := newSession(t, pageURL("/targets.html", tag, "who", "front"))
	waitLoad(t, front)
	if v := h.cdp.page(t, "who=behind").evalString("document.visibilityState"); v != "hidden" {
		t.Fatalf("the first session's tab is %s, want hidden behind the second", v)
	}
	got := find(t, behind, "--role", "button", "--name", "Sign in")
	if len(got) != 1 || got[0].Name != "Sign in" {
		t.Fatalf("find --role button --name 'Sign in' behind another tab = %+v", got)
	}
	mustRun(t, in(behind, "--timeout", "10s", "click", got[0].Ref)...)
	h.rec.waitFor(t, tag, "a click on Sign in behind another tab", func(e event) bool { return e.Type == "button" && e.str("id") == "signin" })
}

// mustRunPlain runs without --json and returns stdout.
func mustRunPlain(t *testing.T, args ...string) string {
	t.Helper()
	ctx, cancel := contextFor(callTimeout)
	defer cancel()
	out, errOut, code := h.exec(ctx, args...)
	if code != 0 {
		t.Fatalf("browserctl %s exited %d: %s", strings.Join(args, " "), code, errOut)
	}
	return out
}

func TestDblclickCheckFocusKeyboard(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/targets.html", tag))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)

	mustRun(t, in(s, "dblclick", "#dblbox")...)
	h.rec.waitFor(t, tag, "a dblclick", func(e event) bool { return e.Type == "dbl" })

	checks := func(id string) int {
		n := 0
		for _, e := range h.rec.of(tag, "checked") {
			if e.str("id") == id {
				n++
			}
		}
		return n
	}
	isChecked := func(id string) bool { return p.evalBool(`document.getElementById("` + id + `").checked`) }

	t.Run("checkbox", func(t *testing.T) {
		mustRun(t, in(s, "check", "#terms")...)
		if !isChecked("terms") {
			t.Fatalf("check #terms: the box is not checked")
		}
		h.rec.waitFor(t, tag, "the change to checked", func(e event) bool { return e.Type == "checked" && e.str("id") == "terms" })
		mustRun(t, in(s, "check", "#terms")...) // idempotent
		h.rec.settle()
		if n := checks("terms"); n != 1 || !isChecked("terms") {
			t.Errorf("check twice: %d changes, checked %v; want 1 change and checked", n, isChecked("terms"))
		}
		expectIs(t, s, 0, "checked", "#terms")
		mustRun(t, in(s, "uncheck", "#terms")...)
		mustRun(t, in(s, "uncheck", "#terms")...)
		h.rec.settle()
		if n := checks("terms"); n != 2 || isChecked("terms") {
			t.Errorf("uncheck twice: %d changes in all, checked %v; want 2 and unchecked", n, isChecked("terms"))
		}
		expectIs(t, s, 1, "checked", "#terms")
	})

	t.Run("hidden input behind a label", func(t *testing.T) {
		mustRun(t, in(s, "check", "#styled-box")...)
		if !isChecked("styled-box") {
			t.Errorf("check #styled-box (an invisible input): not checked")
		}
	})

	t.Run("radio", func(t *testing.T) {
		mustRun(t, in(s, "check", "input[name=size][value=m]")...)
		if !isChecked("size-m") || isChecked("size-s") {
			t.Errorf("check the Medium radio: m=%v s=%v", isChecked("size-m"), isChecked("size-s"))
		}
		errOut := mustFail(t, 1, 4110, in(s, "uncheck", "#size-m")...)
		if !strings.Contains(errOut, "cannot be unchecked") || !isChecked("size-m") {
			t.Errorf("uncheck a radio: stderr %q, still checked %v", errOut, isChecked("size-m"))
		}
		mustRun(t, in(s, "uncheck", "#size-s")...) // already unchecked: nothing to do
	})

	t.Run("aria switch", func(t *testing.T) {
		mustRun(t, in(s, "check", "#sw")...)
		mustRun(t, in(s, "check", "#sw")...)
		if v := p.evalString(`document.getElementById("sw").getAttribute("aria-checked")`); v != "true" {
			t.Errorf("check #sw twice: aria-checked %q, want true", v)
		}
	})

	t.Run("focus and keyboard type", func(t *testing.T) {
		mustRun(t, in(s, "focus", "#email")...)
		if id := p.evalString(`document.activeElement.id`); id != "email" {
			t.Fatalf("focus #email: the page's active element is %q", id)
		}
		mustRun(t, in(s, "keyboard", "type", "me@x.io")...)
		if v := p.evalString(`document.getElementById("email").value`); v != "me@x.io" {
			t.Errorf("keyboard type into the focused #email: value %q", v)
		}
		mustRun(t, in(s, "focus", "#editor")...)
		mustRun(t, in(s, "keyboard", "type", "hi there")...)
		if v := p.evalString(`document.getElementById("editor").textContent`); !strings.Contains(v, "hi there") {
			t.Errorf("keyboard type into a contenteditable: text %q", v)
		}
		var keys []string
		for _, e := range h.rec.of(tag, "keydown") {
			if e.str("target") == "email" {
				keys = append(keys, e.str("key"))
			}
		}
		if strings.Join(keys, "") != "me@x.io" {
			t.Errorf("the page saw keydowns %q on #email, want one per character", keys)
		}
	})

	// Keys that would type nothing are refused before any goes: a space on
	// a focused checkbox would toggle it.
	t.Run("keyboard type where nothing takes text", func(t *testing.T) {
		h.rec.settle()
		keydowns := len(h.rec.of(tag, "keydown"))
		p.evalString(`document.activeElement.blur(), ""`)
		errOut := mustFail(t, 1, 4110, in(s, "keyboard", "type", "abc")...)
		if !strings.Contains(errOut, "nothing on the page has focus") || !strings.Contains(errOut, "type TARGET TEXT") {
			t.Errorf("keyboard type with nothing focused: stderr %q", errOut)
		}
		was := isChecked("terms")
		mustRun(t, in(s, "focus", "#terms")...)
		errOut = mustFail(t, 1, 4110, in(s, "keyboard", "type", " x")...)
		if !strings.Contains(errOut, `checkbox "I accept", which takes no typed text`) {
			t.Errorf("keyboard type on a focused checkbox: stderr %q", errOut)
		}
		h.rec.settle()
		if isChecked("terms") != was || len(h.rec.of(tag, "keydown")) != keydowns {
			t.Errorf("a refused keyboard type reached the page: checked %v (was %v), %d keydowns (were %d)", isChecked("terms"), was, len(h.rec.of(tag, "keydown")), keydowns)
		}
		// A full field hears the keys and takes none: not "ok".
		p.evalString(`(() => { const e = document.getElementById("email"); e.maxLength = 4; e.value = "a@bc"; e.focus(); return ""; })()`)
		errOut = mustFail(t, 1, 4110, in(s, "keyboard", "type", "zz")...)
		if !strings.Contains(errOut, "the field is full") {
			t.Errorf("keyboard type into a full field: stderr %q", errOut)
		}
		// Enter alone is a key, not text: it goes wherever focus is.
		p.evalString(`document.activeElement.blur(), ""`)
		mustRun(t, in(s, "keyboard", "type", "\n")...)
	})
}

func expectIs(t *testing.T, s session, exit int, state, target string) {
	t.Helper()
	out, errOut, code := run(t, in(s, "is", state, target)...)
	var r struct {
		Value *bool `json:"value"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || r.Value == nil {
		t.Errorf("is %s %s: --json output %q", state, target, out)
		return
	}
	if code != exit || *r.Value != (exit == 0) || strings.TrimSpace(errOut) != "" {
		t.Errorf("is %s %s: exit %d value %v stderr %q; want exit %d", state, target, code, *r.Value, errOut, exit)
	}
}

func TestIsGetAttrCountDrag(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/targets.html", tag))
	waitLoad(t, s)

	expectIs(t, s, 0, "visible", "#heading")
	expectIs(t, s, 1, "visible", ".never")
	expectIs(t, s, 1, "visible", "#nope")
	expectIs(t, s, 0, "enabled", "#signin")
	expectIs(t, s, 1, "enabled", "#off")
	signin := find(t, s, "--role", "button", "--name", "Sign in")[0].Ref
	expectIs(t, s, 0, "visible", signin)

	ctx, cancel := contextFor(callTimeout)
	defer cancel()
	out, _, code := h.exec(ctx, in(s, "is", "enabled", "#off")...)
	if code != 1 || out != "false\n" {
		t.Errorf("is enabled #off for people: exit %d, stdout %q; want 1, false", code, out)
	}

	if v := getString(t, s, "attr", "#docs", "data-kind"); v != "internal" {
		t.Errorf("get attr #docs data-kind = %q", v)
	}
	if raw := getValue(t, s, "attr", "#docs", "data-missing"); string(raw) != "null" {
		t.Errorf("get attr of a missing attribute = %s, want null", raw)
	}
	var c struct {
		Count *int `json:"count"`
	}
	mustJSON(t, &c, in(s, "get", "count", "#list li")...)
	if c.Count == nil || *c.Count != 3 {
		t.Errorf("get count '#list li' = %v, want 3 (hidden ones count)", c.Count)
	}

	t.Run("drag by mouse events", func(t *testing.T) {
		mustRun(t, in(s, "drag", "#knob", "#track")...)
		e := h.rec.waitFor(t, tag, "the end of a mouse drag", func(e event) bool { return e.Type == "mousedrag" })
		if e.str("target") != "track" || e.num("moves") < 2 {
			t.Errorf("drag #knob #track: released over %q after %v moves; want over track, several moves", e.str("target"), e.num("moves"))
		}
	})
	t.Run("HTML5 drag and drop", func(t *testing.T) {
		mustRun(t, in(s, "drag", "#drag-src", "#drop-zone")...)
		e := h.rec.waitFor(t, tag, "a drop", func(e event) bool { return e.Type == "drop" })
		if e.str("data") != "card-1" {
			t.Errorf("the drop carried %q, want the dragstart's card-1", e.str("data"))
		}
	})
}

func TestBatch(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/targets.html", tag))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)

	file := filepath.Join(t.TempDir(), "steps.txt")
	steps := `# a comment, then a blank line

get title
click "#signin"
click "#nope"
click "#signup"
eval [document.title, "a b", 'c  d'].join("|")
`
	if err := os.WriteFile(file, []byte(steps), 0o600); err != nil {
		t.Fatal(err)
	}
	signups := func() int {
		n := 0
		for _, e := range h.rec.of(tag, "button") {
			if e.str("id") == "signup" {
				n++
			}
		}
		return n
	}

	t.Run("stops at the first failure", func(t *testing.T) {
		ctx, cancel := contextFor(callTimeout)
		defer cancel()
		// --timeout is every line's budget: #nope fails after 3 s, not 30.
		out, errOut, code := h.exec(ctx, in(s, "--timeout", "3s", "batch", "-f", file)...)
		if code != 1 {
			t.Errorf("batch: exit %d, want 1 (the failing line's)", code)
		}
		if out != "Targets\n" {
			t.Errorf("batch stdout %q, want the title only", out)
		}
		if !strings.Contains(errOut, `line 5: click "#nope"`) || !strings.Contains(errOut, "error 4110") {
			t.Errorf("batch stderr %q does not name the failing line and its error", errOut)
		}
		h.rec.waitFor(t, tag, "the click on Sign in", func(e event) bool { return e.Type == "button" && e.str("id") == "signin" })
		h.rec.settle()
		if n := signups(); n != 0 {
			t.Errorf("a line after the failure ran: Sign up clicked %d times", n)
		}
	})

	t.Run("keep going, json", func(t *testing.T) {
		ctx, cancel := contextFor(callTimeout)
		defer cancel()
		out, _, code := h.exec(ctx, in(s, "--json", "--timeout", "3s", "batch", "--keep-going", "-f", file)...)
		if code != 1 {
			t.Errorf("batch --keep-going: exit %d, want 1 (the first failure's)", code)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != 5 {
			t.Fatalf("batch --json printed %d lines, want 5:\n%s", len(lines), out)
		}
		type lineOut struct {
			Command string          `json:"command"`
			Result  json.RawMessage `json:"result"`
			Error   *struct {
				Code    int    `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
			Exit int `json:"exit"`
		}
		var got []lineOut
		for _, l := range lines {
			var lo lineOut
			if err := json.Unmarshal([]byte(l), &lo); err != nil {
				t.Fatalf("batch --json line %q: %v", l, err)
			}
			got = append(got, lo)
		}
		if got[0].Command != "get title" || string(got[0].Result) != `{"value":"Targets"}` || got[0].Error != nil {
			t.Errorf("line 1: %+v", got[0])
		}
		if got[2].Command != `click "#nope"` || got[2].Error == nil || got[2].Error.Code != 4110 || got[2].Exit != 1 || got[2].Result != nil {
			t.Errorf("line 3 (the failure): %+v", got[2])
		}
		if got[3].Error != nil || got[3].Exit != 0 {
			t.Errorf("line 4 after the failure: %+v", got[3])
		}
		h.rec.waitFor(t, tag, "the click on Sign up after the failure", func(e event) bool { return e.Type == "button" && e.str("id") == "signup" })
		// The eval line went to the page as written: quotes and all.
		want := p.evalString(`[document.title, "a b", 'c  d'].join("|")`)
		if string(got[4].Result) != `{"value":"`+want+`"}` || want != "Targets|a b|c  d" {
			t.Errorf("eval line: result %s, the page's own answer %q", got[4].Result, want)
		}
	})
}

// find --role answers what the snapshot shows: every element of the main
// document the full snapshot gives a ref is found by its role and exact
// name, under the same ref, open and closed shadow roots included, and a
// button in a closed root is found (and pressed) before any snapshot.
func TestFindByRoleAgreesWithTheSnapshot(t *testing.T) {
	s, tag, _ := framesPage(t)
	got := find(t, s, "--role", "button", "--name", "Closed shadow button", "--exact")
	if len(got) != 1 {
		t.Fatalf("find in a closed shadow root before any snapshot = %+v, want the one button", got)
	}
	mustRun(t, in(s, "click", got[0].Ref)...)
	h.rec.waitFor(t, tag, "a click on the closed root's button", func(e event) bool {
		return e.Type == "shadow-click" && e.str("target") == "closed-btn"
	})

	snap := takeSnapshot(t, s)
	mainRef := regexp.MustCompile(`^e\d+$`)
	checked := 0
	for ref, r := range snap.Refs {
		if !mainRef.MatchString(ref) || r.Name == "" || strings.HasSuffix(r.Name, "…") {
			continue
		}
		checked++
		found := find(t, s, "--role", r.Role, "--name", r.Name, "--exact")
		if !slices.ContainsFunc(found, func(e foundElement) bool { return e.Ref == ref && e.Role == r.Role && e.Name == r.Name }) {
			t.Errorf("the snapshot shows %s %q [ref=%s]; find --role %s --name %q --exact = %+v", r.Role, r.Name, ref, r.Role, r.Name, found)
		}
	}
	for _, want := range []string{"Open shadow button", "Card button", "Div closed button", "Top button"} {
		if !strings.Contains(snap.Snapshot, `button "`+want+`"`) {
			t.Errorf("the snapshot lacks button %q:\n%s", want, snap.Snapshot)
		}
	}
	if checked < 6 {
		t.Errorf("only %d named elements in the snapshot to look for:\n%s", checked, snap.Snapshot)
	}
}

// A role target names what the snapshot shows: for every role and name the
// snapshot shows once in the top document, role=ROLE[name="NAME"] reads
// the element of that line's ref. It finds a button in a closed shadow
// root before any snapshot or find, and acts in a tab behind another.
func TestRoleTargetsAgreeWithTheSnapshot(t *testing.T) {
	s, tag, _ := framesPage(t)
	mustRun(t, in(s, "click", `role=button[name="Closed shadow button"]`)...)
	h.rec.waitFor(t, tag, "a click on the closed root's button by its role target", func(e event) bool {
		return e.Type == "shadow-click" && e.str("target") == "closed-btn"
	})

	snap := takeSnapshot(t, s)
	mainRef := regexp.MustCompile(`^e\d+$`)
	refsOf := map[[2]string][]string{}
	for ref, r := range snap.Refs {
		if mainRef.MatchString(ref) && r.Name != "" && !strings.HasSuffix(r.Name, "…") {
			k := [2]string{r.Role, r.Name}
			refsOf[k] = append(refsOf[k], ref)
		}
	}
	checked := 0
	for k, refs := range refsOf {
		if len(refs) != 1 {
			continue
		}
		name, _ := json.Marshal(k[1])
		target := "role=" + k[0] + "[name=" + string(name) + "]"
		byRole := mustRunPlain(t, in(s, "get", "html", target)...)
		if byRef := mustRunPlain(t, in(s, "get", "html", refs[0])...); byRole != byRef {
			t.Errorf("the snapshot shows %s %q [ref=%s]:\n%s\nbut %s reads\n%s", k[0], k[1], refs[0], byRef, target, byRole)
		}
		checked++
	}
	if checked < 6 {
		t.Errorf("only %d roles and names the snapshot shows once:\n%s", checked, snap.Snapshot)
	}

	t.Run("behind another tab", func(t *testing.T) {
		tag := tagFor(t)
		behind := newSession(t, pageURL("/targets.html", tag, "who", "behind"))
		waitLoad(t, behind)
		front := newSession(t, pageURL("/targets.html", tag, "who", "front"))
		waitLoad(t, front)
		if v := h.cdp.page(t, "t="+tag+"&who=behind").evalString("document.visibilityState"); v != "hidden" {
			t.Fatalf("the first session's tab is %s, want hidden behind the second", v)
		}
		mustRun(t, in(behind, "--timeout", "10s", "click", `role=button[name="Sign in"]`)...)
		h.rec.waitFor(t, tag, "a click on Sign in behind another tab", func(e event) bool { return e.Type == "button" && e.str("id") == "signin" })
	})
}

// A CSS selector, a text= target, find and the waits reach into open
// shadow roots, as the snapshot and role targets do: what a snapshot
// shows can be clicked, filled and waited for by the page's own words
// and selectors. The page's reports say what happened.
func TestSelectorsTextAndWaitsReachIntoShadowRoots(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/frames.html", tag))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)

	mustRun(t, in(s, "click", "#open-btn")...)
	h.rec.waitFor(t, tag, "a click on the open root's button by CSS", func(e event) bool { return e.Type == "shadow-click" && e.str("target") == "open-btn" })
	mustRun(t, in(s, "fill", "#open-field", "by-css")...)
	h.rec.waitFor(t, tag, "input into the open root's field by CSS", func(e event) bool {
		return e.Type == "shadow-input" && e.str("target") == "open-field" && e.str("value") == "by-css"
	})
	clicked := h.rec.of(tag, "shadow-click")
	mustRun(t, in(s, "click", "text=Open shadow button")...)
	h.rec.waitFor(t, tag, "a second click on the open root's button, by its text", func(e event) bool {
		return e.Type == "shadow-click" && e.str("target") == "open-btn" && e.num("at") > clicked[len(clicked)-1].num("at")
	})
	if got := find(t, s, "--label", "Open field"); len(got) != 1 {
		t.Errorf("find --label \"Open field\" = %+v, want the open root's field", got)
	}
	var n struct {
		Count int `json:"count"`
	}
	mustJSON(t, &n, in(s, "get", "count", "#open-btn")...)
	if n.Count != 1 {
		t.Errorf("count #open-btn = %d, want the open root's button", n.Count)
	}

	// text and an element that come late inside the root
	p.eval(`setTimeout(() => { const r = document.getElementById("open-host").shadowRoot; r.innerHTML += '<p id="late-in-root">Late in the shadow</p>'; }, 300)`, nil)
	if _, errOut, code := runWithin(t, 20*time.Second, in(s, "--timeout", "10s", "wait", "--text", "Late in the shadow")...); code != 0 {
		t.Errorf("wait --text for text that came into a shadow root: exit %d, %s", code, errOut)
	}
	if _, errOut, code := runWithin(t, 20*time.Second, in(s, "--timeout", "10s", "wait", "--selector", "#late-in-root")...); code != 0 {
		t.Errorf("wait --selector for an element that came into a shadow root: exit %d, %s", code, errOut)
	}
	if !p.evalBool(`!!document.getElementById("open-host").shadowRoot.getElementById("late-in-root")`) {
		t.Errorf("the waits ended, yet the page has no late element in its root")
	}
}
