package storagestate

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"browserctl/rpc"
)

func TestWriteIsPrivateOverAWorldReadableFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	st := rpc.State{Cookies: []rpc.Cookie{{Name: "sid", Value: "x", Domain: "example.com", Path: "/", Expires: -1, SameSite: "Lax"}},
		Origins: []rpc.OriginState{{Origin: "https://example.com", LocalStorage: []rpc.StorageEntry{{Name: "k", Value: "v"}}}}}
	if err := Write(path, st, true); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v, %v; want 0600", fi.Mode().Perm(), err)
	}
	back, err := Read(path)
	if err != nil || len(back.Cookies) != 1 || back.Cookies[0].Name != "sid" || back.Origins[0].LocalStorage[0].Value != "v" {
		t.Errorf("Read = %+v, %v", back, err)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".state.json.*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func TestParsePlaywrightAndBadFiles(t *testing.T) {
	st, err := Parse("pw", []byte(`{"cookies":[{"name":"a","value":"1","domain":".x.com","expires":-1,"httpOnly":false,"secure":true,"sameSite":"None"}],"origins":[{"origin":"https://x.com","localStorage":[]}]}`))
	if err != nil || st.Cookies[0].Path != "/" || st.Cookies[0].SameSite != "None" {
		t.Errorf("Parse(playwright) = %+v, %v", st, err)
	}
	for _, bad := range []string{`not json`, `[1]`, `{}`, `{"cookies":"x"}`, `{"cookies":[{"value":"v"}]}`, `{"origins":[{}]}`} {
		var ie *InvalidError
		if _, err := Parse("bad", []byte(bad)); !errors.As(err, &ie) {
			t.Errorf("Parse(%s) = %v, want an InvalidError", bad, err)
		}
	}
}
