package e2e

import (
	"strconv"
	"strings"
	"testing"
)

// get style prints what the browser computed for an element: a stylesheet
// rule, a custom property, a class the page adds later, by selector and by
// ref. Each value is checked against the page's own getComputedStyle, read
// over the test's CDP session.
func TestGetStyle(t *testing.T) {
	tag := tagFor(t)
	html := `<style>
#box { color: rgb(10, 20, 30); width: 120px; --accent: teal; }
#box.wide { width: 300px; }
</style>
<div id="box">Box</div><button id="go" style="display: inline-block">Go</button>`
	s := newSession(t, pageURL("/inline", tag, "html", html))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)
	computed := func(sel, prop string) string {
		return p.evalString(`getComputedStyle(document.querySelector(` + strconv.Quote(sel) + `)).getPropertyValue(` + strconv.Quote(prop) + `).trim()`)
	}

	for _, prop := range []string{"color", "width", "--accent", "display"} {
		args := []string{"style", "#box", prop}
		if strings.HasPrefix(prop, "--") {
			args = []string{"style", "#box", "--", prop} // a custom property is not a flag
		}
		got := getString(t, s, args...)
		if want := computed("#box", prop); got != want || got == "" {
			t.Errorf("get style #box %s = %q, the page computes %q", prop, got, want)
		}
	}
	if got := getString(t, s, "style", "#box", "color"); got != "rgb(10, 20, 30)" {
		t.Errorf("get style #box color = %q, want the rule's rgb(10, 20, 30)", got)
	}

	// A class the page adds afterwards: read fresh, not remembered.
	p.eval(`document.querySelector("#box").classList.add("wide")`, nil)
	if got, want := getString(t, s, "style", "#box", "width"), computed("#box", "width"); got != want || got != "300px" {
		t.Errorf("after .wide: get style #box width = %q, the page computes %q, want 300px", got, want)
	}

	// By ref, and for people: the value alone on stdout.
	ref := takeSnapshot(t, s, "-i").ref(t, "button", "Go")
	if out := mustRunPlain(t, in(s, "get", "style", ref, "display")...); strings.TrimSpace(out) != computed("#go", "display") {
		t.Errorf("get style %s display for people printed %q, the page computes %q", ref, out, computed("#go", "display"))
	}

	// A name the browser does not know is an error, not an empty value.
	mustFail(t, 1, -32602, in(s, "get", "style", "#box", "colour")...)
	// A missing PROPERTY is a usage error.
	if _, errOut, code := run(t, in(s, "get", "style", "#box")...); code != 2 || !strings.Contains(errOut, "needs a REF (or CSS selector) and a CSS PROPERTY") {
		t.Errorf("get style without a PROPERTY: exit %d, %q; want 2 and what it needs", code, errOut)
	}
}
