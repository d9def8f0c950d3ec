package hub

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// A session id that is not "s" and base-36 is refused where it would be
// stored, and the current session stays what it was: `status` never prints
// a caller's escape sequence.
func TestPutSessionRefusesForeignIDs(t *testing.T) {
	th := startHub(t, Options{})
	defer http.DefaultClient.CloseIdleConnections()
	if resp, body := do(t, th, "PUT", "/session", `{"sessionId":"s4k2"}`, nil); resp.StatusCode != 200 {
		t.Fatalf("a valid id: %d %s", resp.StatusCode, body)
	}
	for _, id := range []string{
		"s\u001b]0;pwned\u0007", "s\u001b[31m", "s1\n", "S1", "s", "x12", "s-1", "s\u202e1", "s\u200b1", "s" + strings.Repeat("a", 64),
	} {
		b, _ := json.Marshal(map[string]string{"sessionId": id})
		resp, body := do(t, th, "PUT", "/session", string(b), nil)
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(body, "invalid session id") {
			t.Errorf("PUT /session %q: %d %s, want 400 invalid session id", id, resp.StatusCode, body)
		}
		_, body = do(t, th, "GET", "/status", "", nil)
		var st hubapi.Status
		if err := json.Unmarshal([]byte(body), &st); err != nil || st.Session != "s4k2" {
			t.Errorf("after PUT /session %q the current session is %q, want s4k2 kept", id, st.Session)
		}
	}
	if resp, body := do(t, th, "PUT", "/session", `{"sessionId":""}`, nil); resp.StatusCode != 200 {
		t.Errorf("clearing the session: %d %s", resp.StatusCode, body)
	}
}

func TestValidSessionID(t *testing.T) {
	for _, id := range []string{"s1", "sabc12", "s" + strings.Repeat("z", 63)} {
		if err := rpc.ValidSessionID(id); err != nil {
			t.Errorf("%q: %v", id, err)
		}
	}
}
