//go:build unix

package hubclient

import "syscall"

// peekOpen peeks at an idle socket without blocking: a hub that closed it
// (a restart) shows as end of file; a live idle one has nothing to read.
func peekOpen(fd uintptr) bool {
	var buf [1]byte
	_, _, err := syscall.Recvfrom(int(fd), buf[:], syscall.MSG_PEEK|syscall.MSG_DONTWAIT)
	return err == syscall.EAGAIN || err == syscall.EWOULDBLOCK
}
