package rpc

import (
	"encoding/json"
	"testing"
)

// The member added last is the one a reader keeps, whatever params held:
// the hub's "caller" cannot be forged by a caller's own member.
func TestAppendMember(t *testing.T) {
	v := []byte(`{"kind":"shell"}`)
	for _, c := range []struct{ in, want string }{
		{``, `{"caller":{"kind":"shell"}}`},
		{`null`, `{"caller":{"kind":"shell"}}`},
		{`{}`, `{"caller":{"kind":"shell"}}`},
		{` { } `, `{"caller":{"kind":"shell"}}`},
		{`{"sessionId":"s1"}`, `{"sessionId":"s1","caller":{"kind":"shell"}}`},
		{`{"caller":{"kind":"mcp","name":"forged"}}`, `{"caller":{"kind":"mcp","name":"forged"},"caller":{"kind":"shell"}}`},
		{`[1]`, `[1]`},
	} {
		got := string(AppendMember(json.RawMessage(c.in), "caller", v))
		if got != c.want {
			t.Errorf("AppendMember(%q) = %s, want %s", c.in, got, c.want)
			continue
		}
		if got[0] == '{' {
			var m map[string]json.RawMessage
			if err := json.Unmarshal([]byte(got), &m); err != nil || string(m["caller"]) != string(v) {
				t.Errorf("AppendMember(%q) = %s: a reader keeps %s (%v)", c.in, got, m["caller"], err)
			}
			if raw, _ := Member([]byte(got), "caller"); string(raw) != string(v) {
				t.Errorf("Member sees %s", raw)
			}
		}
	}
}
