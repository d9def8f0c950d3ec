package hub

import (
	"encoding/json"
	"testing"
)

var memberSeeds = []string{
	`{}`, ` { } `, `{"sessionId":"s1"}`, `{"a":1,"sessionId":"s2","b":[1,{"sessionId":"no"}]}`,
	`{"nested":{"sessionId":"inner"}}`, `{"s":"\"sessionId\":\"x\"","sessionId":null}`,
	`{"sessionId":"a","sessionId":"b"}`, `{"session\u0049d":"esc"}`, `{"x":true,"y":false,"z":-1.5e3,"sessionId":""}`,
	`[1,2]`, `"str"`, `null`, `{ "sessionId" : "spaced" , "k" : [ ] }`,
}

// FuzzMemberOf: the quick scanner agrees with encoding/json on every valid
// object.
func FuzzMemberOf(f *testing.F) {
	for _, s := range memberSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !json.Valid([]byte(s)) {
			return
		}
		got, gotOK := memberOf([]byte(s), "sessionId")
		var m map[string]json.RawMessage
		if json.Unmarshal([]byte(s), &m) != nil {
			if gotOK {
				t.Fatalf("%s: found %s in a non-object", s, got)
			}
			return
		}
		want, wantOK := m["sessionId"]
		if gotOK != wantOK || compact(string(got)) != compact(string(want)) {
			t.Fatalf("%s: scanner %s %v, encoding/json %s %v", s, got, gotOK, want, wantOK)
		}
	})
}
