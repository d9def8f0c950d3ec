//go:build unix

package safefile

import (
	"os"
	"syscall"
)

// openNoFollow opens path for reading, failing on a symlink at its end.
func openNoFollow(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW, 0)
}
