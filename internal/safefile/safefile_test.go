package safefile

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// withUmask runs fn under umask m.
func withUmask(t *testing.T, m int, fn func()) {
	t.Helper()
	old := syscall.Umask(m)
	defer syscall.Umask(old)
	fn()
}

func TestWriteFileModeUnderAnyUmask(t *testing.T) {
	for _, um := range []int{0o000, 0o022, 0o077} {
		withUmask(t, um, func() {
			p := filepath.Join(t.TempDir(), "a.har")
			if err := WriteFile(p, []byte("x"), Private, false); err != nil {
				t.Fatal(err)
			}
			st, err := os.Stat(p)
			if err != nil || st.Mode().Perm() != 0o600 {
				t.Errorf("umask %03o: mode %v, %v; want 0600", um, st.Mode(), err)
			}
		})
	}
}

func TestWriteFileRefusesExistingUnlessOverwrite(t *testing.T) {
	p := filepath.Join(t.TempDir(), "a.png")
	os.WriteFile(p, []byte("old"), 0o644)
	err := WriteFile(p, []byte("new"), Private, false)
	if !errors.Is(err, ErrExists) {
		t.Fatalf("err %v; want ErrExists", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "old" {
		t.Errorf("the file holds %q", b)
	}
	if err := WriteFile(p, []byte("new"), Private, true); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "new" {
		t.Errorf("the file holds %q", b)
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o600 {
		t.Errorf("a replaced file is %v", st.Mode())
	}
	assertNoLeftovers(t, filepath.Dir(p), 1)
}

func TestWriteFileNeverThroughASymlink(t *testing.T) {
	for _, overwrite := range []bool{false, true} {
		dir := t.TempDir()
		target := filepath.Join(dir, "target")
		os.WriteFile(target, []byte("precious"), 0o644)
		link := filepath.Join(dir, "out.png")
		os.Symlink(target, link)
		dangling := filepath.Join(dir, "dangling.png")
		os.Symlink(filepath.Join(dir, "nothing"), dangling)
		for _, p := range []string{link, dangling} {
			err := WriteFile(p, []byte("evil"), Private, overwrite)
			var se *SymlinkError
			if !errors.As(err, &se) {
				t.Errorf("overwrite=%v %s: err %v; want a SymlinkError", overwrite, p, err)
			}
			if err := Check(p, overwrite); !errors.As(err, &se) {
				t.Errorf("Check(%s): %v", p, err)
			}
		}
		if b, _ := os.ReadFile(target); string(b) != "precious" {
			t.Errorf("the symlink's target holds %q", b)
		}
		if _, err := os.Stat(filepath.Join(dir, "nothing")); err == nil {
			t.Error("a dangling symlink's target was created")
		}
		if l, err := os.Readlink(link); err != nil || l != target {
			t.Errorf("the symlink was replaced: %s, %v", l, err)
		}
	}
}

func TestCreateAbortLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	f, err := Create(filepath.Join(dir, "big.json"), Private, false)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("half")
	f.Abort()
	assertNoLeftovers(t, dir, 0)
}

func TestCopyFileRefusesASymlinkSource(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "secret"), []byte("s"), 0o600)
	os.Symlink(filepath.Join(dir, "secret"), filepath.Join(dir, "link"))
	if err := CopyFile(filepath.Join(dir, "out"), filepath.Join(dir, "link"), Private, false); err == nil {
		t.Error("copied through a symlink")
	}
	if err := CopyFile(filepath.Join(dir, "out"), filepath.Join(dir, "secret"), Private, false); err != nil {
		t.Fatal(err)
	}
}

func assertNoLeftovers(t *testing.T, dir string, want int) {
	t.Helper()
	es, _ := os.ReadDir(dir)
	if len(es) != want {
		var names []string
		for _, e := range es {
			names = append(names, e.Name())
		}
		t.Errorf("%s holds %v; want %d file(s)", dir, names, want)
	}
}

func TestConfine(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	os.Mkdir(filepath.Join(root, "sub"), 0o700)
	os.Symlink(outside, filepath.Join(root, "out"))
	os.Symlink(filepath.Join(outside, "f"), filepath.Join(root, "f-out"))
	os.Symlink(filepath.Join(root, "sub"), filepath.Join(root, "sub-in"))
	os.WriteFile(filepath.Join(outside, "f"), nil, 0o600)
	for _, tc := range []struct {
		path string
		ok   bool
	}{
		{"a.pdf", true},
		{"sub/a.pdf", true},
		{filepath.Join(root, "a.pdf"), true},
		{"sub-in/a.pdf", true},
		{"new/deeper/a.pdf", true},
		{"../x", false},
		{"sub/../../x", false},
		{"sub/../a.pdf", false},
		{filepath.Join(outside, "x"), false},
		{"/etc/passwd", false},
		{"out/x", false},
		{"f-out", false},
		{"", false},
	} {
		got, err := Confine(tc.path, []string{root})
		var na *NotAllowedError
		if tc.ok && err != nil {
			t.Errorf("Confine(%q) = %v", tc.path, err)
		}
		if !tc.ok && !errors.As(err, &na) {
			t.Errorf("Confine(%q) = %q, %v; want NotAllowedError", tc.path, got, err)
		}
	}
}
