package rpc

import (
	"encoding/json"
	"testing"
)

var frameSeeds = []string{
	`{"type":"auth","token":"abc"}`,
	`{"type":"auth_ok","version":1}`,
	`{"type":"ping"}`,
	`{"type":"pong"}`,
	`{"jsonrpc":"2.0","id":1,"result":{"ok":true}}`,
	`{"jsonrpc":"2.0","id":42,"error":{"code":4109,"message":"page ref not found"}}`,
	`{"jsonrpc":"2.0","id":"7","result":1}`,
	`{"jsonrpc":"2.0","id":1.5,"result":1}`,
	`{"jsonrpc":"2.0","id":null,"result":1}`,
	`{"jsonrpc":"2.0","id":9223372036854775807,"result":null}`,
	`{"jsonrpc":"2.0","id":99999999999999999999,"result":1}`,
	`{"jsonrpc":"2.0","id":-1,"error":{"code":"x"}}`,
	`{"type":null,"id":3}`,
	`{"type":1}`,
	`{}`,
	`[]`,
	`null`,
	`"text"`,
	``,
	`   `,
	`{`,
	`{"id":1,"id":2,"result":3}`,
	"{\"type\":\"auth\",\"token\":\"\xff\xfe\"}",
	`  {"jsonrpc":"2.0","id":3,"result":{}}  `,
}

func TestDecodeFrame(t *testing.T) {
	for _, tc := range []struct {
		in        string
		err       bool
		control   string
		id        int64
		hasResult bool
		code      int
	}{
		{in: `{"type":"ping"}`, control: "ping"},
		{in: `{"type":"auth","token":"t"}`, control: "auth"},
		{in: `{"jsonrpc":"2.0","id":5,"result":{"a":1}}`, id: 5, hasResult: true},
		{in: `{"jsonrpc":"2.0","id":6,"error":{"code":4104,"message":"tab not found"}}`, id: 6, code: 4104},
		{in: `{"jsonrpc":"2.0","id":"5","result":1}`},  // not our id: ignored
		{in: `{"jsonrpc":"2.0","result":1}`},           // no id: ignored
		{in: `{"jsonrpc":"2.0","id":null,"result":1}`}, // null id: ignored
		{in: `not json`, err: true},
		{in: `[1]`, err: true},
		{in: ``, err: true},
	} {
		f, err := DecodeFrame([]byte(tc.in))
		if (err != nil) != tc.err {
			t.Errorf("%s: err %v", tc.in, err)
			continue
		}
		switch {
		case tc.control != "":
			if f.Control == nil || f.Control.Type != tc.control || f.Response != nil {
				t.Errorf("%s: %+v", tc.in, f)
			}
		case tc.id != 0:
			if f.Response == nil || *f.Response.ID != tc.id || (f.Response.Result != nil) != tc.hasResult {
				t.Errorf("%s: %+v", tc.in, f)
			} else if tc.code != 0 && (f.Response.Error == nil || f.Response.Error.Code != tc.code) {
				t.Errorf("%s: error %+v", tc.in, f.Response.Error)
			}
		default:
			if f.Control != nil || f.Response != nil {
				t.Errorf("%s: want an ignored frame, got %+v", tc.in, f)
			}
		}
	}
}

// FuzzDecodeFrame: whatever the extension (or anyone) sends, DecodeFrame
// never panics, and what it returns is consistent: at most one of control
// and response, a response always with its id, and a result that is valid
// JSON.
func FuzzDecodeFrame(f *testing.F) {
	for _, s := range frameSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fr, err := DecodeFrame(data)
		if err != nil {
			if fr.Control != nil || fr.Response != nil {
				t.Fatalf("an error with a frame: %+v", fr)
			}
			return
		}
		if fr.Control != nil && fr.Response != nil {
			t.Fatalf("both a control frame and a response: %+v", fr)
		}
		if r := fr.Response; r != nil {
			if r.ID == nil {
				t.Fatal("a response without an id")
			}
			if r.Result != nil && !json.Valid(r.Result) {
				t.Fatalf("result %q is not JSON", r.Result)
			}
			if _, err := json.Marshal(r); err != nil {
				t.Fatalf("a decoded response does not encode again: %v", err)
			}
		}
	})
}
