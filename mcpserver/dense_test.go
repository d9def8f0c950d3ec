package mcpserver

import (
	"fmt"
	"strings"
	"testing"
)

func TestDenseSnapshot(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"links between bars fold into their landmark",
			"- navigation\n  - link \"Home\" [ref=e1]\n  - text: |\n  - link \"Help\" [ref=e2]\n- heading \"Shop\" [ref=e3] [level=1]",
			"- navigation: link \"Home\" [ref=e1], link \"Help\" [ref=e2]\n- heading \"Shop\" [ref=e3] [level=1]"},
		{"a label before its field goes, fields stay a line each",
			"- form\n  - text: User\n  - textbox \"User\" [ref=e1]\n  - text: Password\n  - textbox \"Password\" [ref=e2] [value=\"••••\"]\n  - button \"Sign in\" [ref=e3]",
			"- form\n  - textbox \"User\" [ref=e1]\n  - textbox \"Password\" [ref=e2] [value=\"••••\"]\n  - button \"Sign in\" [ref=e3]"},
		{"a list's items are a line each, without listitem",
			"- list\n  - listitem\n    - link \"Azure Kettle 000\" [ref=e28]\n    - text: $5.00\n    - button \"Add to cart\" [ref=e29]\n  - listitem\n    - text: Sold out",
			"- list\n  - link \"Azure Kettle 000\" [ref=e28], $5.00, button \"Add to cart\" [ref=e29]\n  - listitem: Sold out"},
		{"a text that differs from the field's name stays",
			"- form\n  - text: Your e-mail (required)\n  - textbox \"Email\" [ref=e1]",
			"- form\n  - text: Your e-mail (required)\n  - textbox \"Email\" [ref=e1]"},
		{"a line with its own text, an iframe and deep children are not folded",
			"- alert: Saved\n  - button \"Undo\" [ref=e1]\n- iframe [ref=e2]\n  - text: Coupon code: FT-1\n- main\n  - region \"R\"\n    - text: deep",
			"- alert: Saved\n  - button \"Undo\" [ref=e1]\n- iframe [ref=e2]\n  - text: Coupon code: FT-1\n- main\n  - region \"R\": deep"},
		{"a name with an escaped quote is read whole",
			"- text: say \"hi\"\n- button \"say \\\"hi\\\"\" [ref=e1]",
			"- button \"say \\\"hi\\\"\" [ref=e1]"},
		{"lines that are not items stay where they are",
			"- main\n  - link \"A\" [ref=e1]\n[cut: 3 more lines]",
			"- main\n  - link \"A\" [ref=e1]\n[cut: 3 more lines]"},
	} {
		if got := denseSnapshot(tc.in); got != tc.want {
			t.Errorf("%s:\n%s\nwant\n%s", tc.name, got, tc.want)
		}
	}
}

// Nine children, or a line past its bound, stay one a line.
func TestDenseSnapshotBounds(t *testing.T) {
	var b strings.Builder
	b.WriteString("- navigation")
	for i := 0; i < denseMaxChildren+1; i++ {
		fmt.Fprintf(&b, "\n  - link \"L%d\" [ref=e%d]", i, i)
	}
	if got := denseSnapshot(b.String()); got != b.String() {
		t.Errorf("too many children folded:\n%s", got)
	}
	long := "- navigation\n  - link \"" + strings.Repeat("x", denseMaxLine) + "\" [ref=e1]"
	if got := denseSnapshot(long); got != long {
		t.Errorf("a long line folded:\n%s", got)
	}
}
