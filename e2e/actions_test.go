package e2e

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A user fills a login form and submits it: the server receives exactly
// what was typed.
func TestLoginFormFillAndSubmit(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/login.html", tag))
	waitLoad(t, s)
	snap := takeSnapshot(t, s, "-i")
	user := snap.ref(t, "textbox", "Username")
	pass := snap.ref(t, "textbox", "Password")
	submit := snap.ref(t, "button", "Sign in")

	mustRun(t, in(s, "fill", user, "alice@example.com")...)
	mustRun(t, in(s, "fill", pass, "s3cret p@ss wörd")...)
	if got := getString(t, s, "value", user); got != "alice@example.com" {
		t.Errorf("get value %s = %q after fill", user, got)
	}
	mustRun(t, in(s, "click", submit)...)

	login := h.rec.waitFor(t, tag, "the login POST", func(e event) bool { return e.Type == "login" })
	if got := login.str("username"); got != "alice@example.com" {
		t.Errorf("server received username %q, want %q", got, "alice@example.com")
	}
	if got := login.str("password"); got != "s3cret p@ss wörd" {
		t.Errorf("server received password %q, want %q", got, "s3cret p@ss wörd")
	}
	if n := len(h.rec.of(tag, "login")); n != 1 {
		t.Errorf("the form was posted %d times, want once", n)
	}
}

// A ref taken before a navigation answers 4109 (exit 4, retryable) and
// clicks nothing; so does a ref to a node that was removed.
func TestStaleRefs(t *testing.T) {
	tag := tagFor(t)
	u := pageURL("/lab.html", tag)
	s := newSession(t, u)
	waitLoad(t, s)
	snap := takeSnapshot(t, s, "-i")
	clicker := snap.ref(t, "button", "Click me")
	p := h.cdp.page(t, tag)

	t.Run("after navigation", func(t *testing.T) {
		// Navigate behind the extension's back, to the same page: the old
		// ref's box now covers the same button on a new document.
		if _, err := p.call("Page.navigate", map[string]any{"url": u + "&nav=2"}); err != nil {
			t.Fatalf("CDP navigate: %v", err)
		}
		h.rec.waitFor(t, tag, "the load of the new document", func(e event) bool { return e.Type == "load" && e.str("nav") == "2" })
		mustFail(t, 4, 4109, in(s, "click", clicker)...)
		h.rec.settle()
		for _, e := range h.rec.of(tag, "mousedown", "mouseup", "click", "button") {
			if e.str("nav") == "2" {
				t.Errorf("a stale ref clicked the new document: %v", e.Data)
			}
		}
	})

	t.Run("never issued", func(t *testing.T) {
		mustFail(t, 4, 4109, in(s, "click", "e99999")...)
	})

	t.Run("removed node", func(t *testing.T) {
		snap := takeSnapshot(t, s, "-i")
		victim := snap.ref(t, "button", "Remove me")
		before := len(h.rec.of(tag, "mousedown", "mouseup", "click", "button"))
		p.eval(`document.getElementById("victim").remove(); true`, nil)
		mustFail(t, 4, 4109, in(s, "click", victim)...)
		mustFail(t, 4, 4109, in(s, "hover", victim)...)
		h.rec.settle()
		if after := h.rec.of(tag, "mousedown", "mouseup", "click", "button"); len(after) != before {
			t.Errorf("a ref to a removed node clicked something: %v", after[before:])
		}
	})
}

func TestSelect(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/lab.html", tag))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)
	snap := takeSnapshot(t, s, "-i")
	fruit := snap.ref(t, "combobox", "Fruit")
	// The snapshot names the options the page's select has, so an agent
	// picks one instead of guessing.
	labels := p.evalString(`[...document.getElementById("fruit").options].map(o => JSON.stringify(o.text)).join(",")`)
	if want := "[options=" + labels + "]"; labels == "" || !strings.Contains(snap.Snapshot, want) {
		t.Errorf("the snapshot does not name the select's options (%s):\n%s", want, snap.Snapshot)
	}
	// A multiple select's line says which are chosen (it has no value).
	p.eval(`document.body.insertAdjacentHTML("beforeend", '<select multiple aria-label="Sizes"><option selected>S</option><option>M</option><option selected>L</option></select>')`, nil)
	if snap := takeSnapshot(t, s, "-i"); !regexp.MustCompile(`listbox "Sizes" \[ref=e\d+\] \[selected="S","L"\] \[options="S","M","L"\]`).MatchString(snap.Snapshot) {
		t.Errorf("the snapshot does not say a multiple select's chosen options:\n%s", snap.Snapshot)
	}

	var r struct {
		Selected []string `json:"selected"`
	}
	mustJSON(t, &r, in(s, "select", fruit, "b")...)
	if len(r.Selected) != 1 || r.Selected[0] != "b" {
		t.Errorf("select by value: result %v, want [b]", r.Selected)
	}
	if v := p.evalString(`document.getElementById("fruit").value`); v != "b" {
		t.Errorf("select by value: the page's select holds %q, want b", v)
	}
	h.rec.waitFor(t, tag, "a change to b", func(e event) bool { return e.Type == "change" && e.str("target") == "fruit" && e.str("value") == "b" })

	mustJSON(t, &r, in(s, "select", fruit, "Cherry")...)
	if len(r.Selected) != 1 || r.Selected[0] != "c" {
		t.Errorf("select by label: result %v, want [c]", r.Selected)
	}
	if v := p.evalString(`document.getElementById("fruit").value`); v != "c" {
		t.Errorf("select by label: the page's select holds %q, want c", v)
	}
	h.rec.waitFor(t, tag, "a change to c", func(e event) bool { return e.Type == "change" && e.str("target") == "fruit" && e.str("value") == "c" })

	// An option it does not have: the error says which it has.
	errOut := mustFail(t, 1, 4110, in(s, "select", fruit, "Durian")...)
	if !strings.Contains(errOut, `no option has the value or label "Durian": it has "Apple" ("a"), "Banana" ("b"), "Cherry" ("c")`) {
		t.Errorf("select of an option the select lacks: stderr %q does not list its options", errOut)
	}

	// For a person: the values now selected, one a line.
	if out := human(t, in(s, "select", fruit, "Apple")...); out != "a\n" {
		t.Errorf("select printed %q, want the value selected, \"a\\n\"", out)
	}
}

// A select whose change handler sets the selection back (a controlled
// select whose state refused the change) fails with what it shows; what
// the page keeps is answered. Checked from the page.
func TestSelectThePageSetsBack(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/controlled.html", tag))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)

	errOut := mustFail(t, 1, 4110, in(s, "select", "#size", "Large")...)
	if !strings.Contains(errOut, `the page set the selection back: "Small" selected, not "Large"`) {
		t.Errorf("a select the page set back: stderr %q does not say what it shows", errOut)
	}
	if v := p.evalString(`document.getElementById("size").value`); v != "s" {
		t.Errorf("the page's select holds %q, want s (its handler set it back)", v)
	}

	var r struct {
		Selected []string `json:"selected"`
	}
	mustJSON(t, &r, in(s, "select", "#size", "Medium")...)
	if len(r.Selected) != 1 || r.Selected[0] != "m" {
		t.Errorf("a change the page keeps: result %v, want [m]", r.Selected)
	}
	h.rec.waitFor(t, tag, "the page's state at m", func(e event) bool { return e.Type == "size" && e.str("value") == "m" })

	// several options of a multiple select: each one asked for is selected
	mustJSON(t, &r, in(s, "select", "#toppings", "a", "Cherry")...)
	if strings.Join(r.Selected, ",") != "a,c" {
		t.Errorf("a multiple select: result %v, want [a c]", r.Selected)
	}
	if v := p.evalString(`[...document.getElementById("toppings").selectedOptions].map(o => o.value).join()`); v != "a,c" {
		t.Errorf("the page's multiple select holds %q, want a,c", v)
	}

	// A listbox of ARIA options is no select: the refusal says how to
	// choose, and what it says works.
	errOut = mustFail(t, 1, 4110, in(s, "select", "#flavour", "Mint")...)
	hint := `click 'role=option[name="Mint"]'`
	if !strings.Contains(errOut, "it is a listbox of ARIA options") || !strings.Contains(errOut, hint) {
		t.Fatalf("select on an ARIA listbox: stderr %q, want it to say %s", errOut, hint)
	}
	mustRun(t, in(s, "click", `role=option[name="Mint"]`)...)
	if v := p.evalString(`document.querySelector("#flavour [role=option]").getAttribute("aria-selected")`); v != "true" {
		t.Errorf("clicking the option the refusal named left it aria-selected=%q", v)
	}
}

// fill fails when the field does not end up holding the text: the
// browser refused it (a date in another form, letters in a number: the
// page is told nothing and the field keeps its value) or the page put the
// old text back. A page that reformats the text (a mask) took it. Checked
// from the page.
func TestFillThePageOrBrowserRefuses(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/controlled.html", tag))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)

	errOut := mustFail(t, 1, 4110, in(s, "fill", "#count", "twelve")...)
	if !strings.Contains(errOut, `an input of type number cannot hold "twelve" (it takes a number`) {
		t.Errorf("letters into a number: stderr %q", errOut)
	}
	if v := p.evalString(`document.getElementById("count").value`); v != "7" {
		t.Errorf("the refused fill left the number field at %q, want its 7", v)
	}
	errOut = mustFail(t, 1, 4110, in(s, "fill", "#day", "12/31/2024")...)
	if !strings.Contains(errOut, "it takes yyyy-mm-dd") {
		t.Errorf("a date in another form: stderr %q does not give the form", errOut)
	}
	mustRun(t, in(s, "fill", "#day", "2024-12-31")...)
	if v := p.evalString(`document.getElementById("day").value`); v != "2024-12-31" {
		t.Errorf("the date field holds %q, want 2024-12-31", v)
	}
	// the page heard only the fill that took
	h.rec.waitFor(t, tag, "the date's input event", func(e event) bool {
		return e.Type == "input" && e.str("id") == "day" && e.str("value") == "2024-12-31"
	})
	for _, e := range h.rec.of(tag, "input") {
		if e.str("id") == "count" || e.str("value") == "" {
			t.Errorf("the page was told of a refused fill: %+v", e)
		}
	}

	errOut = mustFail(t, 1, 4110, in(s, "fill", "#kept", "changed")...)
	if !strings.Contains(errOut, `the page set the field back to "kept"`) {
		t.Errorf("a field the page puts back: stderr %q", errOut)
	}
	errOut = mustFail(t, 1, 4110, in(s, "fill", "#keptnote", "changed")...)
	if !strings.Contains(errOut, `the page set the editable element back to "kept"`) {
		t.Errorf("an editable element the page puts back: stderr %q", errOut)
	}
	mustRun(t, in(s, "fill", "#phone", "5551234567")...)
	if v := p.evalString(`document.getElementById("phone").value`); v != "(555) 123-4567" {
		t.Errorf("the masked field holds %q, want the page's (555) 123-4567", v)
	}

	// A slider and a colour input take a value in their form, and refuse
	// one the browser would change (off the step, out of range, a name).
	mustRun(t, in(s, "fill", "#volume", "8")...)
	// what took the value is named as the snapshot names it
	if out := mustRun(t, in(s, "fill", "#tint", "#1E90FF")...); !strings.Contains(out, `"role":"button","name":"Tint"`) {
		t.Errorf("fill #tint answers %s, want the colour input named as the snapshot does (button \"Tint\")", out)
	}
	if v := p.evalString(`document.getElementById("volume").value + " " + document.getElementById("tint").value`); v != "8 #1e90ff" {
		t.Errorf("the slider and colour hold %q, want 8 #1e90ff", v)
	}
	if snap := takeSnapshot(t, s, "-i"); !regexp.MustCompile(`slider "Volume" \[ref=e\d+\] \[value="8"\]`).MatchString(snap.Snapshot) ||
		!regexp.MustCompile(`"Tint" \[ref=e\d+\] \[value="#1e90ff"\]`).MatchString(snap.Snapshot) {
		t.Errorf("the snapshot does not show the slider's and the colour's values:\n%s", snap.Snapshot)
	}
	h.rec.waitFor(t, tag, "the slider's input event", func(e event) bool {
		return e.Type == "input" && e.str("id") == "volume" && e.str("value") == "8"
	})
	for value, form := range map[string]string{"7": "in steps of 2", "70": "a number from 0 to 10", "loud": "a number from 0 to 10"} {
		if errOut := mustFail(t, 1, 4110, in(s, "fill", "#volume", value)...); !strings.Contains(errOut, `an input of type range cannot hold "`+value+`" (it takes `) || !strings.Contains(errOut, form) {
			t.Errorf("fill of %q into a 0-10 slider in steps of 2: stderr %q", value, errOut)
		}
	}
	if errOut := mustFail(t, 1, 4110, in(s, "fill", "#tint", "green")...); !strings.Contains(errOut, "#rrggbb") {
		t.Errorf("a colour by name: stderr %q does not give the form", errOut)
	}
	if v := p.evalString(`document.getElementById("volume").value + " " + document.getElementById("tint").value`); v != "8 #1e90ff" {
		t.Errorf("refused fills changed the slider and colour to %q", v)
	}
	a := startMCP(t)
	a.call("browser_navigate", map[string]any{"url": pageURL("/controlled.html", tag+"-mcp")})
	a.call("browser_fill_form", map[string]any{"fields": []map[string]any{{"name": "Volume", "type": "slider", "target": "#volume", "value": "2"}}})
	if v := h.cdp.page(t, tag+"-mcp").evalString(`document.getElementById("volume").value`); v != "2" {
		t.Errorf("browser_fill_form's slider left it at %q, want 2", v)
	}
}

// Controls hidden the accessible way (no size, off screen, clipped to a
// pixel), each shown by its label: the snapshot lists them, and check and
// click press the label, as a person does. The page says what changed.
func TestCheckControlsShownByTheirLabels(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/styled-controls.html", tag))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)
	snap := takeSnapshot(t, s, "-i")
	wifi := snap.ref(t, "checkbox", "Wi-Fi")
	terms := snap.ref(t, "checkbox", "Accept the terms")
	snap.ref(t, "radio", "Basic plan")
	pro := snap.ref(t, "radio", "Pro plan")

	mustRun(t, in(s, "check", wifi)...)
	mustRun(t, in(s, "check", terms)...)
	mustRun(t, in(s, "click", pro)...)
	mustRun(t, in(s, "check", `role=radio[name="Basic plan"]`)...)
	if got := p.evalString(`["wifi", "terms", "basic", "pro"].map((id) => id + "=" + document.getElementById(id).checked).join(" ")`); got != "wifi=true terms=true basic=true pro=false" {
		t.Errorf("after check, check, click and check the page has %s", got)
	}
	h.rec.waitFor(t, tag, "the switch's change", func(e event) bool { return e.Type == "change" && e.str("id") == "wifi" })
	h.rec.waitFor(t, tag, "the pro plan's change", func(e event) bool { return e.Type == "change" && e.str("id") == "pro" })
	mustRun(t, in(s, "uncheck", terms)...)
	if p.evalBool(`document.getElementById("terms").checked`) {
		t.Errorf("uncheck left the off-screen checkbox checked")
	}
}

func TestHover(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/lab.html", tag))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)
	hov := takeSnapshot(t, s, "-i").ref(t, "button", "Hover me")
	if c := p.evalString(`getComputedStyle(document.getElementById("hov")).backgroundColor`); c != "rgb(0, 0, 255)" {
		t.Fatalf("before hover the button is %s, want blue", c)
	}
	mustRun(t, in(s, "hover", hov)...)
	if c := p.evalString(`getComputedStyle(document.getElementById("hov")).backgroundColor`); c != "rgb(255, 0, 0)" {
		t.Errorf("after hover the button's :hover style is not applied: background %s, want rgb(255, 0, 0)", c)
	}
	h.rec.waitFor(t, tag, "a mouseover on the button", func(e event) bool { return e.Type == "mouseover" && e.str("target") == "hov" })
	if n := len(h.rec.of(tag, "click", "mousedown")); n != 0 {
		t.Errorf("hover pressed the mouse: %s", h.rec.dump(tag))
	}
}

func TestPress(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/lab.html", tag))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)
	first := takeSnapshot(t, s, "-i").ref(t, "textbox", "First")
	mustRun(t, in(s, "fill", first, "hello world")...)

	t.Run("Control+a", func(t *testing.T) {
		p.eval(`document.getElementById("first").focus(); document.getElementById("first").setSelectionRange(3, 3); true`, nil)
		mustRun(t, in(s, "press", "Control+a")...)
		h.rec.waitFor(t, tag, "keydown a with Control", func(e event) bool {
			return e.Type == "keydown" && e.str("key") == "a" && e.str("code") == "KeyA" && e.str("ctrl") == "true" && e.str("shift") == "false"
		})
		var sel []float64
		p.eval(`[document.getElementById("first").selectionStart, document.getElementById("first").selectionEnd]`, &sel)
		if len(sel) != 2 || sel[0] != 0 || sel[1] != 11 {
			t.Errorf("Control+a did not select all of the field: selection %v, want [0 11]", sel)
		}
		if v := p.evalString(`document.getElementById("first").value`); v != "hello world" {
			t.Errorf("Control+a changed the field to %q", v)
		}
	})

	t.Run("Shift+Tab", func(t *testing.T) {
		p.eval(`document.getElementById("second").focus(); true`, nil)
		mustRun(t, in(s, "press", "Shift+Tab")...)
		h.rec.waitFor(t, tag, "keydown Tab with Shift", func(e event) bool {
			return e.Type == "keydown" && e.str("key") == "Tab" && e.str("shift") == "true"
		})
		if id := p.evalString(`document.activeElement.id`); id != "first" {
			t.Errorf("Shift+Tab from #second moved focus to %q, want first", id)
		}
	})

	t.Run("Enter", func(t *testing.T) {
		mustRun(t, in(s, "press", "Enter")...)
		h.rec.waitFor(t, tag, "keydown Enter", func(e event) bool {
			return e.Type == "keydown" && e.str("key") == "Enter" && e.str("code") == "Enter" && e.str("ctrl") == "false"
		})
	})
}

func TestType(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/lab.html", tag))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)
	typed := takeSnapshot(t, s, "-i").ref(t, "textbox", "Typed")
	mustRun(t, in(s, "type", typed, "Hi there!")...)
	if v := p.evalString(`document.getElementById("typed").value`); v != "Hi there!" {
		t.Errorf("after type the field holds %q, want %q", v, "Hi there!")
	}
	h.rec.waitFor(t, tag, "the last input event", func(e event) bool {
		return e.Type == "input" && e.str("target") == "typed" && e.str("value") == "Hi there!"
	})
	typedKeys := func() (keys []string) {
		for _, e := range h.rec.of(tag, "keydown") {
			if e.str("target") == "typed" {
				keys = append(keys, e.str("key"))
			}
		}
		return keys
	}
	// The reports of the last keydowns may still be on their way.
	h.rec.waitFor(t, tag, "a keydown per character", func(event) bool { return len(typedKeys()) >= len("Hi there!") })
	keys := typedKeys()
	if got := strings.Join(keys, ""); got != "Hi there!" {
		t.Errorf("keydown events on the field spelled %q (%q), want one per character of %q", got, keys, "Hi there!")
	}
}

// type fails when a text field heard none of the keys and shows what it
// showed (full, letters in a number, a page that stops the keys); a field
// that heard them took them, whatever its page then did (a tag box that
// empties itself). Typing appends to an editable element's text as to a
// field's. Checked from the page.
func TestTypeTheFieldDoesNotTake(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/controlled.html", tag))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)

	for _, c := range []struct{ target, text, why, holds string }{
		{"#full", "xyz", "the field is full (it holds at most 3 characters)", "abc"},
		{"#fixed", "xyz", "the field is read-only", "set"},
		{"#count", "abc", "an input of type number took none of the keys (it takes a number", "7"},
		{"#guarded", "xyz", `the page kept the keys from the field: it still shows ""`, ""},
	} {
		errOut := mustFail(t, 1, 4110, in(s, "type", c.target, c.text)...)
		if !strings.Contains(errOut, c.why) {
			t.Errorf("type %s %s: stderr %q, want it to say %q", c.target, c.text, errOut, c.why)
		}
		if v := p.evalString(`document.querySelector(` + strconv.Quote(c.target) + `).value`); v != c.holds {
			t.Errorf("type %s: the field holds %q, want %q", c.target, v, c.holds)
		}
	}

	mustRun(t, in(s, "type", "#count", "12")...)
	mustRun(t, in(s, "type", "#tags", "go,")...)
	if v := p.evalString(`[document.getElementById("count").value, document.getElementById("tags").value, document.getElementById("chips").textContent].join("|")`); v != "712||go," {
		t.Errorf("the number, the tag box and its chips hold %q, want 712||go,", v)
	}
	errOut := mustFail(t, 1, 4110, in(s, "type", "#locked", "xyz")...)
	if !strings.Contains(errOut, "the page kept the keys from the editable element") {
		t.Errorf("type into an editable element whose page stops the keys: stderr %q", errOut)
	}
	if v := p.evalString(`document.getElementById("locked").textContent`); v != "fixed text" {
		t.Errorf("the locked editable element holds %q", v)
	}
	mustRun(t, in(s, "type", "#rich", "ab")...)
	if v := p.evalString(`document.getElementById("rich").textContent`); v != "xAB" {
		t.Errorf("an editor that writes the keys itself holds %q, want xAB", v)
	}
	mustRun(t, in(s, "type", "#note", " Ada")...)
	if v := p.evalString(`document.getElementById("note").textContent`); v != "Dear Ada" {
		t.Errorf("typing into the editable paragraph made %q, want it appended: %q", v, "Dear Ada")
	}
}

func TestScroll(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/lab.html", tag))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)
	var r struct{ ScrollX, ScrollY float64 }
	mustJSON(t, &r, in(s, "scroll", "down", "400")...)
	if r.ScrollY != 400 {
		t.Errorf("scroll down 400 answered scrollY %v", r.ScrollY)
	}
	if y := p.evalFloat(`window.scrollY`); y != 400 {
		t.Errorf("after scroll down 400 the page is at scrollY %v", y)
	}
	h.rec.waitFor(t, tag, "a scroll to 400", func(e event) bool { return e.Type == "scroll" && e.num("y") == 400 })
	mustJSON(t, &r, in(s, "scroll", "up", "150")...)
	if y := p.evalFloat(`window.scrollY`); y != 250 || r.ScrollY != 250 {
		t.Errorf("after scroll up 150 the page is at scrollY %v (answered %v), want 250", y, r.ScrollY)
	}
}

// A page whose window never scrolls and whose main pane does: scroll
// moves the pane and answers the pane's position and name, not the
// window's 0 0; browser_scroll says the same. Checked from the page.
func TestScrollMovesThePaneOfAnAppLayout(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/pane.html", tag))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)
	var r struct {
		ScrollX, ScrollY float64
		Scroller         string
	}
	mustJSON(t, &r, in(s, "scroll", "down", "400")...)
	if top := p.evalFloat(`document.getElementById("main").scrollTop`); top != 400 || r.ScrollY != 400 || r.Scroller != "div#main" {
		t.Errorf("scroll down 400: the pane is at %v, answered %+v; want 400 and div#main", top, r)
	}
	if y := p.evalFloat(`window.scrollY`); y != 0 {
		t.Errorf("the window moved to %v", y)
	}
	if out := human(t, in(s, "scroll", "up", "150")...); out != "0 250\n" {
		t.Errorf("scroll up 150 printed %q, want the pane's position, 0 250", out)
	}
	a := startMCP(t)
	a.call("browser_navigate", map[string]any{"url": pageURL("/pane.html", tag)})
	if got := a.call("browser_scroll", map[string]any{"direction": "down", "amount": 300}); !strings.Contains(got, "div#main is at x=0, y=300") {
		t.Errorf("browser_scroll on a pane:\n%s", got)
	}
}

func TestMouseAtCoordinates(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/lab.html", tag))
	waitLoad(t, s)
	mustRun(t, in(s, "mouse", "click", "800", "200")...)
	for _, typ := range []string{"mousedown", "mouseup", "click"} {
		h.rec.waitFor(t, tag, typ+" at (800,200) on the pad", func(e event) bool {
			return e.Type == typ && e.num("x") == 800 && e.num("y") == 200 && e.str("target") == "pad" && e.num("button") == 0
		})
	}
	mustRun(t, in(s, "mouse", "move", "20", "30")...)
	h.rec.waitFor(t, tag, "a mouseover at (20,30)", func(e event) bool {
		return e.Type == "mouseover" && e.num("x") == 20 && e.num("y") == 30
	})
	mustRun(t, in(s, "mouse", "down", "750", "150")...)
	mustRun(t, in(s, "mouse", "up", "750", "150")...)
	h.rec.waitFor(t, tag, "a click at (750,150)", func(e event) bool {
		return e.Type == "click" && e.num("x") == 750 && e.num("y") == 150 && e.str("target") == "pad"
	})
	mustRun(t, in(s, "mouse", "click", "760", "160", "--button", "right")...)
	h.rec.waitFor(t, tag, "a right-button contextmenu at (760,160)", func(e event) bool {
		return e.Type == "contextmenu" && e.num("x") == 760 && e.num("y") == 160 && e.num("button") == 2
	})
	mustRun(t, in(s, "mouse", "wheel", "800", "200", "--dy", "300")...)
	h.rec.waitFor(t, tag, "a wheel of 300 at (800,200)", func(e event) bool {
		return e.Type == "wheel" && e.num("x") == 800 && e.num("y") == 200 && e.num("dy") == 300
	})
	p := h.cdp.page(t, tag)
	p.waitTrue(`scrollY === 300`, "scrollY 300 after a wheel of 300")

	// A press below the viewport reaches nothing: refused, not "ok", and
	// the page hears no press.
	h.rec.settle()
	presses := len(h.rec.of(tag, "mousedown"))
	below := strconv.Itoa(int(p.evalFloat(`innerHeight`)) + 50)
	for _, action := range []string{"click", "down", "wheel"} {
		errOut := mustFail(t, 1, 4110, in(s, "mouse", action, "100", below)...)
		if !strings.Contains(errOut, "the point is outside the viewport") {
			t.Errorf("mouse %s below the viewport: stderr %q, want it refused naming the viewport", action, errOut)
		}
	}
	h.rec.settle()
	if n := len(h.rec.of(tag, "mousedown")); n != presses {
		t.Errorf("refused presses below the viewport reached the page: %d mousedowns, were %d", n, presses)
	}
	if y := p.evalFloat(`scrollY`); y != 300 {
		t.Errorf("a refused wheel moved the page to scrollY %v", y)
	}
}

func TestGet(t *testing.T) {
	tag := tagFor(t)
	u := pageURL("/lab.html", tag)
	s := newSession(t, u)
	waitLoad(t, s)
	p := h.cdp.page(t, tag)
	snap := takeSnapshot(t, s)
	heading := snap.ref(t, "heading", "Lab page")
	second := takeSnapshot(t, s, "-i").ref(t, "textbox", "Second")
	hov := takeSnapshot(t, s, "-i").ref(t, "button", "Hover me")

	if v := getString(t, s, "title"); v != "Lab" {
		t.Errorf("get title = %q, want Lab", v)
	}
	if v := getString(t, s, "url"); v != u {
		t.Errorf("get url = %q, want %q", v, u)
	}
	if v := getString(t, s, "text", heading); strings.TrimSpace(v) != "Lab page" {
		t.Errorf("get text %s = %q, want %q", heading, v, "Lab page")
	}
	if v := getString(t, s, "text"); !strings.Contains(v, "Some plain text here.") || !strings.Contains(v, "The end") {
		t.Errorf("get text (document) = %q, lacks the page's text", abbrev(v))
	}
	if v := getString(t, s, "value", second); v != "start" {
		t.Errorf("get value %s = %q, want start", second, v)
	}
	if v := getString(t, s, "html", hov); !strings.Contains(v, `id="hov"`) || !strings.Contains(v, "Hover me") {
		t.Errorf("get html %s = %q, not the button's HTML", hov, v)
	}
	if v := getString(t, s, "html"); !strings.Contains(v, `<div id="tall">`) || !strings.Contains(v, "<b>plain</b>") {
		t.Errorf("get html (document) = %q, not the document's HTML", abbrev(v))
	}

	var b box
	raw := getValue(t, s, "box", hov)
	if err := json.Unmarshal(raw, &b); err != nil {
		t.Fatalf("get box: value %s is not a Box", raw)
	}
	var want box
	p.eval(`(() => { const r = document.getElementById("hov").getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height}; })()`, &want)
	if math.Abs(b.X-want.X) > 1 || math.Abs(b.Y-want.Y) > 1 || math.Abs(b.Width-want.Width) > 1 || math.Abs(b.Height-want.Height) > 1 {
		t.Errorf("get box %s = %+v, the page says %+v", hov, b, want)
	}
}

func TestEval(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/lab.html", tag))
	waitLoad(t, s)
	cases := []struct {
		expr string
		want string // JSON
	}{
		{"1 + 2", "3"},
		{"document.title", `"Lab"`},
		{"Promise.resolve({a: [1, 'x']})", `{"a":[1,"x"]}`},
		{"null", "null"},
		// values JSON has no form of: what a person reads in the page, not {}
		{"() => document.title", `"Lab"`},
		{"async function () { return [1, 2] }", "[1,2]"},
		{"new Date(0)", `"1970-01-01T00:00:00.000Z"`},
		{"new Map([['a', new Set([1])]])", `{"a":[1]}`},
		{"document.getElementById('heading')", `"<h1 id=\"heading\">Lab page</h1>"`},
		{"document.querySelectorAll('#heading, #para b')", `["<h1 id=\"heading\">Lab page</h1>","<b>plain</b>"]`},
		{"window", strconv.Quote("[Window " + pageURL("/lab.html", tag) + "]")},
		{"(() => { const o = {n: NaN}; o.me = o; return o; })()", `{"n":"NaN","me":"[Circular]"}`},
	}
	for _, c := range cases {
		var r struct {
			Value json.RawMessage `json:"value"`
		}
		mustJSON(t, &r, in(s, "eval", c.expr)...)
		var got, want any
		_ = json.Unmarshal(r.Value, &got)
		_ = json.Unmarshal([]byte(c.want), &want)
		gj, _ := json.Marshal(got)
		wj, _ := json.Marshal(want)
		if !bytes.Equal(gj, wj) {
			t.Errorf("eval %q = %s, want %s", c.expr, r.Value, c.want)
		}
	}
	errOut := mustFail(t, 1, 4110, in(s, "eval", "throw new Error('boom-e2e-42')")...)
	if !strings.Contains(errOut, "boom-e2e-42") {
		t.Errorf("a thrown exception's error does not carry its text: %q", errOut)
	}
	errOut = mustFail(t, 1, 4110, in(s, "eval", "Promise.reject(new Error('rejected-e2e'))")...)
	if !strings.Contains(errOut, "rejected-e2e") {
		t.Errorf("a rejected promise's error does not carry its text: %q", errOut)
	}
	errOut = mustFail(t, 1, 4110, in(s, "eval", "throw {code: 'thrown-e2e'}")...)
	if !strings.Contains(errOut, `{"code":"thrown-e2e"}`) {
		t.Errorf("a thrown object's error does not show it: %q", errOut)
	}
}

func TestWait(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/lab.html", tag))
	var r struct {
		Waited float64 `json:"waited"`
	}
	mustJSON(t, &r, in(s, "wait", "--load", "load")...)
	p := h.cdp.page(t, tag)
	if st := p.evalString(`document.readyState`); st != "complete" {
		t.Errorf("after wait --load load the document is %q", st)
	}
	mustJSON(t, &r, in(s, "wait", "250")...)
	if r.Waited < 250 {
		t.Errorf("wait 250 answered waited %v", r.Waited)
	}
	mustJSON(t, &r, in(s, "wait", "--load", "domcontentloaded")...)
}

func TestScreenshot(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/lab.html", tag))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)
	// Attaching chrome.debugger shows Chrome's "started debugging this
	// browser" bar a moment later, which takes 56 px of the viewport's
	// height from then on: attach first (any page call), let the viewport
	// settle, then shoot and compare with the viewport after the shot.
	mustRun(t, in(s, "eval", "1")...)
	for i, prev := 0, -1.0; i < 20; i++ {
		cur := p.evalFloat(`innerHeight`)
		if cur == prev {
			break
		}
		prev = cur
		time.Sleep(250 * time.Millisecond)
	}
	file := filepath.Join(t.TempDir(), "shot.png")
	out := mustRun(t, in(s, "screenshot", "-o", file)...)
	vw, vh := p.evalFloat(`innerWidth`), p.evalFloat(`innerHeight`)
	if vw != viewportW || vh <= 0 || vh > viewportH {
		t.Errorf("the page's viewport is %vx%v, the browser was launched with --window-size=%d,%d", vw, vh, viewportW, viewportH)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("screenshot -o %s wrote no file (%v); stdout: %s", file, err, abbrev(out))
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("screenshot -o: the file is not a PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() != int(vw) || b.Dy() != int(vh) {
		t.Errorf("screenshot is %dx%d, the viewport is %vx%v", b.Dx(), b.Dy(), vw, vh)
	}

	// The full page: as tall as the document.
	fullFile := filepath.Join(t.TempDir(), "full.png")
	mustRun(t, in(s, "screenshot", "--full", "-o", fullFile)...)
	data, err = os.ReadFile(fullFile)
	if err != nil {
		t.Fatalf("screenshot --full -o wrote no file: %v", err)
	}
	img, err = png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("screenshot --full: not a PNG: %v", err)
	}
	docH := p.evalFloat(`document.documentElement.scrollHeight`)
	if b := img.Bounds(); math.Abs(float64(b.Dy())-docH) > 1 || b.Dx() < int(vw)-20 {
		t.Errorf("screenshot --full is %dx%d, the document is %vx%v", b.Dx(), b.Dy(), vw, docH)
	}

	// The element shot, through --json: base64 on the wire.
	hov := takeSnapshot(t, s, "-i").ref(t, "button", "Hover me")
	var r struct {
		Data   string  `json:"data"`
		Format string  `json:"format"`
		Width  float64 `json:"width"`
		Height float64 `json:"height"`
	}
	mustJSON(t, &r, in(s, "screenshot", hov, "-o", filepath.Join(t.TempDir(), "button.png"))...)
	raw, err := base64.StdEncoding.DecodeString(r.Data)
	if err != nil {
		t.Fatalf("screenshot %s: data is not base64: %v", hov, err)
	}
	img, err = png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("screenshot %s: not a PNG: %v", hov, err)
	}
	if b := img.Bounds(); math.Abs(float64(b.Dx())-160) > 1 || math.Abs(float64(b.Dy())-40) > 1 {
		t.Errorf("the element shot of a 160x40 button is %dx%d", b.Dx(), b.Dy())
	}
	if r.Format != "png" || int(r.Width) != img.Bounds().Dx() || int(r.Height) != img.Bounds().Dy() {
		t.Errorf("screenshot result says %s %vx%v, the PNG is %dx%d", r.Format, r.Width, r.Height, img.Bounds().Dx(), img.Bounds().Dy())
	}
}

// The snapshot's flags: -i is flat and every line has a ref; -d cuts the
// tree; the full tree holds the page's structure.
func TestSnapshotFlags(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/lab.html", tag))
	waitLoad(t, s)
	full := takeSnapshot(t, s)
	for _, want := range []string{`heading "Lab page"`, `button "Hover me"`, `combobox "Fruit"`, `link "A link"`, "The end"} {
		if !strings.Contains(full.Snapshot, want) {
			t.Errorf("the full snapshot lacks %s:\n%s", want, full.Snapshot)
		}
	}
	if full.Title != "Lab" || !strings.Contains(full.URL, tag) {
		t.Errorf("snapshot answered title %q url %q", full.Title, full.URL)
	}
	inter := takeSnapshot(t, s, "-i")
	lines := strings.Split(strings.TrimRight(inter.Snapshot, "\n"), "\n")
	if len(lines) < 2 || lines[0] != "title: Lab" || !strings.HasPrefix(lines[1], "url: "+h.web.URL) {
		t.Errorf("snapshot -i does not start with the title and url lines:\n%s", inter.Snapshot)
	} else {
		lines = lines[2:]
	}
	for _, line := range lines {
		if !strings.HasPrefix(line, "- ") || !strings.Contains(line, "[ref=e") {
			t.Errorf("snapshot -i: line %q is indented or has no ref", line)
		}
	}
	if len(inter.Refs) != 9 {
		t.Errorf("snapshot -i of the lab page has %d refs, want 9 (select, 3 fields, 4 buttons, 1 link): %s", len(inter.Refs), inter.Snapshot)
	}
	depth := func(sn snapshot) int {
		max := 0
		for _, line := range strings.Split(sn.Snapshot, "\n") {
			d := (len(line) - len(strings.TrimLeft(line, " "))) / 2
			if d > max {
				max = d
			}
		}
		return max
	}
	if d := depth(full); d < 1 {
		t.Errorf("the full snapshot is flat; want a tree:\n%s", full.Snapshot)
	}
	cut := takeSnapshot(t, s, "-d", "1")
	if d := depth(cut); d > 1 {
		t.Errorf("snapshot -d 1 goes %d levels deep:\n%s", d, cut.Snapshot)
	}
	compact := takeSnapshot(t, s, "-c")
	if len(compact.Snapshot) > len(full.Snapshot) {
		t.Errorf("snapshot -c (%d bytes) is larger than the full snapshot (%d bytes)", len(compact.Snapshot), len(full.Snapshot))
	}
	if !strings.Contains(compact.Snapshot, `button "Hover me"`) {
		t.Errorf("snapshot -c lost a named button:\n%s", compact.Snapshot)
	}
}
