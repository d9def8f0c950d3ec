package cmdutil

import (
	"context"
	"os"
	"os/exec"
	"time"

	"browserctl/hub/hubapi"
	"browserctl/hub/hubclient"
	"browserctl/internal/iostreams"
	"browserctl/internal/statedir"
	"browserctl/internal/token"
)

// Factory holds what commands depend on, as lazy funcs, so tests replace
// any of them and nothing lives in package globals.
type Factory struct {
	IO      *iostreams.IOStreams
	Globals *Globals // filled in by the root's flags before a command runs
	// Defaults are the root flags' defaults; nil means the environment's
	// (EnvGlobals). The REPL's lines get the REPL's own flags here.
	Defaults *Globals

	// Hub is the controller calls go through. For one-shot commands: a
	// client of the hub at --server, starting a daemon when none runs and
	// waiting (--wait) for the extension. In the REPL: the REPL's hub.
	Hub func() (hubapi.Controller, error)
	// ExistingHub is a controller only when a hub already runs; it never
	// starts one nor waits (shell completion).
	ExistingHub func() (hubapi.Controller, error)

	StateDir   func() (string, error)
	Token      func() (string, error)
	Executable func() (string, error)
	Getenv     func(string) string
	Now        func() time.Time
	LookPath   func(string) (string, error)

	// InREPL is set for commands the REPL runs.
	InREPL bool
	// History lists the lines this REPL session ran (nil outside the REPL).
	History func() []string
	// Script is the script `save` writes (nil outside the REPL).
	Script func(ctx context.Context) []string
}

// NewFactory is the factory of a real process.
func NewFactory() *Factory {
	f := &Factory{
		IO:         iostreams.System(),
		Globals:    &Globals{},
		StateDir:   statedir.Dir,
		Token:      token.LoadOrCreate,
		Executable: os.Executable,
		Getenv:     os.Getenv,
		Now:        time.Now,
		LookPath:   exec.LookPath,
	}
	f.Hub = func() (hubapi.Controller, error) { return newAutoHub(f) }
	f.ExistingHub = func() (hubapi.Controller, error) {
		token, err := f.Token()
		if err != nil {
			return nil, err
		}
		c := hubclient.NewClient(f.Globals.Server, token)
		c.UseLocalSocket(LocalSocket(f))
		return c, nil
	}
	return f
}
