package cmdutil

// The one-shot commands' hub: a client of the hub at --server that starts
// one in the background when none runs (hubclient.AutoHub), and fails at
// once naming the browser when every browser `launch` started has exited.

import (
	"errors"
	"time"

	"browserctl/cmd/internal/launcher"
	"browserctl/hub/capability"
	"browserctl/hub/hubapi"
	"browserctl/hub/hubclient"
)

// PollEvery is how often a waiting command looks again (a hub's status).
const PollEvery = 25 * time.Millisecond

// newAutoHub is the one-shot commands' controller: a client of the hub at
// --server that starts one when none runs and waits --wait for the
// extension.
func newAutoHub(f *Factory) (hubapi.Controller, error) {
	token, err := f.Token()
	if err != nil {
		return nil, err
	}
	if capability.Is(token) {
		// A capability reaches a running hub's session; it never starts one.
		c := hubclient.NewClient(f.Globals.Server, token)
		c.UseLocalSocket(LocalSocket(f))
		return c, nil
	}
	a := hubclient.NewAutoHub(f.Globals.Server, token, f.Globals.Wait, HubSpawn(f))
	a.UseLocalSocket(LocalSocket(f))
	a.SetBrowserGone(func() error { return LaunchedGoneIn(f) })
	return a, nil
}

// LocalSocket is the Unix socket of the hub at --server in the state
// folder ("" for none: see hubapi.LocalSocket).
func LocalSocket(f *Factory) string {
	dir, err := f.StateDir()
	if err != nil {
		return ""
	}
	return hubapi.LocalSocket(dir, f.Globals.Server)
}

// LaunchedGoneIn is launcher.Gone of the state folder.
func LaunchedGoneIn(f *Factory) error {
	dir, err := f.StateDir()
	if err != nil {
		return nil
	}
	return launcher.Gone(dir)
}

// HubSpawn is how this process starts a background hub.
func HubSpawn(f *Factory) hubclient.Spawn {
	return hubclient.Spawn{Executable: f.Executable, StateDir: f.StateDir, Stderr: f.IO.ErrOut}
}

// ErrCapabilityHoldsNoHub: $BROWSERCTL_TOKEN holds a capability, which
// reaches one session of a running hub and cannot start, hold or hand out
// one.
var ErrCapabilityHoldsNoHub = errors.New("$BROWSERCTL_TOKEN holds a session capability: it reaches one session of a running hub, and cannot start, hold or install a hub (unset it to use the control token)")

// ControlToken is the token that may start, hold or hand out a hub (serve,
// the REPL's own hub, extension install, launch, token): the control token,
// never a capability.
func ControlToken(f *Factory) (string, error) {
	t, err := f.Token()
	if err != nil {
		return "", err
	}
	if capability.Is(t) {
		return "", ErrCapabilityHoldsNoHub
	}
	return t, nil
}
