package e2e

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// What a person does in the REPL, saved with `save`,
// replays with `batch -f` on fresh documents and does the same to the page.
func TestREPLSaveReplays(t *testing.T) {
	tag := tagFor(t)
	name := "repl-save-" + tag
	start := pageURL("/signup.html", tag)
	script := filepath.Join(t.TempDir(), "signup.txt")
	t.Cleanup(func() { closeSessionsNamed(t, name) })

	// The REPL, fed line by line as a person would type: each line is sent
	// once the page reported what the line before did.
	ctx, cancel := contextFor(2 * callTimeout)
	defer cancel()
	repl := exec.CommandContext(ctx, h.bin, "--server", h.addr, "repl")
	repl.Env = h.env()
	repl.Dir = h.dir
	stdin, err := repl.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut lockedBuffer
	repl.Stdout, repl.Stderr = &out, &errOut
	repl.WaitDelay = 2 * time.Second
	if err := repl.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	waited := make(chan struct{})
	go func() {
		exited <- repl.Wait()
		close(waited)
	}()
	defer func() {
		repl.Process.Kill() // a no-op once it has exited
		<-waited
	}()
	send := func(line string) {
		t.Helper()
		if _, err := io.WriteString(stdin, line+"\n"); err != nil {
			t.Fatalf("writing %q to the REPL: %v\nstderr:\n%s", line, err, errOut.String())
		}
	}
	step := func(line, what string, pred func(event) bool) {
		t.Helper()
		send(line)
		h.rec.waitFor(t, tag, what+" (after `"+line+"`)", pred)
	}
	loaded := func(path, nav string) func(event) bool {
		return func(e event) bool {
			return e.Type == "load" && strings.Contains(e.str("url"), path) && e.str("nav") == nav
		}
	}
	input := func(target, value string) func(event) bool {
		return func(e event) bool { return e.Type == "input" && e.str("target") == target && e.str("value") == value }
	}

	step("session create --name "+name+" --url '"+start+"'", "the sign-up page's load", loaded("/signup.html", ""))
	s := sessionNamed(t, name)
	sn := takeSnapshot(t, s, "-i") // refs of the interactive walk here, of the full tree and find below
	send("snapshot -i")            // read-only: not in the script
	step("fill "+sn.ref(t, "textbox", "Full name")+" 'Ann O'\\''Neil'", "the name", input("fullname", "Ann O'Neil"))
	step("type "+sn.ref(t, "textbox", "Email")+" ann@example.com", "the email", input("input", "ann@example.com"))
	step("select "+sn.ref(t, "combobox", "Plan")+" pro", "the plan", func(e event) bool { return e.Type == "change" && e.str("target") == "plan" })
	step("check "+sn.ref(t, "checkbox", "I agree"), "the checkbox", func(e event) bool { return e.Type == "change" && e.str("target") == "agree" })
	step("fill "+unnamedTextbox(t, s)+" 'first line'", "the notes", input("textarea", "first line"))
	adds := find(t, s, "--role", "button", "--name", "Add", "--exact")
	if len(adds) != 2 {
		t.Fatalf("find: want the two Add buttons, got %+v", adds)
	}
	step("click "+adds[1].Ref, "the second Add", func(e event) bool { return e.Type == "add" && e.num("n") == 2 })
	step("click "+sn.ref(t, "button", "Send"), "the welcome page's load", loaded("/welcome.html", ""))
	sn = takeSnapshot(t, s)
	step("click "+sn.ref(t, "link", "Finish"), "the finished page's load", loaded("/welcome.html", "finished"))
	sn = takeSnapshot(t, s)
	step("click "+sn.ref(t, "button", "Thanks"), "thanks", func(e event) bool { return e.Type == "thanks" && e.str("nav") == "finished" })
	step(`eval report("eval", {title: document.title + " it's"})`, "the eval's report", func(e event) bool { return e.Type == "eval" })
	send("get title") // read-only
	send("save " + script)
	send("exit")
	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("the REPL: %v\nstderr:\n%s", err, errOut.String())
		}
	case <-time.After(callTimeout):
		t.Fatalf("the REPL did not end after `exit`; stderr:\n%s", errOut.String())
	}
	raw, err := os.ReadFile(script)
	if err != nil {
		t.Fatalf("save wrote no script: %v\nREPL stderr:\n%s", err, errOut.String())
	}
	text := string(raw)
	t.Logf("the saved script:\n%s", text)

	// What a reader of the script checks: no refs, no read-only lines,
	// role targets where they are unique, CSS where they are not, a wait
	// after each line that navigated.
	var commands []string
	for _, l := range strings.Split(strings.TrimSpace(text), "\n") {
		if !strings.HasPrefix(l, "#") {
			commands = append(commands, l)
		}
	}
	if ref := regexp.MustCompile(`(^|\s)@?(f\d+)?e\d+(\s|$)`).FindString(text); ref != "" {
		t.Errorf("the script still names a ref (%q)", ref)
	}
	for _, l := range commands {
		for _, ro := range []string{"snapshot", "get ", "find "} {
			if strings.HasPrefix(l, ro) {
				t.Errorf("the read-only line %q is in the script", l)
			}
		}
	}
	for _, want := range []string{
		`fill 'role=textbox[name="Full name"]' 'Ann O'\''Neil'`,
		`type 'role=textbox[name="Email"]' ann@example.com`,
		`select 'role=combobox[name="Plan"]' pro`,
		`check 'role=checkbox[name="I agree"]'`,
		`fill 'textarea[name="notes"]' 'first line'`,
		`click 'role=button[name="Send"]'`,
		`eval report("eval", {title: document.title + " it's"})`,
	} {
		if !contains(commands, want) {
			t.Errorf("the script lacks the line %s", want)
		}
	}
	wantWaitAfter := []string{"session create", `click 'role=button[name="Send"]'`, `click 'role=link[name="Finish"]'`}
	for _, nav := range wantWaitAfter {
		i := indexPrefix(commands, nav)
		if i < 0 || i+1 >= len(commands) || !strings.HasPrefix(commands[i+1], "wait ") {
			t.Errorf("no wait right after %q", nav)
		}
	}
	if n := strings.Count(strings.Join(commands, "\n"), "\nwait "); n != len(wantWaitAfter) {
		t.Errorf("%d waits in the script, want %d (one after each line that navigated)", n, len(wantWaitAfter))
	}

	// Fresh documents: the REPL's tab is gone with its refs; the replay
	// starts over from the URL in the script.
	h.rec.settle()
	first := signupReports(h.rec.of(tag))
	closeSessionsNamed(t, name)
	mark := float64(time.Now().UnixNano()) / 1e6
	bout, berr, code := runWithin(t, callTimeout, "batch", "-f", script)
	if code != 0 {
		t.Fatalf("batch -f the saved script: exit %d\nstdout:\n%s\nstderr:\n%s", code, bout, berr)
	}
	h.rec.waitFor(t, tag, "the replay's eval report", func(e event) bool { return e.Type == "eval" && e.num("at") > mark })
	h.rec.settle()
	var replayed []event
	for _, e := range h.rec.of(tag) {
		if e.num("at") > mark {
			replayed = append(replayed, e)
		}
	}
	second := signupReports(replayed)
	if strings.Join(first, "\n") != strings.Join(second, "\n") {
		t.Errorf("the replay did not do what the REPL did.\nREPL:\n  %s\nreplay:\n  %s", strings.Join(first, "\n  "), strings.Join(second, "\n  "))
	}
	// Role targets from the command line, on the replay's page.
	s2 := sessionNamed(t, name)
	if got := strings.TrimSpace(getString(t, s2, "text", `role=button[name="  THANKS "]`)); got != "Thanks" {
		t.Errorf("get text of a role target (case and spaces aside): %q, want Thanks", got)
	}
	mustFail(t, 1, -32602, in(s2, "click", "role=button[name=Thanks]")...)
	// A target that never comes waits the budget: 3 s, not the 30 s default.
	errText := mustFail(t, 1, 4110, in(s2, "--timeout", "3s", "click", `role=button[name="Thanks a lot"]`)...)
	if !strings.Contains(errText, `no element matches role=button[name="Thanks a lot"]`) {
		t.Errorf("a role target that matches nothing: stderr %q does not name it", errText)
	}
	t.Logf("what the page reported, both times:\n  %s", strings.Join(first, "\n  "))
	if len(first) < 10 {
		t.Errorf("the REPL's run reported only %d events:\n  %s", len(first), strings.Join(first, "\n  "))
	}
}

// signupReports are the reports of a run that say what it did to the pages,
// in order: loads (with the form's values in the URL), inputs, changes,
// clicks on named things, and the pages' own reports.
func signupReports(events []event) []string {
	var out []string
	for _, e := range events {
		switch e.Type {
		case "load":
			out = append(out, "load "+e.str("url"))
		case "input", "change":
			out = append(out, fmt.Sprintf("%s %s=%q", e.Type, e.str("target"), e.str("value")))
		case "click":
			out = append(out, "click "+e.str("target"))
		case "add", "thanks", "eval":
			out = append(out, fmt.Sprintf("%s n=%s nav=%s title=%s", e.Type, e.str("n"), e.str("nav"), e.str("title")))
		}
	}
	return out
}

func sessionNamed(t *testing.T, name string) session {
	t.Helper()
	var list struct {
		Sessions []session `json:"sessions"`
	}
	mustJSON(t, &list, "session", "list")
	for _, s := range list.Sessions {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("no session named %q: %+v", name, list.Sessions)
	return session{}
}

func closeSessionsNamed(t *testing.T, name string) {
	var list struct {
		Sessions []session `json:"sessions"`
	}
	mustJSON(t, &list, "session", "list")
	for _, s := range list.Sessions {
		if s.Name == name {
			run(t, "session", "close", s.SessionID)
		}
	}
}

// unnamedTextbox is the ref of the page's one textbox without a name.
func unnamedTextbox(t *testing.T, s session) string {
	t.Helper()
	var refs []string
	for _, e := range find(t, s, "--role", "textbox") {
		if e.Name == "" {
			refs = append(refs, e.Ref)
		}
	}
	if len(refs) != 1 {
		t.Fatalf("want one textbox without a name, found %v", refs)
	}
	return refs[0]
}

func indexPrefix(list []string, prefix string) int {
	for i, l := range list {
		if strings.HasPrefix(l, prefix) {
			return i
		}
	}
	return -1
}

// lockedBuffer is a bytes.Buffer a process writes while the test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
