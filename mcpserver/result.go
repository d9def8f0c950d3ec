package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/rpc"
)

// errorResult is a tool error an agent can act on: the code, name, message
// and hint the CLI prints, as text and as structured content.
func (s *Server) errorResult(req *mcp.CallToolRequest, err error) *mcp.CallToolResult {
	var be *rpc.BrowserError
	if !errors.As(err, &be) {
		be = &rpc.BrowserError{Code: rpc.CodeOperationFailed, Message: err.Error()}
	}
	if be.Code == rpc.CodeSessionNotFound {
		s.forgetCreatedSession(req)
	}
	hint := mcpHint(be, s.opts.Hint(err))
	var b strings.Builder
	b.WriteString(be.Error())
	if hint != "" {
		b.WriteString("\nhint: " + hint)
	}
	res := &mcp.CallToolResult{
		Content: []mcp.Content{&mcp.TextContent{Text: b.String()}},
		StructuredContent: map[string]any{"error": map[string]any{
			"code":      be.Code,
			"name":      be.Code.Name(),
			"message":   be.Message,
			"retryable": be.Retryable,
			"hint":      hint,
			"reason":    be.Reason,
		}},
		IsError: true,
	}
	return res
}

// mcpHint turns the CLI's hint into one an agent can follow with tools.
func mcpHint(be *rpc.BrowserError, cli string) string {
	switch be.Code {
	case rpc.CodePageRefNotFound:
		return "the ref is stale: call browser_snapshot and retry with its refs"
	case rpc.CodeSessionNotFound:
		return "the session is gone (its tab group was closed or released): the next page tool opens a new one, or call browser_session"
	}
	return cli
}

// forgetCreatedSession drops a session the server created once the
// extension says it no longer exists, so the next tool makes a new one.
func (s *Server) forgetCreatedSession(req *mcp.CallToolRequest) {
	c := s.client(req)
	c.mu.Lock()
	if c.created {
		c.sessionID, c.created = "", false
	}
	c.mu.Unlock()
}

// text is a plain text result.
func text(format string, args ...any) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf(format, args...)}}}
}

// dialogOf is the dialog an action's result reports as opened, if any.
func dialogOf(raw json.RawMessage) string {
	var r struct {
		Dialog *struct {
			Type    string `json:"type"`
			Message string `json:"message"`
		} `json:"dialog"`
	}
	if json.Unmarshal(raw, &r) != nil || r.Dialog == nil {
		return ""
	}
	return fmt.Sprintf("a %s dialog is open: %q. Call browser_handle_dialog to accept or dismiss it.", r.Dialog.Type, r.Dialog.Message)
}

// pageState is the part of an action's result that tells the agent where it
// is now: the page's URL and title, an open dialog, and the snapshot within
// the budget.
func (s *Server) pageState(ctx context.Context, req *mcp.CallToolRequest, head string, actionResult json.RawMessage) *mcp.CallToolResult {
	var b strings.Builder
	if head != "" {
		b.WriteString(head)
		b.WriteString("\n\n")
	}
	if d := dialogOf(actionResult); d != "" {
		b.WriteString("### Dialog\n" + d + "\n\n")
	}
	s.writePage(ctx, req, &b, s.opts.MaxSnapshotChars)
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: strings.TrimRight(b.String(), "\n")}}}
}

// writePage writes the page's URL, title and (budget != 0) snapshot. A page
// that cannot be read (a dialog holds it) is said in words: the action
// itself succeeded.
func (s *Server) writePage(ctx context.Context, req *mcp.CallToolRequest, b *strings.Builder, budget int) {
	if budget == 0 {
		raw, err := s.call(ctx, req, rpc.TabActive, nil)
		var tab struct{ URL, Title string }
		if err == nil && json.Unmarshal(raw, &tab) == nil {
			fmt.Fprintf(b, "### Page\n- URL: %s\n- Title: %s\n", tab.URL, tab.Title)
		} else if err != nil {
			fmt.Fprintf(b, "### Page\n(could not read the page: %v)\n", err)
		}
		return
	}
	if err := s.writeSnapshot(ctx, req, b, snapshotParams(""), budget); err != nil {
		fmt.Fprintf(b, "### Page\n(could not read the page: %v)\n", err)
	}
}

// snapshotParams are pages.snapshot's params for a browser_snapshot mode.
func snapshotParams(mode string) map[string]any {
	if mode == "interactive" {
		return map[string]any{"interactive": true}
	}
	return map[string]any{"compact": true}
}

// writeSnapshot writes the page's URL, title and snapshot cut to budget.
func (s *Server) writeSnapshot(ctx context.Context, req *mcp.CallToolRequest, b *strings.Builder, params map[string]any, budget int) error {
	raw, err := s.call(ctx, req, rpc.PageSnapshot, params)
	if err != nil {
		return err
	}
	var snap struct {
		Snapshot string `json:"snapshot"`
		URL      string `json:"url"`
		Title    string `json:"title"`
	}
	if err := json.Unmarshal(raw, &snap); err != nil {
		return fmt.Errorf("unreadable snapshot: %w", err)
	}
	fmt.Fprintf(b, "### Page\n- URL: %s\n- Title: %s\n\n### Snapshot\n", snap.URL, snap.Title)
	b.WriteString(Truncate(stripHeader(snap.Snapshot, snap.URL), budget))
	b.WriteString("\n")
	return nil
}

// stripHeader drops leading title/URL lines a snapshot may start with; the
// result already says them.
func stripHeader(snapshot, url string) string {
	for i := 0; i < 2; i++ {
		line, rest, _ := strings.Cut(snapshot, "\n")
		lower := strings.ToLower(line)
		if url != "" && strings.Contains(line, url) || strings.HasPrefix(line, "# ") || strings.HasPrefix(lower, "title: ") || strings.HasPrefix(lower, "url: ") {
			snapshot = rest
			continue
		}
		break
	}
	return snapshot
}

// Truncate cuts text to at most budget characters at a line boundary and
// ends it with one line saying how many lines and refs were left out.
// A negative budget keeps everything.
func Truncate(text string, budget int) string {
	text = strings.TrimRight(text, "\n")
	if budget < 0 || len(text) <= budget {
		return text
	}
	const note = "\n[... %d more lines with %d refs not shown: act on what is shown, scroll, or call browser_snapshot with maxChars]"
	room := budget - len(note) - 10
	if room < 0 {
		room = 0
	}
	cut := strings.LastIndexByte(text[:room], '\n')
	if cut < 0 {
		cut = 0
	}
	rest := text[cut:]
	lines := strings.Count(rest, "\n")
	if cut == 0 && rest != "" {
		lines++
	}
	refs := strings.Count(rest, "[ref=")
	return text[:cut] + fmt.Sprintf(note, lines, refs)
}
