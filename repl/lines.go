package repl

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// MaxLineBytes is the longest line the REPL (from a pipe or a file) and
// batch read: 16 MiB, without its line end. A long eval line is fine; a
// longer one is an error naming its line, and the lines after it are read.
const MaxLineBytes = 16 << 20

// MaxLineText is MaxLineBytes as help and errors write it.
const MaxLineText = "16 MiB"

// LineTooLongError is a line longer than MaxLineBytes.
type LineTooLongError struct {
	Line  int // its number, from 1
	Bytes int // how long it was, at least MaxLineBytes+1
}

func (e *LineTooLongError) Error() string {
	return fmt.Sprintf("line %d is longer than %s (%d bytes or more): the longest line is %s; put a long script in a file the page loads, or split the line",
		e.Line, MaxLineText, e.Bytes, MaxLineText)
}

// LineReader reads lines of any length up to MaxLineBytes, with their
// line end ("\n" or "\r\n") cut off. The lines are read whole from a
// bufio.Reader: no per-rune work, so a long line costs what copying it does.
type LineReader struct {
	br  *bufio.Reader
	n   int
	max int
}

// NewLineReader reads lines from r.
func NewLineReader(r io.Reader) *LineReader {
	return &LineReader{br: bufio.NewReaderSize(r, 64<<10), max: MaxLineBytes}
}

// Next answers the next line and its number (from 1). At the end of the
// input it answers io.EOF (a last line without a line end is a line). A
// line over the limit answers a *LineTooLongError with its number; the rest
// of that line is skipped, so the next call reads the line after it.
func (lr *LineReader) Next() (string, int, error) {
	var buf []byte
	total := 0
	tooLong := false
	for {
		chunk, err := lr.br.ReadSlice('\n')
		total += len(chunk)
		if !tooLong {
			buf = append(buf, chunk...)
			if len(buf) > lr.max+2 { // more than the longest line and its "\r\n"
				tooLong, buf = true, nil
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return "", lr.n, err
		}
		if total == 0 && err != nil {
			return "", lr.n, io.EOF
		}
		lr.n++
		if tooLong || content(buf) > lr.max {
			return "", lr.n, &LineTooLongError{Line: lr.n, Bytes: total}
		}
		return string(buf[:content(buf)]), lr.n, nil
	}
}

// content is the length of line without its line end.
func content(line []byte) int {
	n := len(line)
	if n > 0 && line[n-1] == '\n' {
		n--
		if n > 0 && line[n-1] == '\r' {
			n--
		}
	}
	return n
}

// EchoLimit is how much of a line an error message repeats.
const EchoLimit = 200

// Echo is the start of line as an error message repeats it: at most
// EchoLimit bytes (cut at a character's start), with how long it was when
// cut. The caller escapes it for the terminal.
func Echo(line string) string {
	if len(line) <= EchoLimit {
		return line
	}
	cut := EchoLimit
	for cut > 0 && !utf8.RuneStart(line[cut]) {
		cut--
	}
	return fmt.Sprintf("%s... (%d bytes)", line[:cut], len(line))
}
