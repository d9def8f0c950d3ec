package cmd

// The browsers `launch` started, recorded in the state folder so `launch`
// can reuse one and `stop` can end them and remove the fresh profiles they
// were given (issue 7.4).

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"browserctl/hubapi"
	"browserctl/hubclient"
)

// launchedFileName is the record's name in the state folder.
const launchedFileName = "launched.json"

// browserStopWait is how long stop waits for a browser after SIGTERM
// before SIGKILL.
const browserStopWait = 5 * time.Second

// launchedBrowser is one browser `launch` started.
type launchedBrowser struct {
	PID     int    `json:"pid"`
	Start   uint64 `json:"start"`             // its start time (/proc/PID/stat field 22), so a reused pid is never signalled
	Profile string `json:"profile"`           // its --user-data-dir
	Fresh   bool   `json:"fresh"`             // the profile was made for it: stop removes it
	Browser string `json:"browser,omitempty"` // its binary's name ("chromium")
}

func readLaunched(dir string) ([]launchedBrowser, error) {
	b, err := os.ReadFile(filepath.Join(dir, launchedFileName))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var list []launchedBrowser
	if err := json.Unmarshal(b, &list); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, launchedFileName), err)
	}
	return list, nil
}

// writeLaunched replaces the record (atomically); an empty list removes it.
func writeLaunched(dir string, list []launchedBrowser) error {
	path := filepath.Join(dir, launchedFileName)
	if len(list) == 0 {
		if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		return nil
	}
	b, err := json.MarshalIndent(list, "", "  ")
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(b, '\n'), 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// recordLaunch adds a started browser to the record, dropping entries of
// browsers that have ended.
func recordLaunch(dir string, pid int, profile string, fresh bool, browser string) error {
	list, _ := readLaunched(dir) // a damaged record is replaced
	list = append(liveLaunched(list), launchedBrowser{PID: pid, Start: processStart(pid), Profile: profile, Fresh: fresh, Browser: browser})
	return writeLaunched(dir, list)
}

// liveLaunched keeps the browsers that still run (same pid, same start).
func liveLaunched(list []launchedBrowser) []launchedBrowser {
	var live []launchedBrowser
	for _, b := range list {
		if b.running() {
			live = append(live, b)
		}
	}
	return live
}

func (b launchedBrowser) running() bool {
	return b.PID > 0 && processAlive(b.PID) && (b.Start == 0 || processStart(b.PID) == b.Start)
}

// processStart is a process's start time in clock ticks since boot, 0 when
// unknown (no /proc).
func processStart(pid int) uint64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')') // the command name may hold spaces
	if i < 0 {
		return 0
	}
	fields := strings.Fields(s[i+1:]) // from field 3 (state) on
	if len(fields) < 20 {
		return 0
	}
	n, _ := strconv.ParseUint(fields[19], 10, 64) // field 22
	return n
}

// endLaunched ends every recorded browser that still runs (its whole
// process group: launch starts it in a session of its own), removes the
// fresh profiles, and clears the record. It says what it did on w and
// answers how many browsers it ended.
func endLaunched(dir string, w io.Writer) (int, error) {
	list, err := readLaunched(dir)
	if err != nil {
		return 0, err
	}
	ended := 0
	var errs []error
	for _, b := range list {
		if b.running() {
			if err := endProcessGroup(b.PID); err != nil {
				errs = append(errs, err)
				continue
			}
			ended++
			fmt.Fprintf(w, "ended the browser launch started (pid %d)\n", b.PID)
		}
		if b.Fresh && isFreshProfile(dir, b.Profile) {
			if _, err := os.Lstat(b.Profile); errors.Is(err, os.ErrNotExist) {
				continue // removed when the browser was found dead (launchedGone)
			}
			if err := os.RemoveAll(b.Profile); err != nil {
				errs = append(errs, fmt.Errorf("removing the profile %s: %w", b.Profile, err))
			} else {
				fmt.Fprintf(w, "removed its fresh profile %s\n", b.Profile)
			}
		}
	}
	if len(errs) == 0 {
		err = writeLaunched(dir, nil)
	}
	return ended, errors.Join(append(errs, err)...)
}

// isFreshProfile guards RemoveAll: only a profile-* folder launch made in
// the state folder.
func isFreshProfile(dir, profile string) bool {
	rel, err := filepath.Rel(dir, profile)
	return err == nil && !strings.Contains(rel, string(filepath.Separator)) && strings.HasPrefix(rel, "profile-")
}

// endProcessGroup sends SIGTERM to pid's process group, waits, then SIGKILL.
func endProcessGroup(pid int) error {
	if err := syscall.Kill(-pid, syscall.SIGTERM); err != nil && !errors.Is(err, syscall.ESRCH) {
		if err := syscall.Kill(pid, syscall.SIGTERM); err != nil && !errors.Is(err, syscall.ESRCH) {
			return fmt.Errorf("ending the browser (pid %d): %w", pid, err)
		}
	}
	deadline := time.Now().Add(browserStopWait)
	for processAlive(pid) {
		if time.Now().After(deadline) {
			_ = syscall.Kill(-pid, syscall.SIGKILL)
			_ = syscall.Kill(pid, syscall.SIGKILL)
			break
		}
		time.Sleep(pollEvery)
	}
	return nil
}

// launchedGone is the answer of a command that finds no extension connected
// while every browser `launch` started has exited: no extension is coming,
// so the command fails at once (exit 3) naming the browser, rather than
// wait for one. It removes the fresh profiles of the exited browsers; the
// record keeps them, so every later command says the same until the next
// launch or stop forgets them. nil when launch started none, or one runs.
func launchedGone(dir string) error {
	list, err := readLaunched(dir)
	if err != nil || len(list) == 0 || len(liveLaunched(list)) > 0 {
		return nil
	}
	var removeErr error
	for _, b := range list {
		if b.Fresh && isFreshProfile(dir, b.Profile) {
			if err := os.RemoveAll(b.Profile); err != nil {
				removeErr = err
			}
		}
	}
	last := list[len(list)-1]
	msg := fmt.Sprintf("the %s that `browserctl launch` started (pid %d) has exited", browserName(last.Browser), last.PID)
	switch {
	case last.Fresh && removeErr != nil:
		msg += fmt.Sprintf("; removing its fresh profile %s: %v", last.Profile, removeErr)
	case last.Fresh:
		msg += fmt.Sprintf("; its fresh profile %s is removed", last.Profile)
	}
	return &hubclient.NotConnectedError{Msg: msg}
}

// browserName is how a message names a browser binary.
func browserName(bin string) string {
	switch {
	case strings.Contains(bin, "chromium"):
		return "Chromium"
	case strings.Contains(bin, "chrome"):
		return "Chrome"
	case bin == "":
		return "browser"
	}
	return bin
}

// launchedExitWait is how long, after the extension disconnected, the hub
// looks for the browser launch started to have exited: its socket closes
// a moment before the process is gone.
const launchedExitWait = 2 * time.Second

// watchLaunched runs in the hub: when the extension disconnects and the
// browsers `launch` started have all exited, it removes their fresh
// profiles at once (launchedGone), without waiting for a command, and logs
// it.
func watchLaunched(ctx context.Context, h hubapi.Controller, dir string, logf func(string, ...any)) {
	events, err := h.Events(ctx)
	if err != nil {
		return
	}
	for ev := range events {
		if ev.Type != hubapi.EventDisconnected {
			continue
		}
		list, _ := readLaunched(dir)
		if len(list) == 0 {
			continue
		}
		deadline := time.Now().Add(launchedExitWait)
		for time.Now().Before(deadline) && ctx.Err() == nil {
			if err := launchedGone(dir); err != nil {
				logf("%v", err)
				break
			}
			time.Sleep(pollEvery * 2)
		}
	}
}
