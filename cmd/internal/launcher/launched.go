// Package launcher owns the bookkeeping of the browsers `browserctl launch`
// starts: the record in the state folder's launched.json (pid, start time,
// profile, binary), so that `launch` can reuse a browser that runs, `stop`
// can end them and remove the fresh profiles they were given, and a command
// that finds no extension while every launched browser has exited says so
// by name (Gone) instead of waiting for one. It also starts a browser
// (Start): a fresh profile, its log, and its entry in the record.
package launcher

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"browserctl/internal/proc"
)

// FileName is the record's name in the state folder.
const FileName = "launched.json"

// stopWait is how long EndAll waits for a browser after SIGTERM before
// SIGKILL.
const stopWait = 5 * time.Second

// pollEvery is how often a wait looks again at a process.
const pollEvery = 25 * time.Millisecond

// Browser is one browser `launch` started.
type Browser struct {
	PID     int    `json:"pid"`
	Start   uint64 `json:"start"`             // its start time (/proc/PID/stat field 22), so a reused pid is never signalled
	Profile string `json:"profile"`           // its --user-data-dir
	Fresh   bool   `json:"fresh"`             // the profile was made for it: stop removes it
	Browser string `json:"browser,omitempty"` // its binary's name ("chromium")
	// Name and BrowserID are what its extension calls itself on the hub
	// (launch --profile, --new); "" for a launch that named none.
	Name      string `json:"name,omitempty"`
	BrowserID string `json:"browserId,omitempty"`
}

// Read is the record of the state folder dir (nil when there is none).
func Read(dir string) ([]Browser, error) {
	b, err := os.ReadFile(filepath.Join(dir, FileName))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var list []Browser
	if err := json.Unmarshal(b, &list); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, FileName), err)
	}
	return list, nil
}

// write replaces the record (atomically); an empty list removes it.
func write(dir string, list []Browser) error {
	path := filepath.Join(dir, FileName)
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

// Record adds a started browser to the record, dropping entries of
// browsers that have ended.
func Record(dir string, pid int, profile string, fresh bool, browser string) error {
	return RecordBrowser(dir, Browser{PID: pid, Profile: profile, Fresh: fresh, Browser: browser})
}

// RecordBrowser is Record of b (its start time is read here).
func RecordBrowser(dir string, b Browser) error {
	list, _ := Read(dir) // a damaged record is replaced
	b.Start = proc.StartTime(b.PID)
	list = append(Live(list), b)
	return write(dir, list)
}

// RunningIn is the launched browser that runs in profile, if one does.
func RunningIn(dir, profile string) (Browser, bool) {
	list, _ := Read(dir)
	for _, b := range Live(list) {
		if b.Profile == profile {
			return b, true
		}
	}
	return Browser{}, false
}

// Live keeps the browsers that still run (same pid, same start).
func Live(list []Browser) []Browser {
	var live []Browser
	for _, b := range list {
		if b.Running() {
			live = append(live, b)
		}
	}
	return live
}

// LastLivePID is the pid of the browser launch started last that still
// runs, 0 when none does.
func LastLivePID(dir string) int {
	list, _ := Read(dir)
	if live := Live(list); len(live) > 0 {
		return live[len(live)-1].PID
	}
	return 0
}

// Running says whether the browser still runs: its pid is alive and has
// the start time recorded.
func (b Browser) Running() bool {
	return b.PID > 0 && proc.Alive(b.PID) && (b.Start == 0 || proc.StartTime(b.PID) == b.Start)
}

// EndAll ends every recorded browser that still runs (its whole process
// group: launch starts it in a session of its own), removes the fresh
// profiles, and clears the record. It says what it did on w and answers how
// many browsers it ended.
func EndAll(dir string, w io.Writer) (int, error) {
	list, err := Read(dir)
	if err != nil {
		return 0, err
	}
	ended := 0
	var errs []error
	for _, b := range list {
		if b.Running() {
			if err := endProcessGroup(b.PID); err != nil {
				errs = append(errs, err)
				continue
			}
			ended++
			fmt.Fprintf(w, "ended the browser launch started (pid %d)\n", b.PID)
		}
		if b.Fresh && isFreshProfile(dir, b.Profile) {
			if _, err := os.Lstat(b.Profile); errors.Is(err, os.ErrNotExist) {
				continue // removed when the browser was found dead (Gone)
			}
			if err := os.RemoveAll(b.Profile); err != nil {
				errs = append(errs, fmt.Errorf("removing the profile %s: %w", b.Profile, err))
			} else {
				fmt.Fprintf(w, "removed its fresh profile %s\n", b.Profile)
			}
		}
	}
	if len(errs) == 0 {
		err = write(dir, nil)
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
	deadline := time.Now().Add(stopWait)
	for proc.Alive(pid) {
		if time.Now().After(deadline) {
			_ = syscall.Kill(-pid, syscall.SIGKILL)
			_ = syscall.Kill(pid, syscall.SIGKILL)
			break
		}
		time.Sleep(pollEvery)
	}
	return nil
}
