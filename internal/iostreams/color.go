package iostreams

import (
	"fmt"

	"github.com/fatih/color"
)

// ColorScheme is a set of colour functions; with colour off each is
// fmt.Sprint. Whether colour is on is decided by IOStreams for each scheme,
// never by fatih/color's global NoColor.
type ColorScheme struct {
	Bold, Dim, Red, Green, Yellow, Cyan, Magenta func(a ...any) string
}

// sprint is one attribute's colour function, colour forced on.
func sprint(attr color.Attribute) func(a ...any) string {
	c := color.New(attr)
	c.EnableColor()
	return c.SprintFunc()
}

var (
	colorOn = &ColorScheme{
		Bold:    sprint(color.Bold),
		Dim:     sprint(color.Faint),
		Red:     sprint(color.FgRed),
		Green:   sprint(color.FgGreen),
		Yellow:  sprint(color.FgYellow),
		Cyan:    sprint(color.FgCyan),
		Magenta: sprint(color.FgMagenta),
	}
	colorOff = &ColorScheme{
		Bold: fmt.Sprint, Dim: fmt.Sprint, Red: fmt.Sprint, Green: fmt.Sprint,
		Yellow: fmt.Sprint, Cyan: fmt.Sprint, Magenta: fmt.Sprint,
	}
)

func newColorScheme(enabled bool) *ColorScheme {
	if enabled {
		return colorOn
	}
	return colorOff
}
