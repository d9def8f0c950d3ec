package cmd

// The background hub's pid file, which `serve` writes and `stop` reads. The
// auto-start policy (start a hub when none runs, wait for the extension) is
// hubclient.AutoHub; newAutoHub wires it to the Factory.

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"

	"browserctl/hubapi"
	"browserctl/hubclient"
)

// pidFileName is the background hub's pid file in the state folder.
const pidFileName = "daemon.pid"

// pollEvery is how often a waiting command looks again (a hub's status, a
// process's end).
const pollEvery = 25 * time.Millisecond

// newAutoHub is the one-shot commands' controller: a client of the hub at
// --server that starts one when none runs and waits --wait for the
// extension.
func newAutoHub(f *Factory) (hubapi.Controller, error) {
	token, err := f.Token()
	if err != nil {
		return nil, err
	}
	a := hubclient.NewAutoHub(f.Globals.Server, token, f.Globals.Wait, hubSpawn(f))
	a.SetBrowserGone(func() error { return launchedGoneIn(f) })
	return a, nil
}

// launchedGoneIn is launchedGone of the state folder.
func launchedGoneIn(f *Factory) error {
	dir, err := f.StateDir()
	if err != nil {
		return nil
	}
	return launchedGone(dir)
}

// hubSpawn is how this process starts a background hub.
func hubSpawn(f *Factory) hubclient.Spawn {
	return hubclient.Spawn{Executable: f.Executable, StateDir: f.StateDir, Stderr: f.IO.ErrOut}
}

// readPidFile answers the daemon's pid, or 0 when there is no pid file.
func readPidFile(path string) (int, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || pid <= 0 {
		return 0, fmt.Errorf("pid file %s is not a pid: %q", path, strings.TrimSpace(string(b)))
	}
	return pid, nil
}

// processAlive says whether pid runs (and is not a zombie).
func processAlive(pid int) bool {
	if err := syscall.Kill(pid, 0); err != nil && !errors.Is(err, syscall.EPERM) {
		return false
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true // no /proc: trust kill(0)
	}
	// the state follows the command name in parentheses
	s := string(b)
	if i := strings.LastIndexByte(s, ')'); i >= 0 && i+2 < len(s) {
		return s[i+2] != 'Z'
	}
	return true
}

// isOurDaemon says whether pid looks like a `browserctl serve` process, so a
// reused pid is never signalled.
func isOurDaemon(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	if err != nil {
		return true // no /proc: trust the pid file
	}
	return bytes.Contains(b, []byte("\x00serve"))
}
