package recorder

import "strings"

// ShellLine is args as one line a shell (and the REPL, and batch) reads
// back as args: words with blanks, quotes or shell specials are
// single-quoted.
func ShellLine(args []string) string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = shellWord(a)
	}
	return strings.Join(out, " ")
}

func shellWord(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:=,+@%", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// scriptText is args as a batch line: an eval line as batch reads it (the
// rest of the line raw), the others shell-quoted.
func scriptText(args []string) string {
	if len(args) == 3 && args[0] == "eval" && args[1] == "--" && !strings.ContainsAny(args[2], "\r\n") {
		return "eval " + args[2]
	}
	return ShellLine(args)
}

// oneLine keeps a comment on one line and free of control characters.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, s)
}
