package e2e

// record actions: a person's flow, made with input Chromium takes as the
// person's own (Input.dispatch* and insertText through the test's DevTools
// connection, not through browserctl), becomes a batch script; the script
// replays on a fresh session, and the server sees every effect again.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// recordLoginFlow records a person who signs in, opens the reports list in
// a new tab, filters it and downloads the report; it answers the script.
func recordLoginFlow(t *testing.T, app *recApp, tag string) string {
	t.Helper()
	s := newSession(t, app.url("/app/login", tag))
	p := h.cdp.page(t, "/app/login?t="+tag)
	p.waitTrue(`document.readyState === "complete"`, "the login page loaded")
	mustRun(t, in(s, "record", "actions", "start")...)
	waitRecorded(t, s, 1)

	me := person{t, p}
	me.click("#user")
	me.typeText("ann")
	me.click("#pass")
	me.typeText("s3cret")
	me.key("Enter")
	app.waitSeen(t, "login", tag, "ann:s3cret", 1)
	p.waitTrue(`location.pathname === "/app/home" && document.readyState === "complete"`, "the home page")
	me.click("#open")
	list := h.cdp.page(t, "/app/list?t="+tag)
	list.waitTrue(`document.readyState === "complete"`, "the list loaded in its new tab")
	waitRecorded(t, s, 2)

	me = person{t, list}
	me.click("#f")
	me.typeText("q3")
	me.click("#apply")
	app.waitSeen(t, "query", tag, "q3", 1)
	list.waitTrue(`document.querySelectorAll("li").length === 2`, "the filtered rows")
	me.chooseFile("#att", uploadFile(t, "notes.txt", "Q3 notes"))
	app.waitSeen(t, "upload", tag, "notes.txt:Q3 notes", 1)
	me.answerDialog(true, me.clickIntoDialog("#del"))
	app.waitSeen(t, "delete", tag, "drafts", 1)
	me.click("#dl")
	app.waitSeen(t, "download", tag, "q3", 1)

	file := filepath.Join(t.TempDir(), "flow.txt")
	mustRun(t, in(s, "record", "actions", "stop", file)...)
	return string(readFile(t, file))
}

func TestRecordActionsReplaysTheFlow(t *testing.T) {
	app := newRecApp(t)
	tag := tagFor(t)
	script := recordLoginFlow(t, app, tag)
	t.Logf("the recorded script:\n%s", script)

	base := app.srv.URL
	want := []string{
		"open '" + base + "/app/login?t=" + tag + "'",
		`fill 'role=textbox[name="Username"]' ann`,
		`fill 'role=textbox[name="Password"]' $PASSWORD_1`,
		"press Enter",
		"wait --url " + base + "/app/home",
		`click 'role=link[name="Open the reports list"]'`,
		"wait --url " + base + "/app/list",
		`fill 'role=textbox[name="Filter"]' q3`,
		`click 'role=button[name="Apply filter"]'`,
		"wait --text 'Q3 revenue'",                                  // the rows the filter fetched, which the person saw before the next step
		`upload 'role=button[name="Attachment"]' uploads/notes.txt`, // inside the working folder: its path from there
		`click 'role=button[name="Delete drafts"]'`,
		"dialog accept",       // the confirm the person answered
		"wait --text deleted", // what its request showed, which the person saw before the download
		`download 'role=link[name="Download report"]'`,
	}
	got := commands(script)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the script's lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !strings.Contains(script, "# $PASSWORD_1: the password typed into \"Password\"") {
		t.Errorf("no comment names the password's field:\n%s", script)
	}
	if strings.Contains(script, "s3cret") {
		t.Errorf("the password is in the script:\n%s", script)
	}

	// Replayed on a fresh session: the server sees the login, the filter
	// and the download again.
	file := filepath.Join(t.TempDir(), "flow.txt")
	writeFile(t, file, script)
	fresh := newSession(t, "about:blank")
	if _, errOut, code := batchEnv(t, []string{"PASSWORD_1=s3cret"}, "--session", fresh.SessionID, "batch", "-f", file); code != 0 {
		t.Fatalf("the replay failed (exit %d): %s", code, errOut)
	}
	app.waitSeen(t, "login", tag, "ann:s3cret", 2)
	app.waitSeen(t, "query", tag, "q3", 2)
	app.waitSeen(t, "upload", tag, "notes.txt:Q3 notes", 2)
	app.waitSeen(t, "delete", tag, "drafts", 2)
	app.waitSeen(t, "download", tag, "q3", 2)

	// Every element id generated anew: the roles and names still find them.
	app.setVariant("ids")
	again := newSession(t, "about:blank")
	if _, errOut, code := batchEnv(t, []string{"PASSWORD_1=s3cret"}, "--session", again.SessionID, "batch", "-f", file); code != 0 {
		t.Fatalf("the replay on the page with new ids failed (exit %d): %s", code, errOut)
	}
	app.waitSeen(t, "login", tag, "ann:s3cret", 3)
	app.waitSeen(t, "query", tag, "q3", 3)
	app.waitSeen(t, "upload", tag, "notes.txt:Q3 notes", 3)
	app.waitSeen(t, "delete", tag, "drafts", 3)
	app.waitSeen(t, "download", tag, "q3", 3)
}

// Boxes, choices, a double click, keys, and the browser's own navigation:
// a typed URL, back, forward, reload.
func TestRecordActionsFormKeysAndNavigation(t *testing.T) {
	app := newRecApp(t)
	tag := tagFor(t)
	s := newSession(t, app.url("/app/form", tag))
	p := h.cdp.page(t, "/app/form?t="+tag)
	p.waitTrue(`document.readyState === "complete"`, "the form loaded")
	mustRun(t, in(s, "record", "actions", "start")...)
	waitRecorded(t, s, 1)
	me := person{t, p}
	me.click("input[type=checkbox]")
	app.waitSeen(t, "delete", tag, "sub-true", 1)
	me.click("select")
	me.key("ArrowDown") // in the select's list, open: the list's own key, not the page's
	me.key("Enter")
	app.waitSeen(t, "delete", tag, "size-M", 1)
	// a slider, dragged to where the press landed, then moved by a key:
	// its value is the step (the last one: a fill after a fill of the same
	// field says it), not the press and the key
	me.click("input[type=range]")
	clicked := p.evalString(`document.querySelector("input[type=range]").value`)
	app.waitSeen(t, "delete", tag, "volume-"+clicked, 1)
	me.key("ArrowRight")
	keyed := p.evalString(`document.querySelector("input[type=range]").value`)
	app.waitSeen(t, "delete", tag, "volume-"+keyed, 1)
	me.dblclick("tr:nth-child(2) td")
	app.waitSeen(t, "delete", tag, "row2", 1)
	me.key("Escape")
	app.waitSeen(t, "delete", tag, "escape", 1)
	outside := filepath.Join(t.TempDir(), "me.png") // outside the working folder
	writeFile(t, outside, "png")
	me.chooseFile("input[type=file]", outside)
	app.waitSeen(t, "delete", tag, "avatar-me.png", 1)
	// as a person would, the chosen file is seen before the next step (the
	// browser is asked its path while its document is there)
	waitLine(t, s, "upload ")
	me.typeURL(app.url("/app/home", tag))
	p.waitTrue(`location.pathname === "/app/home" && document.readyState === "complete"`, "the typed URL's page")
	me.history(-1)
	p.waitTrue(`location.pathname === "/app/form" && document.readyState === "complete"`, "back on the form")
	me.history(1)
	p.waitTrue(`location.pathname === "/app/home" && document.readyState === "complete"`, "forward on home")
	me.reload()
	p.waitTrue(`document.readyState === "complete" && performance.getEntriesByType("navigation")[0].type === "reload"`, "the reload")

	var res struct {
		Script  string         `json:"script"`
		Lines   int            `json:"lines"`
		Actions int            `json:"actions"`
		Targets map[string]int `json:"targets"`
	}
	mustJSON(t, &res, in(s, "record", "actions", "stop")...)
	t.Logf("the recorded script:\n%s", res.Script)
	base := app.srv.URL
	want := []string{
		"open '" + base + "/app/form?t=" + tag + "'",
		`check 'role=checkbox[name="Subscribe"]'`,
		`select 'role=combobox[name="Size"]' M`,
		`fill 'role=slider[name="Volume"]' ` + keyed,
		`dblclick 'text="Row 2"'`, // a cell: Chrome's role for it depends on how it takes the table
		"press Escape",
		`upload 'role=button[name="Avatar"]' $UPLOAD_1`,
		"open '" + base + "/app/home?t=" + tag + "'",
		"back",
		"forward",
		"reload",
	}
	if got := commands(res.Script); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the script's lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if res.Lines != len(want) || res.Targets["role"] != 4 || res.Targets["text"] != 1 {
		t.Errorf("lines %d, targets %v; want %d lines, 4 role targets and 1 text", res.Lines, res.Targets, len(want))
	}
	if !strings.Contains(res.Script, `# $UPLOAD_1: the file "me.png" the person chose from outside the working folder`) {
		t.Errorf("no comment names the file: %s", res.Script)
	}

	file := filepath.Join(t.TempDir(), "form.txt")
	writeFile(t, file, res.Script)
	fresh := newSession(t, "about:blank")
	if _, errOut, code := batchEnv(t, []string{"UPLOAD_1=" + outside}, "--session", fresh.SessionID, "batch", "-f", file); code != 0 {
		t.Fatalf("the replay failed (exit %d): %s", code, errOut)
	}
	for _, what := range []string{"sub-true", "size-M", "volume-" + keyed, "row2", "escape", "avatar-me.png"} {
		app.waitSeen(t, "delete", tag, what, 2)
	}
}

// Stop with nothing recording, a second start: the caller's mistakes, exit 2.
func TestRecordActionsRefusesBadInput(t *testing.T) {
	s := newSession(t, "about:blank")
	if _, errOut, code := run(t, in(s, "record", "actions", "stop")...); code != 2 || !strings.Contains(errOut, "not recording") {
		t.Errorf("stop without start: exit %d, %s", code, errOut)
	}
	mustRun(t, in(s, "record", "actions", "start")...)
	if _, errOut, code := run(t, in(s, "record", "actions", "start")...); code != 2 || !strings.Contains(errOut, "recording already") {
		t.Errorf("a second start: exit %d, %s", code, errOut)
	}
	dir := t.TempDir()
	existing := filepath.Join(dir, "kept.txt")
	writeFile(t, existing, "mine")
	if _, errOut, code := run(t, in(s, "record", "actions", "stop", existing)...); code != 2 {
		t.Errorf("stop over an existing file: exit %d, %s", code, errOut)
	}
	if got := string(readFile(t, existing)); got != "mine" {
		t.Errorf("the existing file became %q", got)
	}
	// the refused stop lost nothing: the recording goes on and stops now
	out := mustRun(t, in(s, "record", "actions", "stop", filepath.Join(dir, "new.txt"))...)
	if !strings.Contains(out, `"lines":0`) {
		t.Errorf("stop: %s", out)
	}
	if st, err := os.Stat(filepath.Join(dir, "new.txt")); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("the script file: %v %v", st, err)
	}
}

// The filter button renamed: the replay fails at that line, and --report
// names it, says not_found, and shows the page around the button under its
// new name; --report --json says the same as one object.
func TestBatchReportNamesTheLineThatBroke(t *testing.T) {
	app := newRecApp(t)
	tag := tagFor(t)
	script := recordLoginFlow(t, app, tag)
	file := filepath.Join(t.TempDir(), "flow.txt")
	writeFile(t, file, script)
	apply := `click 'role=button[name="Apply filter"]'`
	lineNo := 0
	for i, l := range strings.Split(script, "\n") {
		if l == apply {
			lineNo = i + 1
		}
	}
	if lineNo == 0 {
		t.Fatalf("the script has no %s:\n%s", apply, script)
	}
	app.setVariant("rename")

	fresh := newSession(t, "about:blank")
	_, errOut, code := batchEnv(t, []string{"PASSWORD_1=s3cret"}, "--session", fresh.SessionID, "--timeout", "3s", "batch", "-f", file, "--report")
	if code != 1 {
		t.Fatalf("the replay on the renamed page: exit %d, want 1: %s", code, errOut)
	}
	for _, want := range []string{
		fmt.Sprintf("report: line %d failed (not_found, exit 1): %s", lineNo, apply),
		app.srv.URL + "/app/list",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("the report lacks %q:\n%s", want, errOut)
		}
	}
	marked := false
	for _, l := range strings.Split(errOut, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), ">") && strings.Contains(l, `- button "Filter now"`) {
			marked = true
		}
	}
	if !marked {
		t.Errorf("the report does not mark the renamed button:\n%s", errOut)
	}
	app.waitSeen(t, "query", tag, "q3", 1) // the filter never ran again
	if n := app.count("query", tag, "q3"); n != 1 {
		t.Errorf("the server saw the filter %d times", n)
	}

	again := newSession(t, "about:blank")
	out, _, code := batchEnv(t, []string{"PASSWORD_1=s3cret"}, "--session", again.SessionID, "--timeout", "3s", "--json", "batch", "-f", file, "--report")
	var rep struct {
		OK      bool     `json:"ok"`
		Ran     int      `json:"ran"`
		Line    int      `json:"line"`
		Command string   `json:"command"`
		Reason  string   `json:"reason"`
		Exit    int      `json:"exit"`
		Near    string   `json:"near"`
		Excerpt []string `json:"excerpt"`
		Error   struct {
			Code int `json:"code"`
		} `json:"error"`
	}
	if err := json.Unmarshal([]byte(strings.TrimSpace(out)), &rep); err != nil {
		t.Fatalf("--report --json printed more or other than one object (exit %d): %v\n%s", code, err, out)
	}
	if code != 1 || rep.OK || rep.Line != lineNo || rep.Command != apply || rep.Reason != "not_found" || rep.Exit != 1 || rep.Error.Code != 4110 ||
		!strings.Contains(rep.Near, `button "Filter now"`) || len(rep.Excerpt) == 0 {
		t.Errorf("exit %d, report %+v", code, rep)
	}

	// A run that works reports so.
	app.setVariant("")
	ok := newSession(t, "about:blank")
	out, _, code = batchEnv(t, []string{"PASSWORD_1=s3cret"}, "--session", ok.SessionID, "--json", "batch", "-f", file, "--report")
	if code != 0 || !strings.Contains(out, `"ok":true`) || strings.Count(strings.TrimSpace(out), "\n") != 0 {
		t.Errorf("a run that works: exit %d, %s", code, out)
	}
}

// An agent records the person over MCP (browser_start_recording,
// browser_stop_recording): the person's double click and key are in the
// script, the agent's own click (made through browserctl while it records)
// is not; stop also writes the script into the output folder.
func TestMCPRecordsThePersonNotTheAgent(t *testing.T) {
	app := newRecApp(t)
	tag := tagFor(t)
	a := startMCP(t)
	a.call("browser_navigate", map[string]any{"url": app.url("/app/form", tag)})
	p := h.cdp.page(t, "/app/form?t="+tag)
	p.waitTrue(`document.readyState === "complete"`, "the form loaded")
	if out := a.call("browser_start_recording", nil); !strings.Contains(out, "Recording what the person does in 1 tab") {
		t.Errorf("browser_start_recording: %s", out)
	}
	// The person reads the page before acting: input right at the end of
	// one of browserctl's calls on the tab is taken for that call's.
	time.Sleep(300 * time.Millisecond)
	me := person{t, p}
	me.dblclick("tr:nth-child(2) td")
	app.waitSeen(t, "delete", tag, "row2", 1)
	me.key("Escape")
	app.waitSeen(t, "delete", tag, "escape", 1)
	snap := a.call("browser_snapshot", nil)
	a.call("browser_click", map[string]any{"element": "Subscribe checkbox", "ref": refIn(t, snap, "checkbox", "Subscribe")})
	app.waitSeen(t, "delete", tag, "sub-true", 1)

	out := a.call("browser_stop_recording", map[string]any{"filename": "person.txt"})
	got := commands(out[strings.Index(out, "```")+3:])
	want := []string{"open '" + app.url("/app/form", tag) + "'", `dblclick 'text="Row 2"'`, "press Escape", "```"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the script's lines:\n%s\nwant (the agent's own click left out):\n%s\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"), out)
	}
	m := regexp.MustCompile(`Written to (\S+)\.`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no file named: %s", out)
	}
	if b := string(readFile(t, m[1])); !strings.Contains(b, "press Escape\n") {
		t.Errorf("the file %s: %q", m[1], b)
	}
	if res := a.callResult("browser_stop_recording", nil); !res.IsError || !strings.Contains(contentText(res), "not recording") {
		t.Errorf("a second stop: %s", contentText(res))
	}
}

// What the person sees while recording: the REPL's record actions start
// --follow prints each line as it comes; the popup shows the recording, its
// line count and last line, and marks the value typed last secret; the page
// shows a badge in a closed shadow root whose Stop (a trusted click) ends
// the recording, the lines kept for record actions stop.
func TestRecordActionsREPLPopupAndBadge(t *testing.T) {
	app := newRecApp(t)
	tag := tagFor(t)
	r := startREPL(t)
	created := r.line("session create --url '"+app.url("/app/form", tag)+"'", false, regexp.MustCompile(`\bs[0-9a-z]{5}\b`))
	sid := regexp.MustCompile(`\bs[0-9a-z]{5}\b`).FindString(created)
	t.Cleanup(func() { run(t, "session", "close", sid) })
	p := h.cdp.page(t, "/app/form?t="+tag)
	p.waitTrue(`document.readyState === "complete"`, "the form loaded")
	from := r.mark(false)
	r.send("record actions start --follow")
	r.wait(false, from, "the first line followed", regexp.MustCompile(`open '`+regexp.QuoteMeta(app.url("/app/form", tag))+`'`))

	me := person{t, p}
	me.click("#nick")
	me.typeText("hunter2")
	me.click("input[type=checkbox]")
	app.waitSeen(t, "delete", tag, "sub-true", 1)
	r.wait(false, from, "the person's lines followed", regexp.MustCompile(`(?s)fill 'role=textbox\[name="Nickname"\]' hunter2\n.*check 'role=checkbox\[name="Subscribe"\]'`))

	// The popup: the recording, its lines, the last one; Secret on the nickname.
	pop := popupPage(t)
	pop.waitTrue(`!document.getElementById("recordings-section").hidden && /3 lines/.test(document.querySelector("#recordings li").textContent)`, "the recording in the popup")
	if last := pop.evalString(`document.querySelector("#recordings .last").textContent`); last != `check 'role=checkbox[name="Subscribe"]'` {
		t.Errorf("the popup's last line: %q", last)
	}
	pop.eval(`document.querySelector("#recordings button.secret").click()`, nil)
	pop.waitTrue(`document.querySelector("#recordings button.secret") && document.querySelector("#recordings button.secret").disabled`, "the value marked secret")

	// The badge: its count, then its Stop, pressed by the person.
	stop, label := waitBadge(t, p, "3 lines")
	if !strings.Contains(label, "browserctl is recording") {
		t.Errorf("the badge says %q", label)
	}
	clickNode(t, p, stop)
	r.wait(false, from, "the follow's end: the REPL goes on", regexp.MustCompile(`the person pressed Stop`))
	if strings.Count(r.out.String(), `check 'role=checkbox[name="Subscribe"]'`) != 1 {
		t.Errorf("the follow printed a line twice:\n%s", r.out.String())
	}
	file := filepath.Join(t.TempDir(), "flow.txt")
	r.line("record actions stop "+file, true, regexp.MustCompile(`set before replaying: SECRET_1|error`))
	script := string(readFile(t, file))
	t.Logf("the script:\n%s", script)
	want := []string{"open '" + app.url("/app/form", tag) + "'", `fill 'role=textbox[name="Nickname"]' $SECRET_1`, `check 'role=checkbox[name="Subscribe"]'`}
	if got := commands(script); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the script's lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if strings.Contains(script, "hunter2") || !strings.Contains(script, "# $SECRET_1: the value typed into") || !strings.Contains(script, "# the person pressed Stop") {
		t.Errorf("the script:\n%s", script)
	}
	// stopped: the person's input is no longer recorded, the badge is gone
	p.waitTrue(`!document.querySelector("browserctl-recording")`, "the badge gone")
	r.exit()
}

// waitBadge finds the recording badge's Stop inside its closed shadow root
// (CDP's pierce sees it) once its text says want; it answers the button's
// backend node id and the badge's text.
func waitBadge(t *testing.T, p *page, want string) (int, string) {
	t.Helper()
	type node struct {
		NodeName      string `json:"nodeName"`
		NodeValue     string `json:"nodeValue"`
		BackendNodeID int    `json:"backendNodeId"`
		Children      []node `json:"children"`
		ShadowRoots   []node `json:"shadowRoots"`
	}
	var walk func(n node, in bool, text *strings.Builder) int
	walk = func(n node, in bool, text *strings.Builder) int {
		in = in || n.NodeName == "BROWSERCTL-RECORDING"
		if in && n.NodeName == "#text" {
			text.WriteString(n.NodeValue + " ")
		}
		found := 0
		if in && n.NodeName == "BUTTON" {
			found = n.BackendNodeID
		}
		for _, c := range append(n.Children, n.ShadowRoots...) {
			if id := walk(c, in, text); id != 0 {
				found = id
			}
		}
		return found
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		raw, err := p.call("DOM.getDocument", map[string]any{"depth": -1, "pierce": true})
		if err != nil {
			t.Fatal(err)
		}
		var r struct {
			Root node `json:"root"`
		}
		_ = json.Unmarshal(raw, &r)
		var text strings.Builder
		if id := walk(r.Root, false, &text); id != 0 && strings.Contains(text.String(), want) {
			return id, text.String()
		}
		if time.Now().After(deadline) {
			t.Fatalf("no recording badge saying %q in the page (it says %q)", want, text.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// The page and the session end under the person: typing that a navigation
// cut short is still a fill, an element with nothing durable to name it is
// a CSS path with a comment, and a session closed while recording keeps
// its lines for stop.
func TestRecordActionsKeepsWhatEndsMidway(t *testing.T) {
	app := newRecApp(t)
	tag := tagFor(t)
	s := newSession(t, app.url("/app/plain", tag))
	p := h.cdp.page(t, "/app/plain?t="+tag)
	p.waitTrue(`document.readyState === "complete"`, "the page loaded")
	mustRun(t, in(s, "record", "actions", "start")...)
	waitRecorded(t, s, 1)

	me := person{t, p}
	me.click(".swatch")
	app.waitSeen(t, "delete", tag, "swatch", 1)
	me.click("input")
	me.typeText("abc")
	p.waitTrue(`document.querySelector("input").value === "abc" && document.activeElement === document.querySelector("input")`, "the typing")
	me.typeURL(app.url("/app/home", tag)) // without leaving the field
	p.waitTrue(`location.pathname === "/app/home" && document.readyState === "complete"`, "the typed URL's page")
	waitLine(t, s, "open ")
	mustRun(t, "session", "close", s.SessionID)

	var res struct {
		Script        string         `json:"script"`
		Targets       map[string]int `json:"targets"`
		SessionClosed bool           `json:"sessionClosed"`
	}
	mustJSON(t, &res, in(s, "record", "actions", "stop")...)
	t.Logf("the recorded script:\n%s", res.Script)
	want := []string{
		"open '" + app.url("/app/plain", tag) + "'",
		"click 'div > div:nth-of-type(2)'",
		`fill 'role=textbox[name="Search"]' abc`,
		"open '" + app.url("/app/home", tag) + "'",
	}
	got := commands(res.Script)
	// the CSS path is the recorder's shortest unique one: checked by what it finds below
	if len(got) == len(want) && strings.HasPrefix(got[1], "click '") {
		want[1] = got[1]
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the script's lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !res.SessionClosed || !strings.Contains(res.Script, "# the session was closed here") {
		t.Errorf("sessionClosed %v; the script does not say the session closed:\n%s", res.SessionClosed, res.Script)
	}
	if res.Targets["css"] != 1 || !strings.Contains(res.Script, "# no role, text, test id or id finds this element alone: a CSS path") {
		t.Errorf("targets %v; want one CSS path with its comment:\n%s", res.Targets, res.Script)
	}

	file := filepath.Join(t.TempDir(), "plain.txt")
	writeFile(t, file, res.Script)
	fresh := newSession(t, "about:blank")
	if _, errOut, code := batchEnv(t, nil, "--session", fresh.SessionID, "batch", "-f", file); code != 0 {
		t.Fatalf("the replay failed (exit %d): %s", code, errOut)
	}
	app.waitSeen(t, "delete", tag, "swatch", 2) // the CSS path found the swatch
}
