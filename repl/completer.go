package repl

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// completer adapts Config.Complete to readline: it completes the word under
// the cursor, with the same candidates as shell completion.
//
// When several candidates remain and they share nothing more than what is
// typed, it prints them itself above the prompt, one per line with its
// description (a ref's role and name, a tab's title, a command's summary),
// as bash does, and leaves the line as it was. readline's own list shows
// values only, and holds the line in a "completion mode" where Ctrl-C
// closes the list instead of clearing the line; printing the list here
// keeps readline out of that mode, so Ctrl-C always clears the line.
type completer struct {
	complete func(args []string, toComplete string) []string
	// show prints a candidate list above the prompt (nil: no list).
	show func(list string)
	// width is the terminal's width in columns (0: unknown).
	width func() int
}

type candidate struct{ value, desc string }

// Do answers the suffix that completes the word before pos (or extends it
// to the candidates' common prefix), and that word's length.
func (c *completer) Do(line []rune, pos int) ([][]rune, int) {
	if c.complete == nil {
		return nil, 0
	}
	args, word := SplitPartial(string(line[:pos]))
	if len(args) > 0 && args[0] == programWord {
		args = args[1:] // a pasted shell line completes as the line runs
	}
	seen := map[string]bool{}
	var cands []candidate
	for _, cand := range c.complete(args, word) {
		value, desc, _ := strings.Cut(cand, "\t")
		if !strings.HasPrefix(value, word) || seen[value] {
			continue
		}
		seen[value] = true
		cands = append(cands, candidate{value, desc})
	}
	sort.Slice(cands, func(i, j int) bool { return cands[i].value < cands[j].value })
	n := len([]rune(word))
	switch len(cands) {
	case 0:
		return nil, 0
	case 1:
		suffix := cands[0].value[len(word):]
		if !strings.HasSuffix(suffix, "=") {
			suffix += " "
		}
		return [][]rune{[]rune(suffix)}, n
	}
	if common := commonPrefix(cands); len(common) > len(word) {
		return [][]rune{[]rune(common[len(word):])}, n
	}
	if c.show != nil {
		width := 0
		if c.width != nil {
			width = c.width()
		}
		c.show(formatList(cands, width))
	}
	return nil, 0
}

func commonPrefix(cands []candidate) string {
	p := cands[0].value
	for _, c := range cands[1:] {
		for !strings.HasPrefix(c.value, p) {
			_, size := utf8.DecodeLastRuneInString(p)
			p = p[:len(p)-size]
		}
	}
	return p
}

// formatList is one candidate a line, the descriptions lined up, each line
// cut to width. Descriptions can hold page text (titles, accessible names):
// control characters are shown escaped, never sent to the terminal.
func formatList(cands []candidate, width int) string {
	col := 0
	for _, c := range cands {
		col = max(col, utf8.RuneCountInString(c.value))
	}
	var b strings.Builder
	for i, c := range cands {
		if i > 0 {
			b.WriteByte('\n')
		}
		line := safeText(c.value)
		if c.desc != "" {
			line += strings.Repeat(" ", col-utf8.RuneCountInString(c.value)+2) + safeText(c.desc)
		}
		if width > 1 && utf8.RuneCountInString(line) > width-1 {
			r := []rune(line)
			line = string(r[:width-2]) + "…"
		}
		b.WriteString(line)
	}
	return b.String()
}

// safeText escapes C0/C1 control characters and DEL as \xNN or \uNNNN.
func safeText(s string) string {
	if strings.IndexFunc(s, isControl) < 0 {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 0x80 && isControl(r):
			b.WriteString(`\x`)
			b.WriteString(strings.ToUpper(hex2(byte(r))))
		case isControl(r):
			b.WriteString(`\u00`)
			b.WriteString(strings.ToUpper(hex2(byte(r))))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) }

func hex2(b byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[b>>4], digits[b&0xf]})
}
