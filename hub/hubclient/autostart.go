package hubclient

// The one-shot commands' auto-start policy: start `browserctl serve` in the
// background when nothing listens, and wait for the extension when the hub
// has none.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// LogFileName is the background hub's log in the state folder.
const LogFileName = "daemon.log"

// startTimeout bounds how long a started daemon may take to listen.
const startTimeout = 10 * time.Second

// StatusTimeout bounds one GET /status: a port that accepts connections but
// never answers must not hang a command.
const StatusTimeout = 3 * time.Second

// pollEvery is how often a waiting command asks the hub for its status.
const pollEvery = 25 * time.Millisecond

// StatusOf asks c for its status within StatusTimeout.
func StatusOf(ctx context.Context, c hubapi.Controller) (hubapi.Status, error) {
	ctx, cancel := context.WithTimeout(ctx, StatusTimeout)
	defer cancel()
	st, err := c.Status(ctx)
	if err != nil && errors.Is(err, context.DeadlineExceeded) {
		return st, fmt.Errorf("%w: no answer to GET /status within %s", ErrNotAHub, StatusTimeout)
	}
	return st, err
}

// NotConnectedError is a hub without an extension after waiting for one (or
// with no --wait). It reads as the hub's own answer to a call made then,
// `error 4101 extension_not_connected: MESSAGE`, and unwraps to that
// *rpc.BrowserError (not retryable), so it prints, hints and exits (3) the
// same way.
type NotConnectedError struct {
	Msg  string
	Hint string // what to do, when the hub knows why (a refused handshake); "" for the usual hint
}

func (e *NotConnectedError) Error() string { return e.Unwrap().Error() }

// Unwrap is the hub's error for a call made while no extension is connected.
func (e *NotConnectedError) Unwrap() error {
	return &rpc.BrowserError{Message: e.Msg, Code: rpc.CodeExtensionNotConnected}
}

// notConnected is the NotConnectedError for st: msg, and when the hub
// refused what may have been the extension, that refusal and its fix.
func notConnected(msg string, st hubapi.Status) *NotConnectedError {
	e := &NotConnectedError{Msg: msg}
	if r, ok := st.ExtensionRefusal(); ok {
		e.Msg += "; the hub refused a connection: " + r.Describe(time.Now())
		e.Hint = r.Fix
	}
	return e
}

// Spawn is what starting a background hub needs from the command line.
type Spawn struct {
	// Executable is this binary, run as `browserctl serve --addr ADDR`.
	Executable func() (string, error)
	// StateDir holds the hub's log; the hub runs in it.
	StateDir func() (string, error)
	// Stderr gets "started a hub ..." and the waiting messages.
	Stderr io.Writer
}

// AutoHub is the one-shot commands' controller: a Client that starts a
// background hub when nothing listens at its address, and waits (wait) for
// the extension when the hub has none. The fast path is one POST /rpc.
type AutoHub struct {
	client *Client
	addr   string
	wait   time.Duration
	spawn  Spawn
	gone   func() error // see SetBrowserGone
}

var _ hubapi.Controller = (*AutoHub)(nil)

// NewAutoHub reaches the hub at server with token, starting one with spawn
// when none listens and waiting up to wait for its extension.
func NewAutoHub(server, token string, wait time.Duration, spawn Spawn) *AutoHub {
	return &AutoHub{client: NewClient(server, token), addr: server, wait: wait, spawn: spawn}
}

// UseLocalSocket is Client.UseLocalSocket of the client a uses.
func (a *AutoHub) UseLocalSocket(path string) { a.client.UseLocalSocket(path) }

// SetBrowserGone gives the hub a way to tell that no extension is coming:
// when a call finds none connected, gone runs first, and an error from it
// (the browser `launch` started has exited) is the call's answer at once,
// instead of waiting for an extension.
func (a *AutoHub) SetBrowserGone(gone func() error) { a.gone = gone }

// browserGone is gone's answer, nil without one.
func (a *AutoHub) browserGone() error {
	if a.gone == nil {
		return nil
	}
	return a.gone()
}

// Call is at most once: a hub is started and the call sent
// again only on ErrNoHub, which the client answers only when nothing of
// the request was sent. A hub that went away after the request was sent
// answers ErrCallInterrupted (exit 4, "may or may not have run"), and
// that is final.
func (a *AutoHub) Call(ctx context.Context, method string, params any, timeout time.Duration) (json.RawMessage, error) {
	if timeout <= 0 {
		timeout = rpc.DefaultTimeout
	}
	// Every step below (the call, starting a hub, waiting for the
	// extension, the call again) shares one deadline: the command's budget.
	ctx, budgetEnd := withCallBudget(ctx, timeout)
	ctx, cancel := context.WithDeadline(ctx, callEnd(ctx, time.Now(), timeout).Add(transportMargin))
	defer cancel()
	res, err := a.client.Call(ctx, method, params, timeout)
	if err == nil {
		return res, nil
	}
	var be *rpc.BrowserError
	switch {
	case errors.Is(err, ErrNoHub):
		if err := a.ensureHub(ctx); err != nil {
			return nil, err
		}
	case errors.As(err, &be) && be.Code == rpc.CodeExtensionNotConnected:
		if gerr := a.browserGone(); gerr != nil {
			return nil, gerr
		}
		if be.Retryable || a.wait <= 0 {
			return nil, err
		}
	default:
		return nil, err
	}
	if gerr := a.browserGone(); gerr != nil {
		return nil, gerr
	}
	// --wait, but never past the budget: the call after it needs a moment
	wait := min(a.wait, time.Until(budgetEnd)).Round(100 * time.Millisecond)
	if err := WaitExtension(ctx, a.spawn.Stderr, a.client, a.addr, wait); err != nil {
		return nil, err
	}
	return a.client.Call(ctx, method, params, timeout)
}

func (a *AutoHub) Status(ctx context.Context) (hubapi.Status, error) {
	st, err := StatusOf(ctx, a.client)
	if errors.Is(err, ErrNoHub) {
		if err := a.ensureHub(ctx); err != nil {
			return hubapi.Status{}, err
		}
		return StatusOf(ctx, a.client)
	}
	return st, err
}

func (a *AutoHub) UseSession(ctx context.Context, id string) (hubapi.Status, error) {
	st, err := a.client.UseSession(ctx, id)
	if errors.Is(err, ErrNoHub) {
		if err := a.ensureHub(ctx); err != nil {
			return hubapi.Status{}, err
		}
		return a.client.UseSession(ctx, id)
	}
	return st, err
}

// Grant and Revoke reach a running hub only: a capability of a hub that
// has just started would be of no session.
func (a *AutoHub) Grant(ctx context.Context, req hubapi.GrantRequest) (hubapi.Granted, error) {
	return a.client.Grant(ctx, req)
}

func (a *AutoHub) Grants(ctx context.Context) (hubapi.GrantList, error) {
	return a.client.Grants(ctx)
}

func (a *AutoHub) Revoke(ctx context.Context, req hubapi.RevokeRequest) (hubapi.RevokeResult, error) {
	return a.client.Revoke(ctx, req)
}

// Journal reads a running hub's journal (a hub started now has none).
func (a *AutoHub) Journal(ctx context.Context, session string, after int64, follow bool) (<-chan hubapi.JournalEntry, error) {
	return a.client.Journal(ctx, session, after, follow)
}

func (a *AutoHub) Events(ctx context.Context) (<-chan hubapi.Event, error) {
	return a.client.Events(ctx)
}

// ensureHub starts a background hub at the address and waits for it to
// listen.
func (a *AutoHub) ensureHub(ctx context.Context) error {
	return a.spawn.StartDaemon(ctx, a.client, a.addr)
}

// StartDaemon runs `browserctl serve --addr ADDR` in its own session, its
// output to the log in the state folder, and waits until client gets an
// answer. A daemon that exits at once (the port taken meanwhile, a bad
// address) is reported with the end of its log; nothing waits forever.
func (s Spawn) StartDaemon(ctx context.Context, client *Client, addr string) error {
	dir, err := s.StateDir()
	if err != nil {
		return err
	}
	exe, err := s.Executable()
	if err != nil {
		return fmt.Errorf("cannot find my own binary to start the hub: %w", err)
	}
	logPath := filepath.Join(dir, LogFileName)
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
	fmt.Fprintf(s.Stderr, "started a hub on %s (pid %d, log %s)\n", addr, c.Process.Pid, logPath)
	exited := make(chan error, 1)
	go func() { exited <- c.Wait() }()

	ctx, cancel := context.WithTimeout(ctx, startTimeout)
	defer cancel()
	var exitErr error
	for {
		_, err := StatusOf(ctx, client)
		if err == nil {
			return nil // ours, or another command's that won the race for the port
		}
		if !errors.Is(err, ErrNoHub) {
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

// WaitExtension polls the hub until an extension is connected, saying on
// stderr what it waits for. After d it answers a NotConnectedError.
func WaitExtension(ctx context.Context, stderr io.Writer, c hubapi.Controller, addr string, d time.Duration) error {
	st, err := StatusOf(ctx, c)
	if err != nil {
		return err
	}
	if st.Connected {
		return nil
	}
	if d <= 0 {
		return notConnected(fmt.Sprintf("no extension connected to ws://%s/ws/browser", addr), st)
	}
	fmt.Fprintf(stderr, "waiting up to %s for the extension to connect to ws://%s/ws/browser ...\n", d, addr)
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	t := time.NewTicker(pollEvery * 4)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return notConnected(fmt.Sprintf("no extension connected to ws://%s/ws/browser within %s", addr, d), st)
		case <-t.C:
		}
		next, err := StatusOf(ctx, c)
		if err == nil {
			st = next
		}
		if err != nil && ctx.Err() == nil {
			return err
		}
		if st.Connected {
			fmt.Fprintln(stderr, "extension connected")
			return nil
		}
	}
}
