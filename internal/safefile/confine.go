package safefile

// Confinement: the folders an MCP client's paths must stay in.

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// NotAllowedError says a path leads outside the folders it must stay in.
type NotAllowedError struct {
	Path string
	Why  string
}

func (e *NotAllowedError) Error() string {
	return fmt.Sprintf("path %q is not allowed: %s", e.Path, e.Why)
}

// Confine is the absolute, symlink-free path that path names inside one of
// roots, or a *NotAllowedError. A relative path is taken from roots[0]. It
// refuses a path with a ".." element, an absolute path outside every root,
// and one whose existing part resolves (through symlinks) outside them; the
// rest of the path (a file to be written) need not exist.
func Confine(path string, roots []string) (string, error) {
	if path == "" {
		return "", &NotAllowedError{Path: path, Why: "it is empty"}
	}
	if len(roots) == 0 {
		return "", &NotAllowedError{Path: path, Why: "no folder was allowed"}
	}
	for _, el := range strings.Split(filepath.ToSlash(path), "/") {
		if el == ".." {
			return "", &NotAllowedError{Path: path, Why: `it has a ".." element`}
		}
	}
	p := path
	if !filepath.IsAbs(p) {
		p = filepath.Join(roots[0], p)
	}
	p = filepath.Clean(p)
	resolved, err := resolveExisting(p)
	if err != nil {
		return "", &NotAllowedError{Path: path, Why: err.Error()}
	}
	for _, r := range roots {
		rr, err := resolveExisting(filepath.Clean(r))
		if err != nil {
			continue
		}
		if within(rr, resolved) {
			return resolved, nil
		}
	}
	return "", &NotAllowedError{Path: path, Why: "it is outside " + strings.Join(roots, ", ")}
}

// within reports whether p is root or below it (both clean and absolute).
func within(root, p string) bool {
	if p == root {
		return true
	}
	return strings.HasPrefix(p, strings.TrimSuffix(root, string(filepath.Separator))+string(filepath.Separator))
}

// resolveExisting resolves the symlinks of p's longest existing prefix and
// appends the rest unresolved.
func resolveExisting(p string) (string, error) {
	rest := ""
	cur := p
	for {
		r, err := filepath.EvalSymlinks(cur)
		if err == nil {
			if !filepath.IsAbs(r) {
				if r, err = filepath.Abs(r); err != nil {
					return "", err
				}
			}
			return filepath.Join(r, rest), nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		if st, lerr := os.Lstat(cur); lerr == nil && st.Mode()&fs.ModeSymlink != 0 {
			// A dangling symlink: where it points is not known to be inside.
			return "", errors.New("it is a symbolic link to nothing")
		}
		parent := filepath.Dir(cur)
		if parent == cur {
			return filepath.Join(cur, rest), nil
		}
		rest = filepath.Join(filepath.Base(cur), rest)
		cur = parent
	}
}
