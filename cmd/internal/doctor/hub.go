package doctor

// doctor's hub hops: the hub at --server (told from a frozen one and from
// another program), the extension connected to it, and the connections the
// hub refused.

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"browserctl/cmd/internal/daemon"
	"browserctl/hub/hubclient"
	"browserctl/internal/termsafe"
	"browserctl/internal/token"
)

func checkHub(ctx context.Context, ds *state) Check {
	c := Check{Name: hopHub}
	switch {
	case ds.addr == "":
		c.Status, c.Detail = Skip, "needs a valid address"
		return c
	case ds.token == "":
		c.Status, c.Detail = Skip, "needs a token"
		return c
	}
	ds.client = hubclient.NewClient(ds.addr, ds.token)
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	st, err := ds.client.Status(cctx)
	switch {
	case err == nil:
		ds.hubStatus = &st
		c.Status = OK
		c.Detail = fmt.Sprintf("browserctl hub at %s (pid %d, protocol %d)", ds.addr, st.PID, st.Version)
	case errors.Is(err, hubclient.ErrUnproven): // before ErrUnauthorized, which it also is
		unprovenHub(&c, ds.addr)
	case errors.Is(err, hubclient.ErrUnauthorized):
		c.Status, c.Detail = Fail, "the hub refused our token"
		c.Fix = "the hub holds another token: use the same one ($" + token.Env + ", `browserctl token`), or `browserctl stop` that hub and retry"
	case errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil:
		frozenHub(&c, ds.addr)
	case errors.Is(err, hubclient.ErrNotAHub):
		c.Status, c.Detail = Fail, "another program answers at "+ds.addr+": not a browserctl hub"
		c.Fix = "stop that program, or pick another address with --server ($BROWSERCTL_SERVER)"
		if p, ok := daemon.FindPortHolder(ds.addr); ok {
			c.Fix = "stop that program (" + p.String() + "), or pick another address with --server ($BROWSERCTL_SERVER)"
		}
	default: // hubclient.ErrNoHub and anything else that is not an answer
		c.Status, c.Detail = Fail, "nothing listens at "+ds.addr
		c.Fix = "`browserctl serve` (any browser command also starts one in the background)"
	}
	return c
}

// unprovenHub is the hub check of an address whose answer did not prove it
// holds our token. Our token was not sent to it. A browserctl hub started
// with another token and a program squatting the port look the same from
// here; the process holding the port, when this user may see it, tells.
func unprovenHub(c *Check, addr string) {
	c.Status = Fail
	c.Detail = "the program at " + addr + " did not prove it holds our token (a hub with another token, or another program): our token was not sent to it"
	c.Fix = "the hub holds another token: use the same one ($" + token.Env + ", `browserctl token`), or `browserctl stop` that hub and retry; if it is not a browserctl hub, stop it or pick another address with --server ($BROWSERCTL_SERVER)"
	p, ok := daemon.FindPortHolder(addr)
	switch {
	case !ok:
	case p.Hub:
		c.Detail = fmt.Sprintf("the hub at %s (%s) holds another token: it could not prove it holds ours, so ours was not sent", addr, p)
		c.Fix = "use that hub's token ($" + token.Env + ", `browserctl token`), or `browserctl stop` that hub and retry"
	default:
		c.Detail = fmt.Sprintf("another program listens at %s (%s): it did not prove it holds our token, so the token was not sent to it", addr, p)
		c.Fix = fmt.Sprintf("stop that program (%s), or pick another address with --server ($BROWSERCTL_SERVER)", p)
	}
}

// frozenHub is the hub check of an address that accepts connections and
// answers nothing: a hub stopped with SIGSTOP, or wedged, and not another
// program (which would answer something).
func frozenHub(c *Check, addr string) {
	c.Status = Fail
	c.Detail = fmt.Sprintf("a frozen hub at %s: it accepts connections but sent no answer within %s", addr, timeout)
	c.Fix = "a hub that is stopped (SIGSTOP) or wedged: resume it (`kill -CONT PID`) or end it (`kill PID`, the pid in daemon.pid in the state folder); any command then starts a new one"
	p, ok := daemon.FindPortHolder(addr)
	switch {
	case !ok:
	case p.Stopped:
		c.Detail = fmt.Sprintf("a frozen hub at %s: its process (%s) is stopped (SIGSTOP): it accepts connections and answers nothing", addr, p)
		c.Fix = fmt.Sprintf("resume it: `kill -CONT %d`; or end it (`kill -9 %d`) and any command starts a new hub", p.PID, p.PID)
	case p.Hub:
		c.Detail = fmt.Sprintf("a frozen hub at %s (%s): it accepts connections but sent no answer within %s (wedged or overloaded)", addr, p, timeout)
		c.Fix = fmt.Sprintf("retry in a moment; if it stays silent, end it (`kill %d`) and any command starts a new hub", p.PID)
	default:
		c.Detail = fmt.Sprintf("a frozen program at %s (%s): it accepts connections but sent no answer within %s", addr, p, timeout)
		c.Fix = fmt.Sprintf("if it is a hub, resume it (`kill -CONT %d`) or end it; if not, stop it or pick another address with --server ($BROWSERCTL_SERVER)", p.PID)
	}
}

func checkExtension(env Env, ds *state) Check {
	c := Check{Name: hopExtension}
	st := ds.hubStatus
	if st == nil {
		c.Status, c.Detail = Skip, "needs the hub"
		return c
	}
	if st.Connected {
		c.Status = OK
		c.Detail = "connected" + sinceText(env.Now(), st.Since)
		return c
	}
	c.Status = Fail
	if st.Since.IsZero() {
		c.Detail = "no extension has connected to ws://" + ds.addr + "/ws/browser since the hub started"
	} else {
		c.Detail = "not connected; last seen at" + strings.TrimPrefix(sinceText(env.Now(), st.Since), " since")
	}
	c.Fix = "`browserctl launch`; or load the extension (`browserctl extension install DIR`, then Load unpacked in chrome://extensions) and check its popup's address and token"
	if r, ok := st.ExtensionRefusal(); ok {
		c.Detail += "; the hub refused a connection: " + termsafe.String(r.Describe(env.Now()))
		c.Fix = r.Fix
	}
	return c
}

// checkHandshake names the hub's refused connection attempts: the last one
// with its fix (a warning: the extension check fails on its own when the
// extension is missing).
func checkHandshake(env Env, ds *state) Check {
	c := Check{Name: hopHandshake}
	st := ds.hubStatus
	switch {
	case st == nil:
		c.Status, c.Detail = Skip, "needs the hub"
		return c
	case len(st.Refusals) == 0:
		c.Status, c.Detail = OK, "the hub refused no connection to /ws/browser"
		return c
	}
	r := st.Refusals[len(st.Refusals)-1]
	c.Status = Warn
	c.Detail = termsafe.String(r.Describe(env.Now()))
	if n := len(st.Refusals); n > 1 {
		c.Detail += fmt.Sprintf(" (and %d other refusals: `browserctl status`)", n-1)
	}
	c.Fix = r.Fix
	return c
}

// sinceText is " since 2026-01-02 15:04:05 (3m ago)", or "".
func sinceText(now, t time.Time) string {
	if t.IsZero() {
		return ""
	}
	ago := now.Sub(t).Round(time.Second)
	return fmt.Sprintf(" since %s (%s ago)", t.Local().Format(time.DateTime), ago)
}
