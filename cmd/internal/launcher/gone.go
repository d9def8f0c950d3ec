package launcher

// A launched browser that died: the answer of commands that find no
// extension connected, and the hub's watch that removes its fresh profile
// at once.

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"syscall"
	"time"

	"browserctl/hub/hubapi"
	"browserctl/hub/hubclient"
	"browserctl/internal/proc"
)

// Gone is the answer of a command that finds no extension connected while
// every browser `launch` started has exited: no extension is coming, so the
// command fails at once (exit 3) naming the browser, rather than wait for
// one. It removes the fresh profiles of the exited browsers; the record
// keeps them, so every later command says the same until the next launch or
// stop forgets them. nil when launch started none, or one runs.
func Gone(dir string) error {
	list, err := Read(dir)
	if err != nil || len(list) == 0 || len(Live(list)) > 0 {
		return nil
	}
	var removeErr error
	for _, b := range list {
		if b.Fresh && isFreshProfile(dir, b.Profile) {
			if _, err := os.Lstat(b.Profile); errors.Is(err, os.ErrNotExist) {
				continue
			}
			// the browser's helper processes (its process group) may write
			// to the profile for a while after it died
			endLeftovers(b.PID)
			waitGroupGone(b.PID, groupGoneWait)
			if err := os.RemoveAll(b.Profile); err != nil {
				if _, serr := os.Lstat(b.Profile); !errors.Is(serr, os.ErrNotExist) {
					removeErr = err // not the hub's watch removing it at the same time
				}
			}
		}
	}
	last := list[len(list)-1]
	msg := fmt.Sprintf("the %s that `browserctl launch` started (pid %d) has exited", BrowserName(last.Browser), last.PID)
	switch {
	case last.Fresh && removeErr != nil:
		msg += fmt.Sprintf("; removing its fresh profile %s: %v", last.Profile, removeErr)
	case last.Fresh:
		msg += fmt.Sprintf("; its fresh profile %s is removed", last.Profile)
	}
	return &hubclient.NotConnectedError{Msg: msg}
}

// BrowserName is how a message names a browser binary.
func BrowserName(bin string) string {
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

// exitWait is how long, after the extension disconnected, the hub looks
// for the browser launch started to have exited: its socket closes a
// moment before the process is gone.
const exitWait = 2 * time.Second

// Watch runs in the hub: when the extension disconnects and the browsers
// `launch` started have all exited, it removes their fresh profiles at once
// (Gone), without waiting for a command, and logs it.
func Watch(ctx context.Context, h hubapi.Controller, dir string, logf func(string, ...any)) {
	events, err := h.Events(ctx)
	if err != nil {
		return
	}
	for ev := range events {
		if ev.Type != hubapi.EventDisconnected {
			continue
		}
		list, _ := Read(dir)
		if len(list) == 0 {
			continue
		}
		deadline := time.Now().Add(exitWait)
		for time.Now().Before(deadline) && ctx.Err() == nil {
			if err := Gone(dir); err != nil {
				logf("%v", err)
				break
			}
			time.Sleep(pollEvery * 2)
		}
	}
}

// groupGoneWait bounds how long Gone waits for a dead browser's helper
// processes before removing its profile.
const groupGoneWait = time.Second

// endLeftovers ends what is left of a dead browser's process group: its
// helper processes, orphaned. Only while no process has the leader's pid:
// Linux hands out no pid that is still some group's id, so the group's
// members are the browser's.
func endLeftovers(pgid int) {
	if pgid > 0 && !proc.Alive(pgid) {
		_ = syscall.Kill(-pgid, syscall.SIGKILL)
	}
}

// waitGroupGone waits up to d until no process is left in the process
// group pgid (launch starts the browser as the leader of its own).
func waitGroupGone(pgid int, d time.Duration) {
	deadline := time.Now().Add(d)
	for pgid > 0 && time.Now().Before(deadline) && proc.GroupRuns(pgid) {
		time.Sleep(pollEvery)
	}
}
