package daemon

import (
	"net"
	"os"
	"strings"
)

// LoopbackAddr says whether addr (host:port) listens on loopback only:
// localhost or a loopback IP. A name other than localhost counts as remote,
// since it may resolve to any interface.
func LoopbackAddr(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = addr
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// remoteHosts are the Host names a hub asked to listen on asked (host:port)
// and listening on addr beyond loopback accepts: the name asked for and
// the address it listens on, or for an unspecified one (0.0.0.0, [::])
// this machine's interface addresses and host name. A name a DNS
// rebinding attacker controls is never among them.
func remoteHosts(asked string, addr net.Addr) []string {
	a, ok := addr.(*net.TCPAddr)
	if !ok {
		return nil
	}
	var hosts []string
	if h, _, err := net.SplitHostPort(asked); err == nil && net.ParseIP(h) == nil && h != "" {
		hosts = append(hosts, h)
	}
	if !a.IP.IsUnspecified() {
		return append(hosts, a.IP.String())
	}
	if ifaddrs, err := net.InterfaceAddrs(); err == nil {
		for _, ia := range ifaddrs {
			if n, ok := ia.(*net.IPNet); ok && !n.IP.IsLoopback() {
				hosts = append(hosts, n.IP.String())
			}
		}
	}
	if name, err := os.Hostname(); err == nil && name != "" {
		hosts = append(hosts, name)
	}
	return hosts
}
