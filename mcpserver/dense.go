package mcpserver

import (
	"strings"
	"unicode"
)

// The snapshot as agents read it: the extension's compact snapshot with
// what costs characters and tells nothing left out, measured with `make
// bench-agent` (a 300-item list went from 33,500 to ~22,000 characters):
//
//   - text that is only punctuation (the "|" between links);
//   - a label's text beside the control it names (`text: Email` before
//     `textbox "Email"`, a checkbox's after it: the control says it);
//   - an element whose children are all leaves (links, buttons, text) is
//     one line: `- navigation: link "Home" [ref=e1], link "Help" [ref=e2]`,
//     `- row: cell "A", cell "B"`; fields stay one a line, so what an
//     action changed in one is one line of a diff;
//   - a list's item so folded drops its "listitem:" (the list says it).
//
// Every element with a ref keeps its `role "name" [ref=..]` as the
// extension wrote it; only where it sits on a line changes.

// denseMaxChildren and denseMaxLine bound a folded line.
const (
	denseMaxChildren = 8
	denseMaxLine     = 200
)

// editableRoles are the controls an action changes: never folded into
// their parent's line.
var editableRoles = map[string]bool{
	"textbox": true, "searchbox": true, "combobox": true, "listbox": true, "checkbox": true,
	"radio": true, "switch": true, "slider": true, "spinbutton": true,
}

// snapNode is one line of a snapshot and the lines it holds.
type snapNode struct {
	indent int    // leading spaces
	body   string // the line after its indent and "- "
	raw    string // the line as written, for lines that are not "- " items
	kids   []*snapNode
	folded bool // its children are on its line: no leaf

}

// role is the node's role ("text" for `text: ...`).
func (n *snapNode) role() string { return roleOf("- " + n.body) }

// name is the quoted name after the role, unquoted ("" for none).
func (n *snapNode) name() string {
	rest := strings.TrimPrefix(n.body, n.role())
	if !strings.HasPrefix(rest, ` "`) {
		return ""
	}
	var b strings.Builder
	for i := 2; i < len(rest); i++ {
		switch c := rest[i]; c {
		case '\\':
			if i+1 < len(rest) {
				i++
				b.WriteByte(rest[i])
			}
		case '"':
			return b.String()
		default:
			b.WriteByte(c)
		}
	}
	return ""
}

// textOf is a text node's text ("" for other nodes).
func (n *snapNode) textOf() string {
	t, ok := strings.CutPrefix(n.body, "text: ")
	if !ok {
		return ""
	}
	return t
}

// denseSnapshot is text (a compact snapshot) as agents read it.
func denseSnapshot(text string) string {
	if text == "" {
		return text
	}
	roots := parseSnapshot(strings.Split(text, "\n"))
	var out []string
	for _, n := range denseNodes(roots, "") {
		out = n.write(out, 0)
	}
	return strings.Join(out, "\n")
}

// parseSnapshot makes the tree of lines by their indents. A line that is
// not an item ("- ...") is kept as it is, under the item before it.
func parseSnapshot(lines []string) []*snapNode {
	var roots []*snapNode
	var stack []*snapNode
	for _, line := range lines {
		trimmed := strings.TrimLeft(line, " ")
		indent := len(line) - len(trimmed)
		n := &snapNode{indent: indent}
		if body, ok := strings.CutPrefix(trimmed, "- "); ok {
			n.body = body
		} else {
			n.raw = line
		}
		for len(stack) > 0 && stack[len(stack)-1].indent >= indent && n.raw == "" {
			stack = stack[:len(stack)-1]
		}
		if len(stack) == 0 {
			roots = append(roots, n)
		} else {
			p := stack[len(stack)-1]
			p.kids = append(p.kids, n)
		}
		if n.raw == "" {
			stack = append(stack, n)
		}
	}
	return roots
}

// denseNodes is nodes (siblings under a parent of role parent) with the
// rules above applied, deepest first.
func denseNodes(nodes []*snapNode, parent string) []*snapNode {
	var out []*snapNode
	for i, n := range nodes {
		if n.raw != "" {
			out = append(out, n)
			continue
		}
		if t := n.textOf(); t != "" && len(n.kids) == 0 {
			if onlyPunctuation(t) {
				continue
			}
			if names(nodes, i+1, t) || names(nodes, i-1, t) {
				continue
			}
		}
		n.kids = denseNodes(n.kids, n.role())
		n.fold(parent)
		out = append(out, n)
	}
	return out
}

// names: nodes[i] is an element (not text) whose name is t.
func names(nodes []*snapNode, i int, t string) bool {
	return i >= 0 && i < len(nodes) && nodes[i].raw == "" && nodes[i].role() != "text" && nodes[i].name() == t
}

// fold puts n's children on n's line when they are all leaves that no
// action edits, few, and the line stays short.
func (n *snapNode) fold(parent string) {
	if len(n.kids) == 0 || len(n.kids) > denseMaxChildren || strings.Contains(n.body, ": ") || n.role() == "iframe" {
		return
	}
	parts := make([]string, 0, len(n.kids))
	size := len(n.body)
	for _, k := range n.kids {
		if k.raw != "" || len(k.kids) > 0 || k.folded || editableRoles[k.role()] {
			return
		}
		part := k.body
		if t := k.textOf(); t != "" {
			part = t
		}
		size += len(part) + 2
		if size > denseMaxLine {
			return
		}
		parts = append(parts, part)
	}
	head := n.body + ": "
	// A list's unnamed item is its content: the list says it is an item.
	if parent == "list" && n.body == "listitem" && n.kids[0].textOf() == "" {
		head = ""
	}
	n.body = head + strings.Join(parts, ", ")
	n.kids, n.folded = nil, true
}

// write appends n's lines at depth (two spaces a level).
func (n *snapNode) write(out []string, depth int) []string {
	if n.raw != "" {
		return append(out, n.raw)
	}
	out = append(out, strings.Repeat("  ", depth)+"- "+n.body)
	for _, k := range n.kids {
		out = k.write(out, depth+1)
	}
	return out
}

// onlyPunctuation: s has no letter, digit or symbol that says something
// (a currency sign does).
func onlyPunctuation(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Sc, r) {
			return false
		}
	}
	return true
}
