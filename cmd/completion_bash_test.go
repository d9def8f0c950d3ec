package cmd

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBashCompletionWithoutPackage sources `browserctl completion bash` in
// an interactive bash that has not loaded the bash-completion package
// (--norc: nothing loads it) and presses Tab: commands and flags complete,
// and no "command not found" appears.
func TestBashCompletionWithoutPackage(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatal("bash is needed for this test: ", err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	// bash runs `browserctl __complete ...`: this test binary under that name
	if err := os.Symlink(exe, filepath.Join(dir, "browserctl")); err != nil {
		t.Fatal(err)
	}
	addr, err := freeAddr()
	if err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "PATH="+dir+":"+os.Getenv("PATH"), "BROWSERCTL_HOME="+dir,
		"BROWSERCTL_SERVER="+addr, "BROWSERCTL_TOKEN=tok", "TERM=xterm", "PS1=$ ", "INPUTRC=/dev/null",
		"GORACE=atexit_sleep_ms=0 halt_on_error=1")
	sh := &exec.Cmd{Path: bash, Args: []string{"bash", "--norc", "--noprofile", "-i"}, Env: env, Dir: dir}
	term := startTerminal(t, sh)

	term.send("declare -F _init_completion _get_comp_words_by_ref || echo no-bash-completion-$((6*7))\r")
	term.expect("no-bash-completion-42") // the package is not loaded here
	term.send("source <(browserctl completion bash) && echo sourced-$((6*7))\r")
	term.expect("sourced-42")

	term.send("browserctl sess\t")
	term.expect("browserctl session ")
	term.send("cre\t")
	term.expect("create ")
	term.send("--na\t")
	term.expect("--name ")
	term.send("\x15") // Ctrl-U: drop the line
	term.send("echo done-$((6*7))\r")
	term.expect("done-42")

	term.mu.Lock()
	out := term.buf.String()
	term.mu.Unlock()
	if i := strings.Index(out, "sourced-42"); i < 0 || strings.Contains(out[i:], "command not found") {
		t.Errorf("Tab printed an error:\n%s", out)
	}
}
