package proc

import (
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// startSleep starts `sleep 30` in a process group of its own and ends it
// when the test ends.
func startSleep(t *testing.T) *exec.Cmd {
	t.Helper()
	c := exec.Command("sleep", "30")
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := c.Start(); err != nil {
		t.Skipf("no sleep binary: %v", err)
	}
	t.Cleanup(func() {
		_ = c.Process.Kill()
		_, _ = c.Process.Wait()
	})
	return c
}

func TestAliveAndGone(t *testing.T) {
	if !Alive(os.Getpid()) {
		t.Fatal("this process is not alive")
	}
	c := startSleep(t)
	pid := c.Process.Pid
	if !Alive(pid) || !GroupRuns(pid) {
		t.Fatalf("the child %d: alive %v, group runs %v", pid, Alive(pid), GroupRuns(pid))
	}
	_ = c.Process.Signal(syscall.SIGKILL)
	deadline := time.Now().Add(5 * time.Second)
	for Alive(pid) && time.Now().Before(deadline) { // a zombie until reaped: not alive
		time.Sleep(10 * time.Millisecond)
	}
	if Alive(pid) {
		t.Errorf("the killed child %d is still alive", pid)
	}
	if GroupRuns(pid) {
		t.Errorf("the killed child's group %d still runs (a zombie counts)", pid)
	}
	_, _ = c.Process.Wait()
	if Alive(pid) || Alive(0) || Alive(-1) {
		t.Error("a reaped pid, 0 or -1 is alive")
	}
}

func TestStopped(t *testing.T) {
	c := startSleep(t)
	pid := c.Process.Pid
	if Stopped(pid) {
		t.Fatal("a running child is stopped")
	}
	_ = c.Process.Signal(syscall.SIGSTOP)
	deadline := time.Now().Add(5 * time.Second)
	for !Stopped(pid) && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if hasProc() && !Stopped(pid) {
		t.Error("a child sent SIGSTOP is not stopped")
	}
}

func TestStartTimeNameArgs(t *testing.T) {
	if !hasProc() {
		t.Skip("no /proc on this system: nothing to read")
	}
	c := startSleep(t)
	pid := c.Process.Pid
	if StartTime(pid) == 0 || StartTime(pid) < StartTime(os.Getpid()) {
		t.Errorf("the child started at %d, before this process (%d)", StartTime(pid), StartTime(os.Getpid()))
	}
	if n := Name(pid); n != "sleep" {
		t.Errorf("Name = %q, want sleep", n)
	}
	args, ok := Args(pid)
	if !ok || len(args) != 2 || filepath.Base(args[0]) != "sleep" || args[1] != "30" {
		t.Errorf("Args = %q, %v; want [sleep 30]", args, ok)
	}
	if _, ok := Args(1 << 30); ok {
		t.Error("Args of a pid that cannot exist is known")
	}
	if StartTime(1<<30) != 0 || Name(1<<30) != "?" {
		t.Error("a pid that cannot exist has a start time or a name")
	}
}
