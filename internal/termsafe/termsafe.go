// Package termsafe keeps text a web page controls from driving the terminal
// it is printed on. A page's title, names, text, values and console lines may
// carry ESC sequences (colours, cursor moves, OSC 8 links, window-title
// writes, clipboard writes through OSC 52), BEL, C1 controls (U+009B is a
// one-character CSI on many terminals), bidi overrides that reorder what
// the reader sees, and invisible characters (zero-width spaces and joiners,
// the BOM, Unicode tag characters) that hide text from the person while a
// language model reading the same text still sees it. Such characters are
// shown escaped instead, as \x1b, \u202e or \U000e0041, the way careful CLIs
// show untrusted text. The CLI's printers and the MCP server's results both
// go through this package.
//
// Three entry points, one rule (Hostile):
//
//	String     plain text: hostile runes become visible escapes
//	HumanJSON  a JSON value whose strings a human printer will decode and
//	           print: each string's hostile runes become visible escapes
//	JSON       a JSON value printed as JSON (--json): hostile runes that
//	           appear raw (encoding/json and JSON.stringify leave DEL, C1
//	           and bidi characters raw) become \uXXXX escapes, so the value
//	           is unchanged and the bytes are safe
package termsafe

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Hostile says whether r must not reach a terminal or a model as itself: C0
// controls except newline and tab, DEL, C1 controls, the bidi marks,
// embeddings, overrides and isolates (U+061C, U+200E-U+200F, U+202A-U+202E,
// U+2066-U+2069), the zero-width characters (U+200B-U+200D, U+2060-U+2064,
// U+FEFF, U+180E) and the tag characters (U+E0000-U+E007F). The zero-width
// joiners go too, though emoji sequences and some scripts use them: they are
// the usual carrier of hidden text, and shown escaped they are still there.
func Hostile(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return false
	case r < 0x20 || r == 0x7f:
		return true
	case r < 0x80:
		return false
	case r <= 0x9f:
		return true
	case r == 0x061c, r == 0x180e, r == 0xfeff:
		return true
	case r >= 0x200b && r <= 0x200f, r >= 0x202a && r <= 0x202e:
		return true
	case r >= 0x2060 && r <= 0x2064, r >= 0x2066 && r <= 0x2069:
		return true
	case r >= 0xe0000 && r <= 0xe007f:
		return true
	}
	return false
}

const hexDigits = "0123456789abcdef"

// appendVisible appends the escape shown for hostile r: \xHH for C0 and
// DEL, \uHHHH for the rest of the BMP, \UHHHHHHHH beyond it.
func appendVisible(b []byte, r rune) []byte {
	if r < 0x80 {
		return append(b, '\\', 'x', hexDigits[r>>4], hexDigits[r&0xf])
	}
	if r > 0xffff {
		b = append(b, '\\', 'U')
		for shift := 28; shift >= 0; shift -= 4 {
			b = append(b, hexDigits[r>>shift&0xf])
		}
		return b
	}
	return appendU(b, r)
}

// appendU appends r as a JSON escape: \uHHHH, or a surrogate pair beyond
// the BMP.
func appendU(b []byte, r rune) []byte {
	if r > 0xffff {
		hi, lo := utf16.EncodeRune(r)
		return appendU(appendU(b, hi), lo)
	}
	return append(b, '\\', 'u', hexDigits[r>>12&0xf], hexDigits[r>>8&0xf], hexDigits[r>>4&0xf], hexDigits[r&0xf])
}

// String is s with every hostile rune shown as its escape (\x1b, \u202e) and
// every byte that is not UTF-8 as \xHH. Newlines and tabs stay. s itself is
// answered when nothing needed escaping.
func String(s string) string {
	var out []byte // nil until the first escape
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7f {
			if out != nil {
				out = append(out, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		bad := r == utf8.RuneError && n == 1
		if !bad && !Hostile(r) {
			if out != nil {
				out = append(out, s[i:i+n]...)
			}
			i += n
			continue
		}
		if out == nil {
			out = make([]byte, 0, len(s)+16)
			out = append(out, s[:i]...)
		}
		if bad {
			out = append(out, '\\', 'x', hexDigits[c>>4], hexDigits[c&0xf])
		} else {
			out = appendVisible(out, r)
		}
		i += n
	}
	if out == nil {
		return s
	}
	return string(out)
}

// JSON is raw, a JSON text, with every hostile rune that appears as itself
// written as a \uXXXX escape instead (bytes that are not UTF-8 as \ufffd, as
// a JSON decoder reads them), so the JSON value is the same and no control
// character reaches the terminal. In valid JSON such runes can only be
// inside strings; a raw CR outside them is whitespace and stays. raw itself
// is answered when nothing needed escaping.
func JSON(raw []byte) []byte {
	var out []byte
	for i := 0; i < len(raw); {
		c := raw[i]
		if c >= 0x20 && c < 0x7f || c == '\n' || c == '\t' || c == '\r' {
			if out != nil {
				out = append(out, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(raw[i:])
		bad := r == utf8.RuneError && n == 1
		if !bad && !Hostile(r) {
			if out != nil {
				out = append(out, raw[i:i+n]...)
			}
			i += n
			continue
		}
		if out == nil {
			out = make([]byte, 0, len(raw)+16)
			out = append(out, raw[:i]...)
		}
		if bad {
			r = utf8.RuneError
		}
		out = appendU(out, r)
		i += n
	}
	if out == nil {
		return raw
	}
	return out
}

// HumanJSON is raw, a JSON text, with each string's hostile runes (written
// as themselves or as JSON escapes such as \u001b or \r) replaced by their
// visible escape, as String shows them: a printer that decodes the answer
// prints "\x1b[31m" as those seven characters. Everything else, the JSON's
// structure, numbers and harmless escapes, is copied. raw itself is
// answered when nothing needed escaping; raw that is not valid JSON gives
// undefined (but still control-free) output.
func HumanJSON(raw []byte) []byte {
	var out []byte
	// start copies raw[:i] into out on the first change
	start := func(i int) {
		if out == nil {
			out = make([]byte, 0, len(raw)+16)
			out = append(out, raw[:i]...)
		}
	}
	// visible appends hostile r's escape as JSON string content: its
	// backslash doubled
	visible := func(r rune) {
		var tmp [10]byte
		for _, b := range appendVisible(tmp[:0], r) {
			if b == '\\' {
				out = append(out, '\\')
			}
			out = append(out, b)
		}
	}
	inString := false
	for i := 0; i < len(raw); {
		c := raw[i]
		switch {
		case c == '"':
			inString = !inString
		case c == '\\' && inString && i+1 < len(raw):
			esc := raw[i+1]
			var r rune = -1
			n := 2
			switch esc {
			case 'b':
				r = '\b'
			case 'f':
				r = '\f'
			case 'r':
				r = '\r'
			case 'u':
				if i+6 <= len(raw) {
					if v, ok := hex4(raw[i+2 : i+6]); ok {
						r, n = v, 6
					}
				}
				// a tag character arrives as a surrogate pair
				if utf16.IsSurrogate(r) && i+12 <= len(raw) && raw[i+6] == '\\' && raw[i+7] == 'u' {
					if lo, ok := hex4(raw[i+8 : i+12]); ok {
						if v := utf16.DecodeRune(r, lo); v != utf8.RuneError {
							r, n = v, 12
						}
					}
				}
			}
			if r >= 0 && Hostile(r) {
				start(i)
				visible(r)
			} else if out != nil {
				out = append(out, raw[i:i+n]...)
			}
			i += n
			continue
		case c >= 0x80 || c < 0x20 || c == 0x7f:
			r, n := utf8.DecodeRune(raw[i:])
			bad := r == utf8.RuneError && n == 1
			keep := !bad && !Hostile(r) || !inString && (c == '\n' || c == '\t' || c == '\r')
			if keep {
				if out != nil {
					out = append(out, raw[i:i+n]...)
				}
			} else {
				start(i)
				if bad {
					out = append(out, '\\', '\\', 'x', hexDigits[c>>4], hexDigits[c&0xf])
				} else if inString {
					visible(r)
				} else {
					out = appendU(out, r) // not valid JSON; still no control
				}
			}
			i += n
			continue
		}
		if out != nil {
			out = append(out, c)
		}
		i++
	}
	if out == nil {
		return raw
	}
	return out
}

// hex4 reads four hex digits.
func hex4(b []byte) (rune, bool) {
	var r rune
	for _, c := range b {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// Line makes text safe for a one-line field of a terminal (a log line, a
// table cell): String's escapes, and newlines and tabs shown as \n and \t.
func Line(s string) string { return String(lineBreaks.Replace(s)) }

var lineBreaks = strings.NewReplacer("\n", `\n`, "\t", `\t`)
