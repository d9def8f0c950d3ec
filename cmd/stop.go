package cmd

import (
	"context"
	"errors"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/cmd/internal/daemon"
	"browserctl/cmd/internal/launcher"
	"browserctl/hub/hubclient"
	"browserctl/rpc"
)

func newCmdStop(f *cmdutil.Factory, runF func(context.Context, *cmdutil.Factory) error) *cobra.Command {
	return &cobra.Command{
		Use:   "stop",
		Short: "Stop the background hub and the browsers launch started",
		Long: `Stop the hub that a one-shot command (or ` + "`serve`" + `) started, by the pid in
daemon.pid in the state folder: SIGTERM, then wait for it to end. The
browsers ` + "`launch`" + ` started are ended too, and the fresh profiles it made for
them removed (a browser you started yourself is left alone).`,
		Example: `  browserctl stop`,
		Args:    cmdutil.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if runF != nil {
				return runF(c.Context(), f)
			}
			return stopRun(c.Context(), f)
		},
		Annotations: cmdutil.NotReplayed(rpc.NotPageWork),
	}
}

func stopRun(ctx context.Context, f *cmdutil.Factory) error {
	dir, err := f.StateDir()
	if err != nil {
		return err
	}
	ended, berr := launcher.EndAll(dir, f.IO.ErrOut)
	herr := stopHub(ctx, f, dir)
	if errors.Is(herr, daemon.ErrNotRunning) && ended > 0 {
		herr = nil // no hub to stop, but browsers were: done
	}
	return errors.Join(berr, herr)
}

// stopHub stops the hub at --server, or the one daemon.pid names.
func stopHub(ctx context.Context, f *cmdutil.Factory, dir string) error {
	// The hub at --server names its own pid; the pid file is the fallback
	// for a hub that does not answer (or refuses our token).
	pid := 0
	if h, err := f.ExistingHub(); err == nil {
		if st, err := hubclient.StatusOf(ctx, h); err == nil {
			pid = st.PID
		}
	}
	return daemon.Stop(ctx, f.Globals.Server, pid, daemon.PidPath(dir), f.IO.ErrOut)
}
