package mcpserver

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
)

// What an action's result says about the page, sized for what the agent
// needs next (measured with `make bench-agent`):
//
//   - on the document the client last saw: only what changed since
//     ("+ added", "- removed", "~ changed" lines), or that nothing did;
//   - on a new document (a navigation, another tab, refs renumbered): its
//     URL and title, then the page whole when it is small (a login form,
//     a confirmation), else an outline: landmarks, headings, frames and
//     form controls with their refs, a count of what it leaves out and
//     how to read more (browser_find, browser_snapshot).
//
// Every answer reads the page: what the client last saw is remembered only
// to tell what changed, never to answer for the page.

// seenLimit is how many tabs' last views a client's memory keeps.
const seenLimit = 16

// pageMemory is the last snapshot one client saw of each tab.
type pageMemory struct {
	mu    sync.Mutex
	byTab map[int]seenPage
	order []int // tab ids, the least recently seen first
}

// seenPage is what a client saw of a tab: its document's URL and title and
// the snapshot's lines.
type seenPage struct {
	url, title string
	lines      []string
}

// swap records now as what the client saw of tab, and answers what it saw
// before (had false: nothing).
func (m *pageMemory) swap(tab int, now seenPage) (prev seenPage, had bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.byTab == nil {
		m.byTab = map[int]seenPage{}
	}
	prev, had = m.byTab[tab]
	m.byTab[tab] = now
	for i, id := range m.order {
		if id == tab {
			m.order = append(m.order[:i], m.order[i+1:]...)
			break
		}
	}
	m.order = append(m.order, tab)
	if len(m.order) > seenLimit {
		delete(m.byTab, m.order[0])
		m.order = m.order[1:]
	}
	return prev, had
}

// forget drops what the client saw of every tab: its next answers show
// each page afresh.
func (m *pageMemory) forget() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.byTab, m.order = nil, nil
}

// pageView is the page part of an action's result for a snapshot text,
// given what the client saw of the tab before (seen false: nothing of this
// document), within budget characters (negative: the whole snapshot). new
// says the agent is reading a document it has not seen: its URL and title
// go before.
//
// The changes leave out what the action was asked to do and did (expect):
// a field now showing the text typed into it.
func pageView(text string, prev []string, seen bool, budget int, expect expected) (view string, new bool) {
	if budget < 0 {
		return text, !seen
	}
	cur := strings.Split(text, "\n")
	if seen {
		changes, same, ok := changedLines(prev, cur)
		asked := 0
		changes = slices.DeleteFunc(changes, func(line string) bool {
			if expect.met(line) {
				asked++
				return true
			}
			return false
		})
		switch {
		case ok && len(changes) == 0 && asked > 0:
			return "Nothing else changed on the page.", false
		case ok && len(changes) == 0:
			return "No change on the page.", false
		}
		// A page that kept less than half its lines is a new page for
		// the agent (a navigation to the same URL renumbers every ref).
		if ok && 2*same >= len(cur) {
			if body := strings.Join(changes, "\n"); len(body) <= budget {
				return "Changes:\n" + body, false
			}
		}
	}
	if len(text) <= budget {
		return text, true
	}
	return "Outline:\n" + outline(cur, budget), true
}

// expected is what an action set on the elements it named, by ref: a
// changed line ("~ ...") of such an element that shows just that is what
// the agent asked for, and goes without saying.
type expected map[string]func(line string) bool

// met: line is an element's change that expect foresaw.
func (e expected) met(line string) bool {
	rest, ok := strings.CutPrefix(line, "~ ")
	if !ok || e == nil {
		return false
	}
	ref := refOf(rest)
	want := e[ref]
	return ref != "" && want != nil && want(rest)
}

// expectValue: the element shows value v (a password field, bullets).
func expectValue(v string) func(string) bool {
	v = strings.Join(strings.Fields(v), " ")
	quoted := strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v)
	return func(line string) bool {
		_, shown, ok := strings.Cut(line, ` [value="`)
		if !ok {
			return v == ""
		}
		// The snapshot cuts a long value with an ellipsis.
		shown, _, _ = strings.Cut(shown, `"]`)
		if cut, ok := strings.CutSuffix(shown, "…"); ok {
			return strings.HasPrefix(quoted, cut)
		}
		return shown == quoted || shown == "••••" && v != ""
	}
}

// expectChecked: the element is checked (on) or not.
func expectChecked(on bool) func(string) bool {
	return func(line string) bool {
		return strings.Contains(line, " [checked]") == on && !strings.Contains(line, "[checked=mixed]")
	}
}

// changedLines is the line diff of two snapshots, as `snapshot --diff`
// prints it: "+ line" added, "- line" removed, "~ line" an element (a ref)
// whose line changed; same is how many lines of cur are unchanged or the
// same element changed (~). ok
// false: too large to diff (treat it as new).
func changedLines(prev, cur []string) (out []string, same int, ok bool) {
	// The common head and tail, then an LCS of what is between: an
	// action changes a few lines in one place, so the middle is small.
	head := 0
	for head < len(prev) && head < len(cur) && prev[head] == cur[head] {
		head++
	}
	tail := 0
	for tail < len(prev)-head && tail < len(cur)-head && prev[len(prev)-1-tail] == cur[len(cur)-1-tail] {
		tail++
	}
	a, b := prev[head:len(prev)-tail], cur[head:len(cur)-tail]
	if len(a)*len(b) > 4_000_000 {
		return nil, 0, false
	}
	// lcs[i][j]: the LCS length of a[i:] and b[j:].
	lcs := make([][]int32, len(a)+1)
	for i := range lcs {
		lcs[i] = make([]int32, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	type op struct {
		add  bool
		line string
	}
	var ops []op
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			i, j = i+1, j+1
		case i < len(a) && (j == len(b) || lcs[i+1][j] >= lcs[i][j+1]):
			ops = append(ops, op{false, a[i]}) // removals before additions
			i++
		default:
			ops = append(ops, op{true, b[j]})
			j++
		}
	}
	removed, added := map[string]bool{}, map[string]bool{}
	for _, o := range ops {
		if r := refOf(o.line); r != "" {
			if o.add {
				added[r] = true
			} else {
				removed[r] = true
			}
		}
	}
	same = head + tail + int(lcs[0][0])
	for _, o := range ops {
		r := refOf(o.line)
		changed := r != "" && removed[r] && added[r]
		if changed && o.add {
			same++ // the same element, in place: the same document
		}
		line := strings.TrimPrefix(strings.TrimSpace(o.line), "- ")
		switch {
		case !o.add && !changed:
			out = append(out, "- "+line)
		case o.add && changed:
			out = append(out, "~ "+line)
		case o.add:
			out = append(out, "+ "+line)
		}
	}
	return out, same, true
}

// refOf is the ref a snapshot line names ("" for none).
func refOf(line string) string {
	_, after, ok := strings.Cut(line, "[ref=")
	if !ok {
		return ""
	}
	r, _, _ := strings.Cut(after, "]")
	return r
}

// roleOf is the role a snapshot line starts with ("- heading "x"" is
// heading, "- text: ..." is text).
func roleOf(line string) string {
	s := strings.TrimLeft(line, " ")
	s = strings.TrimPrefix(s, "- ")
	if i := strings.IndexAny(s, " :"); i >= 0 {
		s = s[:i]
	}
	return s
}

// outlineRoles are the lines an outline keeps: where things are (landmarks,
// headings, frames, dialogs) and what takes input.
var outlineRoles = map[string]bool{
	"banner": true, "navigation": true, "main": true, "contentinfo": true, "complementary": true,
	"form": true, "search": true, "region": true, "dialog": true, "alertdialog": true, "alert": true,
	"heading": true, "iframe": true,
	"textbox": true, "searchbox": true, "combobox": true, "listbox": true, "checkbox": true,
	"radio": true, "switch": true, "slider": true, "spinbutton": true, "button": true,
}

// outline is the outline of a snapshot's lines within budget characters:
// the lines of outlineRoles, indented by how many kept lines hold them, and
// what it leaves out, counted by role. Landmarks, frames and controls come
// first; headings fill what room is left, so a long list of headings never
// hides the form below it. A line repeated with another ref (300 "Add to
// cart" buttons) is shown once, with how many more there are.
func outline(lines []string, budget int) string {
	type cand struct {
		indent int
		text   string
		role   string
		more   int // lines like it further on
	}
	var cands []*cand
	alike := map[string]*cand{}
	var headings []int // indexes into cands
	left := map[string]int{}
	for _, line := range lines {
		if strings.TrimSpace(line) == "" {
			continue
		}
		role := roleOf(line)
		if !outlineRoles[role] {
			left[role]++
			continue
		}
		trimmed := strings.TrimLeft(line, " ")
		key := withoutRefs(trimmed)
		if c := alike[key]; c != nil {
			c.more++
			continue
		}
		if role == "heading" {
			headings = append(headings, len(cands))
		}
		c := &cand{indent: len(line) - len(trimmed), text: trimmed, role: role}
		alike[key] = c
		cands = append(cands, c)
	}
	room := budget - 160 // the note that follows
	chosen := make([]bool, len(cands))
	isHeading := make([]bool, len(cands))
	for _, i := range headings {
		isHeading[i] = true
	}
	// Each line's cost allows a few levels of indentation.
	take := func(i int) {
		if cost := len(cands[i].text) + 9 + 16*min(cands[i].more, 1); !chosen[i] && cost <= room {
			chosen[i] = true
			room -= cost
		}
	}
	for i := range cands {
		if !isHeading[i] {
			take(i)
		}
	}
	for _, i := range headings {
		take(i)
	}
	var b strings.Builder
	var stack []int // the indents of the chosen lines that hold the line at hand
	for i, c := range cands {
		if !chosen[i] {
			left[c.role] += 1 + c.more
			continue
		}
		for len(stack) > 0 && stack[len(stack)-1] >= c.indent {
			stack = stack[:len(stack)-1]
		}
		b.WriteString(strings.Repeat("  ", min(len(stack), 4)) + c.text)
		if c.more > 0 {
			fmt.Fprintf(&b, " (+%d alike)", c.more)
		}
		b.WriteString("\n")
		stack = append(stack, c.indent)
	}
	roles := make([]string, 0, len(left))
	for r := range left {
		roles = append(roles, r)
	}
	sort.Slice(roles, func(i, j int) bool {
		return left[roles[i]] > left[roles[j]] || left[roles[i]] == left[roles[j]] && roles[i] < roles[j]
	})
	var counts []string
	for i, r := range roles {
		if i == 4 {
			counts = append(counts, "...")
			break
		}
		counts = append(counts, fmt.Sprintf("%d %s", left[r], r))
	}
	fmt.Fprintf(&b, "[outline of %d lines", len(lines))
	if len(counts) > 0 {
		fmt.Fprintf(&b, "; not shown: %s", strings.Join(counts, ", "))
	}
	b.WriteString(". browser_find gives refs by role, name or text; browser_snapshot the whole page]")
	return b.String()
}

// withoutRefs is line less its " [ref=...]" (a package regexp would be
// compiled at the start of every browserctl process).
func withoutRefs(line string) string {
	var b strings.Builder
	for {
		i := strings.Index(line, " [ref=")
		if i < 0 {
			b.WriteString(line)
			return b.String()
		}
		b.WriteString(line[:i])
		j := strings.IndexByte(line[i:], ']')
		if j < 0 {
			return b.String()
		}
		line = line[i+j+1:]
	}
}
