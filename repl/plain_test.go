package repl

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// longLine is `eval '<n bytes>'`: one argument of n bytes.
func longLine(n int) (line, arg string) {
	arg = strings.Repeat("x", n-7) + "\u00e9\u6771\u4eac" // multi-byte runes at the end
	return "eval '" + arg + "'\n", arg
}

// A 1 MiB line piped into the REPL arrives whole, as one argument, and the
// lines around it run too. With readline reading the pipe this took more
// than ten minutes; the test gives it 20 s so a regression fails instead of
// hanging (the time itself is BenchmarkPlainLongLine's).
func TestPlainLongLine(t *testing.T) {
	line, arg := longLine(1 << 20)
	in := "tab list\n" + line + "# a comment\n\nget title" // no final newline
	var got [][]string
	no := false
	done := make(chan error, 1)
	hist := filepath.Join(t.TempDir(), "history")
	go func() {
		done <- Loop(context.Background(), Config{
			Prompt:      func() string { return "> " },
			Run:         func(_ context.Context, args []string) { got = append(got, args) },
			Stdin:       io.NopCloser(strings.NewReader(in)),
			Stdout:      io.Discard,
			Stderr:      io.Discard,
			HistoryFile: hist,
			Terminal:    &no,
		})
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("a 1 MiB line was not read within 20 s")
	}
	if len(got) != 3 || strings.Join(got[0], " ") != "tab list" || strings.Join(got[2], " ") != "get title" {
		t.Fatalf("ran %d lines, want tab list, eval, get title", len(got))
	}
	// An eval line reaches the page as it is (quotes included).
	if len(got[1]) != 3 || got[1][0] != "eval" || got[1][2] != "'"+arg+"'" {
		t.Errorf("the long line arrived as %d args (%d bytes), want eval -- and its %d-byte expression", len(got[1]), len(strings.Join(got[1], " ")), len(arg)+2)
	}
	h, err := os.ReadFile(hist)
	if err != nil {
		t.Fatal(err)
	}
	if want := "tab list\n" + strings.TrimSuffix(line, "\n") + "\n# a comment\nget title\n"; string(h) != want {
		t.Errorf("history has %d bytes, want %d", len(h), len(want))
	}
}

// `exit` ends the loop; lines after it never run; a CRLF file reads like
// an LF one; notices go to stderr, never between results on stdout.
func TestPlainExitAndCRLF(t *testing.T) {
	var ran []string
	no := false
	var stdout, stderr bytes.Buffer
	notices := make(chan string)
	close(notices)
	err := Loop(context.Background(), Config{
		Prompt:   func() string { return "> " },
		Run:      func(_ context.Context, args []string) { ran = append(ran, strings.Join(args, "|")) },
		Stdin:    io.NopCloser(strings.NewReader("fill e1 'a b'\r\nexit\r\ntab list\r\n")),
		Stdout:   &stdout,
		Stderr:   &stderr,
		Notices:  notices,
		Terminal: &no,
	})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(ran, ";") != "fill|e1|a b" {
		t.Errorf("ran %q", ran)
	}
	if stdout.Len() != 0 {
		t.Errorf("the loop printed %q on stdout", stdout.String())
	}
}

func BenchmarkPlainLongLine(b *testing.B) {
	line, _ := longLine(1 << 20)
	no := false
	b.SetBytes(int64(len(line)))
	for i := 0; i < b.N; i++ {
		n := 0
		err := Loop(context.Background(), Config{
			Prompt:   func() string { return "> " },
			Run:      func(_ context.Context, args []string) { n += len(args[1]) },
			Stdin:    io.NopCloser(strings.NewReader(line)),
			Stdout:   io.Discard,
			Stderr:   io.Discard,
			Terminal: &no,
		})
		if err != nil || n == 0 {
			b.Fatal(err, n)
		}
	}
}

// Lines piped into the REPL read as batch reads them: a BOM, a pasted
// browserctl and a # inside a line are no trouble; a line over the limit
// is an error naming it and the REPL goes on.
func TestPlainLinesAsMeant(t *testing.T) {
	in := BOM + "browserctl get text #msg\n  # comment\n" + strings.Repeat("x", MaxLineBytes+1) + "\nget title\n"
	var got []string
	var errOut bytes.Buffer
	no := false
	err := Loop(context.Background(), Config{
		Prompt:   func() string { return "> " },
		Run:      func(_ context.Context, args []string) { got = append(got, strings.Join(args, "|")) },
		Stdin:    io.NopCloser(strings.NewReader(in)),
		Stdout:   io.Discard,
		Stderr:   &errOut,
		Terminal: &no,
	})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, "\n") != "get|text|#msg\nget|title" {
		t.Errorf("ran %q", got)
	}
	if !strings.Contains(errOut.String(), "line 3 is longer than 16 MiB") {
		t.Errorf("stderr %q does not name the long line", errOut.String())
	}
}
