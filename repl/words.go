package repl

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"unicode/utf8"
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
//     line to the page as it is, with "--" so that "-1" is no flag;
//   - otherwise, in a batch script (not in the REPL), $NAME and ${NAME}
//     (NAME: capitals, digits and _, not starting with a digit) outside
//     single quotes and not after a \ are the environment variable's value, so a recorded script keeps a
//     password as $PASSWORD_1; a variable that is not set fails the line
//     naming it (never its value). Any other $ is an ordinary character.

// BOM is the UTF-8 byte order mark.
const BOM = "\uFEFF"

// programWord is the word a pasted shell line starts with.
const programWord = "browserctl"

// Words splits line into a command's words as the REPL reads it, $NAME
// left as it is (save writes the words as they ran; it must not write a
// password from the environment); nil for a blank line or a comment.
func Words(line string) ([]string, error) { return words(line, nil) }

// ScriptWords splits a line of a batch script: as Words, and $NAME is the
// environment's value.
func ScriptWords(line string) ([]string, error) { return words(line, LookupEnv) }

func words(line string, lookup func(string) (string, bool)) ([]string, error) {
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
	return splitWords(line, lookup)
}

// LookupEnv answers an environment variable for $NAME in a line; tests
// replace it.
var LookupEnv = os.LookupEnv

// MissingVarError is a $NAME in a line whose variable is not set.
type MissingVarError struct{ Name string }

func (e *MissingVarError) Error() string {
	return fmt.Sprintf("the environment variable %s is not set (the line uses $%s)", e.Name, e.Name)
}

// Vars answers the variables line expands that are set, by name, so that
// an error can be told not to show their values.
func Vars(line string) map[string]string {
	vars := map[string]string{}
	scanWords(line, func(name string) (string, bool) {
		v, ok := LookupEnv(name)
		if ok {
			vars[name] = v
		}
		return v, ok
	})
	return vars
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
func splitWords(s string, lookup func(string) (string, bool)) ([]string, error) {
	sc := scanWords(s, lookup)
	switch {
	case sc.missing != "":
		return nil, &MissingVarError{Name: sc.missing}
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
	missing string // the first $NAME whose variable is not set
}

// scanWords is the one tokenizer of a line, for running it (splitWords) and
// for completing it as it is typed (SplitPartial): blanks (space, tab, CR,
// LF) separate words; single quotes keep everything; a backslash escapes
// the next character outside single quotes; double quotes keep blanks.
// With lookup, $NAME and ${NAME} outside single quotes are expanded.
func scanWords(s string, lookup func(string) (string, bool)) scanned {
	var sc scanned
	var cur strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if r == '$' && lookup != nil && !sc.escaped && sc.quote != '\'' {
			if name, n := varName(s[i:]); name != "" {
				i += n
				v, ok := lookup(name)
				if !ok && sc.missing == "" {
					sc.missing = name
				}
				cur.WriteString(v)
				sc.inWord = true
				continue
			}
		}
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

// varName reads the NAME of a $NAME or ${NAME} at the start of s (after
// the $): the name and how many bytes it took, or "" when none is there.
func varName(s string) (string, int) {
	braced := strings.HasPrefix(s, "{")
	start := 0
	if braced {
		start = 1
	}
	end := start
	for end < len(s) && (s[end] == '_' || s[end] >= 'A' && s[end] <= 'Z' || end > start && s[end] >= '0' && s[end] <= '9') {
		end++
	}
	if end == start {
		return "", 0
	}
	if !braced {
		return s[:end], end
	}
	if end < len(s) && s[end] == '}' {
		return s[start:end], end + 1
	}
	return "", 0
}
