package downloads

// Where a finished download lands: in a folder, under the name the page
// chose, or "name (1).ext", "name (2).ext" ... when that is taken, as
// Chrome names its own downloads. No existing file is ever replaced, even
// by another program creating the same name meanwhile: each candidate is
// claimed with a hard link or an O_EXCL create, which fail when it exists.

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// maxNameTries bounds the " (N)" candidates tried before giving up.
const maxNameTries = 10_000

// place moves src to dest. With unique, dest is a wish: the first
// free name of dest, "dest (1).ext", ... is taken and answered; without,
// dest is replaced if it exists (-o FILE: the caller named it).
func place(src, dest string, unique bool) (string, error) {
	if !unique {
		return dest, moveReplacing(src, dest)
	}
	for i := 0; i < maxNameTries; i++ {
		cand := numberedName(dest, i)
		err := claimMove(src, cand)
		if err == nil {
			return cand, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", err
		}
	}
	return "", fmt.Errorf("no free name like %s after %d tries", dest, maxNameTries)
}

// numberedName is path for 0, else "name (n).ext": the number goes before
// the last extension ("a.tar.gz" gives "a.tar (1).gz"; Chrome says
// "a (1).tar.gz").
func numberedName(path string, n int) string {
	if n == 0 {
		return path
	}
	ext := filepath.Ext(path)
	if ext == path || ext == filepath.Base(path) {
		ext = "" // ".bashrc": all name, no extension
	}
	return fmt.Sprintf("%s (%d)%s", strings.TrimSuffix(path, ext), n, ext)
}

// claimMove moves src to dst only if dst does not exist (fs.ErrExist when
// it does): a hard link, else (another file system) an exclusive copy.
func claimMove(src, dst string) error {
	err := os.Link(src, dst)
	if err == nil {
		return os.Remove(src)
	}
	if errors.Is(err, fs.ErrExist) {
		return err
	}
	// No hard link here (another file system, or one without links).
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if err := copyInto(out, src); err != nil {
		os.Remove(dst)
		return err
	}
	return os.Remove(src)
}

// moveReplacing renames, or copies and removes across file systems.
func moveReplacing(src, dst string) error {
	if err := os.Rename(src, dst); err == nil {
		return nil
	}
	tmp := dst + ".part"
	out, err := os.OpenFile(tmp, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if err := copyInto(out, src); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, dst); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Remove(src)
}

// copyInto copies src's bytes into out and closes out.
func copyInto(out *os.File, src string) error {
	in, err := os.Open(src)
	if err != nil {
		out.Close()
		return err
	}
	defer in.Close()
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
