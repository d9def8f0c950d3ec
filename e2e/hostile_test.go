package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// rawControl is the first character of s a terminal would act on: C0 but
// newline and tab, DEL, C1, bidi overrides and isolates; "" when none.
func rawControl(s string) string {
	for _, r := range s {
		switch {
		case r == '\n' || r == '\t':
		case r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f,
			r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
			return string(r)
		}
	}
	return ""
}

// shown is how the CLI shows s to people: each hostile character escaped,
// \x1b for C0 and DEL, \u202e for C1 and bidi characters.
func shown(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case rawControl(string(r)) == "":
			b.WriteRune(r)
		case r < 0x80:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
	}
	return b.String()
}

// human runs a command without --json, as a person at a terminal or a
// script reading plain output would.
func human(t *testing.T, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	out, errOut, code := h.exec(ctx, args...)
	if code != 0 {
		t.Fatalf("browserctl %s: exit %d\nstderr: %s", strings.Join(args, " "), code, errOut)
	}
	if c := rawControl(errOut); c != "" {
		t.Errorf("browserctl %s: stderr carries a raw %q: %q", strings.Join(args, " "), c, errOut)
	}
	return out
}

// A page whose title, text and button name carry ESC sequences, a C1
// control and a bidi override: `get title`, `get text` and `snapshot` show
// them escaped (\x1b, \u009b, \u202e) and never raw, and --json carries the
// page's exact strings, JSON-escaped.
func TestPageTextIsEscaped(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/hostile.html", tag))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)
	var want struct{ Title, Heading, Text, Button string }
	p.eval(`window.hostile`, &want)
	// Chromium replaces C0 controls in a title with spaces: the title the
	// browser reports keeps the C1 CSI and the bidi override
	want.Title = p.evalString(`document.title`)
	if !strings.Contains(want.Title, "\u009b31m") || !strings.Contains(want.Title, "\u202e") ||
		!strings.Contains(want.Heading, "\x1b[2J") || !strings.Contains(want.Button, "\x1b[8m") || !strings.Contains(want.Text, "\x1b]8;;") {
		t.Fatalf("the page's strings lack the hostile characters: %+v", want)
	}

	// get title: escaped for people, exact in --json, raw nowhere
	out := human(t, in(s, "get", "title")...)
	if c := rawControl(out); c != "" {
		t.Errorf("get title printed a raw %q: %q", c, out)
	}
	if out != shown(want.Title)+"\n" {
		t.Errorf("get title printed %q, want %q", out, shown(want.Title)+"\n")
	}
	jsonOut := mustRun(t, in(s, "get", "title")...)
	if c := rawControl(jsonOut); c != "" {
		t.Errorf("get title --json printed a raw %q: %q", c, jsonOut)
	}
	var v struct{ Value string }
	if err := json.Unmarshal([]byte(jsonOut), &v); err != nil || v.Value != want.Title {
		t.Errorf("get title --json = %q (%v), want the page's title %q", jsonOut, err, want.Title)
	}

	// get text: the document's text, the heading and paragraph escaped
	out = human(t, in(s, "get", "text")...)
	if c := rawControl(out); c != "" {
		t.Errorf("get text printed a raw %q: %q", c, out)
	}
	for _, w := range []string{want.Heading, want.Text, want.Button} {
		if !strings.Contains(out, shown(w)) {
			t.Errorf("get text printed %q, lacks %q", out, shown(w))
		}
	}

	// snapshot: names escaped, on every line; the refs still work
	out = human(t, in(s, "snapshot")...)
	if c := rawControl(out); c != "" {
		t.Errorf("snapshot printed a raw %q:\n%s", c, out)
	}
	snap := takeSnapshot(t, s)
	btn := ""
	for id, r := range snap.Refs {
		if r.Role == "button" {
			btn = id
			if r.Name != strings.TrimSpace(want.Button) || !utf8.ValidString(r.Name) {
				t.Errorf("snapshot --json names the button %q, the page %q", r.Name, want.Button)
			}
		}
	}
	if btn == "" {
		t.Fatalf("snapshot has no button:\n%s", snap.Snapshot)
	}
	if wantLine := `button "` + shown(want.Button) + `" [ref=` + btn + `]`; !strings.Contains(out, wantLine) {
		t.Errorf("snapshot printed\n%s\nlacking the line %q", out, wantLine)
	}
	if !strings.Contains(out, shown(want.Heading)) {
		t.Errorf("snapshot printed\n%s\nlacking the heading %q", out, shown(want.Heading))
	}
	mustRun(t, in(s, "click", btn)...)
	h.rec.waitFor(t, tag, "the button's click", func(e event) bool { return e.Type == "button" && e.str("id") == "btn" })
}
