package rpc

// JSON on the way out, for both senders of requests: the hub (to the
// extension) and hubclient (to the hub's POST /rpc).

import (
	"encoding/json"
	"strconv"
)

// EncodeParams turns a Call's params into JSON once: json.RawMessage passes
// through as it is, nil stays absent.
func EncodeParams(params any) (json.RawMessage, error) {
	switch p := params.(type) {
	case nil:
		return nil, nil
	case json.RawMessage:
		if len(p) > 0 && !json.Valid(p) {
			return nil, errNotJSON
		}
		return p, nil
	default:
		return json.Marshal(p)
	}
}

var errNotJSON = jsonError("params are not valid JSON")

type jsonError string

func (e jsonError) Error() string { return string(e) }

// AppendString appends s as a JSON string; plain ASCII method names take the
// fast path.
func AppendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s)
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// AppendRequestHead writes a JSON-RPC request envelope up to, not
// including, its closing brace: {"jsonrpc":"2.0","id":ID,"method":M and,
// when there are any, ,"params":P (copied as they are, never re-encoded).
// The hub closes it as it sends it to the extension; the hub's client adds
// the control API's own members (timeout, ownSession, caller) first.
func AppendRequestHead(b []byte, id int64, method string, params json.RawMessage) []byte {
	b = append(b, `{"jsonrpc":"2.0","id":`...)
	b = strconv.AppendInt(b, id, 10)
	b = append(b, `,"method":`...)
	b = AppendString(b, method)
	if len(params) > 0 {
		b = append(b, `,"params":`...)
		b = append(b, params...)
	}
	return b
}
