package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/internal/chromium"
)

// The agent task benchmark (bench/agent.sh, `make bench-agent`): a scripted
// agent, no model, does six tasks on agentsite.go's pages through each MCP
// server's own tools (browserctl mcp, Playwright MCP 0.0.83, agent-browser
// 0.41.2's `agent-browser mcp` with its default tools), and counts every
// character it reads (tools/list once per session, then the text of every
// result, errors too) and the wall time of each task. Each task's outcome is
// checked from the site's records and the values the agent read against the
// ones the site drew for that run.
//
// Two agent styles: "find" asks a find tool for the element it needs when
// the server has one (else a snapshot), "snapshot" takes snapshots and reads
// refs out of them. Both first look in what the server already answered for
// the current page (an action's answer may carry a snapshot or a diff) and
// ask only when the ref or value is not there. Refs are always parsed from
// the servers' answers (role and name), never written in.

var (
	flagAgent     = flag.Int("agent", 0, "with -mcp: run the agent task benchmark this many times")
	flagAgentAB   = flag.String("agent-browser-mcp", "", "with -agent: agent-browser's native binary, run as `agent-browser mcp` (empty: skip)")
	flagAgentOnly = flag.String("agent-servers", "", "with -agent: comma-separated subset of browserctl,playwright,agent-browser")
	flagAgentBC   = flag.String("agent-browserctl-args", "", "with -agent: more arguments of `browserctl mcp`, space-separated (e.g. \"--max-snapshot-chars 0\": action answers without a snapshot, which makes the agent ask)")
	flagAgentLog  = flag.Bool("agent-log", false, "with -agent: print every call and the size of its answer on stderr")
)

const (
	srvBC = "browserctl"
	srvPW = "playwright"
	srvAB = "agent-browser"
)

var agentTasks = []string{"login", "product", "form", "new tab", "frame", "dialog"}

// agentSession is one agent on one server in one style: what it has read.
type agentSession struct {
	kind, style string
	peer        *mcpPeer
	chars       int    // characters read in the current task
	calls       int    // tool calls in the current task
	view        string // what the server answered about the current page
	offset      int    // the last offset of a cut snapshot asked for
}

var errNoTool = errors.New("the server's tools cannot do this")

func (a *agentSession) call(tool string, args map[string]any) (string, error) {
	text, d, err := a.peer.call(tool, args)
	a.chars += len(text)
	a.calls++
	if *flagAgentLog {
		logf("  %s %s %v: %d chars, %.0f ms, err=%v", a.kind, tool, args, len(text), d, err)
		if os.Getenv("AGENT_LOG_TEXT") != "" {
			logf("%s", text)
		}
	}
	return text, err
}

// pageChanged: the answer is about a new document.
func (a *agentSession) pageChanged(text string) { a.view, a.offset = text, 0 }

// learned: the answer adds to what the agent knows of the same document.
func (a *agentSession) learned(text string) { a.view += "\n" + text }

// refLine finds the ref of `role "name"` in a snapshot-like text, in the
// three servers' formats: `- link "Name" [ref=e5]`, `- checkbox "X"
// [checked=false, ref=e2]`, Playwright's `[ref=f1e3]` inside frames.
//
// An element may also sit inside a line (browserctl puts a list item's or
// a landmark's leaves on its line: `- navigation: link "Home" [ref=e1],
// link "Help" [ref=e2]`) or start a line of changes (`+ button "Undo"
// [ref=e9]`); its ref is the first after its name, in the brackets that
// follow it.
func refIn(text, role, name string) string {
	re := regexp.MustCompile(`(?m)(?:^\s*(?:[-+~] )+|: |, )(?:` + role + `) "` + regexp.QuoteMeta(name) + `"((?: \[[^\]\n]*\])*)`)
	for _, m := range re.FindAllStringSubmatch(text, -1) {
		if r := regexp.MustCompile(`[\[ ,]ref=([A-Za-z0-9_-]+)`).FindStringSubmatch(m[1]); r != nil {
			return r[1]
		}
	}
	return ""
}

func (a *agentSession) navigate(url string) error {
	tool := "browser_navigate"
	args := map[string]any{"url": url}
	if a.kind == srvAB {
		tool = "agent_browser_open"
	}
	out, err := a.call(tool, args)
	a.pageChanged(out)
	return err
}

// snapshot asks for the page's refs.
func (a *agentSession) snapshot() (string, error) {
	tool := "browser_snapshot"
	if a.kind == srvAB {
		tool = "agent_browser_snapshot"
	}
	out, err := a.call(tool, map[string]any{})
	if err == nil {
		a.pageChanged(out)
	}
	return out, err
}

var reOffset = regexp.MustCompile(`call browser_snapshot with offset (\d+) for the rest`)

// more: when browserctl cut the snapshot of its last answer, the agent asks
// for the rest from the offset the cut names (browser_snapshot {offset}),
// as the note says, instead of the whole snapshot again.
func (a *agentSession) more() (string, bool, error) {
	m := reOffset.FindAllStringSubmatch(a.view, -1)
	if a.kind != srvBC || m == nil {
		return "", false, nil
	}
	var off int
	fmt.Sscan(m[len(m)-1][1], &off)
	if off <= a.offset {
		return "", false, nil
	}
	a.offset = off
	out, err := a.call("browser_snapshot", map[string]any{"offset": off})
	if err == nil {
		a.learned(out)
	}
	return out, err == nil, err
}

// readSnapshot asks for the page with its text (agent-browser's snapshot is
// interactive-only by default).
func (a *agentSession) readSnapshot() (string, error) {
	if a.kind != srvAB {
		return a.snapshot()
	}
	out, err := a.call("agent_browser_snapshot", map[string]any{"interactive": false, "compact": true})
	if err == nil {
		a.pageChanged(out)
	}
	return out, err
}

func (a *agentSession) hasFind() bool { return a.style == "find" && a.kind != srvAB }

// find asks the server's find tool for `role "name"` (browserctl: by role
// and name, or by label for a file input; Playwright: a text search).
func (a *agentSession) find(role, name string) (string, error) {
	args := map[string]any{"text": name}
	if a.kind == srvBC {
		args = map[string]any{"role": strings.Split(role, "|")[0], "name": name}
		if role == fileRoles {
			args = map[string]any{"label": name}
		}
	}
	out, err := a.call("browser_find", args)
	if err == nil {
		a.learned(out)
	}
	return out, err
}

// ref is the agent wanting to act on `role "name"`: from what it has, else
// asking (find first, or a snapshot).
func (a *agentSession) ref(role, name string) (string, error) {
	if r := refIn(a.view, role, name); r != "" {
		return r, nil
	}
	if a.hasFind() {
		out, err := a.find(role, name)
		if err != nil {
			return "", err
		}
		if r := refIn(out, role, name); r != "" {
			return r, nil
		}
		// browserctl's find may name a file input by another role than
		// the snapshot's: take the one element found by label.
		if role == fileRoles {
			if m := regexp.MustCompile(`\[ref=([A-Za-z0-9_-]+)\]`).FindAllStringSubmatch(out, -1); len(m) == 1 {
				return m[0][1], nil
			}
		}
	}
	for {
		out, ok, err := a.more()
		if err != nil {
			return "", err
		}
		if !ok {
			break
		}
		if r := refIn(out, role, name); r != "" {
			return r, nil
		}
	}
	out, err := a.snapshot()
	if err != nil {
		return "", err
	}
	if r := refIn(out, role, name); r != "" {
		return r, nil
	}
	return "", fmt.Errorf("no %s %q in the snapshot", role, name)
}

// fileRoles: how the servers' snapshots name a file input.
const fileRoles = `button|textbox|generic`

// act runs an action on a ref; a stale ref (the page changed under the
// agent) makes it ask again once.
func (a *agentSession) act(role, name string, navigates bool, do func(ref string) (string, error)) (string, error) {
	for try := 0; ; try++ {
		r, err := a.ref(role, name)
		if err != nil {
			return "", err
		}
		out, err := do(r)
		if err != nil && try == 0 && regexp.MustCompile(`(?i)stale|not found|ref_not_found|no element`).MatchString(out+err.Error()) {
			a.view = ""
			continue
		}
		if navigates {
			a.pageChanged(out)
		} else {
			a.learned(out)
		}
		return out, err
	}
}

func (a *agentSession) refArgs(name, ref string) map[string]any {
	switch a.kind {
	case srvPW:
		return map[string]any{"element": name, "target": ref}
	case srvAB:
		return map[string]any{"selector": "@" + ref}
	}
	return map[string]any{"element": name, "target": ref}
}

func (a *agentSession) click(role, name string, navigates bool) (string, error) {
	return a.act(role, name, navigates, func(ref string) (string, error) {
		tool := "browser_click"
		if a.kind == srvAB {
			tool = "agent_browser_click"
		}
		return a.call(tool, a.refArgs(name, ref))
	})
}

func (a *agentSession) typeText(name, text string) error {
	_, err := a.act("textbox", name, false, func(ref string) (string, error) {
		args := a.refArgs(name, ref)
		tool := "browser_type"
		if a.kind == srvAB {
			tool = "agent_browser_fill"
		}
		args["text"] = text
		return a.call(tool, args)
	})
	return err
}

type formField struct{ role, name, kind, value string }

// fillForm fills the fields: one browser_fill_form for browserctl and
// Playwright MCP, a call per field for agent-browser (fill, select, check).
func (a *agentSession) fillForm(fields []formField) error {
	refs := make([]string, len(fields))
	for i, f := range fields {
		r, err := a.ref(f.role, f.name)
		if err != nil {
			return err
		}
		refs[i] = r
	}
	if a.kind == srvAB {
		for i, f := range fields {
			args := map[string]any{"selector": "@" + refs[i]}
			tool := "agent_browser_fill"
			switch f.kind {
			case "combobox":
				tool, args["values"] = "agent_browser_select", []string{f.value}
			case "checkbox":
				tool = "agent_browser_check"
			default:
				args["text"] = f.value
			}
			out, err := a.call(tool, args)
			a.learned(out)
			if err != nil {
				return err
			}
		}
		return nil
	}
	var list []map[string]any
	for i, f := range fields {
		list = append(list, map[string]any{"name": f.name, "type": f.kind, "target": refs[i], "value": f.value})
	}
	out, err := a.call("browser_fill_form", map[string]any{"fields": list})
	a.learned(out)
	return err
}

// upload gives the file input a file: browserctl by ref; Playwright MCP
// clicks it and answers the file chooser; agent-browser's default tools
// have no upload.
func (a *agentSession) upload(name, path string) error {
	switch a.kind {
	case srvAB:
		return fmt.Errorf("upload: %w (agent-browser's default MCP tools have no upload)", errNoTool)
	case srvPW:
		out, err := a.click(fileRoles, name, false)
		if err != nil {
			return err
		}
		if !strings.Contains(strings.ToLower(out), "file chooser") {
			return fmt.Errorf("the click opened no file chooser: %s", firstLine(out))
		}
		out, err = a.call("browser_file_upload", map[string]any{"paths": []string{path}})
		a.learned(out)
		return err
	}
	_, err := a.act(fileRoles, name, false, func(ref string) (string, error) {
		return a.call("browser_file_upload", map[string]any{"element": name, "target": ref, "paths": []string{path}})
	})
	return err
}

// read finds a value in what the agent has, else asks: find first (a text
// search), else a snapshot; with wait, it waits for that text once before a
// last look.
func (a *agentSession) read(key string, re *regexp.Regexp, wait string) (string, error) {
	if m := re.FindStringSubmatch(a.view); m != nil {
		return m[1], nil
	}
	if a.hasFind() {
		args := map[string]any{"text": key}
		out, err := a.call("browser_find", args)
		if err == nil {
			a.learned(out)
			if m := re.FindStringSubmatch(out); m != nil {
				return m[1], nil
			}
		}
	}
	for {
		out, ok, err := a.more()
		if err != nil {
			return "", err
		}
		if !ok {
			break
		}
		if m := re.FindStringSubmatch(out); m != nil {
			return m[1], nil
		}
	}
	for try := 0; try < 2; try++ {
		out, err := a.readSnapshot()
		if err != nil {
			return "", err
		}
		if m := re.FindStringSubmatch(out); m != nil {
			return m[1], nil
		}
		if wait == "" || try == 1 {
			break
		}
		tool, args := "browser_wait_for", map[string]any{"text": wait, "timeout": 5}
		if a.kind == srvAB {
			tool, args = "agent_browser_wait_for_text", map[string]any{"text": wait, "timeoutMs": 5000}
		}
		if _, err := a.call(tool, args); err != nil {
			return "", err
		}
	}
	return "", fmt.Errorf("%q is not on the page", key)
}

var tabLine = regexp.MustCompile(`(?m)^- (\d+):[^\n]*/report`)

// currentTab: an answer that says which tab is current, in the servers'
// words: Playwright MCP's tab list (`- 1: (current) [Title](URL)`),
// browserctl's page read after a click that opened a tab, now the current
// one.
var currentTab = regexp.MustCompile(`(?m)^- \d+: \(current\)[^\n]*|^URL: [^\n]*\n(?:[^\n]*\n)*?Opened a new tab \(\d+\), now the current one`)

// switchToTab makes the tab showing path the current one.
func (a *agentSession) switchToTab(path string) error {
	if a.kind == srvAB {
		out, err := a.call("agent_browser_tab_list", map[string]any{})
		if err != nil {
			return err
		}
		var list struct {
			Data struct {
				Tabs []struct {
					TabID string `json:"tabId"`
					URL   string `json:"url"`
				} `json:"tabs"`
			} `json:"data"`
		}
		if err := json.Unmarshal([]byte(out), &list); err != nil {
			return fmt.Errorf("tab list: %v", err)
		}
		for _, t := range list.Data.Tabs {
			if strings.Contains(t.URL, path) {
				out, err := a.call("agent_browser_tab_switch", map[string]any{"tab": t.TabID})
				a.pageChanged(out)
				return err
			}
		}
		return fmt.Errorf("no tab shows %s: %s", path, firstLine(out))
	}
	// The click's answer may say the new tab is already the current one.
	if cur := currentTab.FindStringSubmatch(a.view); cur != nil && strings.Contains(cur[0], path) {
		return nil
	}
	m := tabLine.FindStringSubmatch(a.view)
	if m == nil {
		out, err := a.call("browser_tabs", map[string]any{"action": "list"})
		if err != nil {
			return err
		}
		if m = tabLine.FindStringSubmatch(out); m == nil {
			return fmt.Errorf("no tab shows %s: %s", path, out)
		}
	}
	var i int
	fmt.Sscan(m[1], &i)
	out, err := a.call("browser_tabs", map[string]any{"action": "select", "index": i})
	a.pageChanged(out)
	return err
}

func (a *agentSession) acceptDialog(clickAnswer string) error {
	if a.kind == srvAB {
		return fmt.Errorf("confirm: %w (agent-browser's default MCP tools have no dialog tool; the page stays blocked)", errNoTool)
	}
	if !strings.Contains(strings.ToLower(clickAnswer), "dialog") {
		return fmt.Errorf("the click's answer mentions no dialog: %s", firstLine(clickAnswer))
	}
	out, err := a.call("browser_handle_dialog", map[string]any{"accept": true})
	a.learned(out)
	return err
}

var (
	reWelcome = regexp.MustCompile(`Welcome (alice)`)
	reSKU     = regexp.MustCompile(`Item number: (SKU-\d+)`)
	reOrder   = regexp.MustCompile(`order number is (ORD-\d+)`)
	reReport  = regexp.MustCompile(`Report code: (RPT-\d+)`)
	reCoupon  = regexp.MustCompile(`Coupon code: (FT-\d+)`)
	reDraft   = regexp.MustCompile(`(Draft (?:deleted|kept)\.)`)
)

// runTask does one task and answers the check's verdict ("" done).
func (a *agentSession) runTask(site *agentSite, task, uploadDir string) (verdict string) {
	r := site.newRound()
	fail := func(err error) string { return "not done: " + err.Error() }
	switch task {
	case "login":
		if err := a.navigate(site.A + "/login"); err != nil {
			return fail(err)
		}
		if err := a.typeText("User", "alice"); err != nil {
			return fail(err)
		}
		if err := a.typeText("Password", r.Password); err != nil {
			return fail(err)
		}
		if _, err := a.click("button", "Sign in", true); err != nil {
			return fail(err)
		}
		if _, err := a.read("Welcome", reWelcome, ""); err != nil {
			return fail(err)
		}
		return r.checkLogin()
	case "product":
		if err := a.navigate(site.A + "/products"); err != nil {
			return fail(err)
		}
		if _, err := a.click("link", productName(r.Product), true); err != nil {
			return fail(err)
		}
		v, err := a.read("Item number", reSKU, "")
		if err != nil {
			return fail(err)
		}
		return r.checkProduct(v)
	case "form":
		// In Playwright MCP's output folder: it refuses files outside its
		// allowed roots (that folder and its working directory).
		path := filepath.Join(uploadDir, r.UploadName)
		if err := os.WriteFile(path, []byte(strings.Repeat("x", r.UploadSize)), 0o600); err != nil {
			return fail(err)
		}
		defer os.Remove(path)
		if err := a.navigate(site.A + "/order"); err != nil {
			return fail(err)
		}
		var fields []formField
		for _, f := range agentFormFields {
			fields = append(fields, formField{"textbox", f.Label, "textbox", r.Form[f.Name]})
		}
		fields = append(fields, formField{"combobox", "Country", "combobox", r.Country},
			formField{"checkbox", "Subscribe to the newsletter", "checkbox", "true"})
		if err := a.fillForm(fields); err != nil {
			return fail(err)
		}
		upErr := a.upload("Attachment", path)
		if _, err := a.click("button", "Place order", true); err != nil {
			return fail(err)
		}
		v, err := a.read("order number", reOrder, "")
		if err != nil {
			return fail(err)
		}
		if upErr != nil {
			return fail(upErr)
		}
		return r.checkForm(v)
	case "new tab":
		if err := a.navigate(site.A + "/links"); err != nil {
			return fail(err)
		}
		if _, err := a.click("link", "Open the weekly report", false); err != nil {
			return fail(err)
		}
		if err := a.switchToTab("/report"); err != nil {
			return fail(err)
		}
		v, err := a.read("Report code", reReport, "")
		if err != nil {
			return fail(err)
		}
		return r.checkTab(v)
	case "frame":
		if err := a.navigate(site.A + "/partner"); err != nil {
			return fail(err)
		}
		v, err := a.read("Coupon code", reCoupon, "")
		if err != nil {
			return fail(err)
		}
		return r.checkFrame(v)
	case "dialog":
		if err := a.navigate(site.A + "/draft"); err != nil {
			return fail(err)
		}
		out, err := a.click("button", "Delete the draft", false)
		if err != nil {
			return fail(err)
		}
		if err := a.acceptDialog(out); err != nil {
			return fail(err)
		}
		v, err := a.read("Draft", reDraft, "Draft deleted.")
		if err != nil {
			return fail(err)
		}
		return r.checkDialog(v)
	}
	return "unknown task"
}

// agentResult is one task's figures.
type agentResult struct {
	chars, calls int
	ms           float64
	verdict      string
}

type agentRun struct {
	toolsList int
	tasks     map[string]agentResult
	err       string
}

// startAgentServer starts one server for one agent session, and answers
// what the agent reads before its first call: its tools/list (the JSON of
// the tools, as a client reads it) and its instructions.
func startAgentServer(e *env, kind string, n int) (*mcpPeer, int, func(), error) {
	var p *mcpPeer
	var err error
	cleanup := func() {}
	switch kind {
	case srvBC:
		// The upload's file sits in the folder Playwright MCP may read
		// (its output folder); browserctl mcp reads only what it is given.
		args := []string{"--server", e.addr, "mcp", "--allow-read", filepath.Join(e.dir, "pw-out")}
		cmd := exec.Command(e.bin, append(args, strings.Fields(*flagAgentBC)...)...)
		cmd.Env = e.environ()
		p, err = startMCPPeer("browserctl mcp", cmd)
	case srvPW:
		p, err = startPlaywrightMCP(e)
	case srvAB:
		home := filepath.Join(e.dir, fmt.Sprintf("ab-mcp-%d", n))
		_ = os.MkdirAll(home, 0o700)
		var flags []string
		for _, f := range chromium.Flags(browserOptions) {
			flags = append(flags, strings.ReplaceAll(f, ",", "\\,"))
		}
		cmd := exec.Command(*flagAgentAB, "mcp")
		cmd.Env = append(os.Environ(), "HOME="+home,
			"AGENT_BROWSER_EXECUTABLE_PATH="+*flagChrome,
			"AGENT_BROWSER_ARGS="+strings.Join(flags, ","))
		p, err = startMCPPeer("agent-browser mcp", cmd)
		if err == nil {
			peer := p
			cleanup = func() { _, _, _ = peer.call("agent_browser_close", map[string]any{}) }
		}
	}
	if err != nil {
		return nil, 0, nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	tl, err := p.cs.ListTools(ctx, &mcp.ListToolsParams{})
	if err != nil {
		p.cs.Close()
		return nil, 0, nil, err
	}
	b, _ := json.Marshal(tl)
	// The server's instructions (initialize) are read once too: what its
	// tools share may be said there instead of in each tool.
	read := len(b)
	if ir := p.cs.InitializeResult(); ir != nil {
		read += len(ir.Instructions)
	}
	return p, read, cleanup, nil
}

// runAgentSession: one server, one style, the six tasks, in a server
// started for it. A warm-up navigation (not counted) launches the browser
// of the servers that launch one.
func runAgentSession(e *env, site *agentSite, kind, style string, n int) agentRun {
	run := agentRun{tasks: map[string]agentResult{}}
	p, tl, cleanup, err := startAgentServer(e, kind, n)
	if err != nil {
		run.err = err.Error()
		return run
	}
	defer p.cs.Close()
	defer cleanup()
	run.toolsList = tl
	a := &agentSession{kind: kind, style: style, peer: p}
	if err := a.navigate(site.A + "/"); err != nil {
		run.err = "warm-up: " + err.Error()
		return run
	}
	upload := filepath.Join(e.dir, "pw-out")
	for _, task := range agentTasks {
		a.chars, a.calls, a.view, a.offset = 0, 0, "", 0
		t0 := time.Now()
		v := a.runTask(site, task, upload)
		run.tasks[task] = agentResult{chars: a.chars, calls: a.calls, ms: ms(time.Since(t0)), verdict: v}
		if *flagAgentLog {
			logf("%s/%s %s: %d chars, %d calls, %s", kind, style, task, a.chars, a.calls, orDone(v))
		}
	}
	return run
}

func orDone(v string) string {
	if v == "" {
		return "done"
	}
	return v
}

func benchAgent(e *env) error {
	site, err := startAgentSite()
	if err != nil {
		return err
	}
	defer site.close()
	if err := os.MkdirAll(filepath.Join(e.dir, "pw-out"), 0o700); err != nil {
		return err
	}
	servers := []string{srvBC}
	if *flagPlaywright != "" {
		servers = append(servers, srvPW)
	}
	if *flagAgentAB != "" {
		servers = append(servers, srvAB)
	}
	if *flagAgentOnly != "" {
		servers = strings.Split(*flagAgentOnly, ",")
	}
	styles := []string{"find", "snapshot"}
	names := map[string]string{srvBC: "browserctl", srvPW: "Playwright MCP", srvAB: "agent-browser"}
	styleNames := map[string]string{"find": "find first", "snapshot": "snapshot first"}
	type key struct {
		run           int
		style, server string
	}
	results := map[key]agentRun{}
	n := 0
	for run := 1; run <= *flagAgent; run++ {
		for _, style := range styles {
			// The order of the servers rotates each run.
			order := append([]string{}, servers...)
			for i := 0; i < (run-1)%len(order); i++ {
				order = append(order[1:], order[0])
			}
			for _, s := range order {
				n++
				logf("agent run %d, %s, %s", run, styleNames[style], names[s])
				results[key{run, style, s}] = runAgentSession(e, site, s, style, n)
			}
		}
	}

	fmt.Printf("## Agent tasks over MCP (%s)\n\n", time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	fmt.Printf("Characters the agent read (tools/list and the server's instructions once, then every result's text) and wall time per task; outcome checked from the test site's records. Servers: %s.\n", strings.Join(func() []string {
		var o []string
		for _, s := range servers {
			o = append(o, names[s])
		}
		return o
	}(), ", "))
	type total struct {
		chars, tasksChars int
		ms                float64
		done              int
	}
	for run := 1; run <= *flagAgent; run++ {
		for _, style := range styles {
			fmt.Printf("\n### Run %d, %s\n\n", run, styleNames[style])
			head, sep := "| task |", "|---|"
			for _, s := range servers {
				head += fmt.Sprintf(" %s chars | calls | ms | outcome |", names[s])
				sep += "---|---|---|---|"
			}
			fmt.Println(head)
			fmt.Println(sep)
			tot := map[string]*total{}
			row := "| tools/list + instructions |"
			for _, s := range servers {
				r := results[key{run, style, s}]
				tot[s] = &total{chars: r.toolsList}
				if r.err != "" {
					row += fmt.Sprintf(" - | | | could not run: %s |", mdCell(r.err))
					continue
				}
				row += fmt.Sprintf(" %d | 1 | | |", r.toolsList)
			}
			fmt.Println(row)
			for _, task := range agentTasks {
				row := "| " + task + " |"
				for _, s := range servers {
					r := results[key{run, style, s}]
					t, ok := r.tasks[task]
					if !ok {
						row += " - | | | |"
						continue
					}
					tot[s].chars += t.chars
					tot[s].tasksChars += t.chars
					tot[s].ms += t.ms
					out := "done"
					if t.verdict != "" {
						out = mdCell(t.verdict)
					} else {
						tot[s].done++
					}
					row += fmt.Sprintf(" %d | %d | %.0f | %s |", t.chars, t.calls, t.ms, out)
				}
				fmt.Println(row)
			}
			row = "| **total** |"
			for _, s := range servers {
				t := tot[s]
				row += fmt.Sprintf(" **%d** (tasks %d) | | **%.0f** | %d/%d done |", t.chars, t.tasksChars, t.ms, t.done, len(agentTasks))
			}
			fmt.Println(row)
			bc := tot[srvBC]
			if bc == nil {
				continue
			}
			var bestC, bestM *total
			var bestCN, bestMN string
			for _, s := range servers {
				if s == srvBC || results[key{run, style, s}].err != "" {
					continue
				}
				t := tot[s]
				if bestC == nil || t.chars < bestC.chars {
					bestC, bestCN = t, names[s]
				}
				if bestM == nil || t.ms < bestM.ms {
					bestM, bestMN = t, names[s]
				}
			}
			if bestC == nil {
				continue
			}
			fmt.Printf("\nbrowserctl / best peer: characters **%.2fx** (%d vs %s's %d), wall time **%.2fx** (%.0f vs %s's %.0f ms); browserctl did %d/%d tasks\n",
				float64(bc.chars)/float64(bestC.chars), bc.chars, bestCN, bestC.chars,
				bc.ms/bestM.ms, bc.ms, bestMN, bestM.ms, bc.done, len(agentTasks))
			// Against each peer on the tasks both did (tools/list included).
			for _, s := range servers {
				pr := results[key{run, style, s}]
				if s == srvBC || pr.err != "" {
					continue
				}
				br := results[key{run, style, srvBC}]
				bcC, pC := br.toolsList, pr.toolsList
				var bcM, pM float64
				var both []string
				for _, task := range agentTasks {
					bt, pt := br.tasks[task], pr.tasks[task]
					if bt.verdict != "" || pt.verdict != "" {
						continue
					}
					both = append(both, task)
					bcC, pC, bcM, pM = bcC+bt.chars, pC+pt.chars, bcM+bt.ms, pM+pt.ms
				}
				fmt.Printf("- against %s on the %d tasks both did (%s): characters %.2fx (%d vs %d), wall time %.2fx (%.0f vs %.0f ms)\n",
					names[s], len(both), strings.Join(both, ", "), float64(bcC)/float64(pC), bcC, pC, bcM/pM, bcM, pM)
			}
		}
	}
	return nil
}

func mdCell(s string) string {
	s = strings.ReplaceAll(firstLine(s), "|", "\\|")
	if len(s) > 160 {
		s = s[:160] + "..."
	}
	return s
}
