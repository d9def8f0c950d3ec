package devices

import (
	"strings"
	"testing"
)

func TestLookupIgnoresCaseAndSpaces(t *testing.T) {
	for _, name := range []string{"iPhone 13", "iphone 13", "  IPHONE   13 "} {
		d, ok := Lookup(name)
		if !ok || d.Name != "iPhone 13" || d.Width != 390 || d.Height != 664 || d.Scale != 3 || !d.Mobile || !d.Touch {
			t.Errorf("Lookup(%q) = %+v, %v", name, d, ok)
		}
	}
	if _, ok := Lookup("iPhone 99"); ok {
		t.Error("Lookup(iPhone 99) found a device")
	}
}

func TestTheCommonFamiliesAreThere(t *testing.T) {
	for _, name := range []string{"iPhone SE", "iPhone 15 Pro", "Pixel 7", "iPad Mini", "iPad Pro 11", "Galaxy S24", "Galaxy Tab S9", "Desktop Chrome"} {
		if _, ok := Lookup(name); !ok {
			t.Errorf("%s is missing", name)
		}
	}
	seen := map[string]bool{}
	for _, d := range All() {
		if seen[fold(d.Name)] {
			t.Errorf("%s twice", d.Name)
		}
		seen[fold(d.Name)] = true
		if d.Width <= 0 || d.Height <= 0 || d.Scale <= 0 || d.UserAgent == "" {
			t.Errorf("%s: %+v", d.Name, d)
		}
	}
}

func TestSuggest(t *testing.T) {
	got := Suggest("pixel 7", 3)
	if len(got) == 0 || got[0] != "Pixel 7" {
		t.Errorf("Suggest(pixel 7) = %v", got)
	}
	if got := Suggest("nothing like it", 3); len(got) != 0 {
		t.Errorf("Suggest = %v", got)
	}
}

func TestNamedCompletesByPrefixCaseAside(t *testing.T) {
	got := Named("iphone 13")
	if len(got) == 0 {
		t.Fatal("no device starts with iphone 13")
	}
	for _, n := range got {
		if !strings.HasPrefix(strings.ToLower(n), "iphone 13") {
			t.Errorf("%q does not start with iphone 13", n)
		}
	}
	if len(Named("")) != len(All()) {
		t.Errorf("an empty prefix names %d devices, want all %d", len(Named("")), len(All()))
	}
}
