package launcher

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"browserctl/hub/hubapi"
	"browserctl/hub/hubclient"
	"browserctl/internal/chromium"
	"browserctl/internal/proc"
)

// fakeBrowser starts a process standing for a browser: the leader of a
// process group of its own, as launch starts one.
func fakeBrowser(t *testing.T) *exec.Cmd {
	t.Helper()
	c := exec.Command("sleep", "30")
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	go c.Wait() // reaped as soon as it ends, as init would
	t.Cleanup(func() { _ = syscall.Kill(-c.Process.Pid, syscall.SIGKILL) })
	return c
}

// freshProfile makes a profile-* folder in dir, as Start does.
func freshProfile(t *testing.T, dir string) string {
	t.Helper()
	p, err := os.MkdirTemp(dir, "profile-")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(p, "Preferences"), []byte("{}"), 0o600)
	return p
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// deadPid is the pid of a process that has ended.
func deadPid(t *testing.T) int {
	t.Helper()
	c := exec.Command("true")
	if err := c.Run(); err != nil {
		t.Fatal(err)
	}
	return c.Process.Pid
}

func TestRecordEndAll(t *testing.T) {
	dir := t.TempDir()
	b := fakeBrowser(t)
	profile := freshProfile(t, dir)
	mine := t.TempDir() // a profile the user gave: never removed
	if err := Record(dir, deadPid(t), mine, false, "chromium"); err != nil {
		t.Fatal(err)
	}
	if err := Record(dir, b.Process.Pid, profile, true, "chromium"); err != nil {
		t.Fatal(err)
	}
	list, err := Read(dir)
	if err != nil || len(list) != 1 || list[0].PID != b.Process.Pid || !list[0].Fresh || list[0].Profile != profile {
		t.Fatalf("the record keeps only the live browser: %+v, %v", list, err)
	}
	if proc.StartTime(b.Process.Pid) != 0 && list[0].Start == 0 {
		t.Error("the record has no start time: a reused pid could be signalled")
	}
	if got := LastLivePID(dir); got != b.Process.Pid {
		t.Errorf("LastLivePID = %d, want %d", got, b.Process.Pid)
	}
	var out bytes.Buffer
	ended, err := EndAll(dir, &out)
	if err != nil || ended != 1 {
		t.Fatalf("EndAll = %d, %v", ended, err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for proc.Alive(b.Process.Pid) && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if proc.Alive(b.Process.Pid) {
		t.Error("the browser runs on after EndAll")
	}
	if exists(profile) {
		t.Error("its fresh profile is still there")
	}
	if !exists(mine) {
		t.Error("EndAll removed a profile launch did not make")
	}
	if exists(filepath.Join(dir, FileName)) {
		t.Error("the record outlived EndAll")
	}
	for _, want := range []string{"ended the browser launch started (pid", "removed its fresh profile " + profile} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("EndAll said %q, want %q in it", out.String(), want)
		}
	}
	if n, err := EndAll(dir, &out); n != 0 || err != nil {
		t.Errorf("EndAll with no record: %d, %v", n, err)
	}
}

// TestGoneNamesTheDeadBrowser: every launched browser has exited: the
// answer names it, its fresh profile is removed, and the record keeps
// saying so until stop.
func TestGoneNamesTheDeadBrowser(t *testing.T) {
	dir := t.TempDir()
	if err := Gone(dir); err != nil {
		t.Fatalf("no record: %v", err)
	}
	profile := freshProfile(t, dir)
	outside := filepath.Join(t.TempDir(), "profile-x") // not in the state folder: kept
	os.Mkdir(outside, 0o700)
	if err := write(dir, []Browser{{PID: deadPid(t), Profile: outside, Fresh: true, Browser: "chrome"}, {PID: deadPid(t), Profile: profile, Fresh: true, Browser: "chromium"}}); err != nil {
		t.Fatal(err)
	}
	err := Gone(dir)
	var nc *hubclient.NotConnectedError
	if !errors.As(err, &nc) || !strings.Contains(err.Error(), "the Chromium that `browserctl launch` started") || !strings.Contains(err.Error(), "its fresh profile "+profile+" is removed") {
		t.Fatalf("Gone = %v", err)
	}
	if exists(profile) {
		t.Error("the dead browser's fresh profile is still there")
	}
	if !exists(outside) {
		t.Error("a profile outside the state folder was removed")
	}
	if err2 := Gone(dir); err2 == nil || err2.Error() != err.Error() {
		t.Errorf("the next command hears %v, want the same answer", err2)
	}
	// one browser that runs: nothing is gone
	b := fakeBrowser(t)
	if err := Record(dir, b.Process.Pid, t.TempDir(), false, "chromium"); err != nil {
		t.Fatal(err)
	}
	if err := Gone(dir); err != nil {
		t.Errorf("a launched browser runs, yet Gone = %v", err)
	}
}

func TestReadDamagedRecord(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, FileName), []byte("{not json"), 0o600)
	if _, err := Read(dir); err == nil || !strings.Contains(err.Error(), FileName) {
		t.Errorf("a damaged record: %v", err)
	}
	if err := Record(dir, os.Getpid(), "/p", false, "chromium"); err != nil {
		t.Fatalf("Record over a damaged record: %v", err)
	}
	if list, err := Read(dir); err != nil || len(list) != 1 {
		t.Errorf("after Record: %+v, %v", list, err)
	}
}

func TestIsFreshProfile(t *testing.T) {
	for _, c := range []struct {
		profile string
		want    bool
	}{
		{"/state/profile-123", true},
		{"/state/other", false},
		{"/state/sub/profile-1", false},
		{"/elsewhere/profile-1", false},
		{"/state", false},
	} {
		if got := isFreshProfile("/state", c.profile); got != c.want {
			t.Errorf("isFreshProfile(/state, %s) = %v", c.profile, got)
		}
	}
}

func TestBrowserName(t *testing.T) {
	for bin, want := range map[string]string{"chromium": "Chromium", "chromium-browser": "Chromium", "google-chrome": "Chrome", "": "browser", "brave": "brave"} {
		if got := BrowserName(bin); got != want {
			t.Errorf("BrowserName(%q) = %q, want %q", bin, got, want)
		}
	}
}

// events is a hub that only sends the events the test gives it.
type events struct {
	hubapi.Controller
	ch chan hubapi.Event
}

func (e events) Events(context.Context) (<-chan hubapi.Event, error) { return e.ch, nil }

// TestWatchRemovesTheDeadBrowsersProfile: when the extension disconnects
// and the launched browser has exited, the hub removes its fresh profile
// without waiting for a command, and logs why.
func TestWatchRemovesTheDeadBrowsersProfile(t *testing.T) {
	dir := t.TempDir()
	profile := freshProfile(t, dir)
	if err := write(dir, []Browser{{PID: deadPid(t), Profile: profile, Fresh: true, Browser: "chromium"}}); err != nil {
		t.Fatal(err)
	}
	ev := events{ch: make(chan hubapi.Event, 2)}
	logged := make(chan string, 4)
	done := make(chan struct{})
	go func() {
		Watch(context.Background(), ev, dir, func(f string, a ...any) { logged <- fmt.Sprintf(f, a...) })
		close(done)
	}()
	ev.ch <- hubapi.Event{Type: hubapi.EventConnected}
	ev.ch <- hubapi.Event{Type: hubapi.EventDisconnected}
	select {
	case l := <-logged:
		if !strings.Contains(l, "has exited") || !strings.Contains(l, profile) {
			t.Errorf("logged %q", l)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("nothing logged after the disconnect")
	}
	if exists(profile) {
		t.Error("the fresh profile is still there")
	}
	close(ev.ch)
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Watch did not return when the events ended")
	}
}

// TestStartRecordsAFreshProfile: Start makes a fresh profile in the state
// folder, sends the browser's output to browser.log and records it.
func TestStartRecordsAFreshProfile(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(t.TempDir(), "fakechrome")
	os.WriteFile(bin, []byte("#!/bin/sh\necho started \"$@\"\nexec sleep 30\n"), 0o755)
	var warn bytes.Buffer
	b, err := Start(dir, bin, chromium.Options{URL: "about:blank"}, &warn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Kill)
	if filepath.Dir(b.Profile) != dir || !strings.HasPrefix(filepath.Base(b.Profile), "profile-") || !exists(b.Profile) {
		t.Errorf("profile %s: not a fresh profile-* in %s", b.Profile, dir)
	}
	if b.Log != filepath.Join(dir, LogName) {
		t.Errorf("log %s", b.Log)
	}
	list, err := Read(dir)
	if err != nil || len(list) != 1 || list[0].PID != b.Pid() || !list[0].Fresh || list[0].Browser != "fakechrome" || list[0].Profile != b.Profile {
		t.Errorf("record %+v, %v", list, err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if log, _ := os.ReadFile(b.Log); strings.Contains(string(log), "--user-data-dir="+b.Profile) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if log, _ := os.ReadFile(b.Log); !strings.Contains(string(log), "--user-data-dir="+b.Profile) {
		t.Errorf("browser.log holds %q", log)
	}
	if warn.Len() != 0 {
		t.Errorf("warned %q", warn.String())
	}
	// a profile given is used as it is, and not fresh
	mine := t.TempDir()
	b2, err := Start(dir, bin, chromium.Options{Profile: mine}, &warn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b2.Kill)
	if list, _ := Read(dir); len(list) != 2 || list[1].Fresh || list[1].Profile != mine {
		t.Errorf("record %+v", list)
	}
}
