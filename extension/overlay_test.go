package extension

import (
	"os"
	"path/filepath"
	"testing"
)

func TestOverlayKeepsConfig(t *testing.T) {
	src, dst := t.TempDir(), t.TempDir()
	write := func(dir, name, content string) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(src, "background.js", "new")
	write(src, "sub/popup.js", "new popup")
	write(src, ConfigFile, `{"server":"from the build"}`)
	write(dst, "background.js", "old")
	write(dst, ConfigFile, `{"server":"installed"}`)
	if err := Overlay(src, dst); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"background.js": "new", "sub/popup.js": "new popup", ConfigFile: `{"server":"installed"}`} {
		if b, err := os.ReadFile(filepath.Join(dst, name)); err != nil || string(b) != want {
			t.Errorf("%s: %q %v, want %q", name, b, err, want)
		}
	}
}
