package mcpserver

import (
	"regexp"
	"strings"
)

// An element is named by its ref (Playwright MCP's "ref") or by "target"
// (Playwright MCP 0.0.83): a ref, a CSS selector, role=ROLE[name="NAME"] or
// text=TEXT, the grammar every browserctl element command takes.

var refForm = regexp.MustCompile(`^(f\d+)?e\d+$`)

// targetParams is the call's ref or selector param.
func (e elementRef) targetParams() map[string]any {
	t := e.Ref
	if t == "" {
		t = strings.TrimSpace(e.Target)
	}
	if r := strings.TrimPrefix(t, "@"); refForm.MatchString(r) {
		return map[string]any{"ref": r}
	}
	if t == "" {
		return map[string]any{"ref": ""}
	}
	return map[string]any{"selector": t}
}

// with sets params[k] = v and answers params.
func with(params map[string]any, k string, v any) map[string]any {
	params[k] = v
	return params
}
