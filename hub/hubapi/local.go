package hubapi

import (
	"net"
	"net/netip"
	"path/filepath"
	"strings"
)

// The control API of a hub on this machine is also served on a Unix socket
// in the state folder, "hub-PORT.sock" for the hub whose WebSocket listens
// on loopback port PORT. The folder is the user's, mode 0700: only the
// user's own processes can make the socket or reach it, so a client that
// finds it there needs no proof that the hub holds its token (GET /hello,
// a round trip on every new TCP connection) before it sends it. The
// extension still dials TCP: browsers speak no Unix sockets.

// maxSocketPath bounds the socket's path: sockaddr_un holds 104 bytes on
// macOS and the BSDs, 108 on Linux, the terminating NUL included.
const maxSocketPath = 100

// LocalSocket is the path of the Unix socket of the hub at addr (host:port,
// or http://host:port) in the state folder stateDir; "" when there is none
// to look for: addr is not a loopback address, or the path would be too
// long for a socket.
func LocalSocket(stateDir, addr string) string {
	if stateDir == "" {
		return ""
	}
	addr = strings.TrimPrefix(addr, "http://")
	host, port, err := net.SplitHostPort(strings.TrimRight(addr, "/"))
	if err != nil || port == "" || strings.Trim(port, "0123456789") != "" {
		return ""
	}
	if !strings.EqualFold(host, "localhost") {
		ip, err := netip.ParseAddr(host)
		if err != nil || !ip.IsLoopback() {
			return ""
		}
	}
	p := filepath.Join(stateDir, "hub-"+port+".sock")
	if len(p) > maxSocketPath {
		return ""
	}
	return p
}
