//go:build !unix

package safefile

import (
	"fmt"
	"io/fs"
	"os"
)

// openNoFollow opens path for reading, failing on a symlink at its end.
func openNoFollow(path string) (*os.File, error) {
	if st, err := os.Lstat(path); err == nil && st.Mode()&fs.ModeSymlink != 0 {
		return nil, fmt.Errorf("%s is a symbolic link", path)
	}
	return os.Open(path)
}
