//go:build unix

package hub

import "syscall"

// syscallNoFollow refuses to open a journal file through a symlink.
const syscallNoFollow = syscall.O_NOFOLLOW
