package downloads

// Where a finished download lands: in a folder, under the name the page
// chose, or "name (1).ext", "name (2).ext" ... when that is taken, as
// Chrome names its own downloads. No existing file is ever replaced, even
// by another program creating the same name meanwhile: each candidate is
// claimed with a hard link or an O_EXCL create, which fail when it exists.

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"browserctl/internal/safefile"
)

// maxNameTries bounds the " (N)" candidates tried before giving up.
const maxNameTries = 10_000

// place moves (move) or copies src to dest. With unique, dest is a wish:
// the first free name of dest, "dest (1).ext", ... is taken and answered;
// without, dest is the caller's name (-o FILE), replaced only with
// overwrite. A symlink at dest is never written through nor replaced.
// The placed file is 0600: a download can hold anything.
func place(src, dest string, unique, move, overwrite bool) (string, error) {
	if !unique {
		return dest, placeAt(src, dest, move, overwrite)
	}
	for i := 0; i < maxNameTries; i++ {
		cand := numberedName(dest, i)
		err := placeAt(src, cand, move, false)
		if err == nil {
			return cand, nil
		}
		if !errors.Is(err, fs.ErrExist) && !errors.Is(err, safefile.ErrExists) && !isSymlinkErr(err) {
			return "", err
		}
	}
	return "", fmt.Errorf("no free name like %s after %d tries", dest, maxNameTries)
}

func isSymlinkErr(err error) bool {
	var se *safefile.SymlinkError
	return errors.As(err, &se)
}

// placeAt puts src at dst, 0600.
func placeAt(src, dst string, move, overwrite bool) error {
	if !move {
		return safefile.CopyFile(dst, src, safefile.Private, overwrite)
	}
	var err error
	if overwrite {
		err = moveReplacing(src, dst)
	} else {
		err = claimMove(src, dst)
	}
	if err != nil {
		return err
	}
	return os.Chmod(dst, safefile.Private)
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
// it does, a symlink too): a hard link, else (another file system) an
// exclusive copy.
func claimMove(src, dst string) error {
	err := os.Link(src, dst)
	if err == nil {
		return os.Remove(src)
	}
	if errors.Is(err, fs.ErrExist) {
		return err
	}
	// No hard link here (another file system, or one without links).
	if err := safefile.CopyFile(dst, src, safefile.Private, false); err != nil {
		return err
	}
	return os.Remove(src)
}

// moveReplacing renames over dst (never a symlink), or copies and removes
// across file systems.
func moveReplacing(src, dst string) error {
	if err := safefile.Check(dst, true); err != nil {
		return err
	}
	if err := os.Rename(src, dst); err == nil {
		return nil
	}
	if err := safefile.CopyFile(dst, src, safefile.Private, true); err != nil {
		return err
	}
	return os.Remove(src)
}
