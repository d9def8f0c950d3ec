package iostreams

import (
	"strings"
	"testing"

	"github.com/fatih/color"
)

func TestBuffersAreNoTerminals(t *testing.T) {
	s, _, out, _ := Test()
	if s.IsStdinTTY() || s.IsStdoutTTY() || s.IsStderrTTY() || s.ColorEnabled() {
		t.Fatal("test streams claim a terminal or colour")
	}
	if got := s.ColorScheme().Red("x"); got != "x" {
		t.Errorf("colour off: Red(x) = %q", got)
	}
	s.Out.Write([]byte("hi"))
	if out.String() != "hi" {
		t.Errorf("out holds %q", out)
	}
}

// Colour follows the streams, never fatih/color's global NoColor; stderr
// is coloured only when it is a terminal too.
func TestColourFollowsTheStreams(t *testing.T) {
	old := color.NoColor
	color.NoColor = true
	defer func() { color.NoColor = old }()
	s, _, _, _ := Test()
	s.SetColorEnabled(true)
	if got := s.ColorScheme().Red("x"); !strings.Contains(got, "\x1b[31m") {
		t.Errorf("colour on: Red(x) = %q, want an escape", got)
	}
	if got := s.ErrColorScheme().Red("x"); got != "x" {
		t.Errorf("stderr not a terminal: Red(x) = %q", got)
	}
	s.SetTTY(false, true, true)
	if got := s.ErrColorScheme().Red("x"); !strings.Contains(got, "\x1b[31m") {
		t.Errorf("stderr a terminal: Red(x) = %q", got)
	}
	s.SetColorEnabled(false)
	if got := s.ErrColorScheme().Green("x"); got != "x" {
		t.Errorf("--no-color: Green(x) = %q", got)
	}
}
