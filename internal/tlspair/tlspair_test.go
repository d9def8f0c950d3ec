package tlspair

import (
	"crypto/sha256"
	"encoding/base64"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// The generated pair is made once (its key 0600) for the names given, and
// the same pair, with the same key hash, is loaded after.
func TestLoadOrCreate(t *testing.T) {
	dir := t.TempDir()
	p, err := LoadOrCreate(dir, []string{"hub.lan", "10.0.0.5"})
	if err != nil {
		t.Fatal(err)
	}
	if !p.Generated || !slices.Contains(p.Leaf.DNSNames, "hub.lan") || len(p.Leaf.IPAddresses) != 1 || p.Leaf.IPAddresses[0].String() != "10.0.0.5" {
		t.Fatalf("pair %+v %v %v", p.Generated, p.Leaf.DNSNames, p.Leaf.IPAddresses)
	}
	if st, _ := os.Stat(filepath.Join(dir, Folder, KeyFile)); st.Mode().Perm() != 0o600 {
		t.Fatalf("key file mode %v", st.Mode().Perm())
	}
	sum := sha256.Sum256(p.Leaf.RawSubjectPublicKeyInfo)
	if p.SPKI() != base64.StdEncoding.EncodeToString(sum[:]) || len(p.SPKI()) != 44 {
		t.Fatalf("SPKI %q", p.SPKI())
	}
	again, err := LoadOrCreate(dir, []string{"other"})
	if err != nil || again.SPKI() != p.SPKI() {
		t.Fatalf("the second load made another pair: %v", err)
	}
	// a damaged pair is an error, never silently replaced
	if err := os.WriteFile(filepath.Join(dir, Folder, KeyFile), []byte("junk"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadOrCreate(dir, nil); err == nil {
		t.Fatal("a damaged key was taken")
	}
}
