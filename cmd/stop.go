package cmd

import (
	"browserctl/hubclient"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"github.com/spf13/cobra"
)

// stopTimeout is how long stop waits for the daemon after SIGTERM.
const stopTimeout = 10 * time.Second

func newCmdStop(f *Factory, runF func(context.Context, *Factory) error) *cobra.Command {
	return &cobra.Command{
		Use:   "stop",
		Short: "Stop the background hub and the browsers launch started",
		Long: `Stop the hub that a one-shot command (or ` + "`serve`" + `) started, by the pid in
daemon.pid in the state folder: SIGTERM, then wait for it to end. The
browsers ` + "`launch`" + ` started are ended too, and the fresh profiles it made for
them removed (a browser you started yourself is left alone).`,
		Example: `  browserctl stop`,
		Args:    noArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if runF != nil {
				return runF(c.Context(), f)
			}
			return stopRun(c.Context(), f)
		},
		Annotations: notReplayed(notPageWork),
	}
}

func stopRun(ctx context.Context, f *Factory) error {
	dir, err := f.StateDir()
	if err != nil {
		return err
	}
	ended, berr := endLaunched(dir, f.IO.ErrOut)
	herr := stopHub(ctx, f, dir)
	if errors.Is(herr, errNoDaemon) && ended > 0 {
		herr = nil // no hub to stop, but browsers were: done
	}
	return errors.Join(berr, herr)
}

// errNoDaemon: stop found no hub daemon to stop.
var errNoDaemon = errors.New("no hub daemon is running")

// stopHub stops the hub at --server, or the one daemon.pid names.
func stopHub(ctx context.Context, f *Factory, dir string) error {
	var err error
	pidPath := filepath.Join(dir, pidFileName)
	// The hub at --server names its own pid; the pid file is the fallback
	// for a hub that does not answer (or refuses our token).
	pid := 0
	if h, err := f.ExistingHub(); err == nil {
		if st, err := hubclient.StatusOf(ctx, h); err == nil && st.PID > 0 {
			if !isOurDaemon(st.PID) {
				return fmt.Errorf("the hub at %s is held by pid %d, which is not `browserctl serve` (a REPL?): end it there", f.Globals.Server, st.PID)
			}
			pid = st.PID
		}
	}
	if pid == 0 {
		pid, err = readPidFile(pidPath)
		if err != nil {
			os.Remove(pidPath)
			return fmt.Errorf("%v; removed it", err)
		}
		if pid == 0 {
			return fmt.Errorf("%w (nothing answers at %s, no %s)", errNoDaemon, f.Globals.Server, pidPath)
		}
		if !processAlive(pid) || !isOurDaemon(pid) {
			os.Remove(pidPath)
			return fmt.Errorf("%w: removed the stale pid file %s (pid %d is gone)", errNoDaemon, pidPath, pid)
		}
	}
	if err := syscall.Kill(pid, syscall.SIGTERM); err != nil {
		return fmt.Errorf("stopping the hub (pid %d): %w", pid, err)
	}
	ctx, cancel := context.WithTimeout(ctx, stopTimeout)
	defer cancel()
	for processAlive(pid) {
		select {
		case <-ctx.Done():
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				syscall.Kill(pid, syscall.SIGKILL)
				os.Remove(pidPath)
				fmt.Fprintf(f.IO.ErrOut, "the hub (pid %d) did not end within %s: killed it\n", pid, stopTimeout)
				return nil
			}
			return ctx.Err()
		case <-time.After(pollEvery):
		}
	}
	removePidFileIfOurs(pidPath, pid)
	fmt.Fprintf(f.IO.ErrOut, "stopped the hub (pid %d)\n", pid)
	return nil
}
