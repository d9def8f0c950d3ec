//go:build !unix

package hub

// peekOpen cannot peek here: a kept connection is taken as open, and one
// the hub closed fails its request once.
func peekOpen(uintptr) bool { return true }
