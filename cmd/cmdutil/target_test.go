package cmdutil

import (
	"testing"
)

func TestTargetSplitsRefsFromSelectors(t *testing.T) {
	for _, tt := range []struct{ arg, ref, sel string }{
		{"e3", "e3", ""},
		{"@e12", "e12", ""},
		{"f1e3", "f1e3", ""},
		{"#submit", "", "#submit"},
		{"input[name=q]", "", "input[name=q]"},
		{"e", "", "e"},
		{"em", "", "em"},
		{"e3 > a", "", "e3 > a"},
		{"button", "", "button"},
	} {
		ref, sel := Target(tt.arg)
		if ref != tt.ref || sel != tt.sel {
			t.Errorf("target(%q) = ref %q, selector %q; want %q, %q", tt.arg, ref, sel, tt.ref, tt.sel)
		}
	}
}
