// Package proc answers what this machine says about a process: whether it
// runs, when it started, whether its process group still has members, and
// its command line. It reads Linux's /proc; where there is none, it trusts
// kill(pid, 0) and answers what it cannot know as unknown. The daemon and
// launcher packages use it so that a pid reused by another program is never
// signalled.
package proc

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// stat is /proc/PID/stat from field 3 (the state) on: the command name
// before it is in parentheses and may hold spaces. nil when unknown.
func stat(pid int) []string {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return nil
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return nil
	}
	return strings.Fields(s[i+1:])
}

// hasProc says whether this machine has a /proc to read.
func hasProc() bool {
	_, err := os.Stat("/proc/self/stat")
	return err == nil
}

// Alive says whether pid runs (and is not a zombie).
func Alive(pid int) bool {
	if pid <= 0 {
		return false
	}
	if err := syscall.Kill(pid, 0); err != nil && !errors.Is(err, syscall.EPERM) {
		return false
	}
	f := stat(pid)
	if f == nil {
		return true // no /proc: trust kill(0)
	}
	return f[0] != "Z"
}

// Stopped says whether pid is stopped by a signal (SIGSTOP, SIGTSTP) or a
// tracer.
func Stopped(pid int) bool {
	f := stat(pid)
	return f != nil && (f[0] == "T" || f[0] == "t")
}

// StartTime is a process's start time in clock ticks since boot, 0 when
// unknown (no /proc).
func StartTime(pid int) uint64 {
	f := stat(pid)
	if len(f) < 20 {
		return 0
	}
	n, _ := strconv.ParseUint(f[19], 10, 64) // field 22
	return n
}

// Name is a process's command name (/proc/PID/comm), "?" when unknown.
func Name(pid int) string {
	if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/comm", pid)); err == nil {
		return strings.TrimSpace(string(b))
	}
	return "?"
}

// Args is a process's command line, nil and false when unknown (no /proc,
// or not this user's to read).
func Args(pid int) ([]string, bool) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	if err != nil {
		return nil, false
	}
	b = bytes.TrimSuffix(b, []byte{0})
	if len(b) == 0 {
		return nil, true
	}
	return strings.Split(string(b), "\x00"), true
}

// GroupRuns says whether a process of group pgid still runs. Zombies do
// not count: a dead leader is one until its new parent reaps it, which some
// containers' init never does.
func GroupRuns(pgid int) bool {
	if err := syscall.Kill(-pgid, 0); errors.Is(err, syscall.ESRCH) {
		return false
	}
	if !hasProc() {
		return true // no /proc: trust kill(0)
	}
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return true
	}
	want := strconv.Itoa(pgid)
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		f := stat(pid) // state, ppid, pgrp, ...
		if len(f) >= 3 && f[2] == want && f[0] != "Z" {
			return true
		}
	}
	return false
}
