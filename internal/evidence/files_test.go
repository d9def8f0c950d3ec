package evidence

import (
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheckWritable(t *testing.T) {
	dir := t.TempDir()
	fresh := filepath.Join(dir, "new.png")
	if err := CheckWritable(fresh, true); err != nil {
		t.Errorf("a new file in an existing folder: %v", err)
	}
	if _, err := os.Stat(fresh); !os.IsNotExist(err) {
		t.Errorf("the check left %s behind: %v", fresh, err)
	}
	old := filepath.Join(dir, "old.png")
	if err := os.WriteFile(old, []byte("kept"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := CheckWritable(old, true); err != nil {
		t.Errorf("an existing file: %v", err)
	}
	if b, _ := os.ReadFile(old); string(b) != "kept" {
		t.Errorf("the check changed an existing file: %q", b)
	}
	for path, want := range map[string]string{
		"":                                 "empty",
		dir:                                "it is a folder",
		filepath.Join(dir, "no", "x.png"):  "cannot write",
		filepath.Join(old, "under-a-file"): "cannot write",
	} {
		if err := CheckWritable(path, true); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("CheckWritable(%q) = %v, want an error saying %q", path, err, want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the folder holds %d entries after the checks, want only old.png", len(entries))
	}
}

func TestWriteBase64(t *testing.T) {
	path := filepath.Join(t.TempDir(), "doc.pdf")
	n, err := WriteBase64(path, base64.StdEncoding.EncodeToString([]byte("%PDF-1.4")), "pages.pdf", false)
	if err != nil || n != 8 {
		t.Fatalf("WriteBase64 = %d, %v", n, err)
	}
	if b, _ := os.ReadFile(path); string(b) != "%PDF-1.4" {
		t.Errorf("wrote %q", b)
	}
	bad := filepath.Join(t.TempDir(), "bad.pdf")
	if _, err := WriteBase64(bad, "not base64!", "pages.pdf", false); err == nil || !strings.Contains(err.Error(), "pages.pdf answered data that is not base64") {
		t.Errorf("bad data: %v", err)
	}
	if _, err := os.Stat(bad); !os.IsNotExist(err) {
		t.Errorf("bad data left a file: %v", err)
	}
}

func TestImageFormatOf(t *testing.T) {
	for path, want := range map[string]string{"a.png": "png", "a.JPG": "jpeg", "b.jpeg": "jpeg", "c.webp": "webp", "d.gif": "", "noext": "", "": ""} {
		if got := ImageFormatOf(path); got != want {
			t.Errorf("ImageFormatOf(%q) = %q, want %q", path, got, want)
		}
	}
	for format, want := range map[string]string{"png": ".png", "jpeg": ".jpg", "webp": ".webp"} {
		if got := ImageExt(format); got != want || ImageFormatOf("x"+got) != format {
			t.Errorf("ImageExt(%q) = %q, want %q (and back)", format, got, want)
		}
	}
}
