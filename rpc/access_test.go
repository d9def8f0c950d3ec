package rpc

import (
	"encoding/json"
	"testing"
)

// Every method of the table says whether it only reads: in exactly one of
// the two lists, and neither list names a method the table lacks.
func TestEveryMethodDeclaresItsAccess(t *testing.T) {
	changers := map[string]bool{}
	for _, w := range changerMethods {
		if changers[w] {
			t.Errorf("%s twice in changerMethods", w)
		}
		changers[w] = true
	}
	for _, m := range Methods {
		_, reads := readerMethods[m.Wire]
		switch {
		case reads && changers[m.Wire]:
			t.Errorf("%s is both a reader and a changer", m.Wire)
		case !reads && !changers[m.Wire]:
			t.Errorf("%s declares no access: add it to readerMethods or changerMethods in access.go", m.Wire)
		}
	}
	for w := range readerMethods {
		if _, ok := LookupWire(w); !ok {
			t.Errorf("readerMethods names %s, which is no method", w)
		}
	}
	for w := range changers {
		if _, ok := LookupWire(w); !ok {
			t.Errorf("changerMethods names %s, which is no method", w)
		}
	}
}

// An MCP tool that tells clients it only reads calls a method that only
// reads, with the params the tool sends; hover and scroll alone are input
// (the page's handlers run) that MCP's hint calls harmless.
func TestReadOnlyToolsCallReaders(t *testing.T) {
	input := map[string]bool{PageHover: true, PageScroll: true}
	for _, m := range Methods {
		if m.Tool != nil && m.Tool.Effect == ReadOnly && !input[m.Wire] && !OnlyReads(m.Wire, json.RawMessage(`{}`)) {
			t.Errorf("tool of %s is marked read-only, but the method changes something", m.Wire)
		}
	}
}

func TestOnlyReadsLooksAtParams(t *testing.T) {
	for _, c := range []struct {
		method string
		params string
		want   bool
	}{
		{PageSnapshot, `{}`, true},
		{PageClick, `{"ref":"e1"}`, false},
		{PageDialog, `{"action":"status"}`, true},
		{PageDialog, `{"action":"accept"}`, false},
		{PageVitals, `{}`, true},
		{PageVitals, `{"reload":true}`, false},
		{LogsConsole, `{"clear":false}`, true},
		{LogsConsole, `{"clear":true}`, false},
		{LogsConsole, `not json`, false},
		{"pages.somethingNew", `{}`, false},
	} {
		if got := OnlyReads(c.method, json.RawMessage(c.params)); got != c.want {
			t.Errorf("OnlyReads(%s, %s) = %v, want %v", c.method, c.params, got, c.want)
		}
	}
}
