package cmd

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// In the REPL, Ctrl-C ends `console --follow` (here while its
// long poll waits on an extension that does not answer), the REPL says
// nothing went wrong and runs the next line.
func TestREPLFollowEndsOnCtrlC(t *testing.T) {
	exe, dir, _, env := replTestEnv(t)
	rules := filepath.Join(dir, "rules.txt")
	if err := os.WriteFile(rules, []byte(`
tabs.active {"tabId":101,"windowId":1,"url":"https://example.com/","title":"Example","active":true,"groupId":12,"sessionId":"s1"}
logs.console !hang
`), 0o600); err != nil {
		t.Fatal(err)
	}
	repl := &exec.Cmd{Path: exe, Args: []string{"browserctl"}, Env: env}
	term := startTerminal(t, repl)
	term.expect("browserctl - ○> ")
	ext := &exec.Cmd{Path: exe, Args: []string{"fakeext", rules, filepath.Join(dir, "requests.log")}, Env: env}
	if err := ext.Start(); err != nil {
		t.Fatal(err)
	}
	extDone := make(chan struct{})
	go func() { ext.Wait(); close(extDone) }()
	t.Cleanup(func() { ext.Process.Kill(); <-extDone })
	term.expect("browserctl - ●> ")

	term.send("--session s1 console --follow\r")
	time.Sleep(300 * time.Millisecond) // the call is out, waiting
	term.send("\x03")
	term.expect("browserctl - ●> ")
	term.send("tab active\r")
	term.expect("101  *")
	term.mu.Lock()
	out := term.buf.String()
	term.mu.Unlock()
	if strings.Contains(out, "error") {
		t.Errorf("Ctrl-C ending a follow printed an error:\n%q", out)
	}
	log, _ := os.ReadFile(filepath.Join(dir, "requests.log"))
	if want := "logs.console {\"sessionId\":\"s1\"}\n"; string(log[:min(len(log), len(want))]) != want {
		t.Errorf("requests:\n%s\nwant first:\n%s", log, want)
	}
}
