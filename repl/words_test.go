package repl

import (
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
)

// A line reads as a person means it: # is a comment only at the start, a
// pasted `browserctl` and a BOM are dropped, quotes work as in a shell.
func TestWords(t *testing.T) {
	for _, tc := range []struct {
		line string
		want []string
	}{
		{"", nil},
		{"   \t ", nil},
		{"# a comment", nil},
		{"   # an indented comment", nil},
		{BOM + "# a comment after a BOM", nil},
		{"get text #msg", []string{"get", "text", "#msg"}},
		{"click #a#b", []string{"click", "#a#b"}},
		{`fill 'input[name="q"]' 'it'\''s # not a comment'`, []string{"fill", `input[name="q"]`, "it's # not a comment"}},
		{`fill "#q" "a \"b\" c"`, []string{"fill", "#q", `a "b" c`}},
		{`click \#x`, []string{"click", "#x"}},
		{"fill #q ''", []string{"fill", "#q", ""}},
		{"browserctl get title", []string{"get", "title"}},
		{"  browserctl   --json get text #msg", []string{"--json", "get", "text", "#msg"}},
		{BOM + "browserctl click e1", []string{"click", "e1"}},
		{BOM + "get title", []string{"get", "title"}},
		{"browserctlx get", []string{"browserctlx", "get"}},
		{"browserctl", nil},
		{"get title browserctl", []string{"get", "title", "browserctl"}},
		{"eval   [1, 2] # kept", []string{"eval", "--", "  [1, 2] # kept"}},
		{"browserctl eval document.title", []string{"eval", "--", "document.title"}},
		{"click e1\r", []string{"click", "e1"}},
	} {
		got, err := Words(tc.line)
		if err != nil {
			t.Errorf("Words(%q): %v", tc.line, err)
			continue
		}
		if len(got) == 0 && len(tc.want) == 0 {
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Words(%q) = %q, want %q", tc.line, got, tc.want)
		}
	}
	for _, bad := range []string{`click "e1`, `fill '#q`, `click e1\`} {
		if got, err := Words(bad); err == nil {
			t.Errorf("Words(%q) = %q, want an error", bad, got)
		}
	}
}

// Lines up to MaxLineBytes are read whole; a longer one is an error naming
// it, and the line after it is still read.
func TestLineReaderLimit(t *testing.T) {
	long := strings.Repeat("x", MaxLineBytes)
	input := "first\r\n" + long + "\n" + long + "y\r\n" + "after\n" + "last"
	lr := NewLineReader(strings.NewReader(input))
	want := []struct {
		line string
		n    int
		long bool
	}{{"first", 1, false}, {long, 2, false}, {"", 3, true}, {"after", 4, false}, {"last", 5, false}}
	for _, w := range want {
		line, n, err := lr.Next()
		var tl *LineTooLongError
		if w.long {
			if !errors.As(err, &tl) || tl.Line != w.n || n != w.n {
				t.Fatalf("line %d: err %v, want a LineTooLongError for line %d", n, err, w.n)
			}
			if !strings.Contains(err.Error(), "line 3 is longer than 16 MiB") {
				t.Errorf("the error %q does not say which line and the limit", err)
			}
			continue
		}
		if err != nil || n != w.n || line != w.line {
			t.Fatalf("line %d: %d bytes, %v; want line %d, %d bytes", n, len(line), err, w.n, len(w.line))
		}
	}
	if _, _, err := lr.Next(); !errors.Is(err, io.EOF) {
		t.Errorf("after the last line: %v, want io.EOF", err)
	}
}

func TestEcho(t *testing.T) {
	if got := Echo("click e1"); got != "click e1" {
		t.Errorf("Echo of a short line: %q", got)
	}
	long := strings.Repeat("é", 300) // 600 bytes, two per rune
	got := Echo(long)
	if !strings.HasSuffix(got, "... (600 bytes)") || !strings.HasPrefix(got, strings.Repeat("é", 100)) {
		t.Errorf("Echo of a long line: %q", got)
	}
}

// $NAME and ${NAME} take the environment's value outside single quotes; a
// missing one fails naming it, never showing a value.
func TestWordsExpandEnvironment(t *testing.T) {
	env := map[string]string{"PASSWORD_1": "s3cr et", "USER": "ann", "EMPTY": ""}
	old := LookupEnv
	LookupEnv = func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	defer func() { LookupEnv = old }()
	for _, tc := range []struct {
		line string
		want []string
	}{
		{`fill '#pw' $PASSWORD_1`, []string{"fill", "#pw", "s3cr et"}},
		{`fill '#pw' "${PASSWORD_1}!"`, []string{"fill", "#pw", "s3cr et!"}},
		{`fill '#u' x${USER}y`, []string{"fill", "#u", "xanny"}},
		{`fill '#u' '$USER'`, []string{"fill", "#u", "$USER"}},
		{`fill '#u' \$USER`, []string{"fill", "#u", "$USER"}},
		{`fill '#u' $EMPTY`, []string{"fill", "#u", ""}},
		{`fill '#p' $5 $ $lower ${bad`, []string{"fill", "#p", "$5", "$", "$lower", "${bad"}},
		{`eval "$USER"`, []string{"eval", "--", `"$USER"`}},
	} {
		got, err := ScriptWords(tc.line)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ScriptWords(%q) = %q, %v; want %q", tc.line, got, err, tc.want)
		}
	}
	if got, _ := Words(`fill '#pw' $PASSWORD_1`); !reflect.DeepEqual(got, []string{"fill", "#pw", "$PASSWORD_1"}) {
		t.Errorf("the REPL's Words expanded a variable: %q", got)
	}
	_, err := ScriptWords(`fill '#pw' $PASSWORD_2 $USER`)
	var mv *MissingVarError
	if !errors.As(err, &mv) || mv.Name != "PASSWORD_2" || !strings.Contains(err.Error(), "PASSWORD_2") {
		t.Errorf("a missing variable: %v; want a MissingVarError naming PASSWORD_2", err)
	}
}
