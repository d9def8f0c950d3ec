package cmd

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
	"go.uber.org/goleak"

	"browserctl/cmd/internal/daemon"
)

func TestMain(m *testing.M) {
	testscript.Main(leakCheck{m}, map[string]func(){
		"browserctl": func() { os.Exit(Main()) },
		"fakeext":    func() { os.Exit(fakeExtMain()) },
	})
}

// leakCheck fails the run when goroutines outlive the tests.
type leakCheck struct{ m *testing.M }

func (l leakCheck) Run() int {
	code := l.m.Run()
	if code == 0 {
		if err := goleak.Find(); err != nil {
			fmt.Fprintln(os.Stderr, "goleak:", err)
			return 1
		}
	}
	return code
}

// TestScripts runs testdata/script/*.txtar against the real binary and a
// fake extension peer (fakeext). Each script gets its own state folder
// ($WORK), token and free port ($ADDR, also $BROWSERCTL_SERVER).
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			addr, err := freeAddr()
			if err != nil {
				return err
			}
			env.Setenv("BROWSERCTL_HOME", env.WorkDir)
			if bin, err := exec.LookPath("browserctl"); err == nil {
				env.Setenv("BROWSERCTL_BIN", bin)
			}
			env.Setenv("BROWSERCTL_SERVER", addr)
			env.Setenv("ADDR", addr)
			env.Setenv("BROWSERCTL_TOKEN", "test-token-0123456789")
			env.Setenv("BROWSERCTL_EXTENSION_KEY", "test-extension-key-0123456789")
			env.Setenv("BROWSERCTL_WAIT", "20s")
			env.Setenv("NO_COLOR", "")
			env.Setenv("HOME", env.WorkDir)
			// race-enabled binaries sleep 1 s at exit by default
			env.Setenv("GORACE", "atexit_sleep_ms=0 halt_on_error=1")
			// a daemon a script started and did not stop ends with the script
			env.Defer(func() { killDaemon(daemon.PidPath(env.WorkDir)) })
			// so does a fake browser that launch started (launch.txtar)
			env.Defer(func() { killPidFile(filepath.Join(env.WorkDir, "chrome.pid")) })
			// and the fake browsers of launch_reuse.txtar
			env.Defer(func() {
				killPidFile(filepath.Join(env.WorkDir, "chrome1.pid"))
				killPidFile(filepath.Join(env.WorkDir, "chrome2.pid"))
			})
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"holdport": cmdHoldPort,
			"wsknock":  cmdWSKnock,
			"waitport": cmdWaitPort,
			"timed":    cmdTimed,
			"freeport": cmdFreePort,
			"deadpid":  cmdDeadPid,
			"waitfile": cmdWaitFile,
			"pidalive": cmdPidAlive,
			"waitdead": cmdWaitDead,
			"envfile":  cmdEnvFile,
		},
	})
}

func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

func killDaemon(pidPath string) {
	pid, err := daemon.ReadPid(pidPath)
	if err != nil || pid == 0 || !daemon.IsServe(pid) {
		return
	}
	syscall.Kill(pid, syscall.SIGKILL)
}

func killPidFile(path string) {
	if pid, err := daemon.ReadPid(path); err == nil && pid > 0 {
		syscall.Kill(pid, syscall.SIGKILL)
	}
}

// holdport [-mute] ADDR: something that is not a hub listens at ADDR until
// the script ends: an HTTP server answering 404, or with -mute a listener
// that accepts connections and never answers.
func cmdHoldPort(ts *testscript.TestScript, neg bool, args []string) {
	mute := len(args) == 2 && args[0] == "-mute"
	if mute {
		args = args[1:]
	}
	if len(args) != 1 {
		ts.Fatalf("usage: holdport [-mute] ADDR")
	}
	ln, err := net.Listen("tcp", args[0])
	ts.Check(err)
	if !mute {
		srv := &http.Server{Handler: http.NotFoundHandler()}
		go srv.Serve(ln)
		ts.Defer(func() { srv.Close() })
		return
	}
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	ts.Defer(func() {
		ln.Close()
		mu.Lock()
		for _, c := range conns {
			c.Close()
		}
		mu.Unlock()
	})
}

// freeport VAR: sets VAR to a free loopback address.
func cmdFreePort(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: freeport VAR")
	}
	addr, err := freeAddr()
	ts.Check(err)
	ts.Setenv(args[0], addr)
}

// deadpid FILE: writes the pid of a process that has ended to FILE.
func cmdDeadPid(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: deadpid FILE")
	}
	p, err := os.StartProcess("/bin/true", []string{"true"}, &os.ProcAttr{})
	ts.Check(err)
	_, err = p.Wait()
	ts.Check(err)
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), []byte(strconv.Itoa(p.Pid)+"\n"), 0o600))
}

// waitfile FILE TEXT: waits (up to 20 s) until FILE contains TEXT.
func cmdWaitFile(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: waitfile FILE TEXT")
	}
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		// The file must exist: `waitfile daemon.pid ''` waits for serve to
		// write it, not for nothing (Contains(x, "") is always true).
		b, err := os.ReadFile(ts.MkAbs(args[0]))
		if err == nil && strings.Contains(string(b), args[1]) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	ts.Fatalf("%s never contained %q", args[0], args[1])
}

// pidalive FILE: the pid in FILE runs (! pidalive: it does not).
func cmdPidAlive(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: pidalive FILE")
	}
	b, err := os.ReadFile(ts.MkAbs(args[0]))
	ts.Check(err)
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	ts.Check(err)
	if alive := daemon.Alive(pid); alive == neg {
		ts.Fatalf("pid %d alive=%v", pid, alive)
	}
}

// waitdead FILE: waits (up to 20 s) until the pid in FILE has ended and
// its files are closed. A killed process shows as a zombie (not Alive)
// while its other threads still exit and its files, the hub's listening
// sockets among them, are still open: a dial in between connects to a
// socket nobody will accept on, and its call fails "went away" (seen once
// in a loaded make test).
func cmdWaitDead(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: waitdead FILE")
	}
	b, err := os.ReadFile(ts.MkAbs(args[0]))
	ts.Check(err)
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	ts.Check(err)
	deadline := time.Now().Add(20 * time.Second)
	for daemon.Alive(pid) || filesOpen(pid) {
		if time.Now().After(deadline) {
			ts.Fatalf("pid %d still runs or holds files", pid)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// filesOpen says whether pid still holds open files (/proc/PID/fd lists
// some); false once it is gone, or where there is no /proc.
func filesOpen(pid int) bool {
	fds, err := os.ReadDir("/proc/" + strconv.Itoa(pid) + "/fd")
	return err == nil && len(fds) > 0
}

// envfile NAME FILE: sets $NAME to FILE's first line (a secret a command
// printed, for the commands after it).
func cmdEnvFile(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: envfile NAME FILE")
	}
	line, _, _ := strings.Cut(ts.ReadFile(args[1]), "\n")
	ts.Setenv(args[0], strings.TrimSpace(line))
}
