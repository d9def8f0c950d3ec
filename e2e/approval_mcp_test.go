package e2e

import (
	"bytes"
	"context"
	"net/url"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// progressAgent is an MCP client of `browserctl mcp` that records the
// progress notifications the server sends.
type progressAgent struct {
	cs   *mcp.ClientSession
	mu   sync.Mutex
	said []string
}

func (a *progressAgent) progress() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]string(nil), a.said...)
}

func startProgressAgent(t *testing.T, name string, args ...string) *progressAgent {
	t.Helper()
	a := &progressAgent{}
	cmd := exec.Command(h.bin, append([]string{"--server", h.addr, "mcp"}, args...)...)
	cmd.Env = h.env()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	client := mcp.NewClient(&mcp.Implementation{Name: name, Version: "1"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) {
			a.mu.Lock()
			a.said = append(a.said, r.Params.Message)
			a.mu.Unlock()
		},
	})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connecting to browserctl mcp: %v\nstderr: %s", err, stderr.String())
	}
	a.cs = cs
	t.Cleanup(func() { cs.Close() })
	return a
}

// callAsync runs a tool with a progress token; its result arrives on the channel.
func (a *progressAgent) callAsync(name string, args map[string]any) <-chan *mcp.CallToolResult {
	ch := make(chan *mcp.CallToolResult, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		res, err := a.cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args, Meta: mcp.Meta{"progressToken": name}})
		if err != nil {
			res = &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "protocol error: " + err.Error()}}}
		}
		ch <- res
	}()
	return ch
}

func waitToolResult(t *testing.T, ch <-chan *mcp.CallToolResult) *mcp.CallToolResult {
	t.Helper()
	select {
	case r := <-ch:
		return r
	case <-time.After(45 * time.Second):
		t.Fatal("the tool call did not end")
		return nil
	}
}

// An MCP client started with --confirm: its session asks the person before
// a submit and a navigation to another site. The bar in the page names the
// client; the wait reaches the client as progress; Deny (pressed in the
// page) fails the click with denied and nothing posts; Allow lets the
// navigation go; the client cannot lift the policy.
func TestMCPApprovalNamesTheClient(t *testing.T) {
	tag := tagFor(t)
	a := startProgressAgent(t, "claude-code", "--confirm", "submit,navigate-offsite", "--timeout", "40s")
	start := func(name string, args map[string]any) *mcp.CallToolResult {
		return waitToolResult(t, a.callAsync(name, args))
	}
	if r := start("browser_navigate", map[string]any{"url": pageURL("/approval.html", tag)}); r.IsError {
		t.Fatalf("navigate: %s", contentText(r))
	}
	if r := start("browser_type", map[string]any{"element": "Name on card", "target": "#user", "text": "Ann"}); r.IsError {
		t.Fatalf("type: %s", contentText(r))
	}
	p := h.cdp.page(t, tag)

	clicked := a.callAsync("browser_click", map[string]any{"element": "Pay now", "target": "#submit"})
	bar := waitApprovalBar(t, p)
	if want := "mcp claude-code wants to click 'Pay now' on 127.0.0.1"; !strings.Contains(bar.text, want) {
		t.Errorf("the bar says %q, want %q", bar.text, want)
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(a.progress()) == 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if got := a.progress(); len(got) == 0 || !strings.Contains(got[0], "waiting for the person at the browser to allow or deny: mcp claude-code wants to click 'Pay now'") {
		t.Errorf("progress before the answer: %q", got)
	}
	clickNode(t, p, bar.deny)
	r := waitToolResult(t, clicked)
	if txt := contentText(r); !r.IsError || !strings.Contains(txt, "reason: denied") {
		t.Errorf("the denied click answered: %s", txt)
	}
	// the answer reaches the client within the call it ended, not the next
	answered := func() bool {
		got := a.progress()
		return len(got) > 0 && strings.Contains(got[len(got)-1], "answered: denied")
	}
	for deadline := time.Now().Add(2 * time.Second); !answered() && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	if !answered() {
		t.Errorf("progress after the denied click: %q, want its answer last", a.progress())
	}
	h.rec.settle()
	if n := posts(tag); n != 0 {
		t.Errorf("the form posted %d times after Deny", n)
	}

	// another site: localhost is not 127.0.0.1
	u, _ := url.Parse(pageURL("/lab.html", tag+"-away"))
	u.Host = strings.Replace(u.Host, "127.0.0.1", "localhost", 1)
	went := a.callAsync("browser_navigate", map[string]any{"url": u.String()})
	bar = waitApprovalBar(t, p)
	if want := "mcp claude-code wants to open " + u.String(); !strings.Contains(bar.text, want) {
		t.Errorf("the bar says %q, want %q", bar.text, want)
	}
	// the person answers once the agent was told it waits: an answer within
	// the server's first 300 ms (progressAfter) is never reported as waiting
	asking := func() int {
		n := 0
		for _, m := range a.progress() {
			if strings.Contains(m, "to allow or deny: mcp claude-code wants to open") {
				n++
			}
		}
		return n
	}
	for deadline := time.Now().Add(10 * time.Second); asking() == 0 && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	clickNode(t, p, bar.allow)
	if r := waitToolResult(t, went); r.IsError || !strings.Contains(contentText(r), "localhost") {
		t.Errorf("the allowed navigation: %s", contentText(r))
	}
	h.rec.waitFor(t, tag+"-away", "the other site's load", func(e event) bool { return e.Type == "load" })
	said := a.progress()
	t.Logf("progress notifications: %q", said)
	var asked, answers []string
	for _, m := range said {
		switch {
		case strings.Contains(m, "to allow or deny: "):
			asked = append(asked, m)
		case strings.Contains(m, "answered: "):
			answers = append(answers, m)
		}
	}
	if len(asked) != 2 || len(answers) != 2 || !strings.Contains(answers[0], "denied") || !strings.Contains(said[len(said)-1], "answered: allowed") {
		t.Errorf("progress %q, want the asked and answered of both calls, once each", said)
	}
}
