package iostreams

import "fmt"

// ColorScheme is a set of colour functions; with colour off each is
// fmt.Sprint. The escapes are the plain SGR ones fatih/color writes (each
// attribute with its own reset), written here so the package, its init and
// its terminal probing stay out of every process's start.
type ColorScheme struct {
	Bold, Dim, Red, Green, Yellow, Cyan, Magenta func(a ...any) string
}

// sgr wraps text in an SGR attribute and the attribute's reset.
func sgr(on, off string) func(a ...any) string {
	return func(a ...any) string {
		return "\x1b[" + on + "m" + fmt.Sprint(a...) + "\x1b[" + off + "m"
	}
}

var (
	colorOn = &ColorScheme{
		Bold:    sgr("1", "22"),
		Dim:     sgr("2", "22"),
		Red:     sgr("31", "0"),
		Green:   sgr("32", "0"),
		Yellow:  sgr("33", "0"),
		Cyan:    sgr("36", "0"),
		Magenta: sgr("35", "0"),
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
