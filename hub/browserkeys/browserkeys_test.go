package browserkeys

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"browserctl/rpc"
)

// The hub's store sees what another process (extension install) writes:
// a new browser, its key rotated (the old key refused, the id kept), and
// its removal. Only hashes are on disk, 0600.
func TestKeysAcrossProcesses(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	hub, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	cli, _ := Open(path)
	if _, ok := hub.Match("anything"); ok {
		t.Fatal("an empty store matched a key")
	}
	key, e, err := cli.Add("grid-1")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(key, Prefix) || rpc.ValidBrowserID(e.ID) != nil || !strings.HasPrefix(e.ID, IDPrefix) {
		t.Fatalf("key %q entry %+v", key, e)
	}
	got, ok := hub.Match(key)
	if !ok || got.ID != e.ID || got.Name != "grid-1" {
		t.Fatalf("the hub does not know the new browser: %+v %v", got, ok)
	}
	if sum, _ := got.Sum(); sum != rpc.SecretKey(key) {
		t.Fatal("the entry's key is not the proof's key of the secret")
	}
	if byID, ok := hub.ByID(e.ID); !ok || byID.Name != "grid-1" {
		t.Fatalf("ByID: %+v %v", byID, ok)
	}
	st, _ := os.Stat(path)
	data, _ := os.ReadFile(path)
	if st.Mode().Perm() != 0o600 || strings.Contains(string(data), key) {
		t.Fatalf("the file is %v and holds the key: %v", st.Mode().Perm(), strings.Contains(string(data), key))
	}

	key2, e2, err := cli.Add("grid-1")
	if err != nil || e2.ID != e.ID || key2 == key {
		t.Fatalf("rotate: %+v %v", e2, err)
	}
	if _, ok := hub.Match(key); ok {
		t.Fatal("the rotated-out key still matches")
	}
	if _, ok := hub.Match(key2); !ok {
		t.Fatal("the new key does not match")
	}
	if _, _, err := cli.Add("bad name"); err == nil {
		t.Fatal("a name with a space was taken")
	}
	if ok, err := cli.Remove("grid-1"); !ok || err != nil {
		t.Fatalf("remove: %v %v", ok, err)
	}
	if _, ok := hub.ByID(e.ID); ok {
		t.Fatal("the hub still knows a removed browser")
	}
}
