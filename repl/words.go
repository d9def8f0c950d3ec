package repl

import (
	"errors"
	"strings"
)

// How a line of the REPL or of a batch script becomes a command's words,
// the same for both:
//
//   - a UTF-8 byte order mark at its start is dropped (editors on Windows
//     write one at the top of a file), and so are blanks around it;
//   - a line whose first non-blank character is # is a comment; a # later
//     in the line is an ordinary character, so `get text #msg` reads the
//     selector #msg (a shell would have read a comment there);
//   - the words are split as a shell would: blanks separate them, '...'
//     keeps everything, "..." keeps everything but \ before a character,
//     and \ outside quotes keeps the next character;
//   - a first word `browserctl` is dropped: a line pasted from a shell
//     runs as it would there;
//   - after that, a line that starts with "eval " passes the rest of the
//     line to the page as it is, with "--" so that "-1" is no flag.

// BOM is the UTF-8 byte order mark.
const BOM = "\uFEFF"

// programWord is the word a pasted shell line starts with.
const programWord = "browserctl"

// Words splits line into a command's words; nil for a blank line or a
// comment.
func Words(line string) ([]string, error) {
	line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), BOM))
	if line == "" || strings.HasPrefix(line, "#") {
		return nil, nil
	}
	if rest, ok := cutWord(line, programWord); ok {
		line = rest
	}
	if rest, ok := strings.CutPrefix(line, "eval "); ok {
		return []string{"eval", "--", rest}, nil // as it is, leading blanks too
	}
	return splitWords(line)
}

// IsComment says whether line is a comment (or blank) as Words reads it.
func IsComment(line string) bool {
	line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), BOM))
	return line == "" || strings.HasPrefix(line, "#")
}

// cutWord answers the rest of line after its first word when that word is
// word (followed by a blank or the end), with leading blanks dropped.
func cutWord(line, word string) (string, bool) {
	rest, ok := strings.CutPrefix(line, word)
	if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
		return line, false
	}
	return strings.TrimLeft(rest, " \t"), true
}

var (
	errOpenQuote  = errors.New("the line ends inside a quote: close it")
	errLastEscape = errors.New(`the line ends with a \: nothing follows it to escape`)
)

// splitWords splits s as a shell would, with no comments.
func splitWords(s string) ([]string, error) {
	sc := scanWords(s)
	switch {
	case sc.quote != 0:
		return nil, errOpenQuote
	case sc.escaped:
		return nil, errLastEscape
	}
	if sc.inWord {
		sc.words = append(sc.words, sc.last)
	}
	return sc.words, nil
}

// scanned is what scanWords read: the complete words, and the word it was
// in when the text ended (with the quote or escape left open, if any).
type scanned struct {
	words   []string
	last    string
	inWord  bool
	quote   rune // 0, '\'' or '"'
	escaped bool
}

// scanWords is the one tokenizer of a line, for running it (splitWords) and
// for completing it as it is typed (SplitPartial): blanks (space, tab, CR,
// LF) separate words; single quotes keep everything; a backslash escapes
// the next character outside single quotes; double quotes keep blanks.
func scanWords(s string) scanned {
	var sc scanned
	var cur strings.Builder
	for _, r := range s {
		switch {
		case sc.escaped:
			cur.WriteRune(r)
			sc.escaped = false
		case sc.quote == '\'':
			if r == '\'' {
				sc.quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '\\':
			sc.escaped, sc.inWord = true, true
		case sc.quote == '"':
			if r == '"' {
				sc.quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			sc.quote, sc.inWord = r, true
		case r == ' ' || r == '\t' || r == '\r' || r == '\n':
			if sc.inWord {
				sc.words = append(sc.words, cur.String())
				cur.Reset()
				sc.inWord = false
			}
		default:
			cur.WriteRune(r)
			sc.inWord = true
		}
	}
	sc.last = cur.String()
	return sc
}
