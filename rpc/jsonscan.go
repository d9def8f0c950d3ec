package rpc

// Quick look-ups of top-level members of a JSON object, without decoding the
// rest: the hub reads "sessionId" of every call's params and the id, result
// and error of every response, and encoding/json is most of a call's cost.

import (
	"bytes"
	"encoding/json"
)

// Member returns the raw value of the top-level member key of a JSON
// object (the last one, as JSON.parse sees duplicates), without decoding
// the rest. raw must be valid JSON (encodeParams
// guarantees it); a key written with escapes, or anything unexpected, falls
// back to encoding/json.
func Member(raw []byte, key string) (json.RawMessage, bool) {
	var val json.RawMessage
	found := false
	if !eachMember(raw, func(k, v []byte) {
		if string(k) == key {
			val, found = v, true
		}
	}) {
		return memberSlow(raw, key)
	}
	return val, found
}

// eachMember calls visit with every top-level key (unescaped keys only) and
// raw value of the JSON object raw, in order. It returns false when raw is
// not an object it can read this way (not an object, an escaped key, broken
// JSON); visit may have been called for some members then.
func eachMember(raw []byte, visit func(key, val []byte)) bool {
	i := skipSpace(raw, 0)
	if i >= len(raw) || raw[i] != '{' {
		return false
	}
	i++
	for {
		i = skipSpace(raw, i)
		if i >= len(raw) {
			return false
		}
		if raw[i] == '}' {
			return true
		}
		if raw[i] == ',' {
			i = skipSpace(raw, i+1)
		}
		if i >= len(raw) || raw[i] != '"' {
			return false
		}
		end := skipString(raw, i)
		if end < 0 {
			return false
		}
		k := raw[i+1 : end-1]
		if bytes.IndexByte(k, '\\') >= 0 {
			return false
		}
		i = skipSpace(raw, end)
		if i >= len(raw) || raw[i] != ':' {
			return false
		}
		i = skipSpace(raw, i+1)
		vend := skipValue(raw, i)
		if vend < 0 {
			return false
		}
		visit(k, raw[i:vend])
		i = vend
	}
}

func memberSlow(raw []byte, key string) (json.RawMessage, bool) {
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return nil, false
	}
	v, ok := m[key]
	return v, ok
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the index after the string starting at b[i] ('"'), or -1.
func skipString(b []byte, i int) int {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return -1
}

// skipValue returns the index after the value starting at b[i], or -1.
func skipValue(b []byte, i int) int {
	if i >= len(b) {
		return -1
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				e := skipString(b, j)
				if e < 0 {
					return -1
				}
				j = e - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1
				}
			}
		}
		return -1
	default: // number, true, false, null
		j := i
		for j < len(b) && b[j] != ',' && b[j] != '}' && b[j] != ']' && b[j] != ' ' && b[j] != '\t' && b[j] != '\n' && b[j] != '\r' {
			j++
		}
		if j == i {
			return -1
		}
		return j
	}
}
