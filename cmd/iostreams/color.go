package iostreams

import (
	"fmt"

	"github.com/fatih/color"
)

// ColorScheme is a set of colour functions; with colour off each is
// fmt.Sprint. Built from color.New(...).SprintFunc() with colour forced on
// or off per value, never through fatih/color's global NoColor.
type ColorScheme struct {
	Bold, Dim, Red, Green, Yellow, Cyan, Magenta func(a ...any) string
}

func newColorScheme(enabled bool) *ColorScheme {
	mk := func(attrs ...color.Attribute) func(a ...any) string {
		if !enabled {
			return fmt.Sprint
		}
		c := color.New(attrs...)
		c.EnableColor()
		return c.SprintFunc()
	}
	return &ColorScheme{
		Bold:    mk(color.Bold),
		Dim:     mk(color.Faint),
		Red:     mk(color.FgRed),
		Green:   mk(color.FgGreen),
		Yellow:  mk(color.FgYellow),
		Cyan:    mk(color.FgCyan),
		Magenta: mk(color.FgMagenta),
	}
}
