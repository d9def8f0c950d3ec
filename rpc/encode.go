package rpc

// JSON on the way out, for both senders of requests: the hub (to the
// extension) and hubclient (to the hub's POST /rpc).

import "encoding/json"

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
