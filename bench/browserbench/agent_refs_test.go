package main

import "testing"

// Refs also come out of an element inside a line (browserctl puts a list
// item's or a landmark's leaves on its line) and a line of changes.
func TestRefInFoldedLines(t *testing.T) {
	for _, tc := range []struct{ text, role, name, want string }{
		{`- link "Home" [ref=e5]`, "link", "Home", "e5"},
		{`  - checkbox "Stay" [checked=false, ref=e2]`, "checkbox", "Stay", "e2"},
		{`- button "Save" [active] [ref=f1e3] [cursor=pointer]:`, "button", "Save", "f1e3"},
		{`- navigation: link "Home" [ref=e1], link "Help" [ref=e2]`, "link", "Help", "e2"},
		{`  - link "Azure Kettle 000" [ref=e28], $5.00, button "Add to cart" [ref=e29]`, "link", "Azure Kettle 000", "e28"},
		{`  - link "A", button "B" [ref=e9]`, "link", "A", ""},
		{"~ textbox \"User\" [ref=e11] [value=\"alice\"]", "textbox", "User", "e11"},
		{"+ button \"Undo\" [ref=e9]", "button", "Undo", "e9"},
		{`- link "Home" [ref=e5]`, "link", "Hom", ""},
	} {
		if got := refIn(tc.text, tc.role, tc.name); got != tc.want {
			t.Errorf("refIn(%q, %s %q) = %q, want %q", tc.text, tc.role, tc.name, got, tc.want)
		}
	}
	got := controls("- navigation: link \"Home\" [ref=e1], link \"Help\" [ref=e2]\n- button \"Save\" [ref=e3] [cursor=pointer]\n- link \"x\"")
	if len(got) != 3 || got["link Home"] != 1 || got["link Help"] != 1 || got["button Save"] != 1 {
		t.Errorf("controls: %v", got)
	}
}
