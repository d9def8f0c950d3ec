package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// runAs runs the binary with secret as its token (a capability).
func runAs(t *testing.T, secret string, args ...string) (string, string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, h.bin, append([]string{"--server", h.addr}, args...)...)
	cmd.Env = append(h.env(), "BROWSERCTL_TOKEN="+secret)
	cmd.Dir = h.dir
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	return out.String(), errOut.String(), code
}

// Two sessions in the real browser and a capability of the first: every
// attempt on the second, from the CLI and from an MCP server started with
// the capability, is refused forbidden, and the second session's page and
// tabs are as they were (read over the test's own CDP connection and the
// control token's tab list).
func TestCapabilityReachesOneSessionOnly(t *testing.T) {
	tag := tagFor(t)
	mine := newSession(t, pageURL("/agent.html", tag, "who", "mine"))
	other := newSession(t, pageURL("/agent.html", tag, "who", "other"))
	otherPage := h.cdp.page(t, "who=other")
	var granted struct {
		Capability string `json:"capability"`
	}
	mustJSON(t, &granted, "session", "grant", mine.SessionID)
	secret := granted.Capability

	var before struct {
		Tabs []struct {
			TabID int    `json:"tabId"`
			URL   string `json:"url"`
		} `json:"tabs"`
	}
	mustJSON(t, &before, in(other, "tab", "list")...)

	attempts := [][]string{
		in(other, "click", "#save"),
		in(other, "fill", "#name", "intruder"),
		in(other, "open", pageURL("/welcome.html", tag)),
		in(other, "eval", "document.title = 'taken'"),
		in(other, "tab", "open", pageURL("/welcome.html", tag)),
		in(other, "snapshot"),
		{"session", "close", other.SessionID},
		{"session", "use", other.SessionID},
		{"tab", "user-list"},
		{"tab", "attach", "1"},
	}
	for _, a := range attempts {
		_, stderr, code := runAs(t, secret, a...)
		if code != 1 || !strings.Contains(stderr, "forbidden") {
			t.Errorf("%v with the other session's capability: exit %d, %s", a, code, stderr)
		}
	}
	// sessions: only its own
	out, _, code := runAs(t, secret, "--json", "session", "list")
	if code != 0 || !strings.Contains(out, mine.SessionID) || strings.Contains(out, other.SessionID) {
		t.Errorf("session list with a capability: exit %d, %s", code, out)
	}
	// in its own session it works, and the page shows it
	if _, stderr, code := runAs(t, secret, "fill", "#name", "allowed"); code != 0 {
		t.Fatalf("fill in its own session: exit %d, %s", code, stderr)
	}
	minePage := h.cdp.page(t, "who=mine")
	if got := minePage.evalString(`document.getElementById('name').value`); got != "allowed" {
		t.Errorf("own session's field: %q", got)
	}

	// An MCP server started with the capability acts in that session and
	// is refused the other.
	a := startMCPAs(t, secret)
	if got := a.call("browser_snapshot", nil); !strings.Contains(got, "who=mine") {
		t.Errorf("MCP with a capability snapshots elsewhere:\n%s", got)
	}
	if res := a.callResult("browser_session", map[string]any{"action": "use", "sessionId": other.SessionID}); !res.IsError || !strings.Contains(contentText(res), "forbidden") {
		t.Errorf("MCP with a capability used the other session: %s", contentText(res))
	}
	if res := a.callResult("browser_session", map[string]any{"action": "create"}); !res.IsError || !strings.Contains(contentText(res), "forbidden") {
		t.Errorf("MCP with a capability created a session: %s", contentText(res))
	}

	// Nothing changed in the other session.
	if got := otherPage.evalString(`document.getElementById('name').value + '|' + document.title + '|' + location.search`); !strings.HasPrefix(got, "|Agent form|") || !strings.Contains(got, "who=other") {
		t.Errorf("the other session's page changed: %q", got)
	}
	var after struct {
		Tabs []struct {
			TabID int    `json:"tabId"`
			URL   string `json:"url"`
		} `json:"tabs"`
	}
	mustJSON(t, &after, in(other, "tab", "list")...)
	if b, _ := json.Marshal(after); string(b) != func() string { x, _ := json.Marshal(before); return string(x) }() {
		t.Errorf("the other session's tabs changed: %+v -> %+v", before, after)
	}

	// Revoked, it is refused at once.
	mustRun(t, "session", "revoke", "--session", mine.SessionID)
	if _, _, code := runAs(t, secret, "get", "title"); code == 0 {
		t.Error("a revoked capability still works")
	}
}

// startMCPAs is startMCP with a capability as the server's token.
func startMCPAs(t *testing.T, secret string) *mcpAgent {
	t.Helper()
	return startMCPClient(t, "e2e-capability", []string{"BROWSERCTL_TOKEN=" + secret})
}

// A capability granted --origins fences its session in the real browser:
// open elsewhere is refused (origin_not_allowed), and a fetch and a link to
// another origin never reach the server, while the page's own origin does;
// revoked, the fence is lifted.
func TestCapabilityOriginsFenceTheSession(t *testing.T) {
	tag := tagFor(t)
	other := strings.Replace(h.web.URL, "127.0.0.1", "localhost", 1)
	away := other + "/served/fence-link?t=" + tag
	popup := other + "/served/fence-popup?t=" + tag
	html := `<a id="away" href="` + away + `">away</a> <a id="pop" target="_blank" href="` + popup + `">pop</a>`
	s := newSession(t, h.web.URL+"/inline?t="+tag+"&html="+url.QueryEscape(html))
	waitLoad(t, s)
	p := h.cdp.page(t, "t="+tag)
	var granted struct {
		Capability string `json:"capability"`
	}
	mustJSON(t, &granted, "session", "grant", s.SessionID, "--origins", h.web.URL)
	secret := granted.Capability
	hits := func(name string) int {
		n := 0
		for _, e := range h.rec.of(tag, "hit") {
			if e.str("path") == name {
				n++
			}
		}
		return n
	}

	if _, stderr, code := runAs(t, secret, "open", other+"/served/fence-open?t="+tag); code != 1 || !strings.Contains(stderr, "origin_not_allowed") {
		t.Errorf("open of another origin with the limited capability: exit %d, %s", code, stderr)
	}
	if got := p.evalString(`fetch("` + other + `/served/fence-fetch?t=` + tag + `").then(() => "reached", () => "failed")`); got != "failed" {
		t.Errorf("a fetch to another origin: %s", got)
	}
	if got := p.evalString(`fetch("/served/fence-own?t=` + tag + `").then(r => r.text())`); got != "ok" {
		t.Errorf("a fetch to the page's own origin: %s", got)
	}
	// A popup to another origin (target=_blank): its first request leaves
	// before the extension can attach to it (the README says so), but the
	// session never gets the tab: it leaves the group, the person's.
	if _, stderr, code := runAs(t, secret, "click", "#pop"); code != 0 {
		t.Logf("click on the popup link: exit %d, %s", code, stderr)
	}
	type tabList struct {
		Tabs []struct {
			TabID     int    `json:"tabId"`
			URL       string `json:"url"`
			SessionID string `json:"sessionId"`
		} `json:"tabs"`
	}
	popupTab := 0
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline) && popupTab == 0; time.Sleep(100 * time.Millisecond) {
		var all tabList
		mustJSON(t, &all, "tab", "user-list")
		for _, tb := range all.Tabs {
			if strings.Contains(tb.URL, "fence-popup") && tb.SessionID == "" {
				popupTab = tb.TabID
			}
		}
	}
	if popupTab == 0 {
		t.Errorf("the popup to another origin did not end up outside the session")
	} else {
		var mine tabList
		out, _, _ := runAs(t, secret, "--json", "tab", "list")
		_ = json.Unmarshal([]byte(out), &mine)
		for _, tb := range mine.Tabs {
			if tb.TabID == popupTab {
				t.Errorf("the capability still lists the popup %d: %s", popupTab, out)
			}
		}
		if _, stderr, code := runAs(t, secret, "get", "title", "--tab", strconv.Itoa(popupTab)); code == 0 {
			t.Errorf("the capability read the popup's title")
		} else if !strings.Contains(stderr, "not in session") {
			t.Logf("get title of the popup: %s", stderr)
		}
		if _, stderr, code := runAs(t, secret, "tab", "attach", strconv.Itoa(popupTab)); code == 0 || !strings.Contains(stderr, "forbidden") {
			t.Errorf("tab attach of the popup with the limited capability: exit %d, %s", code, stderr)
		}
		// The person's own token may attach tabs, but not one the fence
		// keeps out: the extension refuses it where the call lands.
		if _, stderr, code := run(t, in(s, "tab", "attach", strconv.Itoa(popupTab))...); code == 0 || !strings.Contains(stderr, "origin_not_allowed") {
			t.Errorf("tab attach of the popup into the fenced session: exit %d, %s", code, stderr)
		}
		for _, ti := range h.cdp.pagesWith(t, "/served/fence-popup") {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			_, _ = h.cdp.call(ctx, "", "Target.closeTarget", map[string]any{"targetId": ti.TargetID})
			cancel()
		}
	}
	if _, stderr, code := runAs(t, secret, "click", "#away"); code != 0 && !strings.Contains(stderr, "net::") {
		t.Logf("click on the link away: exit %d, %s", code, stderr)
	}
	h.rec.settle()
	for _, name := range []string{"fence-open", "fence-fetch", "fence-link"} {
		if n := hits(name); n != 0 {
			t.Errorf("%s reached the server %d time(s) through the fence", name, n)
		}
	}
	if hits("fence-own") != 1 {
		t.Errorf("the page's own origin was not reached")
	}

	mustRun(t, "session", "revoke", "--session", s.SessionID)
	mustRun(t, in(s, "open", other+"/served/fence-after?t="+tag)...)
	if hits("fence-after") != 1 {
		t.Errorf("after the revoke the session is still fenced")
	}
}

// Two MCP clients and a shell drive three sessions while the journal is
// followed: every entry names the caller that sent it (with its pid), in its
// own session; an element action names its target by role and name and
// how it ended; and the values each of them typed appear nowhere.
func TestJournalNamesEachCaller(t *testing.T) {
	tag := tagFor(t)
	follow := exec.Command(h.bin, "--server", h.addr, "--json", "log", "--follow")
	follow.Env = h.env()
	var followed lockedBuffer
	follow.Stdout = &followed
	if err := follow.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = follow.Process.Kill(); _ = follow.Wait() }()

	typed := map[string]string{"shell": "typed-by-the-shell-" + tag, "a": "typed-by-agent-a-" + tag, "b": "typed-by-agent-b-" + tag}
	shell := newSession(t, pageURL("/agent.html", tag, "who", "shell"))
	mustRun(t, in(shell, "fill", "#name", typed["shell"])...)
	mustRun(t, in(shell, "click", "#save")...)
	a := startMCPClient(t, "agent-a", nil)
	b := startMCPClient(t, "agent-b", nil)
	for who, ag := range map[string]*mcpAgent{"a": a, "b": b} {
		ag.call("browser_navigate", map[string]any{"url": pageURL("/agent.html", tag, "who", who)})
		ag.call("browser_type", map[string]any{"element": "Full name", "target": "#name", "text": typed[who], "slowly": who == "b"})
		ag.call("browser_click", map[string]any{"element": "Save profile", "target": "#save"})
	}

	type entry struct {
		Session string `json:"session"`
		Caller  struct {
			Kind, Name string
			PID        int
		} `json:"caller"`
		Method      string `json:"method"`
		Target      string `json:"target"`
		URL         string `json:"url"`
		ValueLength *int   `json:"valueLength"`
		OK          bool   `json:"ok"`
	}
	parse := func(out string) []entry {
		var es []entry
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			var e entry
			if json.Unmarshal([]byte(line), &e) == nil && e.Method != "" {
				es = append(es, e)
			}
		}
		return es
	}
	out := mustRun(t, "log")
	entries := parse(out)
	// each MCP client's session: the one its navigation went to
	who := map[string]string{shell.SessionID: "shell"}
	for _, e := range entries {
		for _, w := range []string{"a", "b"} {
			if e.Method == "pages.navigate" && strings.Contains(e.URL, "who="+w) {
				who[e.Session] = "mcp agent-" + w
			}
		}
	}
	if len(who) != 3 {
		t.Fatalf("the journal shows %d of the three sessions: %v\n%s", len(who), who, out)
	}
	acted := map[string]int{}
	for _, e := range entries {
		want, ours := who[e.Session]
		if !ours {
			continue // another test's session
		}
		got := e.Caller.Kind
		if e.Caller.Name != "" {
			got += " " + e.Caller.Name
		}
		if got != want || e.Caller.PID == 0 {
			t.Errorf("%s in %s journaled as %q (pid %d), want %q", e.Method, e.Session, got, e.Caller.PID, want)
		}
		if strings.HasPrefix(e.Method, "pages.") && !strings.Contains(e.URL, "/agent.html?") {
			t.Errorf("%s's %s entry names the page %q, want the agent page's URL", want, e.Method, e.URL)
		}
		switch e.Method {
		case "pages.fill", "pages.type":
			acted[want+" typed"]++
			key := strings.TrimPrefix(want, "mcp agent-") // shell, a, b
			if e.Target != `textbox "Full name"` || !e.OK || e.ValueLength == nil || *e.ValueLength != len(typed[key]) {
				t.Errorf("%s's %s entry: target %q, ok %v, valueLength %v", want, e.Method, e.Target, e.OK, e.ValueLength)
			}
		case "pages.click":
			acted[want+" clicked"]++
			if e.Target != `button "Save profile"` || !e.OK {
				t.Errorf("%s's click entry: target %q, ok %v", want, e.Target, e.OK)
			}
		}
	}
	for _, w := range []string{"shell", "mcp agent-a", "mcp agent-b"} {
		if acted[w+" typed"] != 1 || acted[w+" clicked"] != 1 {
			t.Errorf("%s: %d typing and %d click entries, want one each", w, acted[w+" typed"], acted[w+" clicked"])
		}
	}
	for _, v := range typed {
		if strings.Contains(out, v) {
			t.Errorf("the journal holds a typed value (%s)", v)
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for len(parse(followed.String())) < len(entries) && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	f := followed.String()
	if !strings.Contains(f, `"agent-a"`) || !strings.Contains(f, `"agent-b"`) || !strings.Contains(f, `"kind":"shell"`) {
		t.Errorf("log --follow saw:\n%s", f)
	}
	for _, v := range typed {
		if strings.Contains(f, v) {
			t.Errorf("log --follow printed a typed value (%s)", v)
		}
	}
}

// A capability reads this machine's files only from the folders it was
// granted: an upload from elsewhere (a symlink out of the folder too) and
// a file: URL are refused forbidden, and the page's file input stays empty
// (read over the test's own CDP); from the granted folder it works.
func TestCapabilityReadsOnlyTheFilesItWasGiven(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/files.html", tag))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)
	dir := t.TempDir()
	granted := filepath.Join(dir, "granted")
	secretFile := filepath.Join(dir, "id_rsa")
	cv := filepath.Join(granted, "cv.txt")
	if err := os.MkdirAll(granted, 0o700); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{secretFile, cv} {
		if err := os.WriteFile(f, []byte("contents of "+filepath.Base(f)), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(secretFile, filepath.Join(granted, "innocent.txt")); err != nil {
		t.Fatal(err)
	}
	grant := func(args ...string) string {
		var g struct {
			Capability string `json:"capability"`
		}
		mustJSON(t, &g, append([]string{"session", "grant", s.SessionID}, args...)...)
		return g.Capability
	}
	plain, withFiles := grant(), grant("--files", granted)
	files := func() string {
		return p.evalString(`[...document.getElementById("doc").files].map(f => f.name).join()`)
	}

	for _, c := range []struct {
		secret string
		args   []string
	}{
		{plain, []string{"upload", "#doc", cv}},
		{withFiles, []string{"upload", "#doc", secretFile}},
		{withFiles, []string{"upload", "#doc", filepath.Join(granted, "innocent.txt")}},
		{withFiles, []string{"upload", "#doc", filepath.Join(granted, "..", "id_rsa")}},
		{plain, []string{"open", "--allow-file", "file://" + secretFile}},
	} {
		if _, stderr, code := runAs(t, c.secret, c.args...); code != 1 || !strings.Contains(stderr, "forbidden") {
			t.Errorf("%v with a capability: exit %d, stderr %q; want it refused forbidden", c.args, code, stderr)
		}
	}
	if got := files(); got != "" {
		t.Errorf("after the refused uploads the page's file input holds %q", got)
	}
	if at := p.evalString("location.href"); !strings.HasPrefix(at, "http") {
		t.Errorf("after the refused file: URL the tab is at %s", at)
	}
	if _, stderr, code := runAs(t, withFiles, "upload", "#doc", cv); code != 0 {
		t.Fatalf("an upload from the granted folder: exit %d, stderr %s", code, stderr)
	}
	if got := files(); got != "cv.txt" {
		t.Errorf("the page's file input holds %q after the granted upload, want cv.txt", got)
	}
}
