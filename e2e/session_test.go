package e2e

import (
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"testing"

	"browserctl/rpc"
)

// The objects of docs/protocol.md (rpc's types), as the tests read them
// from --json.
type (
	tab     = rpc.Tab
	refInfo = rpc.Ref
	box     = rpc.Box
)

type snapshot struct{ rpc.SnapshotResult }

type session struct {
	rpc.Session
	url string // the URL the session was created at
}

// newSession creates a session with a tab at url; the session is closed
// when the test ends.
func newSession(t *testing.T, pageURL string) session {
	t.Helper()
	var s session
	mustJSON(t, &s, "session", "create", "--name", t.Name(), "--url", pageURL)
	if s.SessionID == "" {
		t.Fatalf("session create answered no sessionId")
	}
	s.url = pageURL
	t.Cleanup(func() { run(t, "session", "close", s.SessionID) })
	return s
}

// in prefixes args with --session id.
func in(s session, args ...string) []string {
	return append([]string{"--session", s.SessionID}, args...)
}

// waitLoad waits until the test page the session was created at reports
// its load event (independently of the extension: TestWait checks
// `wait --load`).
func waitLoad(t *testing.T, s session) {
	t.Helper()
	u, err := url.Parse(s.url)
	if err != nil || u.Query().Get("t") == "" {
		t.Fatalf("waitLoad: %q is not a tagged test page", s.url)
	}
	h.rec.waitFor(t, u.Query().Get("t"), "its load event", func(e event) bool { return e.Type == "load" && e.str("nav") == "" })
}

func takeSnapshot(t *testing.T, s session, flags ...string) snapshot {
	t.Helper()
	var snap snapshot
	mustJSON(t, &snap, in(s, append([]string{"snapshot"}, flags...)...)...)
	if snap.Snapshot == "" {
		t.Fatalf("snapshot %v: empty snapshot text", flags)
	}
	return snap
}

// ref finds the ref of the element with role and name in a snapshot.
func (sn snapshot) ref(t *testing.T, role, name string) string {
	t.Helper()
	var found []string
	for id, r := range sn.Refs {
		if r.Role == role && r.Name == name {
			found = append(found, id)
		}
	}
	if len(found) != 1 {
		sort.Strings(found)
		t.Fatalf("snapshot: want one ref for %s %q, found %v; snapshot:\n%s", role, name, found, sn.Snapshot)
	}
	if !strings.Contains(sn.Snapshot, "[ref="+found[0]+"]") {
		t.Errorf("snapshot text does not show [ref=%s] for %s %q", found[0], role, name)
	}
	return found[0]
}

// value decodes the {"value": ...} result of `get`.
func getValue(t *testing.T, s session, args ...string) json.RawMessage {
	t.Helper()
	var r struct {
		Value json.RawMessage `json:"value"`
	}
	mustJSON(t, &r, in(s, append([]string{"get"}, args...)...)...)
	return r.Value
}

func getString(t *testing.T, s session, args ...string) string {
	t.Helper()
	raw := getValue(t, s, args...)
	var v string
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("get %v: value %s is not a string", args, raw)
	}
	return v
}

// callJSON is a params object for `browserctl call`.
func callJSON(v map[string]any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func itoa(i int) string { return fmt.Sprint(i) }
