package repl

import (
	"reflect"
	"strings"
	"testing"
)

func TestSplitPartial(t *testing.T) {
	tests := []struct {
		line string
		args []string
		word string
	}{
		{"", nil, ""},
		{"cli", nil, "cli"},
		{"click ", []string{"click"}, ""},
		{"click e", []string{"click"}, "e"},
		{`fill e1 "hello wo`, []string{"fill", "e1"}, "hello wo"},
		{`fill e1 'a b' `, []string{"fill", "e1", "a b"}, ""},
		{`eval a\ b`, []string{"eval"}, "a b"},
		{"  tab   list  ", []string{"tab", "list"}, ""},
		{"tab\r\nlist ", []string{"tab", "list"}, ""},
		{`fill e1 'a\b' `, []string{"fill", "e1", `a\b`}, ""},
	}
	for _, tt := range tests {
		args, word := SplitPartial(tt.line)
		if !reflect.DeepEqual(args, tt.args) || word != tt.word {
			t.Errorf("SplitPartial(%q) = %q, %q; want %q, %q", tt.line, args, word, tt.args, tt.word)
		}
	}
}

// What completion sees of a finished line is what running it splits: one
// tokenizer for both.
func TestSplitPartialAgreesWithSplitWords(t *testing.T) {
	for _, line := range []string{
		`click e1`, `fill e1 "a b" c`, `fill e1 'it''s'`, "a\tb\r\nc", `x a\ b "q\"r"`, `get text #msg`, `''`,
	} {
		want, err := splitWords(line, nil)
		if err != nil {
			t.Fatalf("splitWords(%q): %v", line, err)
		}
		got, word := SplitPartial(line + " ")
		if word != "" || !reflect.DeepEqual(got, want) {
			t.Errorf("SplitPartial(%q) = %q, %q; splitWords = %q", line+" ", got, word, want)
		}
	}
}

func TestCompleterDo(t *testing.T) {
	var gotArgs []string
	var gotWord, shown string
	c := &completer{
		complete: func(args []string, word string) []string {
			gotArgs, gotWord = args, word
			return []string{"e10\tbutton \"Go\"", "e1\tlink", "x9", "e10", "--tab="}
		},
		show: func(list string) { shown = list },
	}
	// two candidates sharing only what is typed: listed with their
	// descriptions, the line left as it is
	out, n := c.Do([]rune("click e1 --now"), len("click e1"))
	if !reflect.DeepEqual(gotArgs, []string{"click"}) || gotWord != "e1" {
		t.Errorf("complete(%q, %q)", gotArgs, gotWord)
	}
	if len(out) != 0 || n != 0 {
		t.Errorf("Do = %q, %d; want nothing inserted", out, n)
	}
	if want := "e1   link\ne10  button \"Go\""; shown != want {
		t.Errorf("list shown:\n%s\nwant:\n%s", shown, want)
	}
	// a pasted line's browserctl completes as the line runs: without it
	c.Do([]rune("browserctl click e1"), len("browserctl click e1"))
	if !reflect.DeepEqual(gotArgs, []string{"click"}) || gotWord != "e1" {
		t.Errorf("after browserctl: complete(%q, %q)", gotArgs, gotWord)
	}
	// a common prefix longer than the word: inserted, no list
	shown = ""
	c.complete = func([]string, string) []string { return []string{"session\tx", "sessions\ty"} }
	out, n = c.Do([]rune("se"), 2)
	if len(out) != 1 || string(out[0]) != "ssion" || n != 2 || shown != "" {
		t.Errorf("Do = %q, %d, shown %q; want the common prefix", out, n, shown)
	}
	// one candidate: completed with a space
	c.complete = func([]string, string) []string { return []string{"e22\tlink \"Next\""} }
	out, n = c.Do([]rune("hover e2"), 8)
	if len(out) != 1 || string(out[0]) != "2 " || n != 2 {
		t.Errorf("Do = %q, %d", out, n)
	}
	// a flag ending in = takes its value without a space
	c.complete = func([]string, string) []string { return []string{"--tab="} }
	out, n = c.Do([]rune("click --ta"), 10)
	if len(out) != 1 || string(out[0]) != "b=" || n != 4 {
		t.Errorf("Do = %q, %d", out, n)
	}
}

func TestFormatListEscapesAndCuts(t *testing.T) {
	got := formatList([]candidate{{"101", "evil\x1b]0;title\x07 page"}, {"2", ""}}, 20)
	want := "101  evil\\x1B]0;ti…\n2"
	if got != want {
		t.Errorf("formatList = %q, want %q", got, want)
	}
}

func TestSplitLineEvalIsRaw(t *testing.T) {
	for _, tt := range []struct {
		line string
		want []string
	}{
		{`eval document.querySelector("a[href='x']").textContent`, []string{"eval", "--", `document.querySelector("a[href='x']").textContent`}},
		{`  eval -1 + 'it''s'`, []string{"eval", "--", `-1 + 'it''s'`}},
		{`click "#a b"`, []string{"click", "#a b"}},
		{`evaluate 'x y'`, []string{"evaluate", "x y"}},
	} {
		got, err := SplitLine(tt.line)
		if err != nil || strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("SplitLine(%q) = %q, %v; want %q", tt.line, got, err, tt.want)
		}
	}
	if _, err := SplitLine(`click "open`); err == nil {
		t.Errorf("SplitLine of an open quote: no error")
	}
}
