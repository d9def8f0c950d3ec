package repl

import (
	"sort"
	"strings"
)

// completer adapts Config.Complete to readline: it completes the word under
// the cursor, with the same candidates as shell completion.
type completer struct {
	complete func(args []string, toComplete string) []string
}

// Do answers the suffixes that complete the word before pos, and that word's
// length.
func (c *completer) Do(line []rune, pos int) ([][]rune, int) {
	if c.complete == nil {
		return nil, 0
	}
	args, word := SplitPartial(string(line[:pos]))
	cands := c.complete(args, word)
	seen := map[string]bool{}
	var out []string
	for _, cand := range cands {
		value, _, _ := strings.Cut(cand, "\t")
		if !strings.HasPrefix(value, word) || seen[value] {
			continue
		}
		seen[value] = true
		out = append(out, value)
	}
	sort.Strings(out)
	res := make([][]rune, 0, len(out))
	for _, v := range out {
		suffix := v[len(word):]
		if !strings.HasSuffix(v, "=") {
			suffix += " "
		}
		res = append(res, []rune(suffix))
	}
	return res, len([]rune(word))
}
