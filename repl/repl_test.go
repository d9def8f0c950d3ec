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
	}
	for _, tt := range tests {
		args, word := SplitPartial(tt.line)
		if !reflect.DeepEqual(args, tt.args) || word != tt.word {
			t.Errorf("SplitPartial(%q) = %q, %q; want %q, %q", tt.line, args, word, tt.args, tt.word)
		}
	}
}

func TestCompleterDo(t *testing.T) {
	var gotArgs []string
	var gotWord string
	c := &completer{complete: func(args []string, word string) []string {
		gotArgs, gotWord = args, word
		return []string{"e10\tbutton \"Go\"", "e1\tlink", "x9", "e10", "--tab="}
	}}
	line := []rune("click e1 --now")
	out, n := c.Do(line, len("click e1"))
	if !reflect.DeepEqual(gotArgs, []string{"click"}) || gotWord != "e1" {
		t.Errorf("complete(%q, %q)", gotArgs, gotWord)
	}
	var got []string
	for _, r := range out {
		got = append(got, string(r))
	}
	if strings.Join(got, "|") != " |0 " || n != 2 {
		t.Errorf("Do = %q, %d; want [\" \" \"0 \"], 2", got, n)
	}
	// a flag ending in = takes its value without a space
	c.complete = func([]string, string) []string { return []string{"--tab="} }
	out, n = c.Do([]rune("click --ta"), 10)
	if len(out) != 1 || string(out[0]) != "b=" || n != 4 {
		t.Errorf("Do = %q, %d", out, n)
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
