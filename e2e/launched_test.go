package e2e

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The Chromium `browserctl launch` started dies (SIGKILL, as a crash): the
// next command fails at once with exit 3 naming it, instead of waiting
// --wait for an extension that is not coming, and the fresh profile launch
// made for it is gone. A hub and a state folder of its own, so the shared
// browser is left alone.
func TestLaunchedBrowserDies(t *testing.T) {
	home := t.TempDir()
	port, err := freePort()
	if err != nil {
		t.Fatal(err)
	}
	addr := "127.0.0.1:" + strconv.Itoa(port)
	env := []string{"BROWSERCTL_HOME=" + home, "BROWSERCTL_BROWSER=" + h.chromium}
	for _, kv := range h.env() {
		if !strings.HasPrefix(kv, "BROWSERCTL_HOME=") {
			env = append(env, kv)
		}
	}
	bc := func(d time.Duration, args ...string) (string, string, int, time.Duration) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), d)
		defer cancel()
		cmd := exec.CommandContext(ctx, h.bin, append([]string{"--server", addr}, args...)...)
		cmd.Env, cmd.Dir = env, home
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		cmd.WaitDelay = 2 * time.Second
		start := time.Now()
		err := cmd.Run()
		took := time.Since(start)
		code := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatalf("browserctl %s: %v", strings.Join(args, " "), err)
		}
		t.Logf("browserctl %s -> exit %d (%s)\nstdout: %s\nstderr: %s", strings.Join(args, " "), code, took.Round(time.Millisecond), abbrev(out.String()), abbrev(errOut.String()))
		return out.String(), errOut.String(), code, took
	}
	t.Cleanup(func() { bc(30*time.Second, "stop") })

	out, errOut, code, _ := bc(90*time.Second, "--wait", "60s", "launch", "--headless")
	if code != 0 {
		t.Fatalf("launch: exit %d\n%s", code, errOut)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(out))
	if err != nil {
		t.Fatalf("launch printed %q, want the browser's pid", out)
	}
	// root's --no-sandbox is said, never added silently
	if warned := strings.Contains(errOut, "running as root: Chromium is started with --no-sandbox"); warned != (os.Geteuid() == 0) {
		t.Errorf("run with euid %d, launch's stderr says of --no-sandbox: %v\n%s", os.Geteuid(), warned, errOut)
	}
	m := regexp.MustCompile(`profile (\S+),`).FindStringSubmatch(errOut)
	if m == nil || !strings.HasPrefix(filepath.Base(m[1]), "profile-") {
		t.Fatalf("launch names no fresh profile: %s", errOut)
	}
	profile := m[1]
	if _, err := os.Stat(profile); err != nil {
		t.Fatalf("the fresh profile: %v", err)
	}
	if _, errOut, code, _ := bc(callTimeout, "session", "create"); code != 0 {
		t.Fatalf("session create in the launched browser: exit %d: %s", code, errOut)
	}

	killed := time.Now()
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	// The extension's socket closes a moment after the kill (the browser's
	// network process ends when it notices): a call sent before the hub
	// sees that rightly answers exit 4, "may or may not have run" (CI hit
	// it 30 ms after the kill). The command under test is the one after.
	for deadline := time.Now().Add(10 * time.Second); ; {
		out, _, code, _ := bc(callTimeout, "--json", "browsers")
		if code == 0 && !strings.Contains(out, `"id"`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the hub still lists the killed browser 10 s later: %s", out)
		}
		time.Sleep(20 * time.Millisecond)
	}
	_, errOut, code, took := bc(callTimeout, "--wait", "30s", "get", "title")
	sinceDeath := time.Since(killed)
	want := "the Chromium that `browserctl launch` started (pid " + strconv.Itoa(pid) + ") has exited"
	if code != 3 || !strings.Contains(errOut, want) {
		t.Errorf("get title after the browser died: exit %d, stderr %q; want exit 3 and %q", code, errOut, want)
	}
	t.Logf("from the browser's death to the end of the first failing command (get title): %s (the command itself: %s)",
		sinceDeath.Round(time.Millisecond), took.Round(time.Millisecond))
	if _, err := os.Stat(profile); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the fresh profile %s is still there after the browser died (%v)", profile, err)
	}
	// and the next command says the same
	if _, errOut, code, _ := bc(callTimeout, "--wait", "30s", "snapshot"); code != 3 || !strings.Contains(errOut, want) {
		t.Errorf("snapshot after the browser died: exit %d, stderr %q", code, errOut)
	}
}
