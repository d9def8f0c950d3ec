// Package iostreams is all of browserctl's terminal I/O: the three streams,
// whether they are terminals, and whether to colour, so commands never look
// at os.Stdout and tests hand them buffers.
package iostreams

import (
	"bytes"
	"io"
	"os"

	"github.com/mattn/go-isatty"
)

// IOStreams holds the streams a command reads and writes.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer

	stdinTTY  bool
	stdoutTTY bool
	stderrTTY bool
	color     bool
}

// System returns the process's streams; colour is on when stdout is a
// terminal and NO_COLOR is unset (https://no-color.org).
func System() *IOStreams {
	s := &IOStreams{
		In:        os.Stdin,
		Out:       os.Stdout,
		ErrOut:    os.Stderr,
		stdinTTY:  isTerminal(os.Stdin),
		stdoutTTY: isTerminal(os.Stdout),
		stderrTTY: isTerminal(os.Stderr),
	}
	s.color = s.stdoutTTY && os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb"
	return s
}

func isTerminal(f *os.File) bool {
	return isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())
}

// Test returns streams on buffers: in, out, errOut. Nothing is a terminal.
func Test() (*IOStreams, *bytes.Buffer, *bytes.Buffer, *bytes.Buffer) {
	in, out, errOut := &bytes.Buffer{}, &bytes.Buffer{}, &bytes.Buffer{}
	return &IOStreams{In: in, Out: out, ErrOut: errOut}, in, out, errOut
}

// IsStdinTTY says whether stdin is a terminal.
func (s *IOStreams) IsStdinTTY() bool { return s.stdinTTY }

// IsStdoutTTY says whether stdout is a terminal: human output when true.
func (s *IOStreams) IsStdoutTTY() bool { return s.stdoutTTY }

// IsStderrTTY says whether stderr is a terminal.
func (s *IOStreams) IsStderrTTY() bool { return s.stderrTTY }

// SetTTY marks the streams as terminals or not (tests, the REPL).
func (s *IOStreams) SetTTY(stdin, stdout, stderr bool) {
	s.stdinTTY, s.stdoutTTY, s.stderrTTY = stdin, stdout, stderr
}

// ColorEnabled says whether output is coloured.
func (s *IOStreams) ColorEnabled() bool { return s.color }

// SetColorEnabled turns colour on or off (--no-color, tests).
func (s *IOStreams) SetColorEnabled(on bool) { s.color = on }

// ColorScheme returns colour functions that honour ColorEnabled.
func (s *IOStreams) ColorScheme() *ColorScheme { return newColorScheme(s.color) }

// ErrColorScheme colours stderr: only when colour is on and stderr is a
// terminal too.
func (s *IOStreams) ErrColorScheme() *ColorScheme { return newColorScheme(s.color && s.stderrTTY) }
