package cmd

import "strings"

// inREPLWords drops the program name from commands a hint names, for the
// REPL, where a line is `snapshot`, not `browserctl snapshot`. Outside the
// REPL it returns s as it is.
func inREPLWords(f *Factory, s string) string {
	if !f.InREPL {
		return s
	}
	s = strings.ReplaceAll(s, "`browserctl ", "`")
	if rest, ok := strings.CutPrefix(s, "browserctl "); ok {
		s = rest // a command path: "browserctl click" -> "click"
	}
	return s
}
