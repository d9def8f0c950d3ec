package har

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"browserctl/rpc"
)

// The file is HAR 1.2 around the entries: version, creator, pages, an
// empty cache object per entry, and a comment for the dropped ones.
func TestWriteDocument(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.har")
	r := rpc.HARStopResult{Entries: []rpc.HAREntry{{StartedDateTime: "2026-01-02T03:04:05.000Z", Time: 12.5,
		Request: rpc.HARRequest{Method: "GET", URL: "http://h/a?x=1"}}}, Dropped: 3}
	n, err := Write(path, Document(r), false)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil || len(b) != n || !strings.HasSuffix(string(b), "}\n") {
		t.Fatalf("wrote %d bytes, read %d (%v)", n, len(b), err)
	}
	var doc struct {
		Log struct {
			Version string
			Creator struct{ Name, Version string }
			Pages   []any
			Entries []map[string]any
			Comment string
		}
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	l := doc.Log
	if l.Version != "1.2" || l.Creator.Name != "browserctl" || l.Creator.Version == "" || l.Pages == nil || len(l.Entries) != 1 {
		t.Errorf("log %+v", l)
	}
	if c, ok := l.Entries[0]["cache"].(map[string]any); !ok || len(c) != 0 {
		t.Errorf("cache %v, want {}", l.Entries[0]["cache"])
	}
	if !strings.Contains(l.Comment, "3 older") {
		t.Errorf("the dropped entries are not said: %q", l.Comment)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", st.Mode())
	}
}

// No entries is an empty list, not null; nothing dropped, no comment.
func TestDocumentEmpty(t *testing.T) {
	b, _ := json.Marshal(Document(rpc.HARStopResult{}))
	if !strings.Contains(string(b), `"entries":[]`) || strings.Contains(string(b), "comment") {
		t.Errorf("%s", b)
	}
}

func TestCheckFolder(t *testing.T) {
	dir := t.TempDir()
	if err := CheckFolder(filepath.Join(dir, "x.har")); err != nil {
		t.Errorf("an existing folder: %v", err)
	}
	if err := CheckFolder("x.har"); err != nil {
		t.Errorf("the current folder: %v", err)
	}
	if err := CheckFolder(filepath.Join(dir, "missing", "x.har")); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("a missing folder: %v, want it refused", err)
	}
}
