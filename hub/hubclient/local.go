package hubclient

import (
	"context"
	"net"
)

// UseLocalSocket makes c reach its hub through the Unix socket at path
// (hubapi.LocalSocket) when one answers there in a folder only this user
// can reach: then no proof is asked (the socket could only be made by
// this user's own processes) and a new connection costs no round trip
// before its request. When the folder or the socket is not this user's
// alone, or nothing answers there (a hub that is gone, one that serves no
// socket), c dials the hub's TCP address and asks the proof as before.
func (c *Client) UseLocalSocket(path string) { c.local = path }

// dialLocal is a connection to the local socket, nil when there is none
// to trust or nothing answers on it.
func (c *Client) dialLocal(ctx context.Context, d *net.Dialer) net.Conn {
	if c.local == "" || !privateSocket(c.local) {
		return nil
	}
	nc, err := d.DialContext(ctx, "unix", c.local)
	if err != nil {
		return nil
	}
	return nc
}
