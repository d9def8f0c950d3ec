package hub

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"browserctl/rpc"
)

func TestHandshakeRefused(t *testing.T) {
	th := startHub(t, Options{})
	for _, tc := range []struct {
		name  string
		first string
	}{
		{"wrong token", `{"type":"auth","token":"nope"}`},
		{"empty token", `{"type":"auth","token":""}`},
		{"auth without token", `{"type":"auth"}`},
		{"ping first", `{"type":"ping"}`},
		{"response first", `{"jsonrpc":"2.0","id":1,"result":{}}`},
		{"not json", `hello`},
		{"json array", `[{"type":"auth","token":"` + testToken + `"}]`},
		{"token of another case", `{"type":"auth","token":"` + strings.ToUpper(testToken) + `"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ws, _, err := dial(th, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer ws.Close()
			if err := ws.WriteMessage(websocket.TextMessage, []byte(tc.first)); err != nil {
				t.Fatal(err)
			}
			code, reason := closeCode(t, ws)
			if code != 4001 || reason == "" {
				t.Fatalf("want close 4001 with a reason, got %d %q", code, reason)
			}
		})
	}
	if st, _ := th.Status(context.Background()); st.Connected {
		t.Fatal("a refused peer must not be attached")
	}
}

func TestHandshakeSilentClient(t *testing.T) {
	th := startHub(t, Options{AuthTimeout: 100 * time.Millisecond})
	ws, _, err := dial(th, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	code, reason := closeCode(t, ws)
	if code != 4001 || !strings.Contains(reason, "auth") {
		t.Fatalf("want close 4001 naming auth, got %d %q", code, reason)
	}
}

func TestHandshakeOKPingAndGarbage(t *testing.T) {
	th := startHub(t, Options{})
	p := connect(t, th)
	defer p.close()

	// Garbage and id-less frames are dropped; the connection lives on.
	for _, f := range []string{`not json at all`, `{"no":"id"}`, `{"jsonrpc":"2.0","id":"x","result":1}`,
		`{"jsonrpc":"2.0","id":999,"result":1}`, `{"jsonrpc":"2.0","id":null}`, `{"type":"pong"}`, `{"type":42}`, `{`} {
		p.sendRaw(f)
	}
	p.sendRaw(`{"type":"ping"}`)
	_, c, err := p.read()
	if err != nil || c.Type != rpc.FramePong {
		t.Fatalf("want pong, got %+v %v", c, err)
	}
	done := p.serve(func(req rpc.Request) any { return map[string]string{"echo": req.Method} })
	res, err := th.Call(context.Background(), rpc.TabUserList, nil, 0)
	if err != nil || string(res) != `{"echo":"tabs.userList"}` {
		t.Fatalf("call after garbage: %s %v", res, err)
	}
	p.close()
	<-done
}

func TestOversizeFrameClosesConnection(t *testing.T) {
	th := startHub(t, Options{MaxFrameBytes: MinMaxFrameBytes})
	p := connect(t, th)
	defer p.close()
	errc := make(chan error, 1)
	go func() {
		_, err := th.Call(context.Background(), rpc.PageScreenshot, map[string]any{"sessionId": "s1"}, 0)
		errc <- err
	}()
	req := p.nextRequest()
	big := make([]byte, MinMaxFrameBytes+1024)
	copy(big, `{"jsonrpc":"2.0","id":`+jsonInt(req.ID)+`,"result":{"data":"`)
	for i := 60; i < len(big)-3; i++ {
		big[i] = 'A'
	}
	copy(big[len(big)-3:], `"}}`)
	_ = p.ws.WriteMessage(websocket.TextMessage, big) // may fail once the hub hangs up
	browserErr(t, <-errc, rpc.CodeExtensionNotConnected, true)
	waitFor(t, "the hub to drop the connection", func() bool {
		st, _ := th.Status(context.Background())
		return !st.Connected
	})
}

func jsonInt(n int64) string { b, _ := json.Marshal(n); return string(b) }

func TestOriginOnWebSocket(t *testing.T) {
	th := startHub(t, Options{})
	pinned := startHub(t, Options{ExtensionID: "abcdefghijklmnop"})
	for _, tc := range []struct {
		name   string
		hub    *testHub
		origin string
		host   string
		ok     bool
	}{
		{"no origin", th, "", "", true},
		{"any extension", th, "chrome-extension://zzzz", "", true},
		{"pinned extension", pinned, "chrome-extension://abcdefghijklmnop", "", true},
		{"other extension when pinned", pinned, "chrome-extension://zzzz", "", false},
		{"web page", th, "http://evil.example", "", false},
		{"https page", th, "https://localhost", "", false},
		{"null origin", th, "null", "", false},
		{"file origin", th, "file://", "", false},
		{"rebinding host", th, "", "evil.example:9223", false},
		{"localhost host", th, "", "localhost:9223", true},
		{"ipv6 loopback host", th, "", "[::1]:9223", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			hdr := map[string][]string{}
			if tc.origin != "" {
				hdr["Origin"] = []string{tc.origin}
			}
			if tc.host != "" {
				hdr["Host"] = []string{tc.host}
			}
			ws, resp, err := dial(tc.hub, hdr)
			if tc.ok {
				if err != nil {
					t.Fatalf("want the upgrade, got %v", err)
				}
				ws.Close()
				return
			}
			if err == nil {
				ws.Close()
				t.Fatal("want a refusal, got the upgrade")
			}
			if !errors.Is(err, websocket.ErrBadHandshake) || resp == nil || resp.StatusCode != 403 {
				t.Fatalf("want 403, got %v %v", resp, err)
			}
			if v := resp.Header.Get("Access-Control-Allow-Origin"); v != "" {
				t.Fatalf("CORS header sent: %q", v)
			}
		})
	}
}

// TestLargeFrameUnderLimit: a screenshot-sized answer comes through whole.
func TestLargeFrameUnderLimit(t *testing.T) {
	th := startHub(t, Options{})
	p := connect(t, th)
	defer p.close()
	data := strings.Repeat("QUJD", 3<<20) // 12 MiB of base64
	done := p.serve(func(rpc.Request) any { return map[string]string{"data": data} })
	res, err := th.Call(context.Background(), rpc.PageScreenshot, map[string]any{"sessionId": "s1"}, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out struct{ Data string }
	if err := json.Unmarshal(res, &out); err != nil || out.Data != data {
		t.Fatalf("a %d-byte answer came back as %d bytes (%v)", len(data), len(out.Data), err)
	}
	p.close()
	<-done
}
