// Package uploads checks the local files a file input is given before the
// browser is asked to read them: each must exist, be a regular file and be
// readable, and goes to the browser as an absolute path (it does not share
// the command's working folder). Browser and CLI share a machine.
package uploads

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// IsFile says whether path names an existing regular file.
func IsFile(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}

// Paths checks that every file exists, is a regular file and can be read,
// and answers their absolute paths in order; the first that fails is the
// error, naming the file as given.
func Paths(files []string) ([]string, error) {
	out := make([]string, 0, len(files))
	for _, name := range files {
		abs, err := filepath.Abs(name)
		if err != nil {
			return nil, err
		}
		st, err := os.Stat(abs)
		switch {
		case errors.Is(err, os.ErrNotExist):
			return nil, fmt.Errorf("no such file: %s", name)
		case err != nil:
			return nil, err
		case !st.Mode().IsRegular():
			return nil, fmt.Errorf("not a regular file: %s", name)
		}
		fh, err := os.Open(abs)
		if err != nil {
			return nil, fmt.Errorf("cannot read %s: %w", name, err)
		}
		fh.Close()
		out = append(out, abs)
	}
	return out, nil
}
