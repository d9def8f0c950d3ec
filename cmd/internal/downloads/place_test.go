package downloads

import (
	"os"
	"path/filepath"
	"testing"
)

func TestPlaceNeverReplaces(t *testing.T) {
	dir := t.TempDir()
	from := t.TempDir()
	want := filepath.Join(dir, "report.pdf")
	if err := os.WriteFile(want, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	var got []string
	for i, body := range []string{"first", "second"} {
		src := filepath.Join(from, "dl"+string(rune('a'+i)))
		if err := os.WriteFile(src, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		p, err := place(src, want, true, true, false)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, p)
		if _, err := os.Stat(src); !os.IsNotExist(err) {
			t.Errorf("the browser's copy %s is still there", src)
		}
	}
	wantPaths := []string{filepath.Join(dir, "report (1).pdf"), filepath.Join(dir, "report (2).pdf")}
	for i, p := range got {
		if p != wantPaths[i] {
			t.Errorf("download %d placed at %s, want %s", i+1, p, wantPaths[i])
		}
	}
	for path, body := range map[string]string{want: "mine", wantPaths[0]: "first", wantPaths[1]: "second"} {
		if b, err := os.ReadFile(path); err != nil || string(b) != body {
			t.Errorf("%s holds %q (%v), want %q", path, b, err, body)
		}
	}
}

func TestNumberedName(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"/d/a.txt", 0, "/d/a.txt"},
		{"/d/a.txt", 1, "/d/a (1).txt"},
		{"/d/noext", 2, "/d/noext (2)"},
		{"/d/.bashrc", 1, "/d/.bashrc (1)"},
	} {
		if got := numberedName(c.in, c.n); got != c.want {
			t.Errorf("numberedName(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}
