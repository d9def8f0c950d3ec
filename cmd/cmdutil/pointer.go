package cmdutil

import (
	"strconv"

	"browserctl/internal/termsafe"
	"browserctl/rpc"
)

// The pointer actions (click, dblclick, hover, check, uncheck, drag): the
// extension waits until the element can take the press and hit-tests it;
// --force skips that. Their results name what was pressed.

// forceHelp is the line each pointer command's help carries.
const forceHelp = `Before pressing, the element is scrolled into view and waited for (up to
--timeout) until it is visible, enabled and still, and the point to press
is hit-tested in the element's own frame: when another element would get
the press (an overlay, a fixed header) the command waits, then fails with
reason covered naming it. --force skips the hit-test and the stability
wait, for the rare page that needs it.`

// ActedOn is how people read what a pointer action pressed: button "Save"
// [e3]; arg (the target as given) when the answer names nothing.
func ActedOn(t *rpc.ActedOn, arg string) string {
	if t == nil || t.Role == "" {
		return termsafe.String(arg)
	}
	s := t.Role
	if t.Name != "" {
		s += " " + strconv.Quote(t.Name)
	}
	if t.Ref != "" {
		s += " [" + t.Ref + "]"
	} else {
		s += " [" + arg + "]"
	}
	return termsafe.String(s)
}
