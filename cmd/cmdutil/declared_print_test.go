package cmdutil

import "testing"

// expandDone fills a done line from the arguments and the result.
func TestExpandDone(t *testing.T) {
	got := expandDone(`{.verb} {REF}: {acted REF}, {.n} "{.msg}"`, map[string]string{"REF": "e3"},
		[]byte(`{"verb":"hovered","n":2,"msg":"a\nb","target":{"role":"button","name":"Go","ref":"e3"}}`))
	if want := `hovered e3: button "Go" [e3], 2 "a\nb"`; got != want {
		t.Errorf("expandDone = %q, want %q", got, want)
	}
}
