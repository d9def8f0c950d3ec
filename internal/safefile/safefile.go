// Package safefile is how browserctl writes every file it writes for the
// person or an agent: never through a symlink, never over an existing file
// unless asked (--force), never half-written, and with the mode it chose
// whatever the umask (0600 unless a kind of file says otherwise). A file is
// written to a temporary name in its own folder and then published: linked
// into place when nothing may be replaced (the link fails if the name
// exists, as a symlink too), renamed over the old file when it may (rename
// replaces a symlink itself, never its target, and a symlink is refused
// before). It also owns the one confinement check (confine.go) that keeps
// the MCP server's reads and writes inside the folders it was given.
package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Private is the mode of every file browserctl writes that can hold a
// secret: screenshots and PDFs of the person's pages, HARs, response
// bodies, state files, traces, recordings, config.json with a key.
const Private fs.FileMode = 0o600

// ErrExists is the error for an existing file that may not be replaced
// (fs.ErrExist, so errors.Is finds either).
var ErrExists = fs.ErrExist

// ExistsError says path exists and the caller did not ask to replace it.
type ExistsError struct{ Path string }

func (e *ExistsError) Error() string {
	return e.Path + " exists; --force replaces it"
}

func (e *ExistsError) Unwrap() error { return ErrExists }

// SymlinkError says path is a symbolic link, which is never written
// through nor replaced.
type SymlinkError struct{ Path string }

func (e *SymlinkError) Error() string {
	return "cannot write " + e.Path + ": it is a symbolic link (browserctl writes no file through one)"
}

// Check is an error unless path can be written: it is not a folder nor a
// symlink, it does not exist (or overwrite), and its folder exists and
// takes files. The probe file it creates to find out is removed again.
func Check(path string, overwrite bool) error {
	if path == "" {
		return errors.New("the output file name is empty")
	}
	if err := checkTarget(path, overwrite); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".probe-*")
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", path, unwrapPath(err))
	}
	tmp.Close()
	os.Remove(tmp.Name())
	return nil
}

func checkTarget(path string, overwrite bool) error {
	st, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("cannot write %s: %v", path, unwrapPath(err))
	case st.Mode()&fs.ModeSymlink != 0:
		return &SymlinkError{Path: path}
	case st.IsDir():
		return fmt.Errorf("cannot write %s: it is a folder", path)
	case !st.Mode().IsRegular():
		return fmt.Errorf("cannot write %s: it is not a regular file", path)
	case !overwrite:
		return &ExistsError{Path: path}
	}
	return nil
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// WriteFile writes data to path with mode (umask aside), replacing an
// existing regular file only with overwrite.
func WriteFile(path string, data []byte, mode fs.FileMode, overwrite bool) error {
	f, err := Create(path, mode, overwrite)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

// File is a file being written: a temporary file beside its final name
// until Commit publishes it. Abort (or a failed Commit) removes it.
type File struct {
	*os.File
	path      string
	overwrite bool
	done      bool
}

// Create starts writing path with mode: it fails at once when path could
// not be published (a symlink, a folder, or existing without overwrite).
func Create(path string, mode fs.FileMode, overwrite bool) (*File, error) {
	if path == "" {
		return nil, errors.New("the output file name is empty")
	}
	if err := checkTarget(path, overwrite); err != nil {
		return nil, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return nil, err
	}
	if err := tmp.Chmod(mode.Perm()); err != nil { // the umask is not ours to keep
		tmp.Close()
		os.Remove(tmp.Name())
		return nil, err
	}
	return &File{File: tmp, path: path, overwrite: overwrite}, nil
}

// Path is the final name.
func (f *File) Path() string { return f.path }

// Abort closes and removes the temporary file; the final name is untouched.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	f.File.Close()
	os.Remove(f.File.Name())
}

// Commit syncs and closes the file and publishes it under its final name.
func (f *File) Commit() error {
	if f.done {
		return errors.New("safefile: committed or aborted already")
	}
	f.done = true
	tmp := f.File.Name()
	defer os.Remove(tmp) // after a link, the temporary name; after a failure, the file
	if err := f.File.Sync(); err != nil {
		f.File.Close()
		return err
	}
	if err := f.File.Close(); err != nil {
		return err
	}
	return publish(tmp, f.path, f.overwrite)
}

// publish moves tmp (a file of ours) to path.
func publish(tmp, path string, overwrite bool) error {
	if !overwrite {
		err := os.Link(tmp, path)
		if err == nil || errors.Is(err, fs.ErrExist) {
			if errors.Is(err, fs.ErrExist) {
				return checkTargetOr(path, &ExistsError{Path: path})
			}
			return nil
		}
		// No hard links on this file system: the check, then a rename.
		if err := checkTarget(path, false); err != nil {
			return err
		}
		return os.Rename(tmp, path)
	}
	if err := checkTarget(path, true); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// checkTargetOr is checkTarget's error for path (a symlink says so), else
// def.
func checkTargetOr(path string, def error) error {
	if err := checkTarget(path, true); err != nil {
		return err
	}
	return def
}

// MkdirAll makes dir and its parents, the new ones 0700.
func MkdirAll(dir string) error {
	return os.MkdirAll(dir, 0o700)
}

// CopyFile copies src (a regular file, opened without following a final
// symlink) to dst with mode.
func CopyFile(dst, src string, mode fs.FileMode, overwrite bool) error {
	in, err := openNoFollow(src)
	if err != nil {
		return err
	}
	defer in.Close()
	st, err := in.Stat()
	if err != nil {
		return err
	}
	if !st.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file", src)
	}
	out, err := Create(dst, mode, overwrite)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Abort()
		return err
	}
	return out.Commit()
}
