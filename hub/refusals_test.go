package hub

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"browserctl/hub/hubapi"
)

const testExtensionID = "abcdefghijklmnopabcdefghijklmnop"

func (s *syncBuffer) logf(format string, args ...any) { fmt.Fprintf(s, format+"\n", args...) }

func lastRefusal(t *testing.T, h *Hub) hubapi.Refusal {
	t.Helper()
	st, _ := h.Status(context.Background())
	if len(st.Refusals) == 0 {
		t.Fatal("no refusal recorded")
	}
	return st.Refusals[len(st.Refusals)-1]
}

// Every way the handshake is refused is recorded with its reason, where it
// came from and a fix, and the tokens (the hub's and the wrong one) appear
// nowhere: not in /status, not in the log, not in the frame log.
func TestRefusalsRecordedWithReason(t *testing.T) {
	var logs, frames syncBuffer
	th := startHub(t, Options{ExtensionID: testExtensionID, AuthTimeout: 200 * time.Millisecond, Logf: logs.logf, FrameLog: &frames})
	ours := http.Header{"Origin": {"chrome-extension://" + testExtensionID}}
	const wrongToken = "wrong-token-4f1e9a0c7d"
	wantCount := map[string]int{"response first": 2, "too large": 2}

	for _, tc := range []struct {
		name   string
		hdr    http.Header
		first  string // "" sends nothing
		reason string
		origin string
	}{
		{"wrong token", ours, `{"type":"auth","token":"` + wrongToken + `"}`, hubapi.RefusedWrongToken, "chrome-extension://" + testExtensionID},
		{"silent", ours, "", hubapi.RefusedAuthTimeout, "chrome-extension://" + testExtensionID},
		{"ping first", nil, `{"type":"ping"}`, hubapi.RefusedNotAuth, ""},
		{"response first", nil, `{"jsonrpc":"2.0","id":1,"result":{}}`, hubapi.RefusedNotAuth, ""},
		{"not json", nil, `hello`, hubapi.RefusedMalformed, ""},
		{"too large", nil, `{"type":"auth","token":"` + strings.Repeat("x", 8<<10) + `"}`, hubapi.RefusedMalformed, ""},
		{"web origin", http.Header{"Origin": {"http://evil.example"}}, "", hubapi.RefusedOrigin, "http://evil.example"},
		{"two origins", http.Header{"Origin": {"chrome-extension://" + testExtensionID, "http://evil.example"}}, "", hubapi.RefusedOrigin, "chrome-extension://" + testExtensionID + ", http://evil.example"},
		{"other extension", http.Header{"Origin": {"chrome-extension://ponmlkjihgfedcbaponmlkjihgfedcba"}}, "", hubapi.RefusedExtensionID, "chrome-extension://ponmlkjihgfedcbaponmlkjihgfedcba"},
		{"rebinding host", http.Header{"Host": {"evil.example:9223"}}, "", hubapi.RefusedHost, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ws, resp, err := dial(th, tc.hdr)
			if tc.reason == hubapi.RefusedOrigin || tc.reason == hubapi.RefusedExtensionID || tc.reason == hubapi.RefusedHost {
				if err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
					t.Fatalf("want 403 before the upgrade, got %v %v", resp, err)
				}
			} else {
				if err != nil {
					t.Fatal(err)
				}
				defer ws.Close()
				if tc.first != "" {
					if err := ws.WriteMessage(websocket.TextMessage, []byte(tc.first)); err != nil {
						t.Fatal(err)
					}
				}
				// (a frame over the read limit gets gorilla's own 1009 first)
				if code, _ := closeCode(t, ws); code != 4001 && (tc.name != "too large" || code != websocket.CloseMessageTooBig) {
					t.Fatalf("want close 4001, got %d", code)
				}
			}
			// (gorilla sends its 1009 before the hub records the refusal)
			var r hubapi.Refusal
			waitFor(t, tc.reason+" recorded", func() bool {
				st, _ := th.Status(context.Background())
				if n := len(st.Refusals); n > 0 {
					r = st.Refusals[n-1]
				}
				return r.Reason == tc.reason && r.Count >= wantCount[tc.name]
			})
			if r.Reason != tc.reason || r.Origin != tc.origin || !strings.HasPrefix(r.Remote, "127.0.0.1:") || r.Count < 1 || r.Time.IsZero() {
				t.Fatalf("want reason %s origin %q from 127.0.0.1, got %+v", tc.reason, tc.origin, r)
			}
			if r.Detail == "" || r.Fix == "" {
				t.Fatalf("a refusal says what happened and its fix: %+v", r)
			}
		})
	}

	st, _ := th.Status(context.Background())
	if st.Connected {
		t.Fatal("a refused peer must not be attached")
	}
	// two not_auth and two malformed_frame from the same place count as one each
	if len(st.Refusals) != 8 {
		t.Fatalf("want 8 refusals, got %d: %+v", len(st.Refusals), st.Refusals)
	}
	for _, r := range st.Refusals {
		if want := map[string]int{hubapi.RefusedNotAuth: 2, hubapi.RefusedMalformed: 2}[r.Reason]; want > 0 && r.Count != want {
			t.Errorf("%s counted %d times, want %d", r.Reason, r.Count, want)
		}
	}
	// Over the control API too, and the fix names what to run.
	b, _ := json.Marshal(st)
	if !strings.Contains(string(b), "browserctl token") {
		t.Errorf("the wrong token's fix names `browserctl token`: %s", b)
	}
	waitFor(t, "the last refusal's log line", func() bool { return strings.Contains(logs.String(), "host_not_allowed") })
	for where, text := range map[string]string{"status": string(b), "log": logs.String(), "frame log": frames.String()} {
		for _, secret := range []string{testToken, testToken[:8], wrongToken, wrongToken[:8]} {
			if strings.Contains(text, secret) {
				t.Errorf("the %s holds a token (%q): %s", where, secret, text)
			}
		}
	}
	if !strings.Contains(logs.String(), "an extension tried to connect with a wrong token") {
		t.Errorf("the log names the refusal with its fix:\n%s", logs.String())
	}
}

// The list is bounded, newest last; the same refusal again counts up.
func TestRefusalsBounded(t *testing.T) {
	th := startHub(t, Options{ExtensionID: testExtensionID})
	refuse := func(id string) {
		t.Helper()
		_, resp, err := dial(th, http.Header{"Origin": {"chrome-extension://" + id}})
		if err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
			t.Fatalf("want 403, got %v %v", resp, err)
		}
	}
	for i := range maxRefusals + 9 {
		refuse(fmt.Sprintf("other%026d", i))
	}
	st, _ := th.Status(context.Background())
	if len(st.Refusals) != maxRefusals {
		t.Fatalf("want %d refusals kept, got %d", maxRefusals, len(st.Refusals))
	}
	if got, want := st.Refusals[0].Origin, fmt.Sprintf("chrome-extension://other%026d", 9); got != want {
		t.Fatalf("oldest kept: want %s, got %s", want, got)
	}
	again := fmt.Sprintf("other%026d", 12)
	refuse(again)
	refuse(again)
	st, _ = th.Status(context.Background())
	last := st.Refusals[len(st.Refusals)-1]
	if len(st.Refusals) != maxRefusals || last.Origin != "chrome-extension://"+again || last.Count != 3 {
		t.Fatalf("the same refusal again counts up and moves last: %d kept, last %+v", len(st.Refusals), last)
	}

	// A huge Origin is clipped, never kept whole.
	_, _, _ = dial(th, http.Header{"Origin": {"http://" + strings.Repeat("a", 10000)}})
	if r := lastRefusal(t, th.Hub); len(r.Origin) > maxOriginLen+3 {
		t.Fatalf("origin kept at %d bytes", len(r.Origin))
	}
}

// A client that connects and never sends a frame is closed with 4001 at the
// auth deadline, even when the gate's lifetime of untrusted connections is
// no longer than it (they used to race, and the client saw 1006).
func TestSilentClientClosedWith4001(t *testing.T) {
	const auth = 300 * time.Millisecond
	lim := defaultLimits
	lim.untrustedLifetime = auth
	th := startHubLimits(t, Options{AuthTimeout: auth}, lim)
	for i := range 5 {
		start := time.Now()
		ws, _, err := dial(th, nil)
		if err != nil {
			t.Fatal(err)
		}
		code, reason := closeCode(t, ws)
		took := time.Since(start)
		ws.Close()
		if code != 4001 || !strings.Contains(reason, "no auth frame") {
			t.Fatalf("run %d: want close 4001 \"no auth frame ...\", got %d %q", i, code, reason)
		}
		if took < auth {
			t.Fatalf("run %d: closed after %s, before the auth deadline %s", i, took, auth)
		}
		if r := lastRefusal(t, th.Hub); r.Reason != hubapi.RefusedAuthTimeout || r.Count != i+1 {
			t.Fatalf("run %d: want auth_timeout counted %d times, got %+v", i, i+1, r)
		}
	}
}
