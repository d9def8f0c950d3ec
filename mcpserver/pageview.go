package mcpserver

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// What an action's result says about the page, sized for what the agent
// needs next (measured with `make bench-agent`):
//
//   - what changed since this client last saw the tab, when that is small
//     (a field's new value, a message that appeared): "### Changes";
//   - the whole snapshot when the page is small (a login form, a
//     confirmation): "### Snapshot";
//   - else an outline: landmarks, headings, frames and form controls with
//     their refs, and a count of what it leaves out, with how to read more
//     (browser_find, browser_snapshot): "### Outline".
//
// Every answer reads the page: what the client last saw is remembered only
// to tell what changed, never to answer for the page.

// seenLimit is how many tabs' last views a client's memory keeps.
const seenLimit = 16

// pageMemory is the last compact snapshot one client saw of each tab.
type pageMemory struct {
	mu    sync.Mutex
	byTab map[int]seenPage
	order []int // tab ids, the least recently seen first
}

type seenPage struct {
	url   string
	lines []string
}

// swap records lines as what the client now saw of tab, and answers what it
// saw before (ok false: nothing, or another document's URL).
func (m *pageMemory) swap(tab int, url string, lines []string) (prev []string, ok bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.byTab == nil {
		m.byTab = map[int]seenPage{}
	}
	old, had := m.byTab[tab]
	m.byTab[tab] = seenPage{url: url, lines: lines}
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
	return old.lines, had && old.url == url
}

// pageView is the page part of an action's result for a snapshot text,
// given what the client saw of the tab before (seen false: nothing of this
// document), within budget characters (negative: the whole snapshot).
func pageView(text string, prev []string, seen bool, budget int) string {
	if budget < 0 {
		return "### Snapshot\n" + text
	}
	cur := strings.Split(text, "\n")
	if seen {
		changes, same, ok := changedLines(prev, cur)
		if ok && len(changes) == 0 {
			return fmt.Sprintf("### Changes\nnone: the page is as you last saw it (%d lines)", len(cur))
		}
		// A page that kept less than half its lines is a new page for
		// the agent (a navigation to the same URL renumbers every ref).
		if ok && 2*same >= len(cur) {
			if body := strings.Join(changes, "\n"); len(body) <= budget {
				return "### Changes (since you last saw this tab; + added, - removed, ~ changed)\n" + body
			}
		}
	}
	if len(text) <= budget {
		return "### Snapshot\n" + text
	}
	return "### Outline\n" + outline(cur, budget)
}

// changedLines is the line diff of two snapshots, as `snapshot --diff`
// prints it: "+ line" added, "- line" removed, "~ line" an element (a ref)
// whose line changed; same is how many lines of cur are unchanged. ok
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
	for _, o := range ops {
		r := refOf(o.line)
		changed := r != "" && removed[r] && added[r]
		switch {
		case !o.add && !changed:
			out = append(out, "- "+strings.TrimSpace(o.line))
		case o.add && changed:
			out = append(out, "~ "+strings.TrimSpace(o.line))
		case o.add:
			out = append(out, "+ "+strings.TrimSpace(o.line))
		}
	}
	return out, head + tail + int(lcs[0][0]), true
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
// hides the form below it.
func outline(lines []string, budget int) string {
	type cand struct {
		indent int
		text   string
	}
	var cands []cand
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
		if role == "heading" {
			headings = append(headings, len(cands))
		}
		cands = append(cands, cand{len(line) - len(trimmed), trimmed})
	}
	room := budget - 320 // the note that follows
	chosen := make([]bool, len(cands))
	isHeading := make([]bool, len(cands))
	for _, i := range headings {
		isHeading[i] = true
	}
	// Each line's cost allows a few levels of indentation.
	take := func(i int) {
		if cost := len(cands[i].text) + 9; !chosen[i] && cost <= room {
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
	unshown := 0
	for i, c := range cands {
		if !chosen[i] {
			unshown++
			continue
		}
		for len(stack) > 0 && stack[len(stack)-1] >= c.indent {
			stack = stack[:len(stack)-1]
		}
		b.WriteString(strings.Repeat("  ", min(len(stack), 4)) + c.text + "\n")
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
		if i == 5 {
			counts = append(counts, "...")
			break
		}
		counts = append(counts, fmt.Sprintf("%d %s", left[r], r))
	}
	fmt.Fprintf(&b, "[outline of %d lines", len(lines))
	if unshown > 0 {
		fmt.Fprintf(&b, "; %d more outline lines past the budget", unshown)
	}
	if len(counts) > 0 {
		fmt.Fprintf(&b, "; not shown: %s", strings.Join(counts, ", "))
	}
	b.WriteString(". browser_find {role, name} or {text} gives one element's ref; browser_snapshot gives the whole page]")
	return b.String()
}
