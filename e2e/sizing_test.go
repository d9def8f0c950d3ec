package e2e

// Snapshots sized for their reader, on a corpus page, each checked
// against the page: -s (a CSS selector, a ref), --viewport, --max-chars,
// --diff.

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var refRe = regexp.MustCompile(`\[ref=([^\]]+)\]`)

// body drops the title and url lines.
func body(t *testing.T, sn snapshot) []string {
	t.Helper()
	lines := strings.Split(sn.Snapshot, "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "title: ") || !strings.HasPrefix(lines[1], "url: ") {
		t.Fatalf("the snapshot does not start with its title and url lines:\n%.300s", sn.Snapshot)
	}
	return lines[2:]
}

func refBox(t *testing.T, s session, ref string) box {
	t.Helper()
	var b box
	if err := json.Unmarshal(getValue(t, s, "box", ref), &b); err != nil {
		t.Fatalf("get box %s: %v", ref, err)
	}
	return b
}

func TestSnapshotSizing(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, h.web.URL+"/corpus/wikipedia.html?t="+tag)
	mustRun(t, in(s, "wait", "--load", "load")...)
	p := h.cdp.page(t, "/corpus/wikipedia.html?t="+tag)
	full := takeSnapshot(t, s)
	fullLines := body(t, full)

	t.Run("compact", func(t *testing.T) {
		c := takeSnapshot(t, s, "-c")
		if len(c.Snapshot) >= len(full.Snapshot) {
			t.Errorf("-c (%d bytes) is not smaller than the full snapshot (%d bytes)", len(c.Snapshot), len(full.Snapshot))
		}
		for _, l := range body(t, c) {
			tl := strings.TrimLeft(l, " ")
			if strings.HasPrefix(tl, "- LabelText") || strings.HasPrefix(tl, "- InlineTextBox") || tl == "- generic" || tl == "- group" || tl == "- paragraph" {
				t.Errorf("-c kept a line that means nothing to a reader: %q", l)
			}
		}
		for ref, r := range c.Refs {
			if full.Refs[ref] != r {
				t.Errorf("%s is %+v in -c and %+v in the full snapshot", ref, r, full.Refs[ref])
			}
		}
	})

	t.Run("stale ref", func(t *testing.T) {
		mustFail(t, 4, 4109, in(s, "snapshot", "-s", "e999999")...)
		mustFail(t, 1, 4110, in(s, "snapshot", "-s", "#no-such-element")...)
	})

	t.Run("selector", func(t *testing.T) {
		sub := takeSnapshot(t, s, "-s", "table.infobox")
		lines := body(t, sub)
		if len(lines) < 5 || len(lines) > len(fullLines)/4 {
			t.Fatalf("-s table.infobox has %d lines (the page %d):\n%s", len(lines), len(fullLines), sub.Snapshot)
		}
		var root box
		p.eval(`(() => { const r = document.querySelector("table.infobox").getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height}; })()`, &root)
		// The table's text and its images' alternative texts: what its links can be named by.
		inner := squash(p.evalString(`(() => { const t = document.querySelector("table.infobox"); return t.innerText + [...t.querySelectorAll("img")].map((i) => i.alt).join(" "); })()`))
		checked := 0
		for _, l := range lines {
			m := refRe.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			if full.Refs[m[1]].Name != sub.Refs[m[1]].Name {
				t.Errorf("%s is %q in -s and %q in the full snapshot", m[1], sub.Refs[m[1]].Name, full.Refs[m[1]].Name)
			}
			b := refBox(t, s, m[1])
			if b.Width > 0 && (b.X < root.X-1 || b.Y < root.Y-1 || b.X+b.Width > root.X+root.Width+1 || b.Y+b.Height > root.Y+root.Height+1) {
				t.Errorf("-s table.infobox shows %s at %+v, outside the table at %+v: %s", m[1], b, root, l)
			}
			if r := sub.Refs[m[1]]; r.Role == "link" && !strings.Contains(inner, squash(strings.TrimSuffix(r.Name, "…"))) {
				t.Errorf("-s table.infobox shows link %q, which is not in the table's text", r.Name)
			}
			checked++
		}
		if checked == 0 {
			t.Errorf("-s table.infobox shows no refs:\n%s", sub.Snapshot)
		}
	})

	t.Run("ref", func(t *testing.T) {
		// A named navigation of the full snapshot: -s REF is exactly its block.
		at := -1
		for i, l := range fullLines {
			if strings.HasPrefix(strings.TrimLeft(l, " "), "- navigation \"") && refRe.MatchString(l) && i+3 < len(fullLines) {
				at = i
				break
			}
		}
		if at < 0 {
			t.Fatalf("the full snapshot has no named navigation with a ref")
		}
		indent := len(fullLines[at]) - len(strings.TrimLeft(fullLines[at], " "))
		want := []string{fullLines[at][indent:]}
		for _, l := range fullLines[at+1:] {
			if len(l)-len(strings.TrimLeft(l, " ")) <= indent {
				break
			}
			want = append(want, l[indent:])
		}
		ref := refRe.FindStringSubmatch(fullLines[at])[1]
		got := body(t, takeSnapshot(t, s, "-s", ref))
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("-s %s:\n%s\nwant the block of the full snapshot:\n%s", ref, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	})

	t.Run("viewport", func(t *testing.T) {
		vp := takeSnapshot(t, s, "--viewport", "-i")
		all := takeSnapshot(t, s, "-i")
		vw, vh := p.evalFloat("innerWidth"), p.evalFloat("innerHeight")
		if len(vp.Refs) == 0 || len(vp.Refs) >= len(all.Refs)/2 {
			t.Fatalf("--viewport -i has %d refs, the whole page %d", len(vp.Refs), len(all.Refs))
		}
		n := 0
		for ref := range vp.Refs {
			if n++; n > 15 {
				break
			}
			b := refBox(t, s, ref)
			if b.X+b.Width <= 0 || b.Y+b.Height <= 0 || b.X >= vw || b.Y >= vh {
				t.Errorf("--viewport shows %s at %+v, outside the %gx%g viewport", ref, b, vw, vh)
			}
		}
	})

	t.Run("max-chars", func(t *testing.T) {
		cut := takeSnapshot(t, s, "--max-chars", "3000")
		if len(cut.Snapshot) > 3000 {
			t.Errorf("--max-chars 3000 gave %d characters", len(cut.Snapshot))
		}
		lines := strings.Split(cut.Snapshot, "\n")
		last := lines[len(lines)-1]
		m := regexp.MustCompile(`^# (\d+) more lines and (\d+) refs not shown: .*-s .*--viewport`).FindStringSubmatch(last)
		if m == nil {
			t.Fatalf("the last line %q does not say what was left out and how to get it", last)
		}
		kept := lines[2 : len(lines)-1]
		for i, l := range kept {
			if l != fullLines[i] {
				t.Fatalf("line %d of the cut snapshot %q is not the full snapshot's %q", i, l, fullLines[i])
			}
		}
		refsLeft := 0
		for _, l := range fullLines[len(kept):] {
			if refRe.MatchString(l) {
				refsLeft++
			}
		}
		if m[1] != strconv.Itoa(len(fullLines)-len(kept)) || m[2] != strconv.Itoa(refsLeft) {
			t.Errorf("the last line says %s lines and %s refs left out; they are %d and %d", m[1], m[2], len(fullLines)-len(kept), refsLeft)
		}
		if len(cut.Refs) != strings.Count(cut.Snapshot, "[ref=") {
			t.Errorf("--max-chars answered %d refs for %d shown", len(cut.Refs), strings.Count(cut.Snapshot, "[ref="))
		}
	})

	t.Run("offset", func(t *testing.T) {
		// The parts a cut names, read with --offset, are the whole once;
		// a ref of the first part still answers after the last.
		var seen []string
		var firstRef string
		offset := 0
		next := regexp.MustCompile(`^# \d+ more lines and \d+ refs not shown: --offset (\d+) for the rest`)
		for part := 0; part < 100; part++ {
			cut := takeSnapshot(t, s, "--max-chars", "3000", "--offset", strconv.Itoa(offset))
			lines := strings.Split(cut.Snapshot, "\n")[2:]
			if len(cut.Refs) != strings.Count(cut.Snapshot, "[ref=") {
				t.Errorf("part at %d answered %d refs for %d shown", offset, len(cut.Refs), strings.Count(cut.Snapshot, "[ref="))
			}
			if firstRef == "" {
				for r := range cut.Refs {
					firstRef = r
					break
				}
			}
			m := next.FindStringSubmatch(lines[len(lines)-1])
			if m == nil {
				seen = append(seen, lines...)
				break
			}
			seen = append(seen, lines[:len(lines)-1]...)
			offset, _ = strconv.Atoi(m[1])
		}
		if strings.Join(seen, "\n") != strings.Join(fullLines, "\n") {
			t.Errorf("the parts are %d lines, the whole snapshot %d, or they differ", len(seen), len(fullLines))
		}
		if firstRef == "" {
			t.Fatal("the first part has no refs")
		}
		refBox(t, s, firstRef) // fails the test if the ref no longer answers
	})

	t.Run("diff", func(t *testing.T) {
		takeSnapshot(t, s, "-i")
		// One link goes, one button comes.
		removed := p.evalString(`(() => {
			for (const a of document.querySelectorAll("#mw-content-text li > a[href]")) {
				const li = a.parentElement;
				if (li.children.length === 1 && li.textContent.trim() === a.textContent.trim() && a.textContent.trim().length > 3 && a.getClientRects().length) {
					const name = a.textContent.trim();
					a.remove();
					return name;
				}
			}
			return "";
		})()`)
		if removed == "" {
			t.Fatal("no link to remove on the page")
		}
		p.eval(`document.body.insertAdjacentHTML("beforeend", "<button>Added by the test</button>"); true`, nil)
		d := takeSnapshot(t, s, "-i", "--diff")
		var plus, minus, other []string
		for _, l := range body(t, d) {
			switch {
			case strings.HasPrefix(l, "+ "):
				plus = append(plus, l)
			case strings.HasPrefix(l, "- "):
				minus = append(minus, l)
			default:
				other = append(other, l)
			}
		}
		if len(plus) != 1 || !strings.Contains(plus[0], `button "Added by the test" [ref=`) {
			t.Errorf("--diff added lines %q, want the one new button", plus)
		}
		if len(minus) != 1 || !strings.Contains(minus[0], `link "`+removed+`"`) {
			t.Errorf("--diff removed lines %q, want the link %q", minus, removed)
		}
		if len(other) != 0 {
			t.Errorf("--diff shows lines that did not change: %q", other)
		}
		same := takeSnapshot(t, s, "-i", "--diff")
		if b := body(t, same); len(b) != 1 || !strings.Contains(b[0], "nothing changed") {
			t.Errorf("--diff without a change: %q", b)
		}
	})
}
