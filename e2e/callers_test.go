package e2e

// Many callers in one browser: a person at the REPL, a shell script and an
// AI agent over `browserctl mcp` at once, each in its own session. What each
// tab got is read over the test's own CDP connection.

import (
	"browserctl/rpc"
	"context"
	"fmt"
	"io"
	"net/url"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// replProc is a `browserctl repl` fed through a pipe kept open, as a
// person types.
type replProc struct {
	t           *testing.T
	stdin       io.WriteCloser
	out, errOut lockedBuffer
	exited      chan error
}

func startREPL(t *testing.T) *replProc {
	t.Helper()
	ctx, cancel := contextFor(4 * callTimeout)
	cmd := exec.CommandContext(ctx, h.bin, "--server", h.addr, "repl")
	cmd.Env = h.env()
	cmd.Dir = h.dir
	r := &replProc{t: t, exited: make(chan error, 1)}
	var err error
	if r.stdin, err = cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = &r.out, &r.errOut
	cmd.WaitDelay = 2 * time.Second
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waited := make(chan struct{})
	go func() {
		r.exited <- cmd.Wait()
		close(waited)
	}()
	t.Cleanup(func() {
		r.stdin.Close()
		select {
		case <-waited:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-waited
		}
		cancel()
		t.Logf("REPL stdout:\n%s\nREPL stderr:\n%s", r.out.String(), r.errOut.String())
	})
	return r
}

// send writes one line, as a person presses Enter.
func (r *replProc) send(line string) {
	r.t.Helper()
	if _, err := io.WriteString(r.stdin, line+"\n"); err != nil {
		r.t.Fatalf("writing %q to the REPL: %v\nstderr:\n%s", line, err, r.errOut.String())
	}
}

// line sends one line and waits until stdout (or stderr, errs) has grown
// by text matching want; it answers what the line printed there.
func (r *replProc) line(line string, errs bool, want *regexp.Regexp) string {
	r.t.Helper()
	from := r.mark(errs)
	r.send(line)
	return r.wait(errs, from, "line "+line, want)
}

// mark is how much stdout (or stderr) holds now, for wait.
func (r *replProc) mark(errs bool) int {
	if errs {
		return len(r.errOut.String())
	}
	return len(r.out.String())
}

// wait waits until stdout (or stderr) has grown past from by text matching
// want, and answers that text.
func (r *replProc) wait(errs bool, from int, what string, want *regexp.Regexp) string {
	r.t.Helper()
	buf := &r.out
	if errs {
		buf = &r.errOut
	}
	deadline := time.Now().Add(callTimeout)
	for {
		got := buf.String()[from:]
		if want.MatchString(got) {
			return got
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("REPL %s: no output matching %s within %s; got %q\nstderr:\n%s", what, want, callTimeout, got, r.errOut.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// counterPage is a page whose button counts its clicks in its title.
func counterPage(tag string) string {
	html := `<title>` + tag + ` 0</title><button onclick="window.n=(window.n||0)+1;document.title='` + tag + ` '+window.n">Go</button>`
	return h.web.URL + "/inline?" + url.Values{"t": {tag}, "html": {html}}.Encode()
}

// hubSession is the shells' current session, as `status` reports it.
func hubSession(t *testing.T) string {
	t.Helper()
	var st struct {
		Session string `json:"session"`
	}
	mustJSON(t, &st, "status")
	return st.Session
}

// clicksOf reads the page's click count over CDP.
func clicksOf(t *testing.T, tag string) int {
	t.Helper()
	return int(h.cdp.page(t, tag).evalFloat("window.n || 0"))
}

var sessionIDLine = regexp.MustCompile(`(?m)^(s[0-9a-z]+)\n`)

// A REPL, a shell script and an MCP agent act at the same time, each only in
// its own session: every tab gets exactly its caller's clicks. Nobody moves
// anyone else's current session: not the agent's sessions.create, not the
// REPL's `session create`, not a script's `call sessions.create`, and not
// the agent leaving.
func TestCallersKeepTheirOwnSessions(t *testing.T) {
	tag := tagFor(t)
	shellTag, replTag, agentTag := tag+"-shell", tag+"-repl", tag+"-agent"
	t.Cleanup(func() { run(t, "session", "use", "") })

	// The shell: a one-shot `session create` is the shells' current session.
	var shell session
	mustJSON(t, &shell, "session", "create", "--name", shellTag, "--url", counterPage(shellTag))
	t.Cleanup(func() { run(t, "session", "close", shell.SessionID) })
	if got := hubSession(t); got != shell.SessionID {
		t.Fatalf("one-shot session create: the current session is %q, want %s", got, shell.SessionID)
	}

	// session create --url answers once the tab is made, not loaded: the
	// REPL's read below wants the page's own title.
	mustRun(t, "--session", shell.SessionID, "wait", "--fn", "document.title === "+strconv.Quote(shellTag+" 0"))

	// The REPL starts on it, then makes its own.
	r := startREPL(t)
	if out := r.line("get title", false, regexp.MustCompile(`\n`)); strings.TrimSpace(out) != shellTag+" 0" {
		t.Fatalf("the REPL did not start on the shells' current session: get title printed %q", out)
	}
	m := sessionIDLine.FindStringSubmatch(r.line("session create --name "+replTag+" --url '"+counterPage(replTag)+"'", false, sessionIDLine))
	replID := m[1]
	t.Cleanup(func() { run(t, "session", "close", replID) })
	if got := hubSession(t); got != shell.SessionID {
		t.Errorf("the REPL's session create moved the shells' current session to %q", got)
	}

	// The agent gets its own on its first page tool.
	agent := startMCP(t)
	agent.call("browser_navigate", map[string]any{"url": counterPage(agentTag)})
	if got := hubSession(t); got != shell.SessionID {
		t.Errorf("the MCP client moved the shells' current session to %q", got)
	}
	agentRef := refIn(t, agent.call("browser_snapshot", nil), "button", "Go")

	// A script's raw sessions.create moves nothing either.
	var raw session
	mustJSON(t, &raw, "call", "sessions.create", `{"name":"`+tag+`-raw"}`)
	t.Cleanup(func() { run(t, "session", "close", raw.SessionID) })
	if got := hubSession(t); got != shell.SessionID {
		t.Errorf("`call sessions.create` moved the shells' current session to %q", got)
	}

	// All three click at once, three rounds, none naming a session.
	const rounds = 3
	for i := 1; i <= rounds; i++ {
		var wg sync.WaitGroup
		wg.Add(3)
		go func() {
			defer wg.Done()
			agent.call("browser_click", map[string]any{"element": "Go", "ref": agentRef})
		}()
		go func() {
			defer wg.Done()
			if _, errOut, code := run(t, "click", "button"); code != 0 {
				t.Errorf("the shell's click: exit %d: %s", code, errOut)
			}
		}()
		go func() {
			defer wg.Done()
			r.line("click button\nget title", false, regexp.MustCompile(`\n`)) // click prints nothing off a terminal
		}()
		wg.Wait()
		for _, tg := range []string{shellTag, replTag, agentTag} {
			if n := clicksOf(t, tg); n != i {
				t.Errorf("round %d: the %s tab has %d clicks, want %d (each caller clicks only in its own tab)", i, strings.TrimPrefix(tg, tag+"-"), n, i)
			}
		}
	}
	if out := r.line("get title", false, regexp.MustCompile(`\n`)); strings.TrimSpace(out) != fmt.Sprintf("%s %d", replTag, rounds) {
		t.Errorf("REPL get title = %q, want its own tab's", out)
	}

	// session list marks each caller's current session.
	list := r.line("session list\nget title", false, regexp.MustCompile(`(?m)^`+regexp.QuoteMeta(fmt.Sprintf("%s %d", replTag, rounds))+`\n`))
	list = strings.TrimSuffix(list, fmt.Sprintf("%s %d\n", replTag, rounds))
	for _, row := range strings.Split(strings.TrimSpace(list), "\n") {
		if marked := strings.HasSuffix(row, "\tcurrent"); marked != strings.HasPrefix(row, replID+"\t") {
			t.Errorf("the REPL's session list marks the wrong row: %q\n%s", row, list)
		}
	}
	shellList, _, _ := h.exec(context.Background(), "session", "list")
	if !regexp.MustCompile(`(?m)^`+shell.SessionID+`\t.*\tcurrent$`).MatchString(shellList) ||
		strings.Count(shellList, "\tcurrent") != 1 {
		t.Errorf("the shell's session list does not mark %s alone:\n%s", shell.SessionID, shellList)
	}

	// The shell picks another session; the agent leaves; the pick stays.
	mustRun(t, "session", "use", raw.SessionID)
	agent.cs.Close()
	time.Sleep(500 * time.Millisecond) // the server releases its session as it goes
	if got := hubSession(t); got != raw.SessionID {
		t.Errorf("after the MCP client left, the shells' current session is %q, want %s (their `session use`)", got, raw.SessionID)
	}
	if out := r.line("get title", false, regexp.MustCompile(`\n`)); strings.TrimSpace(out) != fmt.Sprintf("%s %d", replTag, rounds) {
		t.Errorf("the shell's session use moved the REPL: get title = %q", out)
	}
}

// A REPL keeps its session by id across a hub restart, and says so when its
// tab group was closed in the browser instead of acting on another tab.
func TestREPLKeepsItsSessionAcrossHubRestart(t *testing.T) {
	tag := tagFor(t)
	mine, other := tag+"-mine", tag+"-other"
	r := startREPL(t)
	m := sessionIDLine.FindStringSubmatch(r.line("session create --name "+mine+" --url '"+counterPage(mine)+"'", false, sessionIDLine))
	replID := m[1]
	t.Cleanup(func() { run(t, "session", "close", replID) })
	newSession(t, counterPage(other)) // now the shells' current session
	h.cdp.page(t, other)

	from := r.mark(true)
	h.killServe()
	r.wait(true, from, "after the hub died", regexp.MustCompile(`the hub went away.*keeps session `+replID))
	from = r.mark(true)
	if err := h.startServe(); err != nil {
		t.Fatalf("restarting the hub: %v", err)
	}
	if _, errOut, code := runWithin(t, 50*time.Second, "status", "--wait", "40s"); code != 0 {
		t.Fatalf("the extension did not reconnect: %s", errOut)
	}
	r.wait(true, from, "after the hub came back", regexp.MustCompile(`the hub is back; this REPL keeps session `+replID))
	if out := r.line("click button\nget title", false, regexp.MustCompile(`\n`)); strings.TrimSpace(out) != mine+" 1" {
		t.Errorf("after the hub restart the REPL's get title = %q, want its own tab's", out)
	}
	if n := clicksOf(t, mine); n != 1 {
		t.Errorf("after the hub restart the REPL's click reached its tab %d times, want 1", n)
	}
	if n := clicksOf(t, other); n != 0 {
		t.Errorf("after the hub restart the REPL clicked in another session's tab")
	}

	// Its tab closed in the browser: the group is gone, and the REPL says so.
	p := h.cdp.page(t, mine)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := h.cdp.call(ctx, "", "Target.closeTarget", map[string]any{"targetId": p.target}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(h.cdp.pagesWith(t, mine)) != 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	errs := r.line("click button", true, regexp.MustCompile(`error 41\d\d.*\n`))
	if !strings.Contains(errs, "error 4107") || !strings.Contains(errs, "the session "+replID+" of this REPL is gone") {
		t.Errorf("the REPL's click on its closed session: stderr %q does not say its session is gone", errs)
	}
	if n := clicksOf(t, other); n != 0 {
		t.Errorf("the REPL acted on another session's tab after its own was closed")
	}
}

// open with no session anywhere makes one, says which on stderr, and it
// becomes the caller's current session: the shells' one-shot, the run's
// own in batch.
func TestOpenMakesASession(t *testing.T) {
	tag := tagFor(t)
	mustRun(t, "session", "use", "")
	t.Cleanup(func() { run(t, "session", "use", "") })

	out, errOut, code := h.exec(context.Background(), "open", counterPage(tag+"-one"))
	m := regexp.MustCompile(`session (s[0-9a-z]+) created`).FindStringSubmatch(errOut)
	if code != 0 || m == nil {
		t.Fatalf("open with no session: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	t.Cleanup(func() { run(t, "session", "close", m[1]) })
	if !strings.Contains(out, tag+"-one 0") {
		t.Errorf("open printed %q, want the page's URL and title", out)
	}
	h.cdp.page(t, tag+"-one") // exactly one tab at the URL
	if got := hubSession(t); got != m[1] {
		t.Errorf("the session open made is not the current one: %q", got)
	}

	// Its tabs closed, the current session is gone: open makes another,
	// and says why. A session named on the command line is not replaced.
	for _, tb := range tabsOf(t, session{Session: rpc.Session{SessionID: m[1]}}) {
		mustRun(t, "--session", m[1], "tab", "close", itoa(tb.TabID))
	}
	mustFail(t, 1, 4107, "--session", m[1], "open", counterPage(tag+"-named"))
	out, errOut, code = h.exec(context.Background(), "open", counterPage(tag+"-again"))
	again := regexp.MustCompile(`session (s[0-9a-z]+) created: the current one is gone`).FindStringSubmatch(errOut)
	if code != 0 || again == nil || !strings.Contains(out, tag+"-again 0") {
		t.Fatalf("open with the current session gone: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	t.Cleanup(func() { run(t, "session", "close", again[1]) })
	if got := hubSession(t); got != again[1] {
		t.Errorf("the session open made in place of the gone one is not the current one: %q", got)
	}

	// batch: the session is the run's own; the shells' stays none.
	mustRun(t, "session", "use", "")
	cmd := exec.Command(h.bin, "--server", h.addr, "batch")
	cmd.Env, cmd.Dir = h.env(), h.dir
	cmd.Stdin = strings.NewReader("open '" + counterPage(tag+"-batch") + "'\nclick button\nget title\n")
	var bout, berr lockedBuffer
	cmd.Stdout, cmd.Stderr = &bout, &berr
	if err := cmd.Run(); err != nil {
		t.Fatalf("batch: %v\nstderr: %s", err, berr.String())
	}
	mb := regexp.MustCompile(`session (s[0-9a-z]+) created`).FindStringSubmatch(berr.String())
	if mb == nil {
		t.Fatalf("batch's open did not say which session it made: %q", berr.String())
	}
	t.Cleanup(func() { run(t, "session", "close", mb[1]) })
	if !strings.HasSuffix(bout.String(), tag+"-batch 1\n") {
		t.Errorf("batch printed %q, want its click counted on its own page", bout.String())
	}
	if got := hubSession(t); got != "" {
		t.Errorf("batch's open moved the shells' current session to %q", got)
	}

	// REPL: the same.
	r := startREPL(t)
	from := r.mark(true)
	if out := r.line("open '"+counterPage(tag+"-repl")+"'", false, regexp.MustCompile(`\n.*\n`)); !strings.Contains(out, tag+"-repl 0") {
		t.Errorf("the REPL's open printed %q", out)
	}
	errs := r.wait(true, from, "open", regexp.MustCompile(`session (s[0-9a-z]+) created`))
	mr := regexp.MustCompile(`session (s[0-9a-z]+) created`).FindStringSubmatch(errs)
	t.Cleanup(func() { run(t, "session", "close", mr[1]) })
	r.line("click button\nget title", false, regexp.MustCompile(`\n`))
	if n := clicksOf(t, tag+"-repl"); n != 1 {
		t.Errorf("the REPL's click after open: %d clicks on its page, want 1", n)
	}
	if got := hubSession(t); got != "" {
		t.Errorf("the REPL's open moved the shells' current session to %q", got)
	}
}
