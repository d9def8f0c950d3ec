package rpc

import (
	"bytes"
	"encoding/json"
	"testing"
)

var memberSeeds = []string{
	`{}`, ` { } `, `{"sessionId":"s1"}`, `{"a":1,"sessionId":"s2","b":[1,{"sessionId":"no"}]}`,
	`{"nested":{"sessionId":"inner"}}`, `{"s":"\"sessionId\":\"x\"","sessionId":null}`,
	`{"sessionId":"a","sessionId":"b"}`, `{"session\u0049d":"esc"}`, `{"x":true,"y":false,"z":-1.5e3,"sessionId":""}`,
	`[1,2]`, `"str"`, `null`, `{ "sessionId" : "spaced" , "k" : [ ] }`,
}

// FuzzMember: the quick scanner agrees with encoding/json on every valid
// object.
func FuzzMember(f *testing.F) {
	for _, s := range memberSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !json.Valid([]byte(s)) {
			return
		}
		got, gotOK := Member([]byte(s), "sessionId")
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

func compact(s string) string {
	var b bytes.Buffer
	if json.Compact(&b, []byte(s)) != nil {
		return s
	}
	return b.String()
}

// FuzzDecodeFrameFastSlow: frames read by the member scanner and by
// encoding/json's map decoding classify alike (same id, same result).
func FuzzDecodeFrameFastSlow(f *testing.F) {
	for _, s := range frameSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fast, ferr := DecodeFrame(data)
		var all map[string]json.RawMessage
		if ferr != nil || json.Unmarshal(data, &all) != nil {
			return
		}
		var m frameMembers
		for k, v := range all {
			m.set([]byte(k), v)
		}
		slow, serr := m.frame()
		if serr != nil {
			t.Fatalf("%s: scanner accepted, map rejected: %v", data, serr)
		}
		if (fast.Control == nil) != (slow.Control == nil) || (fast.Response == nil) != (slow.Response == nil) {
			t.Fatalf("%s: fast %+v, slow %+v", data, fast, slow)
		}
		if fast.Response != nil {
			if *fast.Response.ID != *slow.Response.ID || compact(string(fast.Response.Result)) != compact(string(slow.Response.Result)) {
				t.Fatalf("%s: fast %+v, slow %+v", data, fast.Response, slow.Response)
			}
		}
	})
}
