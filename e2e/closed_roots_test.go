package e2e

// Closed shadow roots on built-in elements (a div, a section in an
// open root, a span in a cross-origin frame, a div added after load) and
// `snapshot -s SELECTOR` finding its element in frames and shadow roots.
// What the buttons did is checked through the pages' reports.

import (
	"regexp"
	"strings"
	"testing"
)

func TestClosedRootsOnBuiltInElements(t *testing.T) {
	s, tag, _ := framesPage(t)
	full := takeSnapshot(t, s)
	inter := takeSnapshot(t, s, "-i")
	for _, b := range []struct {
		name, id string
		frame    bool
	}{
		{"Div closed button", "div-closed-btn", false},
		{"Section closed button", "section-closed-btn", false},
		{"Span closed button in frame", "span-closed-btn", true},
	} {
		ref := full.ref(t, "button", b.name)
		if got := inter.ref(t, "button", b.name); got != ref {
			t.Errorf("%q is %s in `snapshot` and %s in `snapshot -i`", b.name, ref, got)
		}
		if b.frame != strings.HasPrefix(ref, "f") {
			t.Errorf("%q has ref %s: want a frame ref %v", b.name, ref, b.frame)
		}
		mustRun(t, in(s, "click", ref)...)
		h.rec.waitFor(t, tag, "a click on "+b.id, func(e event) bool { return e.Type == "shadow-click" && e.str("target") == b.id })
	}
	// The section's root sits inside the open root: its button is under the open root's.
	if a, b := indentOf(t, full.Snapshot, `button "Open shadow button"`), indentOf(t, full.Snapshot, `button "Section closed button"`); b < a {
		t.Errorf("the section's closed button (indent %d) is outside the open root (indent %d)", b, a)
	}

	// A closed root attached after the first snapshot is in the next one.
	if strings.Contains(full.Snapshot, "Late closed button") {
		t.Fatalf("the late button is there before it was added:\n%s", full.Snapshot)
	}
	mustRun(t, in(s, "click", full.ref(t, "button", "Add a closed div"))...)
	h.rec.waitFor(t, tag, "a click on add-closed", func(e event) bool { return e.Type == "click" && e.str("target") == "add-closed" })
	late := takeSnapshot(t, s)
	mustRun(t, in(s, "click", late.ref(t, "button", "Late closed button"))...)
	h.rec.waitFor(t, tag, "a click on late-closed-btn", func(e event) bool { return e.Type == "shadow-click" && e.str("target") == "late-closed-btn" })
}

var refInLine = regexp.MustCompile(`\[ref=([^\]]+)\]`)

// subtreeRefs answers the refs on the line holding needle and on the lines
// indented under it in a snapshot text.
func subtreeRefs(t *testing.T, text, needle string) map[string]bool {
	t.Helper()
	lines := strings.Split(text, "\n")
	refs := map[string]bool{}
	start := -1
	for i, l := range lines {
		if strings.Contains(l, needle) {
			start = i
			break
		}
	}
	if start < 0 {
		t.Fatalf("no line with %q in:\n%s", needle, text)
	}
	indent := func(l string) int { return len(l) - len(strings.TrimLeft(l, " ")) }
	for i := start; i < len(lines); i++ {
		if i > start && indent(lines[i]) <= indent(lines[start]) {
			break
		}
		for _, m := range refInLine.FindAllStringSubmatch(lines[i], -1) {
			refs[m[1]] = true
		}
	}
	return refs
}

func TestSnapshotSelectorInFramesAndShadowRoots(t *testing.T) {
	s, _, _ := framesPage(t)
	full := takeSnapshot(t, s)
	for _, c := range []struct {
		selector, needle string // needle: the element's line in the full snapshot
		frame            bool
	}{
		{"#sel-cross", `"Cross select"`, true},              // only in the cross-origin frame
		{"#open-btn", `button "Open shadow button"`, false}, // only in an open shadow root
		{"#section-closed-btn", `button "Section closed button"`, false},
		// In the same-origin frame and in the frame inside the cross-origin
		// one: the first in the snapshot's order is the same-origin frame's.
		{`input[aria-label^="Inner field"]`, `textbox "Inner field same"`, true},
	} {
		want := subtreeRefs(t, full.Snapshot, c.needle)
		sub := takeSnapshot(t, s, "-s", c.selector)
		t.Logf("snapshot -s %s:\n%s", c.selector, sub.Snapshot)
		lines := strings.Split(sub.Snapshot, "\n")
		if len(lines) < 3 || !strings.Contains(lines[2], c.needle) {
			t.Errorf("snapshot -s %s does not start at the element %s:\n%s", c.selector, c.needle, sub.Snapshot)
		}
		if len(sub.Refs) == 0 {
			t.Errorf("snapshot -s %s: no refs", c.selector)
		}
		for ref := range sub.Refs {
			if !want[ref] {
				t.Errorf("snapshot -s %s has %s, which is not inside the element in the full snapshot", c.selector, ref)
			}
			if c.frame != strings.HasPrefix(ref, "f") {
				t.Errorf("snapshot -s %s: ref %s, want a frame ref %v", c.selector, ref, c.frame)
			}
		}
		for _, outside := range []string{"Top button", "Cross button", "Inner button", "Frames page"} {
			if strings.Contains(sub.Snapshot, outside) {
				t.Errorf("snapshot -s %s shows %q, which is outside the element", c.selector, outside)
			}
		}
	}
	// A selector nothing matches, in the page or its frames, fails.
	if _, stderr, code := run(t, in(s, "snapshot", "-s", "#nowhere-at-all")...); code != 1 || !strings.Contains(stderr, "no element matches") {
		t.Errorf("snapshot -s #nowhere-at-all: exit %d, stderr %q; want 1 and a no-match error", code, stderr)
	}
}
