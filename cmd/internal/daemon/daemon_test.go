package daemon

import (
	"bytes"
	"context"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// syncBuffer is a log several goroutines write to.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func TestReadPid(t *testing.T) {
	dir := t.TempDir()
	path := PidPath(dir)
	if pid, err := ReadPid(path); pid != 0 || err != nil {
		t.Errorf("no pid file: %d, %v; want 0, nil", pid, err)
	}
	os.WriteFile(path, []byte("1234\n"), 0o600)
	if pid, err := ReadPid(path); pid != 1234 || err != nil {
		t.Errorf("pid file 1234: %d, %v", pid, err)
	}
	for _, bad := range []string{"", "x", "-3", "0"} {
		os.WriteFile(path, []byte(bad), 0o600)
		if _, err := ReadPid(path); err == nil || !strings.Contains(err.Error(), "is not a pid") {
			t.Errorf("pid file %q: %v, want 'is not a pid'", bad, err)
		}
	}
}

// TestServeWritesAndRemovesPidFile: the hub's pid file names this process
// while it serves and is gone once it stopped; the address answers.
func TestServeWritesAndRemovesPidFile(t *testing.T) {
	dir := t.TempDir()
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	var log syncBuffer
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, Options{Addr: addr, Token: "t0123456789", StateDir: dir, Log: &log}) }()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if pid, _ := ReadPid(PidPath(dir)); pid == os.Getpid() {
			break
		}
		if time.Now().After(deadline) {
			cancel()
			t.Fatalf("no pid file naming %d; log:\n%s", os.Getpid(), log.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if c, err := net.Dial("tcp", addr); err != nil {
		t.Errorf("the hub does not accept at %s: %v", addr, err)
	} else {
		c.Close()
	}
	// a second hub at the same address says who to ask
	err := Serve(context.Background(), Options{Addr: addr, Token: "t0123456789", Log: &log})
	if err == nil || !strings.Contains(err.Error(), "already in use") || !strings.Contains(err.Error(), "browserctl status --server "+addr) {
		t.Errorf("a second Serve at %s: %v", addr, err)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Serve: %v", err)
	}
	if _, err := os.Stat(PidPath(dir)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the pid file outlived the hub: %v", err)
	}
	if !strings.Contains(log.String(), "hub listening on ws://"+addr) || !strings.Contains(log.String(), "hub stopped") {
		t.Errorf("log:\n%s", log.String())
	}
}

// startServeLike starts a process whose command line has a "serve" word,
// as `browserctl serve` has, in a process group the test ends.
func startServeLike(t *testing.T) *exec.Cmd {
	t.Helper()
	c := exec.Command("sh", "-c", "sleep 30; :", "serve")
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = syscall.Kill(-c.Process.Pid, syscall.SIGKILL)
		_, _ = c.Process.Wait()
	})
	return c
}

func TestStopByPidFile(t *testing.T) {
	dir := t.TempDir()
	c := startServeLike(t)
	pid := c.Process.Pid
	deadline := time.Now().Add(5 * time.Second) // until the child has exec'd sh
	for !IsServe(pid) && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if !IsServe(pid) {
		t.Fatalf("pid %d (sh -c ... serve) is not taken for a hub", pid)
	}
	if IsServe(os.Getpid()) {
		t.Fatalf("the test binary is taken for a hub")
	}
	os.WriteFile(PidPath(dir), []byte(strconv.Itoa(pid)+"\n"), 0o600)
	var out bytes.Buffer
	if err := Stop(context.Background(), "127.0.0.1:1", 0, PidPath(dir), &out); err != nil {
		t.Fatalf("Stop: %v", err)
	}
	if Alive(pid) {
		t.Errorf("pid %d runs on after Stop", pid)
	}
	if want := "stopped the hub (pid " + strconv.Itoa(pid) + ")"; !strings.Contains(out.String(), want) {
		t.Errorf("Stop said %q, want %q", out.String(), want)
	}
	if _, err := os.Stat(PidPath(dir)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the pid file outlived the hub: %v", err)
	}
}

func TestStopRefusals(t *testing.T) {
	dir := t.TempDir()
	pidPath := PidPath(dir)
	var out bytes.Buffer
	if err := Stop(context.Background(), "127.0.0.1:1", 0, pidPath, &out); !errors.Is(err, ErrNotRunning) {
		t.Errorf("no hub, no pid file: %v, want ErrNotRunning", err)
	}
	// a pid file naming an ended process is stale: removed
	p, err := os.StartProcess("/bin/true", []string{"true"}, &os.ProcAttr{})
	if err != nil {
		t.Fatal(err)
	}
	p.Wait()
	os.WriteFile(pidPath, []byte(strconv.Itoa(p.Pid)), 0o600)
	if err := Stop(context.Background(), "127.0.0.1:1", 0, pidPath, &out); !errors.Is(err, ErrNotRunning) || !strings.Contains(err.Error(), "stale pid file") {
		t.Errorf("stale pid file: %v", err)
	}
	if _, err := os.Stat(pidPath); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the stale pid file is still there")
	}
	// a hub answering with the pid of a process that is not `serve` (a
	// REPL holding the hub) is not signalled
	err = Stop(context.Background(), "127.0.0.1:1", os.Getpid(), pidPath, &out)
	if err == nil || !strings.Contains(err.Error(), "not `browserctl serve`") {
		t.Errorf("a hub held by a REPL: %v", err)
	}
	os.WriteFile(pidPath, []byte("garbage"), 0o600)
	if err := Stop(context.Background(), "127.0.0.1:1", 0, pidPath, &out); err == nil || !strings.Contains(err.Error(), "removed it") {
		t.Errorf("a damaged pid file: %v", err)
	}
	if out.Len() != 0 {
		t.Errorf("Stop said %q while stopping nothing", out.String())
	}
}

func TestFindPortHolder(t *testing.T) {
	if _, err := os.Stat("/proc/net/tcp"); err != nil {
		t.Skip("no /proc/net/tcp: FindPortHolder finds nothing on this system")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	p, ok := FindPortHolder(ln.Addr().String())
	if !ok || p.PID != os.Getpid() || p.Hub || p.Stopped {
		t.Fatalf("FindPortHolder(%s) = %+v, %v; want this process (%d), not a hub", ln.Addr(), p, ok, os.Getpid())
	}
	if want := filepath.Base(os.Args[0]); len(want) > 15 && p.Name != want[:15] || len(want) <= 15 && p.Name != want {
		t.Errorf("the holder's name is %q, want %q", p.Name, want)
	}
	addr := ln.Addr().String()
	ln.Close()
	if p, ok := FindPortHolder(addr); ok {
		t.Errorf("a closed port is held by %v", p)
	}
	if _, ok := FindPortHolder("not an address"); ok {
		t.Error("a bad address has a holder")
	}
}
