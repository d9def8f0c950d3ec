package rpc

// Filling in a session id: the hub fills in its current session, a caller
// that holds its own session (hubclient.Own) fills in that one.

import (
	"bytes"
	"encoding/json"
)

// ParamsSession reads the "sessionId" member of an object; "" when there is
// none, it is empty, or params is not an object.
func ParamsSession(raw json.RawMessage) string {
	v, ok := Member(raw, "sessionId")
	if !ok {
		return ""
	}
	s, _ := jsonString(v)
	return s
}

// FillSession fills in session as "sessionId" when params (an object, or
// none) lacks a non-empty one, and returns the params with the session id
// the call acts on. Params that are not an object pass through untouched.
func FillSession(raw json.RawMessage, session string) (json.RawMessage, string) {
	if len(bytes.TrimSpace(raw)) == 0 || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		if session == "" {
			return raw, ""
		}
		return append(append([]byte(`{"sessionId":`), quote(session)...), '}'), session
	}
	if !isObject(raw) {
		return raw, ""
	}
	sidRaw, found := Member(raw, "sessionId")
	var given string
	if found && string(sidRaw) != "null" {
		var ok bool
		if given, ok = jsonString(sidRaw); !ok {
			return raw, "" // a non-string sessionId is the extension's to refuse
		}
	}
	if given != "" || session == "" {
		return raw, given
	}
	if found {
		// "sessionId":"" or null: rewrite the member rather than duplicate it.
		var m map[string]json.RawMessage
		if json.Unmarshal(raw, &m) != nil {
			return raw, ""
		}
		m["sessionId"] = quote(session)
		out, err := json.Marshal(m)
		if err != nil {
			return raw, ""
		}
		return out, session
	}
	// Absent: add it as the first member.
	t := bytes.TrimLeft(raw, " \t\r\n")[1:] // after '{'
	out := make([]byte, 0, len(raw)+len(session)+16)
	out = append(out, `{"sessionId":`...)
	out = append(out, quote(session)...)
	if rest := bytes.TrimLeft(t, " \t\r\n"); len(rest) > 0 && rest[0] != '}' {
		out = append(out, ',')
	}
	out = append(out, t...)
	return out, session
}

// jsonString decodes a JSON string value; plain ones without escapes take
// the fast path.
func jsonString(v json.RawMessage) (string, bool) {
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' && bytes.IndexByte(v, '\\') < 0 {
		return string(v[1 : len(v)-1]), true
	}
	var s string
	if json.Unmarshal(v, &s) != nil {
		return "", false
	}
	return s, true
}

func isObject(raw json.RawMessage) bool {
	raw = bytes.TrimLeft(raw, " \t\r\n")
	return len(raw) > 0 && raw[0] == '{'
}

func quote(s string) []byte {
	b, _ := json.Marshal(s)
	return b
}

// AppendMember adds "name": value as the last member of params (an object,
// or none), so that it is the one JSON.parse keeps should params name it
// already. Params that are not an object pass through untouched.
func AppendMember(raw json.RawMessage, name string, value []byte) json.RawMessage {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || bytes.Equal(t, []byte("null")) {
		out := make([]byte, 0, len(name)+len(value)+8)
		out = append(append(append(out, `{"`...), name...), `":`...)
		return append(append(out, value...), '}')
	}
	if t[0] != '{' || t[len(t)-1] != '}' {
		return raw
	}
	body := bytes.TrimSpace(t[1 : len(t)-1])
	out := make([]byte, 0, len(t)+len(name)+len(value)+8)
	out = append(out, '{')
	if len(body) > 0 {
		out = append(append(out, body...), ',')
	}
	out = append(append(append(out, '"'), name...), `":`...)
	return append(append(out, value...), '}')
}
