package cmd

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestREPL drives `browserctl repl` through a pseudo-terminal: the REPL
// holds the hub itself, a fake extension connects (a notice above the
// prompt), lines run commands, Tab completes commands, refs, tabs and
// sessions, Ctrl-C drops the line, errors do not end it, Ctrl-D does, and
// the history is kept.
func TestREPL(t *testing.T) {
	exe, dir, addr, env := replTestEnv(t)
	rules := filepath.Join(dir, "rules.txt")
	reqLog := filepath.Join(dir, "requests.log")
	if err := os.WriteFile(rules, []byte(`
tabs.active {"tabId":101,"windowId":1,"url":"https://example.com/","title":"Example","active":true,"groupId":12,"sessionId":"s1"}
tabs.list {"tabs":[{"tabId":101,"windowId":1,"url":"https://example.com/","title":"Example","active":true,"groupId":12,"sessionId":"s1"}]}
tabs.activate {"tabId":101,"windowId":1,"url":"https://example.com/","title":"Example","active":true,"groupId":12,"sessionId":"s1"}
sessions.create {"sessionId":"s1","name":"","groupId":12,"tabIds":[101],"activeTabId":101}
sessions.list {"sessions":[{"sessionId":"s1","name":"work","groupId":12,"tabIds":[101],"activeTabId":101}]}
pages.snapshot {"snapshot":"- button \"Go\" [ref=e1]\n- link \"Next\" [ref=e22]\n","refs":{"e1":{"ref":"e1","role":"button","name":"Go"},"e22":{"ref":"e22","role":"link","name":"Next"}},"url":"https://example.com/","title":"Example","tabId":101}
pages.hover {"ok":true}
pages.click !4109 page ref not found
`), 0o600); err != nil {
		t.Fatal(err)
	}

	// no arguments on a terminal: the REPL
	repl := &exec.Cmd{Path: exe, Args: []string{"browserctl"}, Env: env}
	term := startTerminal(t, repl)
	term.expect("holding the hub at ws://" + addr)
	term.expect("browserctl - ○> ")

	ext := &exec.Cmd{Path: exe, Args: []string{"fakeext", rules, reqLog}, Env: env}
	if err := ext.Start(); err != nil {
		t.Fatal(err)
	}
	extDone := make(chan struct{})
	go func() { ext.Wait(); close(extDone) }()
	t.Cleanup(func() { ext.Process.Kill(); <-extDone })
	term.expect("extension connected") // printed above the prompt
	term.expect("browserctl - ●> ")    // and the prompt says so

	term.send("tab active\r")
	term.expect("101  *       s1       Example  https://example.com/")

	// Ctrl-C drops the line being edited; nothing runs
	term.send("session create --name dropped\x03")
	term.expect("^C")
	// an error is printed and the REPL goes on
	term.send("click e1\r")
	term.expect("error 4109 page_ref_not_found: page ref not found")
	// a hint in the REPL names the REPL's command, not the program's
	term.expect("hint: the ref is stale: take a new snapshot (`snapshot`) and retry with its refs")

	// Tab completes commands ...
	term.send("session cre\t")
	term.expect("session create ")
	term.send("\r")
	term.expect("browserctl s1 ●> ") // the prompt shows the new current session
	term.send("snapsh\t")
	term.expect("snapshot ")
	term.send("\r")
	term.expect(`- link "Next" [ref=e22]`)
	// ... refs from the last snapshot, listed with their role and name
	// when several match, the line kept as typed ...
	term.send("hover e\t")
	term.expect("e1   button \"Go\"\r\n")
	term.expect("e22  link \"Next\"\r\n")
	term.expect("browserctl s1 ●> hover e")
	// ... and the first Ctrl-C after the list clears the line: the next
	// line runs alone (the request log below has no hover of "etab")
	term.send("\x03")
	term.expect("^C")
	term.send("tab list\r")
	term.expect("101  *")
	// ... one ref, tab ids and session ids complete in place
	term.send("hover e2\t")
	term.expect("hover e22 ")
	term.send("\r")
	term.send("tab activate \t")
	term.expect("tab activate 101 ")
	term.send("\r")
	term.send("--session \t")
	term.expect("--session s1 ")
	term.send("tab list\r")
	term.expect("101  *")

	// quoting like a shell; an unclosed quote is an error, not the end
	// (an eval line is not split: it goes to the page as it is)
	term.send("get 'unclosed\r")
	term.expect("error: ")
	// history: this session's lines, re-quoted; not the line that did not parse
	term.send("fill e1 'two words'\r")
	term.expect("error ")
	term.send("history\r")
	term.expect("    1  tab active\r\n")
	term.expect("    2  click e1\r\n")
	term.expect("    9  fill e1 'two words'\r\n")
	term.expect("   10  history\r\n")
	// the extension goes away: a notice above the prompt
	ext.Process.Kill()
	<-extDone
	term.expect("extension disconnected")
	term.expect("browserctl s1 ○> ")

	term.send("\x04") // Ctrl-D leaves
	select {
	case err := <-term.exited:
		if err != nil {
			t.Fatalf("the REPL ended with %v", err)
		}
		term.exited <- nil
	case <-time.After(20 * time.Second):
		t.Fatal("Ctrl-D did not end the REPL")
	}

	log, _ := os.ReadFile(reqLog)
	// pages.durableTarget: the REPL notes the document and the ref's durable
	// target before each line that acts on a page, for `save`.
	want := `tabs.active {}
pages.durableTarget {}
pages.durableTarget {"ref":"e1"}
pages.click {"ref":"e1"}
pages.durableTarget {}
sessions.create {}
pages.snapshot {"sessionId":"s1"}
tabs.list {"sessionId":"s1"}
pages.durableTarget {"sessionId":"s1"}
pages.durableTarget {"sessionId":"s1","ref":"e22"}
pages.hover {"sessionId":"s1","ref":"e22"}
tabs.list {"sessionId":"s1"}
pages.durableTarget {"sessionId":"s1"}
tabs.list {"sessionId":"s1"}
tabs.activate {"sessionId":"s1","tabId":101}
sessions.list {}
tabs.list {"sessionId":"s1"}
pages.durableTarget {"sessionId":"s1"}
pages.durableTarget {"sessionId":"s1","ref":"e1"}
pages.fill {"sessionId":"s1","ref":"e1","value":"two words"}
`
	if string(log) != want {
		t.Errorf("requests:\n%s\nwant:\n%s", log, want)
	}
	hist, _ := os.ReadFile(filepath.Join(dir, historyFileName))
	for _, line := range []string{"tab active", "click e1", "session create", "snapshot", "hover e22", "tab activate 101", "--session s1 tab list"} {
		if !strings.Contains(string(hist), line+"\n") {
			t.Errorf("history lacks %q:\n%s", line, hist)
		}
	}
	if strings.Contains(string(hist), "dropped") {
		t.Errorf("history holds the line dropped by Ctrl-C:\n%s", hist)
	}
}
