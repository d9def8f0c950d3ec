package uploads

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPaths(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"a.txt", "b.txt"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(n), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	got, err := Paths([]string{"a.txt", filepath.Join(dir, "b.txt")})
	if err != nil || len(got) != 2 || got[0] != filepath.Join(dir, "a.txt") || got[1] != filepath.Join(dir, "b.txt") {
		t.Fatalf("Paths = %v, %v; want both absolute, in order", got, err)
	}
	for files, want := range map[string]string{
		"a.txt missing.txt": "no such file: missing.txt",
		".":                 "not a regular file: .",
		"a.txt/x":           "a.txt/x",
	} {
		if _, err := Paths(strings.Fields(files)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Paths(%s) = %v, want an error with %q", files, err, want)
		}
	}
	if !IsFile("a.txt") || IsFile(".") || IsFile("missing.txt") {
		t.Error("IsFile is wrong about a file, a folder or a missing file")
	}
}
