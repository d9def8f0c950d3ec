package cmd

// A program on a pseudo-terminal, for the tests that drive the REPL and
// bash as a person at a terminal would.

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
)

// terminal reads what a program writes to its pseudo-terminal.
type terminal struct {
	t    *testing.T
	f    *os.File
	mu   sync.Mutex
	buf  bytes.Buffer
	seen int // everything before this was matched already
	done chan struct{}
	// exited gets the program's end, once (startTerminal); a test that
	// takes it puts it back for the cleanup.
	exited chan error
}

func newTerminal(t *testing.T, f *os.File) *terminal {
	term := &terminal{t: t, f: f, done: make(chan struct{})}
	go func() {
		defer close(term.done)
		b := make([]byte, 4096)
		for {
			n, err := f.Read(b)
			term.mu.Lock()
			term.buf.Write(b[:n])
			term.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	return term
}

// expect waits until the output after the last match contains s. The
// deadline only bounds a failing test; nothing asserts how fast.
func (term *terminal) expect(s string) {
	term.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		term.mu.Lock()
		out := term.buf.String()
		term.mu.Unlock()
		if i := strings.Index(out[term.seen:], s); i >= 0 {
			term.seen += i + len(s)
			return
		}
		if time.Now().After(deadline) {
			term.t.Fatalf("never saw %q; the terminal shows after the last match:\n%q", s, out[term.seen:])
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func (term *terminal) send(s string) {
	term.t.Helper()
	if _, err := term.f.Write([]byte(s)); err != nil {
		term.t.Fatal(err)
	}
}

// startTerminal starts c on a 50x200 pseudo-terminal; the test's end kills
// it and waits for it and for its output.
func startTerminal(t *testing.T, c *exec.Cmd) *terminal {
	t.Helper()
	ptmx, err := pty.StartWithSize(c, &pty.Winsize{Rows: 50, Cols: 200})
	if err != nil {
		t.Fatal(err)
	}
	term := newTerminal(t, ptmx)
	term.exited = make(chan error, 1)
	go func() { term.exited <- c.Wait() }()
	t.Cleanup(func() {
		c.Process.Kill()
		<-term.exited
		ptmx.Close()
		<-term.done
	})
	return term
}

// replTestEnv is what a test of the REPL on a terminal runs with: this test
// binary (it is browserctl under that name), a state folder, a free hub
// address, and the environment naming them.
func replTestEnv(t *testing.T) (exe, dir, addr string, env []string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir = t.TempDir()
	addr, err = freeAddr()
	if err != nil {
		t.Fatal(err)
	}
	env = append(os.Environ(), "BROWSERCTL_HOME="+dir, "BROWSERCTL_SERVER="+addr, "BROWSERCTL_TOKEN=tok",
		"BROWSERCTL_SESSION=", "GORACE=atexit_sleep_ms=0 halt_on_error=1", "TERM=xterm", "NO_COLOR=1")
	return exe, dir, addr, env
}
