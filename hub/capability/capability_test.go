package capability

import (
	"encoding/json"
	"path/filepath"
	"testing"
	"time"
)

// A capability past its time is refused, and it is not brought back by a
// store opened later.
func TestExpiredCapabilityIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	s.now = func() time.Time { return now }
	secret, g, err := s.New("s1", false, false, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	c, ok := s.Lookup(secret)
	if !ok || c.ID != g.ID {
		t.Fatal("a fresh capability is refused")
	}
	now = now.Add(time.Hour + time.Second)
	if _, ok := s.Lookup(secret); ok {
		t.Error("an expired capability still works")
	}
	select {
	case <-c.Done():
	default:
		t.Error("an expired capability's calls were not told")
	}
	again, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := again.Lookup(secret); ok {
		t.Error("a reopened store brought back an expired capability")
	}
}

func TestRevokeByIDAndBySession(t *testing.T) {
	s, _ := Open("")
	a, ga, _ := s.New("s1", false, false, 0)
	b, _, _ := s.New("s1", true, false, 0)
	c, _, _ := s.New("s2", false, false, 0)
	if n, _ := s.Revoke(ga.ID); n != 1 {
		t.Fatalf("revoke by id ended %d", n)
	}
	if _, ok := s.Lookup(a); ok {
		t.Error("revoked by id, still works")
	}
	if n, _ := s.RevokeSession("s1"); n != 1 {
		t.Errorf("revoke of s1 ended %d, want the one left", n)
	}
	if _, ok := s.Lookup(b); ok {
		t.Error("revoked with its session, still works")
	}
	if _, ok := s.Lookup(c); !ok {
		t.Error("another session's capability ended too")
	}
	if _, ok := s.Lookup("0123456789abcdef"); ok {
		t.Error("a control-token-shaped string is a capability")
	}
}

// Authorize writes the params again: what the extension reads is what was
// checked.
func TestAuthorizeRewritesParams(t *testing.T) {
	s, _ := Open("")
	secret, _, _ := s.New("s1", false, false, 0)
	c, _ := s.Lookup(secret)
	out, err := c.Authorize("pages.click", json.RawMessage(`{"ref":"e1","sessionId":""}`))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	_ = json.Unmarshal(out, &m)
	if m["sessionId"] != "s1" || m["ref"] != "e1" {
		t.Errorf("params %s", out)
	}
	for _, bad := range []string{`[1]`, `"x"`, `{"sessionId":7}`} {
		if _, err := c.Authorize("pages.click", json.RawMessage(bad)); err == nil {
			t.Errorf("params %s passed", bad)
		}
	}
	if _, err := c.Authorize("pages.notAMethod", json.RawMessage(`{}`)); err == nil {
		t.Error("an unknown method passed")
	}
}

// anySite reaches other sites' cookies only when the grant says so.
func TestAnySiteNeedsItsGrant(t *testing.T) {
	s, _ := Open("")
	plain, _, _ := s.New("s1", false, false, 0)
	wide, _, _ := s.New("s1", false, true, 0)
	p, _ := s.Lookup(plain)
	w, _ := s.Lookup(wide)
	for _, params := range []string{`{"url":"https://bank.example/","anySite":true}`, `{"anySite":1}`} {
		if _, err := p.Authorize("pages.cookies", json.RawMessage(params)); err == nil {
			t.Errorf("%s passed without --any-site", params)
		}
		if _, err := w.Authorize("pages.cookies", json.RawMessage(params)); err != nil {
			t.Errorf("%s refused with --any-site: %v", params, err)
		}
	}
	if _, err := p.Authorize("pages.cookies", json.RawMessage(`{"anySite":false}`)); err != nil {
		t.Errorf("anySite false refused: %v", err)
	}
}
