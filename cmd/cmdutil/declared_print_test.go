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

// {KEY|TEXT}: the key's value, or TEXT when it is empty.
func TestExpandDoneOtherwise(t *testing.T) {
	got := expandDone(`{.scroller|the page} at {.y}; {.verb|no verb}`, nil, []byte(`{"y":500,"verb":"scrolled"}`))
	if want := `the page at 500; scrolled`; got != want {
		t.Errorf("expandDone = %q, want %q", got, want)
	}
	got = expandDone(`{.scroller|the page} at {.y}`, nil, []byte(`{"y":500,"scroller":"div#main"}`))
	if want := `div#main at 500`; got != want {
		t.Errorf("expandDone = %q, want %q", got, want)
	}
}
