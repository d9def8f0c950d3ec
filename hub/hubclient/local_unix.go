//go:build unix

package hubclient

import (
	"os"
	"path/filepath"
	"syscall"
)

// privateSocket: path is a socket of this user's in a folder of this
// user's where no one else may make or replace a file (not writable by
// group or others; the state folder is made 0700). Nobody else could have
// made the socket, or can swap it for theirs before we dial.
func privateSocket(path string) bool {
	uid := uint32(os.Getuid())
	dir, err := os.Lstat(filepath.Dir(path))
	if err != nil || !dir.IsDir() || dir.Mode().Perm()&0o022 != 0 || ownerOf(dir) != uid {
		return false
	}
	sock, err := os.Lstat(path)
	return err == nil && sock.Mode()&os.ModeSocket != 0 && ownerOf(sock) == uid
}

func ownerOf(fi os.FileInfo) uint32 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return st.Uid
	}
	return ^uint32(0)
}
