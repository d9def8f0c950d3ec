package daemon

import (
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"os"
	"strings"

	"browserctl/internal/tlspair"
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

// remoteListener is the remote (wss) listener serve --allow-remote opens.
type remoteListener struct {
	ln   net.Listener
	tls  *tls.Config
	pair tlspair.Pair
}

// listenRemote opens o.RemoteAddr with its certificate: o.TLSCert and
// o.TLSKey, else the state folder's self-signed pair.
func listenRemote(o Options) (*remoteListener, error) {
	if (o.TLSCert == "") != (o.TLSKey == "") {
		return nil, errors.New("--tls-cert and --tls-key go together")
	}
	if o.TLSCert == "" && o.StateDir == "" {
		return nil, errors.New("remote browsers need the state folder (their keys, the generated certificate), or --tls-cert and --tls-key")
	}
	ln, err := net.Listen("tcp", o.RemoteAddr)
	if err != nil {
		return nil, fmt.Errorf("the remote address %s: %w", o.RemoteAddr, err)
	}
	var pair tlspair.Pair
	if o.TLSCert != "" {
		pair, err = tlspair.Load(o.TLSCert, o.TLSKey)
	} else {
		pair, err = tlspair.LoadOrCreate(o.StateDir, append(remoteHosts(o.RemoteAddr, ln.Addr()), o.Hosts...))
	}
	if err != nil {
		ln.Close()
		return nil, err
	}
	cfg := &tls.Config{Certificates: []tls.Certificate{pair.Cert}, MinVersion: tls.VersionTLS12}
	return &remoteListener{ln: ln, tls: cfg, pair: pair}, nil
}

// announce logs where remote browsers connect and how Chromium trusts the
// certificate.
func (r *remoteListener) announce(logf func(string, ...any)) {
	logf("remote browsers: wss://%s/ws/browser (their own keys only; the control API stays on loopback)", r.ln.Addr())
	if r.pair.Generated {
		logf("remote browsers: the certificate is the state folder's self-signed one; start their Chromium with --ignore-certificate-errors-spki-list=%s (its key's SHA-256; `extension install --server wss://...` writes it into their config.json)", r.pair.SPKI())
	} else {
		logf("remote browsers: certificate %s, key SHA-256 %s", r.pair.Leaf.Subject, r.pair.SPKI())
	}
}
