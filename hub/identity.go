package hub

// Who a connecting browser is: the "browser" member of its first auth
// frame (rpc.BrowserHello) when it sent one, else the seed's one slot,
// named after the peer's origin.

import (
	"net"
	"net/http"
	"os"
	"strings"
	"sync"

	"browserctl/hub/hubapi"
	"browserctl/internal/termsafe"
	"browserctl/rpc"
)

// Which secret a browser proved (hubapi.Browser.Key).
const (
	keyExtension = "extension" // this machine's extension key (or the token, for a hub given none)
	keyOwn       = "own"       // a remote browser's own key
)

// identify names the browser behind an authenticated upgrade request: a
// remote browser is the one its own key belongs to, whatever it says.
func identify(r *http.Request, remote string, who authed) hubapi.Browser {
	b := browserOf(r, remote)
	b.Key = keyExtension
	hello := who.hello
	if who.own != nil {
		b.ID, b.Name, b.Key = who.own.ID, who.own.Name, keyOwn
		if hello != nil {
			b.Profile = clip(termsafe.Line(hello.Profile), 200)
			b.Version = clip(termsafe.Line(hello.Version), 40)
		}
		return b
	}
	if hello == nil || rpc.ValidBrowserID(hello.ID) != nil {
		// a peer that follows the seed: the one slot all such peers share
		b.ID = seedBrowserID
		b.Name = b.ExtensionID
		if b.Name == "" {
			b.Name = "seed-" + strings.ReplaceAll(remoteHost(remote), ":", "-")
		}
		return b
	}
	b.ID = hello.ID
	b.Name = rpc.CleanBrowserName(hello.Name)
	b.Profile = clip(termsafe.Line(hello.Profile), 200)
	b.Version = clip(termsafe.Line(hello.Version), 40)
	if b.Name == "" {
		b.Name = defaultBrowserName(remote)
	}
	return b
}

// defaultBrowserName names a browser that gave no name: this machine's
// host name for one on loopback, the peer's address otherwise.
func defaultBrowserName(remote string) string {
	host := remoteHost(remote)
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		if n := hostName(); n != "" {
			return n
		}
		return "local"
	}
	if n := rpc.CleanBrowserName(host); n != "" {
		return n
	}
	return "remote"
}

var hostName = sync.OnceValue(func() string {
	n, _ := os.Hostname()
	n, _, _ = strings.Cut(n, ".")
	return rpc.CleanBrowserName(n)
})
