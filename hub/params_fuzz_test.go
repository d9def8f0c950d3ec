package hub

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"browserctl/rpc"
)

// paramSeeds are params every method is tried with: malformed, of the wrong
// type, huge, deep, and a few well formed.
var paramSeeds = []string{
	``, `null`, ` null `, `[]`, `[1,2]`, `"x"`, `1`, `-0`, `1e999`, `true`, `{}`, `{`, `}`, `nul`,
	`{"sessionId":5}`, `{"sessionId":null}`, `{"sessionId":""}`, `{"sessionId":"s9"}`, `{"sessionId":["s"]}`,
	`{"sessionId":"s\u0000"}`, `{"sessionId":"a","sessionId":"b"}`, `{"sessionId":{}}`,
	`{"tabId":"7"}`, `{"tabId":1e400}`, `{"tabId":-1}`, `{"tabId":9007199254740993}`, `{"tabId":1.5}`,
	`{"ref":5}`, `{"ref":null}`, `{"selector":[]}`, `{"timeoutMs":"x"}`, `{"timeoutMs":-1}`, `{"timeoutMs":1e308}`,
	`{"url":{}}`, `{"what":1}`, `{"x":` + strings.Repeat(`[`, 200) + strings.Repeat(`]`, 200) + `}`,
	strings.Repeat(`{"a":`, 100) + `1` + strings.Repeat(`}`, 100),
	`{"a":"` + strings.Repeat("é", 2000) + `"}`, "{\"a\":\"\xff\xfe\"}", ` {"sessionId":"s1" , "ref":"e1"} `,
}

// FuzzCallParams feeds any params to any method of rpc.Methods on the Go
// side: decoding into the method's params struct, the hub's session
// injection, Call and POST /rpc. Nothing panics; every failure is the hub's
// own error (-32602 for params that are not JSON, 4101 with no extension
// here) or a 400 for a body that is not a request, and what the hub would
// send stays valid JSON with the session it acts on.
func FuzzCallParams(f *testing.F) {
	for i := range rpc.Methods {
		for _, p := range paramSeeds {
			f.Add(uint16(i), []byte(p))
		}
	}
	h := New(Options{Token: testToken})
	h.setSession("s1")
	handler := h.Handler()
	f.Fuzz(func(t *testing.T, mi uint16, params []byte) {
		m := rpc.Methods[int(mi)%len(rpc.Methods)]

		// into the method's params struct: an error at most
		v := reflect.New(reflect.TypeOf(m.Params))
		if json.Unmarshal(params, v.Interface()) == nil {
			if _, err := json.Marshal(v.Interface()); err != nil {
				t.Fatalf("%s: decoded params do not encode again: %v", m.Wire, err)
			}
		}

		valid := json.Valid(params)
		if valid && m.Session != rpc.NoSession {
			out, sid := rpc.FillSession(params, "s1")
			if !json.Valid(out) {
				t.Fatalf("%s: FillSession(%q) = %q, not JSON", m.Wire, params, out)
			}
			if bytes.HasPrefix(bytes.TrimSpace(out), []byte("{")) && sid != "" {
				if got := paramsSession(out); got != sid {
					t.Fatalf("%s: FillSession(%q) = %q acting on %q", m.Wire, params, out, sid)
				}
			}
			if req := encodeRequest(1, m.Wire, out); !json.Valid(*req) {
				t.Fatalf("%s: request %q is not JSON", m.Wire, *req)
			}
		}

		// Call: no extension is connected, so every call ends with the
		// hub's 4101, or -32602 first for params that are not JSON
		_, err := h.Call(context.Background(), m.Wire, json.RawMessage(params), 0)
		var be *rpc.BrowserError
		if !errors.As(err, &be) {
			t.Fatalf("%s %q: want a BrowserError, got %T %v", m.Wire, params, err, err)
		}
		want := rpc.CodeExtensionNotConnected
		if len(params) > 0 && !valid {
			want = rpc.CodeInvalidParams
		}
		if be.Code != want {
			t.Fatalf("%s %q: code %d (%s), want %d", m.Wire, params, be.Code, be.Message, want)
		}

		// POST /rpc with the params as they are
		body := `{"jsonrpc":"2.0","id":1,"method":` + strconv.Quote(m.Wire) + `,"params":` + string(params) + `}`
		r := httptest.NewRequest(http.MethodPost, "http://127.0.0.1/rpc", strings.NewReader(body))
		r.Header.Set("Authorization", "Bearer "+testToken)
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		handler.ServeHTTP(w, r)
		switch w.Code {
		case http.StatusOK:
			var resp struct {
				Error *struct{ Code int } `json:"error"`
			}
			if json.Unmarshal(w.Body.Bytes(), &resp) != nil || resp.Error == nil ||
				(resp.Error.Code != int(rpc.CodeExtensionNotConnected) && resp.Error.Code != int(rpc.CodeInvalidParams)) {
				t.Fatalf("%s %q: POST /rpc answered %s", m.Wire, params, w.Body.Bytes())
			}
		case http.StatusBadRequest:
			if json.Valid([]byte(body)) {
				t.Fatalf("%s %q: a JSON request refused: %s", m.Wire, params, w.Body.Bytes())
			}
		default:
			t.Fatalf("%s %q: POST /rpc status %d: %s", m.Wire, params, w.Code, bytes.TrimSpace(w.Body.Bytes()))
		}
	})
}
