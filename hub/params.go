package hub

// Params on the way out: encoded once, the current session filled in, the
// request envelope written into a pooled buffer.

import (
	"browserctl/rpc"
	"bytes"
	"encoding/json"
	"strconv"
	"sync"
)

// paramsSession reads the "sessionId" member of an object; "" when there is
// none, it is empty, or params is not an object.
func paramsSession(raw json.RawMessage) string {
	v, ok := rpc.Member(raw, "sessionId")
	if !ok {
		return ""
	}
	s, _ := jsonString(v)
	return s
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

// injectSession fills in current as "sessionId" when params (an object, or
// none) lacks a non-empty one, and returns the params with the session id
// the call acts on. Params that are not an object pass through untouched.
func injectSession(raw json.RawMessage, current string) (json.RawMessage, string) {
	if len(bytes.TrimSpace(raw)) == 0 || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		if current == "" {
			return raw, ""
		}
		return append(append([]byte(`{"sessionId":`), quote(current)...), '}'), current
	}
	if !isObject(raw) {
		return raw, ""
	}
	sidRaw, found := rpc.Member(raw, "sessionId")
	var given string
	if found && string(sidRaw) != "null" {
		var ok bool
		if given, ok = jsonString(sidRaw); !ok {
			return raw, "" // a non-string sessionId is the extension's to refuse
		}
	}
	if given != "" || current == "" {
		return raw, given
	}
	if found {
		// "sessionId":"" or null: rewrite the member rather than duplicate it.
		var m map[string]json.RawMessage
		if json.Unmarshal(raw, &m) != nil {
			return raw, ""
		}
		m["sessionId"] = quote(current)
		out, err := json.Marshal(m)
		if err != nil {
			return raw, ""
		}
		return out, current
	}
	// Absent: add it as the first member.
	t := bytes.TrimLeft(raw, " \t\r\n")[1:] // after '{'
	out := make([]byte, 0, len(raw)+len(current)+16)
	out = append(out, `{"sessionId":`...)
	out = append(out, quote(current)...)
	if rest := bytes.TrimLeft(t, " \t\r\n"); len(rest) > 0 && rest[0] != '}' {
		out = append(out, ',')
	}
	out = append(out, t...)
	return out, current
}

func quote(s string) []byte {
	b, _ := json.Marshal(s)
	return b
}

// bufPool holds the buffers requests are encoded into; the writer goroutine
// returns them after writing.
var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 512); return &b }}

func putBuf(bp *[]byte) {
	if cap(*bp) > 64<<10 {
		return // let a big one go
	}
	*bp = (*bp)[:0]
	bufPool.Put(bp)
}

// encodeRequest writes the request envelope straight into a pooled buffer:
// params were marshalled once already and are copied, not re-encoded.
func encodeRequest(id int64, method string, params json.RawMessage) *[]byte {
	bp := bufPool.Get().(*[]byte)
	b := append((*bp)[:0], `{"jsonrpc":"2.0","id":`...)
	b = strconv.AppendInt(b, id, 10)
	b = append(b, `,"method":`...)
	b = rpc.AppendString(b, method)
	if len(params) > 0 {
		b = append(b, `,"params":`...)
		b = append(b, params...)
	}
	b = append(b, '}')
	*bp = b
	return bp
}
