//go:build !unix

package hub

// syscallNoFollow: no O_NOFOLLOW here.
const syscallNoFollow = 0
