package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"browserctl/hub"
	"browserctl/rpc"
)

// State folder files of the background hub.
const (
	pidFileName = "daemon.pid"
	logFileName = "daemon.log"
)

// startTimeout bounds how long a started daemon may take to listen.
const startTimeout = 10 * time.Second

// statusTimeout bounds one GET /status: a port that accepts connections but
// never answers must not hang a command.
const statusTimeout = 3 * time.Second

// statusOf asks c for its status within statusTimeout.
func statusOf(ctx context.Context, c hub.Controller) (hub.Status, error) {
	ctx, cancel := context.WithTimeout(ctx, statusTimeout)
	defer cancel()
	st, err := c.Status(ctx)
	if err != nil && errors.Is(err, context.DeadlineExceeded) {
		return st, fmt.Errorf("%w: no answer to GET /status within %s", hub.ErrNotAHub, statusTimeout)
	}
	return st, err
}

// pollEvery is how often a waiting command asks the hub for its status.
const pollEvery = 25 * time.Millisecond

// autoHub is the one-shot commands' controller: a hub.Client that starts a
// background hub when nothing listens at --server, and waits (--wait) for
// the extension when the hub has none. The fast path is one POST /rpc.
type autoHub struct {
	f      *Factory
	client *hub.Client
	addr   string
}

func newAutoHub(f *Factory) (hub.Controller, error) {
	token, err := f.Token()
	if err != nil {
		return nil, err
	}
	return &autoHub{f: f, client: hub.NewClient(f.Globals.Server, token), addr: f.Globals.Server}, nil
}

// Call is at most once (issue 7.3): a hub is started and the call sent
// again only on hub.ErrNoHub, which the client answers only when nothing of
// the request was sent. A hub that went away after the request was sent
// answers hub.ErrCallInterrupted (exit 4, "may or may not have run"), and
// that is final.
func (a *autoHub) Call(ctx context.Context, method string, params any, timeout time.Duration) (json.RawMessage, error) {
	res, err := a.client.Call(ctx, method, params, timeout)
	if err == nil {
		return res, nil
	}
	var be *rpc.BrowserError
	switch {
	case errors.Is(err, hub.ErrNoHub):
		if err := a.ensureHub(ctx); err != nil {
			return nil, err
		}
	case errors.As(err, &be) && be.Code == rpc.CodeExtensionNotConnected && !be.Retryable && a.f.Globals.Wait > 0:
	default:
		return nil, err
	}
	if err := waitExtension(ctx, a.f, a.client, a.addr, a.f.Globals.Wait); err != nil {
		return nil, err
	}
	return a.client.Call(ctx, method, params, timeout)
}

func (a *autoHub) Status(ctx context.Context) (hub.Status, error) {
	st, err := statusOf(ctx, a.client)
	if errors.Is(err, hub.ErrNoHub) {
		if err := a.ensureHub(ctx); err != nil {
			return hub.Status{}, err
		}
		return statusOf(ctx, a.client)
	}
	return st, err
}

func (a *autoHub) UseSession(ctx context.Context, id string) (hub.Status, error) {
	st, err := a.client.UseSession(ctx, id)
	if errors.Is(err, hub.ErrNoHub) {
		if err := a.ensureHub(ctx); err != nil {
			return hub.Status{}, err
		}
		return a.client.UseSession(ctx, id)
	}
	return st, err
}

func (a *autoHub) Events(ctx context.Context) (<-chan hub.Event, error) {
	return a.client.Events(ctx)
}

// ensureHub starts a background hub at the address and waits for it to
// listen.
func (a *autoHub) ensureHub(ctx context.Context) error {
	return startDaemon(ctx, a.f, a.client, a.addr)
}

// startDaemon runs `browserctl serve --addr ADDR` in its own session, its
// output to the log in the state folder, and waits until it answers. A
// daemon that exits at once (the port taken meanwhile, a bad address) is
// reported with the end of its log; nothing waits forever.
func startDaemon(ctx context.Context, f *Factory, client *hub.Client, addr string) error {
	dir, err := f.StateDir()
	if err != nil {
		return err
	}
	exe, err := f.Executable()
	if err != nil {
		return fmt.Errorf("cannot find my own binary to start the hub: %w", err)
	}
	logPath := filepath.Join(dir, logFileName)
	logf, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return err
	}
	start, _ := logf.Seek(0, 2)
	c := &exec.Cmd{
		Path:        exe,
		Args:        []string{"browserctl", "serve", "--addr", addr},
		Dir:         dir, // not the caller's folder, which may go away
		Stdout:      logf,
		Stderr:      logf,
		SysProcAttr: &syscall.SysProcAttr{Setsid: true},
	}
	err = c.Start()
	logf.Close()
	if err != nil {
		return fmt.Errorf("starting the hub: %w", err)
	}
	fmt.Fprintf(f.IO.ErrOut, "started a hub on %s (pid %d, log %s)\n", addr, c.Process.Pid, logPath)
	exited := make(chan error, 1)
	go func() { exited <- c.Wait() }()

	ctx, cancel := context.WithTimeout(ctx, startTimeout)
	defer cancel()
	var exitErr error
	for {
		_, err := statusOf(ctx, client)
		if err == nil {
			return nil // ours, or another command's that won the race for the port
		}
		if !errors.Is(err, hub.ErrNoHub) {
			return err
		}
		if exitErr != nil {
			return fmt.Errorf("the hub exited at start (%v): %s", exitErr, logTail(logPath, start))
		}
		select {
		case exitErr = <-exited:
			// it may have lost the port to a hub another command started
			// at the same moment: ask once more
			exited = nil
		case <-ctx.Done():
			return fmt.Errorf("the hub did not listen on %s within %s; see %s", addr, startTimeout, logPath)
		case <-time.After(pollEvery):
		}
	}
}

// logTail is what a log file got since offset, trimmed to its last lines.
func logTail(path string, offset int64) string {
	b, err := os.ReadFile(path)
	if err != nil || int64(len(b)) < offset {
		return "see " + path
	}
	b = bytes.TrimSpace(b[offset:])
	lines := strings.Split(string(b), "\n")
	if len(lines) > 5 {
		lines = lines[len(lines)-5:]
	}
	if len(lines) == 1 && lines[0] == "" {
		return "see " + path
	}
	return strings.Join(lines, "; ")
}

// waitExtension polls the hub until an extension is connected, saying on
// stderr what it waits for. After d it answers a NotConnectedError.
func waitExtension(ctx context.Context, f *Factory, c hub.Controller, addr string, d time.Duration) error {
	st, err := statusOf(ctx, c)
	if err != nil {
		return err
	}
	if st.Connected {
		return nil
	}
	if d <= 0 {
		return &NotConnectedError{Msg: fmt.Sprintf("no extension connected to ws://%s/ws/browser", addr)}
	}
	fmt.Fprintf(f.IO.ErrOut, "waiting up to %s for the extension to connect to ws://%s/ws/browser ...\n", d, addr)
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	t := time.NewTicker(pollEvery * 4)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return &NotConnectedError{Msg: fmt.Sprintf("no extension connected to ws://%s/ws/browser within %s", addr, d)}
		case <-t.C:
		}
		st, err := statusOf(ctx, c)
		if err != nil && ctx.Err() == nil {
			return err
		}
		if st.Connected {
			fmt.Fprintln(f.IO.ErrOut, "extension connected")
			return nil
		}
	}
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
