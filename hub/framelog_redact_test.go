package hub

import (
	"context"
	"strings"
	"testing"

	"browserctl/rpc"
)

func TestRedactSecrets(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"method":"pages.fill","params":{"ref":"e2","value":"hunter2 is my password"}}`,
			`{"method":"pages.fill","params":{"ref":"e2","value":"[redacted 22 chars]"}}`},
		{`{"params":{"text" : "s3cr\u00e9t\n"}}`, `{"params":{"text" : "[redacted 7 chars]"}}`},
		{`{"settings":{"credentials":{"username":"ann","password":"pw"},"headers":{"X-Api-Key":"k1","Cookie":"a=b"}}}`,
			`{"settings":{"credentials":{"username":"ann","password":"[redacted 2 chars]"},"headers":"[redacted 33 chars]"}}`},
		{`{"result":{"cookies":[{"name":"sid","value":"abc"}],"origins":[{"origin":"x","localStorage":[{"name":"t","value":"v"}]}]}}`,
			`{"result":{"cookies":[{"name":"sid","value":"[redacted 3 chars]"}],"origins":[{"origin":"x","localStorage":"[redacted 26 chars]"}]}}`},
		{`{"requestHeaders":[{"name":"Authorization","value":"Bearer x"}],"postData":"user=a&pw=b","value":null,"n":1}`,
			`{"requestHeaders":"[redacted 45 chars]","postData":"[redacted 11 chars]","value":null,"n":1}`},
		{`{"value":12345,"Value":true}`, `{"value":"[redacted 5 chars]","Value":"[redacted 4 chars]"}`},
		{`{"title":"value","url":"x"}`, `{"title":"value","url":"x"}`},
		{`{"value":"cut off`, `{"value":"[redacted 7 chars]"`},
		{`not json "value": [1,`, `not json "value": "[redacted 3 chars]"`},
	} {
		if got := string(redactSecrets([]byte(tc.in))); got != tc.want {
			t.Errorf("redactSecrets(%s)\n got %s\nwant %s", tc.in, got, tc.want)
		}
	}
}

// What a person typed and the credentials and headers they set never
// reach `serve -v`'s frame log, in either direction.
func TestFrameLogHidesTypedValues(t *testing.T) {
	var log syncBuffer
	th := startHub(t, Options{FrameLog: &log})
	p := connect(t, th)
	done := p.serve(func(req rpc.Request) any {
		return map[string]any{"ok": true, "value": "typed-secret-1", "cookies": []map[string]string{{"name": "sid", "value": "cookie-secret-2"}}}
	})
	ctx := context.Background()
	calls := []struct {
		method string
		params any
	}{
		{rpc.PageFill, rpc.FillParams{PageParams: rpc.PageParams{SessionID: "s1"}, Ref: "e1", Value: "typed-secret-1"}},
		{rpc.PageType, rpc.TypeParams{PageParams: rpc.PageParams{SessionID: "s1"}, Ref: "e1", Text: "typed-secret-3"}},
		{rpc.EmulationSet, rpc.EmulationSetParams{SessionID: "s1", Settings: rpc.Emulation{
			Credentials: &rpc.Credentials{Username: "ann", Password: "password-secret-4"},
			Headers:     map[string]string{"Authorization": "Bearer header-secret-5"},
		}}},
	}
	for _, c := range calls {
		if _, err := th.Call(ctx, c.method, c.params, 0); err != nil {
			t.Fatal(err)
		}
	}
	p.close()
	<-done
	out := log.String()
	for _, secret := range []string{"typed-secret-1", "cookie-secret-2", "typed-secret-3", "password-secret-4", "header-secret-5"} {
		if strings.Contains(out, secret) {
			t.Errorf("%s reached the frame log:\n%s", secret, out)
		}
	}
	for _, want := range []string{`"value":"[redacted 14 chars]"`, `"text":"[redacted 14 chars]"`, `"password":"[redacted 17 chars]"`, `"method":"pages.fill"`, `"username":"ann"`} {
		if !strings.Contains(out, want) {
			t.Errorf("frame log lacks %s:\n%s", want, out)
		}
	}
}

// FuzzRedactSecrets: any frame, JSON or not, is scanned without a panic and
// never grows a secret member's value back.
func FuzzRedactSecrets(f *testing.F) {
	f.Add([]byte(`{"value":"x","headers":{"a":"b"}}`))
	f.Add([]byte(`{"text":"\`))
	f.Add([]byte(`"value":`))
	f.Fuzz(func(t *testing.T, b []byte) {
		_ = redactSecrets(b)
	})
}
