package e2e

import (
	"bytes"
	"context"
	"image/png"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// mcpAgent is an MCP client running `browserctl mcp` as a subprocess over
// stdio, as Claude Code or Cursor do.
type mcpAgent struct {
	t  *testing.T
	cs *mcp.ClientSession
}

func startMCP(t *testing.T, args ...string) *mcpAgent {
	t.Helper()
	return startMCPClient(t, "e2e-agent", nil, args...)
}

// startMCPClient starts `browserctl mcp` with the environment's extra
// variables and connects a client named name to it.
func startMCPClient(t *testing.T, name string, env []string, args ...string) *mcpAgent {
	t.Helper()
	cmd := exec.Command(h.bin, append([]string{"--server", h.addr, "mcp"}, args...)...)
	cmd.Env = append(h.env(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	client := mcp.NewClient(&mcp.Implementation{Name: name, Version: "1"}, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connecting to browserctl mcp: %v\nstderr: %s", err, stderr.String())
	}
	t.Cleanup(func() {
		cs.Close()
		if stderr.Len() > 0 {
			t.Logf("browserctl mcp stderr: %s", stderr.String())
		}
	})
	return &mcpAgent{t: t, cs: cs}
}

// call runs a tool that must succeed and returns its text.
func (a *mcpAgent) call(name string, args map[string]any) string {
	a.t.Helper()
	res := a.callResult(name, args)
	txt := contentText(res)
	if res.IsError {
		a.t.Fatalf("%s %v: tool error: %s", name, args, txt)
	}
	return txt
}

func (a *mcpAgent) callResult(name string, args map[string]any) *mcp.CallToolResult {
	a.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	start := time.Now()
	res, err := a.cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		a.t.Fatalf("%s: protocol error: %v", name, err)
	}
	a.t.Logf("mcp %s %v -> error=%v (%s)\n%s", name, args, res.IsError, time.Since(start).Round(time.Millisecond), abbrev(contentText(res)))
	return res
}

func contentText(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// refIn finds the ref of the element with role and name in a snapshot text.
func refIn(t *testing.T, snapshot, role, name string) string {
	t.Helper()
	re := regexp.MustCompile(`(?m)\b` + regexp.QuoteMeta(role) + ` "` + regexp.QuoteMeta(name) + `"[^\n]*?\[ref=([a-z0-9]+)\]`)
	m := re.FindStringSubmatch(snapshot)
	if m == nil {
		t.Fatalf("no %s %q in the snapshot:\n%s", role, name, snapshot)
	}
	return m[1]
}

// An agent drives a form through `browserctl mcp` over stdio: navigate,
// snapshot, type, check, click, a confirm answered with
// browser_handle_dialog, text that arrives late, a screenshot. What the page
// did is read from its own reports.
func TestMCPAgentDrivesAForm(t *testing.T) {
	tag := tagFor(t)
	a := startMCP(t)

	out := a.call("browser_navigate", map[string]any{"url": pageURL("/agent.html", tag)})
	h.rec.waitFor(t, tag, "the page's load", func(e event) bool { return e.Type == "load" })
	if !strings.Contains(out, "Title: Agent form") || !strings.Contains(out, "/agent.html") {
		t.Errorf("browser_navigate should answer with the page's title and URL:\n%s", out)
	}

	snap := a.call("browser_snapshot", nil)
	name := refIn(t, snap, "textbox", "Full name")
	news := refIn(t, snap, "checkbox", "Newsletter")
	save := refIn(t, snap, "button", "Save profile")

	a.call("browser_fill_form", map[string]any{"fields": []map[string]any{
		{"name": "Full name", "type": "textbox", "ref": name, "value": "Ada Lovelace"},
		{"name": "Newsletter", "type": "checkbox", "ref": news, "value": "true"},
	}})
	out = a.call("browser_click", map[string]any{"element": "Save profile button", "ref": save})
	saved := h.rec.waitFor(t, tag, "the form's submit", func(e event) bool { return e.Type == "saved" })
	if saved.str("name") != "Ada Lovelace" || saved.Data["news"] != true {
		t.Errorf("the page saved %v, want name Ada Lovelace with the newsletter checked", saved.Data)
	}
	if !strings.Contains(out, "Saved Ada Lovelace") {
		t.Errorf("the click's result should carry the page's new snapshot:\n%s", out)
	}
	// What the page logged and fetched, as the agent reads it.
	if logs := a.call("browser_console_messages", nil); !strings.Contains(logs, "[WARNING] saved profile of Ada Lovelace") {
		t.Errorf("browser_console_messages lacks the page's console.warn:\n%s", logs)
	}
	if reqs := a.call("browser_network_requests", nil); !strings.Contains(reqs, "[POST] "+h.web.URL+"/report") {
		t.Errorf("browser_network_requests lacks the page's report POSTs:\n%s", reqs)
	} else {
		// with an id from the list, the request whole: the body the page sent
		var id string
		for _, l := range strings.Split(reqs, "\n") {
			if strings.Contains(l, "[POST] "+h.web.URL+"/report") && strings.HasPrefix(l, "#") {
				id = strings.Fields(l)[0][1:]
			}
		}
		whole := a.call("browser_network_requests", map[string]any{"id": id})
		if id == "" || !strings.Contains(whole, `"method":"POST"`) || !strings.Contains(whole, `"requestBody":"`) || !strings.Contains(whole, tag) {
			t.Errorf("browser_network_requests {id: %q} should return the report POST whole, its body naming %s:\n%s", id, tag, whole)
		}
	}

	// A confirm opened by a click is held for the agent, then accepted.
	snap = a.call("browser_snapshot", nil)
	// The confirm opens inside the click's own handler: the click still
	// answers, and its result tells the agent a dialog waits.
	out = a.call("browser_click", map[string]any{"element": "Delete profile button", "ref": refIn(t, snap, "button", "Delete profile")})
	if !strings.Contains(out, `a confirm dialog is open: "Delete the profile?"`) || !strings.Contains(out, "browser_handle_dialog") {
		t.Errorf("the click's result should say the confirm is open:\n%s", out)
	}
	a.call("browser_handle_dialog", map[string]any{"accept": true})
	confirmed := h.rec.waitFor(t, tag, "the confirm's answer", func(e event) bool { return e.Type == "confirm" })
	if confirmed.Data["ok"] != true {
		t.Errorf("confirm() returned %v, want true", confirmed.Data["ok"])
	}

	// Text that arrives 1.5 s after the click is waited for page-side.
	snap = a.call("browser_snapshot", nil)
	a.call("browser_click", map[string]any{"element": "Load results button", "ref": refIn(t, snap, "button", "Load results")})
	if len(h.rec.of(tag, "arrived")) != 0 {
		t.Fatal("the results arrived before the wait; the test proves nothing")
	}
	out = a.call("browser_wait_for", map[string]any{"text": "Results arrived"})
	if len(h.rec.of(tag, "arrived")) == 0 {
		h.rec.waitFor(t, tag, "the results", func(e event) bool { return e.Type == "arrived" })
	}
	if !strings.Contains(out, "Results arrived") {
		t.Errorf("browser_wait_for's result should show the text it waited for:\n%s", out)
	}

	// A screenshot is a PNG image block.
	res := a.callResult("browser_take_screenshot", nil)
	var img *mcp.ImageContent
	for _, c := range res.Content {
		if ic, ok := c.(*mcp.ImageContent); ok {
			img = ic
		}
	}
	if res.IsError || img == nil || img.MIMEType != "image/png" {
		t.Fatalf("browser_take_screenshot: %v %s", res.IsError, contentText(res))
	}
	pic, err := png.Decode(bytes.NewReader(img.Data))
	if err != nil {
		t.Fatalf("the screenshot does not decode as PNG: %v", err)
	}
	if b := pic.Bounds(); b.Dx() < 100 || b.Dy() < 100 {
		t.Errorf("screenshot is %v", b)
	}

	// A stale ref is a tool error the agent can act on.
	a.call("browser_navigate", map[string]any{"url": pageURL("/agent.html", tag, "nav", "2")})
	res = a.callResult("browser_click", map[string]any{"element": "Save profile button", "ref": save})
	if txt := contentText(res); !res.IsError || !strings.Contains(txt, "4109 page_ref_not_found") || !strings.Contains(txt, "browser_snapshot") {
		t.Errorf("a stale ref: error=%v %s", res.IsError, txt)
	}
}

// Two agents get a tab group each; the groups are released when they go.
func TestMCPAgentsGetTheirOwnSessions(t *testing.T) {
	tag := tagFor(t)
	a, b := startMCP(t), startMCP(t)
	a.call("browser_navigate", map[string]any{"url": pageURL("/agent.html", tag, "who", "a")})
	b.call("browser_navigate", map[string]any{"url": pageURL("/agent.html", tag, "who", "b")})
	la := a.call("browser_tabs", map[string]any{"action": "list"})
	lb := b.call("browser_tabs", map[string]any{"action": "list"})
	if !strings.Contains(la, "who=a") || strings.Contains(la, "who=b") || !strings.Contains(lb, "who=b") || strings.Contains(lb, "who=a") {
		t.Errorf("each agent should see only its own tabs:\nA: %s\nB: %s", la, lb)
	}
	// Each agent lists only its own session: the other's is out of its reach.
	sessions := a.call("browser_session", map[string]any{"action": "list"})
	if strings.Count(sessions, `"mcp: e2e-agent"`) != 1 || !strings.Contains(sessions, "(this client's)") {
		t.Errorf("want the agent's own session alone:\n%s", sessions)
	}
	var shell struct {
		Sessions []struct {
			ID   string `json:"sessionId"`
			Name string `json:"name"`
		} `json:"sessions"`
	}
	mustJSON(t, &shell, "session", "list")
	var listed, other []string
	for _, se := range shell.Sessions {
		if se.Name != "mcp: e2e-agent" {
			continue
		}
		if strings.Contains(sessions, "- "+se.ID+" ") {
			listed = append(listed, se.ID)
		} else {
			other = append(other, se.ID)
		}
	}
	if len(listed) != 1 || len(other) != 1 {
		t.Fatalf("the shell sees the agents' sessions %v; agent A listed %v of them, want one each:\n%s", shell.Sessions, listed, sessions)
	}
	if res := a.callResult("browser_session", map[string]any{"action": "use", "sessionId": other[0]}); !res.IsError || !strings.Contains(contentText(res), "forbidden") {
		t.Errorf("agent A used agent B's session %s: %s", other[0], contentText(res))
	}
	if res := a.callResult("browser_session", map[string]any{"action": "release", "sessionId": other[0]}); !res.IsError || !strings.Contains(contentText(res), "forbidden") {
		t.Errorf("agent A released agent B's session %s: %s", other[0], contentText(res))
	}
	// Nor the shell's: a session the person's shell made is not the agent's.
	shellSession := newSession(t, pageURL("/agent.html", tag, "who", "shell"))
	if got := a.call("browser_session", map[string]any{"action": "list"}); strings.Contains(got, shellSession.SessionID) {
		t.Errorf("agent A lists the shell's session %s:\n%s", shellSession.SessionID, got)
	}
	for _, action := range []string{"use", "release", "close"} {
		if res := a.callResult("browser_session", map[string]any{"action": action, "sessionId": shellSession.SessionID}); !res.IsError || !strings.Contains(contentText(res), "forbidden") {
			t.Errorf("agent A could %s the shell's session %s: %s", action, shellSession.SessionID, contentText(res))
		}
	}
	if got := mustRun(t, in(shellSession, "get", "url")...); !strings.Contains(got, "who=shell") {
		t.Errorf("the shell's session after agent A's attempts shows %q", got)
	}
	a.cs.Close()
	b.cs.Close()
	var list struct {
		Sessions []struct {
			Name string `json:"name"`
		} `json:"sessions"`
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		mustJSON(t, &list, "session", "list")
		left := 0
		for _, s := range list.Sessions {
			if s.Name == "mcp: e2e-agent" {
				left++
			}
		}
		if left == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the agents' sessions are still controlled after they left: %+v", list.Sessions)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
