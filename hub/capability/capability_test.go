package capability

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"browserctl/rpc"
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
	secret, g, err := s.New(Terms{SessionID: "s1", TTL: time.Hour})
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
	a, ga, _ := s.New(Terms{SessionID: "s1"})
	b, _, _ := s.New(Terms{SessionID: "s1", ReadOnly: true})
	c, _, _ := s.New(Terms{SessionID: "s2"})
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
	secret, _, _ := s.New(Terms{SessionID: "s1"})
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
	plain, _, _ := s.New(Terms{SessionID: "s1"})
	wide, _, _ := s.New(Terms{SessionID: "s1", AnySite: true})
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

// The browser reads the files a call names: a capability never loads a
// file: URL, and uploads only files inside the folders it was granted
// (after .., and through symlinks).
func TestFilesStayWithTheGrant(t *testing.T) {
	dir := t.TempDir()
	granted := filepath.Join(dir, "granted")
	secret := filepath.Join(dir, "secret.txt")
	if err := os.MkdirAll(granted, 0o700); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{secret, filepath.Join(granted, "cv.pdf")} {
		if err := os.WriteFile(f, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(secret, filepath.Join(granted, "link.txt")); err != nil {
		t.Fatal(err)
	}
	s, _ := Open("")
	plainSecret, _, _ := s.New(Terms{SessionID: "s1"})
	filesSecret, _, _ := s.New(Terms{SessionID: "s1", Files: []string{granted}})
	plain, _ := s.Lookup(plainSecret)
	files, _ := s.Lookup(filesSecret)
	for _, c := range []*Cap{plain, files} {
		for _, m := range []string{"pages.navigate", "tabs.open"} {
			for _, v := range []string{"true", "1", `"yes"`} {
				if _, err := c.Authorize(m, json.RawMessage(`{"url":"file:///etc/passwd","allowFile":`+v+`}`)); err == nil {
					t.Errorf("%s with allowFile %s passed a capability", m, v)
				}
			}
		}
		if _, err := c.Authorize("pages.navigate", json.RawMessage(`{"url":"https://shop.example/","allowFile":false}`)); err != nil {
			t.Errorf("a navigation with allowFile false refused: %v", err)
		}
	}
	upload := func(c *Cap, paths ...string) error {
		b, _ := json.Marshal(map[string]any{"selector": "#cv", "files": paths})
		_, err := c.Authorize("pages.upload", b)
		return err
	}
	if err := upload(plain, filepath.Join(granted, "cv.pdf")); err == nil || !strings.Contains(err.Error(), "granted no folder") {
		t.Errorf("an upload with no folder granted: %v", err)
	}
	if err := upload(files, filepath.Join(granted, "cv.pdf")); err != nil {
		t.Errorf("an upload from the granted folder refused: %v", err)
	}
	for _, p := range []string{secret, filepath.Join(granted, "..", "secret.txt"), filepath.Join(granted, "link.txt"), "relative.txt", dir} {
		if err := upload(files, filepath.Join(granted, "cv.pdf"), p); err == nil {
			t.Errorf("an upload of %s passed a capability granted only %s", p, granted)
		}
	}
	if _, _, err := s.New(Terms{SessionID: "s1", Files: []string{"relative/dir"}}); err == nil {
		t.Error("a relative folder was granted")
	}
}

// state.load plants cookies in the person's profile: a capability sets
// them only for the hosts of its origins, or anywhere with --any-site.
func TestStateLoadCookiesStayWithTheGrant(t *testing.T) {
	s, _ := Open("")
	plain, _, _ := s.New(Terms{SessionID: "s1"})
	fenced, _, _ := s.New(Terms{SessionID: "s1", Origins: []string{"http://127.0.0.1:8080", "https://*.shop.example"}})
	wide, _, _ := s.New(Terms{SessionID: "s1", AnySite: true})
	state := func(domains ...string) json.RawMessage {
		var cs []string
		for _, d := range domains {
			cs = append(cs, `{"name":"n","value":"v","domain":"`+d+`","path":"/","expires":-1}`)
		}
		return json.RawMessage(`{"state":{"cookies":[` + strings.Join(cs, ",") + `],"origins":[]}}`)
	}
	for _, tc := range []struct {
		secret string
		params json.RawMessage
		ok     bool
	}{
		{plain, state(), true},
		{plain, state("bank.example"), false},
		{fenced, state("127.0.0.1", ".a.shop.example"), true},
		{fenced, state("127.0.0.1", "bank.example"), false},
		{fenced, state("shop.example"), true}, // *.shop.example takes shop.example too, as the fence does
		{fenced, state(".example"), false},    // a parent reaches sites outside
		{wide, state("bank.example"), true},
		{plain, json.RawMessage(`{"state":[1]}`), false},
	} {
		c, _ := s.Lookup(tc.secret)
		_, err := c.Authorize(rpc.StateLoad, tc.params)
		if (err == nil) != tc.ok {
			t.Errorf("state.load %s with %v: err %v, want ok=%v", tc.params, c.Origins, err, tc.ok)
		}
	}
}

func TestOriginsAreReadAndMatchedAsTheExtensionDoes(t *testing.T) {
	for in, want := range map[string]string{
		"https://Shop.Example.com/": "https://shop.example.com", "https://shop.example.com:443": "https://shop.example.com",
		"http://127.0.0.1:8080": "http://127.0.0.1:8080", "https://*.example.com": "https://*.example.com",
	} {
		if got, err := ParseOrigin(in); err != nil || got != want {
			t.Errorf("ParseOrigin(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"shop.example.com", "https://shop.example.com/path", "ftp://x", "https://*", "javascript:alert(1)", "https://a:99999"} {
		if _, err := ParseOrigin(bad); err == nil {
			t.Errorf("ParseOrigin(%q) passed", bad)
		}
	}
	allowed := []string{"https://shop.example.com", "http://127.0.0.1:8080", "https://*.cdn.example"}
	for _, u := range []string{"https://shop.example.com/cart", "shop.example.com/cart", "http://127.0.0.1:8080/x", "https://a.cdn.example/", "https://cdn.example/", "about:blank"} {
		if !OriginAllowed(u, allowed) {
			t.Errorf("%s refused", u)
		}
	}
	for _, u := range []string{"http://shop.example.com/", "https://shop.example.com:8443/", "https://evil.example/", "https://shop.example.com.evil.net/", "http://127.0.0.1:9090/", "file:///etc/passwd"} {
		if OriginAllowed(u, allowed) {
			t.Errorf("%s allowed", u)
		}
	}
}

// A capability limited to origins is refused navigations elsewhere, and
// never the fence itself; the session's fence is the union of its limited
// capabilities, and each end is heard.
func TestOriginLimitedCapability(t *testing.T) {
	s, _ := Open("")
	var ended []Grant
	s.OnEnd(func(g Grant) { ended = append(ended, g) })
	secret, _, err := s.New(Terms{SessionID: "s1", Origins: []string{"https://shop.example"}})
	if err != nil {
		t.Fatal(err)
	}
	_, _, _ = s.New(Terms{SessionID: "s1", Origins: []string{"https://cdn.example", "https://shop.example"}})
	c, _ := s.Lookup(secret)
	if _, err := c.Authorize("pages.navigate", json.RawMessage(`{"url":"https://shop.example/a"}`)); err != nil {
		t.Errorf("navigate inside: %v", err)
	}
	for _, m := range []string{"pages.navigate", "tabs.open"} {
		_, err := c.Authorize(m, json.RawMessage(`{"url":"https://evil.example/"}`))
		if be, ok := err.(*rpc.BrowserError); !ok || be.Reason != rpc.ReasonOriginNotAllowed {
			t.Errorf("%s outside: %v", m, err)
		}
	}
	if _, err := c.Authorize("network.fence", json.RawMessage(`{"origins":[]}`)); err == nil {
		t.Error("a capability lifted its fence")
	}
	if got := s.FenceOf("s1"); len(got) != 2 || got[0] != "https://cdn.example" {
		t.Errorf("FenceOf = %v", got)
	}
	if got := s.FencedSessions(); len(got) != 1 || got[0] != "s1" {
		t.Errorf("FencedSessions = %v", got)
	}
	if _, _, err := s.New(Terms{SessionID: "s1", Origins: []string{"not an origin"}}); err == nil {
		t.Error("a bad origin was granted")
	}
	_, _ = s.RevokeSession("s1")
	if len(ended) != 2 || s.FenceOf("s1") != nil {
		t.Errorf("after the session's end: ended %d, fence %v", len(ended), s.FenceOf("s1"))
	}
}
