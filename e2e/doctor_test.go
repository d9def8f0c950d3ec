package e2e

import (
	"encoding/json"
	"strings"
	"testing"
)

// doctor against the real hub and the real extension: every hop that
// matters holds, and the extension reports the protocol version it speaks
// (extension.info) equal to the hub's.
func TestDoctorRealExtension(t *testing.T) {
	out, errOut, code := run(t, "doctor")
	if code != 0 {
		t.Fatalf("doctor exited %d with the extension connected\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	var rep struct {
		OK     bool `json:"ok"`
		Checks []struct {
			Name, Status, Detail string
		} `json:"checks"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("doctor --json: %v\n%s", err, out)
	}
	got := map[string]string{}
	for _, c := range rep.Checks {
		got[c.Name] = c.Status + ": " + c.Detail
	}
	for name, want := range map[string]string{
		"hub":       "ok: browserctl hub at " + h.addr,
		"extension": "ok: connected since ",
		"protocol":  "ok: 1 on both sides (extension 0.1.0)",
	} {
		if !strings.HasPrefix(got[name], want) {
			t.Errorf("doctor's %s check: %q, want it to start with %q", name, got[name], want)
		}
	}
	// what the extension says of itself, raw
	var info struct {
		ProtocolVersion int    `json:"protocolVersion"`
		ID              string `json:"id"`
	}
	mustJSON(t, &info, "call", "extension.info")
	if info.ProtocolVersion != 1 || info.ID != extensionID {
		t.Errorf("extension.info = %+v, want protocol 1 and id %s", info, extensionID)
	}
}
