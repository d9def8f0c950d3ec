package hub

// What the frame log of `browserctl serve -v` never shows: the values a
// person typed or a page keeps secret.

import (
	"bytes"
	"strconv"
	"unicode/utf8"
)

// secretMembers are the JSON members whose values the frame log hides, in
// any frame, at any depth, whatever the method: fill values and typed text
// (value, text), HTTP credentials (password), request and response headers
// with their cookies and Authorization (headers, requestHeaders,
// responseHeaders, cookie, set-cookie, authorization), bodies (postData,
// body, requestBody, responseBody) and the contents of a storage state
// (cookies' values are "value"; localStorage, sessionStorage). Keys compare
// without case.
var secretMembers = map[string]bool{
	"value": true, "text": true, "password": true,
	"headers": true, "requestheaders": true, "responseheaders": true,
	"cookie": true, "set-cookie": true, "authorization": true, "proxy-authorization": true,
	"postdata": true, "body": true, "requestbody": true, "responsebody": true,
	"localstorage": true, "sessionstorage": true,
}

// redactSecrets answers b, a JSON frame, with the value of every secret
// member replaced by "[redacted N chars]" (N counts a string's characters,
// or the bytes of any other value), so the log still shows that a value
// was there and how long it was. A null value is kept. Frames that are not
// JSON are scanned all the same; a member whose value runs off the end is
// redacted to the end.
func redactSecrets(b []byte) []byte {
	var out []byte // nil until the first redaction
	copied := 0    // b[:copied] is in out
	for i := 0; i < len(b); {
		if b[i] != '"' {
			i++
			continue
		}
		end := skipString(b, i)
		key := b[i+1 : max(i+1, end-1)]
		j := skipSpace(b, end)
		if j >= len(b) || b[j] != ':' || !secretMembers[lowerASCII(key)] {
			i = end
			continue
		}
		v := skipSpace(b, j+1)
		if v >= len(b) || bytes.HasPrefix(b[v:], []byte("null")) {
			i = v
			continue
		}
		vend := skipValue(b, v)
		n := vend - v
		if b[v] == '"' {
			content := b[v+1 : vend]
			if _, closed := scanString(b, v); closed {
				content = content[:len(content)-1]
			}
			n = utf8.RuneCount(unquoteLoose(content))
		}
		if out == nil {
			out = make([]byte, 0, len(b))
		}
		out = append(out, b[copied:v]...)
		out = append(out, `"[redacted `...)
		out = strconv.AppendInt(out, int64(n), 10)
		out = append(out, ` chars]"`...)
		copied, i = vend, vend
	}
	if out == nil {
		return b
	}
	return append(out, b[copied:]...)
}

// skipString answers the index just past the string starting at b[i] ('"').
func skipString(b []byte, i int) int {
	end, _ := scanString(b, i)
	return end
}

// scanString is skipString, and whether the string's closing quote was
// there (else it runs to the end of b).
func scanString(b []byte, i int) (int, bool) {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1, true
		}
	}
	return len(b), false
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipValue answers the index just past the JSON value starting at b[i].
func skipValue(b []byte, i int) int {
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for ; i < len(b); i++ {
			switch b[i] {
			case '"':
				i = skipString(b, i) - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
		}
		return len(b)
	}
	for ; i < len(b); i++ { // a number or a literal
		switch b[i] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return i
		}
	}
	return len(b)
}

// unquoteLoose is a JSON string's content with each escape counted as the
// one character it stands for (a surrogate pair as two: close enough for a
// length).
func unquoteLoose(s []byte) []byte {
	if bytes.IndexByte(s, '\\') < 0 {
		return s
	}
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			if s[i+1] == 'u' {
				i += 5
			} else {
				i++
			}
			out = append(out, '?')
			continue
		}
		out = append(out, s[i])
	}
	return out
}

// lowerASCII is key in lower case, for the map lookup; keys with escapes
// or beyond ASCII are never secret members.
func lowerASCII(key []byte) string {
	var buf [32]byte
	if len(key) > len(buf) {
		return ""
	}
	for i, c := range key {
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	return string(buf[:len(key)])
}
