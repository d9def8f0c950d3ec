package rpc

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// FuzzMethodParams decodes any params into every method's params struct
// (rpc.Methods): an error at most, never a panic, and what decodes encodes
// again as a JSON object. hub's FuzzCallParams sends the same params
// through the hub.
func FuzzMethodParams(f *testing.F) {
	seeds := []string{
		``, `null`, `[]`, `"x"`, `1`, `1e999`, `true`, `{}`, `{`, `{"sessionId":5}`, `{"sessionId":null}`,
		`{"tabId":"7"}`, `{"tabId":1e400}`, `{"tabId":-1}`, `{"tabId":1.5}`, `{"ref":5}`, `{"timeoutMs":"x"}`,
		`{"checked":"yes"}`, `{"files":"x"}`, `{"keys":[1]}`, `{"after":-1,"limit":1e20}`,
		`{"x":` + strings.Repeat(`[`, 300) + strings.Repeat(`]`, 300) + `}`,
		strings.Repeat(`{"a":`, 300) + `1` + strings.Repeat(`}`, 300),
	}
	for i := range Methods {
		for _, s := range seeds {
			f.Add(uint16(i), []byte(s))
		}
	}
	f.Fuzz(func(t *testing.T, mi uint16, params []byte) {
		m := Methods[int(mi)%len(Methods)]
		v := reflect.New(reflect.TypeOf(m.Params))
		if json.Unmarshal(params, v.Interface()) != nil {
			return
		}
		out, err := json.Marshal(v.Interface())
		if err != nil {
			t.Fatalf("%s: %q decoded, does not encode again: %v", m.Wire, params, err)
		}
		if raw, err := EncodeParams(json.RawMessage(out)); err != nil || len(raw) == 0 || raw[0] != '{' {
			t.Fatalf("%s: %q decoded, encodes as %q (%v)", m.Wire, params, raw, err)
		}
	})
}
