package mcpserver

import (
	"errors"
	"regexp"
	"strings"
)

// An element is named by its ref (Playwright MCP's "ref") or by "target"
// (Playwright MCP 0.0.83): a ref, a CSS selector, role=ROLE[name="NAME"] or
// text=TEXT, or one of these in a frame (frame=IFRAME_CSS >> TARGET), the
// grammar every browserctl element command takes; the extension parses it.

var refForm = regexp.MustCompile(`^(f\d+)?e\d+$`)

// errNoTarget is the answer to an element tool given neither ref nor target.
var errNoTarget = errors.New(`give "ref" (a ref from the last snapshot) or "target" (a ref or a selector)`)

// target is the element as the rpc params name it: a ref, or else a
// selector.
func (e elementRef) target() (ref, selector string, err error) {
	t := e.Ref
	if t == "" {
		t = strings.TrimSpace(e.Target)
	}
	if r := strings.TrimPrefix(t, "@"); refForm.MatchString(r) {
		return r, "", nil
	}
	if t == "" {
		return "", "", errNoTarget
	}
	return "", t, nil
}
