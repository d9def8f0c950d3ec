// Package daemon owns the hub as a process of its own: `browserctl serve`
// holding the hub at an address with its pid in the state folder's
// daemon.pid (Serve), stopping that process by its pid (Stop), and telling
// which process holds a TCP port when the address is taken (FindPortHolder).
// Starting one in the background is hubclient's (AutoHub, Spawn): a one-shot
// command runs `browserctl serve`, which lands here.
package daemon

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"browserctl/cmd/internal/launcher"
	"browserctl/hub"
	"browserctl/hub/browserkeys"
	"browserctl/hub/capability"
	"browserctl/internal/proc"
)

// PidFileName is the background hub's pid file in the state folder.
const PidFileName = "daemon.pid"

// stopTimeout is how long Stop waits for the hub after SIGTERM.
const stopTimeout = 10 * time.Second

// pollEvery is how often Stop looks again whether the hub has ended.
const pollEvery = 25 * time.Millisecond

// ErrNotRunning: Stop found no hub daemon to stop.
var ErrNotRunning = errors.New("no hub daemon is running")

// PidPath is the pid file of the state folder dir.
func PidPath(dir string) string { return filepath.Join(dir, PidFileName) }

// ReadPid answers the pid a pid file holds, or 0 when there is no pid file.
func ReadPid(path string) (int, error) {
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

// removeIfOurs removes the pid file when it still names pid (a hub started
// since has written its own).
func removeIfOurs(path string, pid int) {
	if p, err := ReadPid(path); err == nil && p == pid {
		os.Remove(path)
	}
}

// IsServe says whether pid looks like a `browserctl serve` process, so a
// reused pid is never signalled. Without /proc it trusts the pid.
func IsServe(pid int) bool {
	args, ok := proc.Args(pid)
	if !ok {
		return true
	}
	return len(args) > 1 && slices.ContainsFunc(args[1:], func(a string) bool { return strings.HasPrefix(a, "serve") })
}

// Alive says whether pid runs (and is not a zombie).
func Alive(pid int) bool { return proc.Alive(pid) }

// Options say what hub Serve holds.
type Options struct {
	Addr         string
	Token        string
	ExtensionKey string // the extension's own key at /ws/browser
	ExtensionID  string // "": any extension's origin with the token
	Verbose      bool   // log every frame and call
	// StateDir is where the pid file goes and the launched browsers are
	// recorded; "" for none.
	StateDir string
	Log      io.Writer // the hub's log
	// AllowRemote opens RemoteAddr (serve --allow-remote): /ws/browser
	// alone, over TLS, for browsers on other machines with keys of their
	// own; Addr, with the control API, stays on loopback. TLSCert and
	// TLSKey are its certificate, else the state folder's self-signed
	// pair, made for RemoteAddr's names and Hosts.
	AllowRemote     bool
	RemoteAddr      string
	TLSCert, TLSKey string
	Hosts           []string
	// KeepJournal keeps the journal on disk too, in StateDir's journal/
	// (serve --keep).
	KeepJournal bool
}

// JournalDir is where a hub keeps its journal (serve --keep).
func JournalDir(stateDir string) string { return filepath.Join(stateDir, "journal") }

// Serve holds the hub at o.Addr until ctx ends: it writes the pid file,
// logs the hub's events, and removes the fresh profiles of launched
// browsers that died (launcher.Watch).
func Serve(ctx context.Context, o Options) error {
	if !LoopbackAddr(o.Addr) {
		return fmt.Errorf("%s is not a loopback address: the control API stays on this machine; browsers on other machines connect over wss:// to the remote address (serve --allow-remote --remote-addr HOST:PORT)", o.Addr)
	}
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		if errors.Is(err, syscall.EADDRINUSE) {
			return fmt.Errorf("%s is already in use (another hub or another program); `browserctl status --server %s` tells which", o.Addr, o.Addr)
		}
		return err
	}
	logger := log.New(o.Log, "", log.LstdFlags|log.Lmicroseconds)
	hopts := hub.Options{Token: o.Token, ExtensionKey: o.ExtensionKey, ExtensionID: o.ExtensionID}
	if o.KeepJournal && o.StateDir != "" {
		hopts.JournalDir = JournalDir(o.StateDir)
		if err := os.MkdirAll(hopts.JournalDir, 0o700); err != nil {
			ln.Close()
			return fmt.Errorf("--keep: %w", err)
		}
	}
	if o.StateDir != "" {
		caps, err := capability.Open(filepath.Join(o.StateDir, capability.FileName))
		if err == nil {
			hopts.BrowserKeys, err = browserkeys.Open(filepath.Join(o.StateDir, browserkeys.FileName))
		}
		if err != nil {
			ln.Close()
			return err
		}
		hopts.Capabilities = caps
	}
	var remote *remoteListener
	if o.AllowRemote {
		if remote, err = listenRemote(o); err != nil {
			ln.Close()
			return err
		}
	}
	if o.Verbose {
		hopts.Logf = logger.Printf
		hopts.FrameLog = o.Log
	}
	h := hub.New(hopts)
	defer h.Close()

	if o.StateDir != "" {
		pidPath := PidPath(o.StateDir)
		if err := os.WriteFile(pidPath, []byte(strconv.Itoa(os.Getpid())+"\n"), 0o600); err != nil {
			logger.Printf("cannot write %s: %v", pidPath, err)
		}
		defer removeIfOurs(pidPath, os.Getpid())
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if events, err := h.Events(ctx); err == nil {
		go func() {
			for ev := range events {
				logger.Printf("event %s %s%s", ev.Type, ev.Remote, ev.Session)
			}
		}()
	}
	if o.StateDir != "" {
		go launcher.Watch(ctx, h, o.StateDir, logger.Printf)
	}
	logger.Printf("hub listening on ws://%s/ws/browser (pid %d)", ln.Addr(), os.Getpid())
	if remote != nil {
		remote.announce(logger.Printf)
		go func() {
			if err := h.ServeRemote(ctx, remote.ln, remote.tls); err != nil {
				logger.Printf("remote listener: %v", err)
			}
		}()
	}
	// the control API on the state folder's Unix socket too (Addr is
	// loopback: checked above)
	{
		defer ServeLocal(ctx, h, o.StateDir, ln.Addr(), logger.Printf)()
	}
	err = h.Serve(ctx, ln)
	logger.Printf("hub stopped")
	if err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	return nil
}

// Stop stops the hub at server: the process hubPID when the hub answered
// with its pid (0 when it did not answer), else the one the pid file names.
// It sends SIGTERM and waits for the process to end, up to 10 s, then
// kills it; what it did goes to w. ErrNotRunning when there is no hub
// process to stop; a stale pid file is removed.
func Stop(ctx context.Context, server string, hubPID int, pidPath string, w io.Writer) error {
	pid := hubPID
	if pid > 0 && !IsServe(pid) {
		return fmt.Errorf("the hub at %s is held by pid %d, which is not `browserctl serve` (a REPL?): end it there", server, pid)
	}
	if pid <= 0 {
		var err error
		pid, err = ReadPid(pidPath)
		if err != nil {
			os.Remove(pidPath)
			return fmt.Errorf("%v; removed it", err)
		}
		if pid == 0 {
			return fmt.Errorf("%w (nothing answers at %s, no %s)", ErrNotRunning, server, pidPath)
		}
		if !proc.Alive(pid) || !IsServe(pid) {
			os.Remove(pidPath)
			return fmt.Errorf("%w: removed the stale pid file %s (pid %d is gone)", ErrNotRunning, pidPath, pid)
		}
	}
	if err := syscall.Kill(pid, syscall.SIGTERM); err != nil {
		return fmt.Errorf("stopping the hub (pid %d): %w", pid, err)
	}
	ctx, cancel := context.WithTimeout(ctx, stopTimeout)
	defer cancel()
	for proc.Alive(pid) {
		select {
		case <-ctx.Done():
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				syscall.Kill(pid, syscall.SIGKILL)
				os.Remove(pidPath)
				fmt.Fprintf(w, "the hub (pid %d) did not end within %s: killed it\n", pid, stopTimeout)
				return nil
			}
			return ctx.Err()
		case <-time.After(pollEvery):
		}
	}
	removeIfOurs(pidPath, pid)
	fmt.Fprintf(w, "stopped the hub (pid %d)\n", pid)
	return nil
}
