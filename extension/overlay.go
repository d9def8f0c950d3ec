package extension

import (
	"os"
	"path/filepath"

	"browserctl/internal/safefile"
)

// Overlay copies a built dist/ folder (src) over an installed extension
// (dst), keeping dst's ConfigFile: the end-to-end tests and the benchmark
// load a fresh build this way instead of the one the binary embeds.
func Overlay(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			target := filepath.Join(dst, rel)
			if st, err := os.Lstat(target); err == nil && st.Mode()&os.ModeSymlink != 0 {
				return &safefile.SymlinkError{Path: target}
			}
			return os.MkdirAll(target, 0o755)
		}
		if rel == ConfigFile {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return safefile.WriteFile(filepath.Join(dst, rel), b, 0o644, true)
	})
}
