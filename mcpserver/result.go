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

// ErrorReport is a failure as the CLI reports it: the wire code and name of
// a browser or hub error, or the CLI's local code and name (token_refused,
// no_hub, ...), with the reason and hint.
type ErrorReport struct {
	Code      int
	Name      string
	Message   string
	Reason    string
	Retryable bool
	Hint      string
}

// describe is err as the CLI reports it (Options.Describe), else as the
// wire says it.
func (s *Server) describe(err error) ErrorReport {
	if s.opts.Describe != nil {
		return s.opts.Describe(err)
	}
	var be *rpc.BrowserError
	if !errors.As(err, &be) {
		be = &rpc.BrowserError{Code: rpc.CodeOperationFailed, Message: err.Error()}
	}
	return ErrorReport{Code: int(be.Code), Name: be.Code.Name(), Message: be.Message, Reason: ReasonOf(err), Retryable: be.Retryable, Hint: s.opts.Hint(err)}
}

// ReasonOf is the reason a BrowserError in err carries ("" for none).
func ReasonOf(err error) string {
	var be *rpc.BrowserError
	if !errors.As(err, &be) {
		return ""
	}
	return string(be.Reason)
}

// errorResult is a tool error an agent can act on: the code, name, message,
// reason and hint the CLI prints, as text and as structured content.
func (s *Server) errorResult(req *mcp.CallToolRequest, err error) *mcp.CallToolResult {
	var be *rpc.BrowserError
	if errors.As(err, &be) && be.Code == rpc.CodeSessionNotFound {
		s.forgetCreatedSession(req)
	}
	r := s.describe(err)
	hint := r.Hint
	if be != nil {
		hint = mcpHint(be, hint)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "error %d %s: %s", r.Code, r.Name, r.Message)
	if r.Reason != "" {
		b.WriteString("\nreason: " + r.Reason)
	}
	if hint != "" {
		b.WriteString("\nhint: " + hint)
	}
	return &mcp.CallToolResult{
		Content: []mcp.Content{&mcp.TextContent{Text: b.String()}},
		StructuredContent: toolError{Error: errorContent{
			Code: r.Code, Name: r.Name, Message: r.Message, Reason: r.Reason, Retryable: r.Retryable, Hint: hint,
		}},
		IsError: true,
	}
}

// toolError is a tool error's structured content.
type toolError struct {
	Error errorContent `json:"error"`
}

type errorContent struct {
	Code      int    `json:"code"`
	Name      string `json:"name"`
	Message   string `json:"message"`
	Reason    string `json:"reason,omitempty"`
	Retryable bool   `json:"retryable"`
	Hint      string `json:"hint"`
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
		delete(c.own, c.sessionID)
		c.sessionID, c.created = "", false
	}
	c.mu.Unlock()
}

// text is a plain text result.
func text(format string, args ...any) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf(format, args...)}}}
}

// dialogOf says what happened to a dialog an action's result reports: an
// alert the policy accepted, a confirm still open (open), ...
func dialogOf(raw json.RawMessage) (what string, open bool) {
	var r struct {
		Dialog *rpc.DialogReport `json:"dialog"`
	}
	if json.Unmarshal(raw, &r) != nil || r.Dialog == nil {
		return "", false
	}
	d := r.Dialog
	article := "a"
	if strings.HasPrefix(d.Type, "a") {
		article = "an"
	}
	switch d.State {
	case "accepted", "dismissed":
		return fmt.Sprintf("%s %s dialog was %s: %q", article, d.Type, d.State, d.Message), false
	}
	return fmt.Sprintf("%s %s dialog is open: %q. Call browser_handle_dialog to accept or dismiss it.", article, d.Type, d.Message), true
}

// downloadOf is the download an action's result reports it started.
func downloadOf(raw json.RawMessage) *rpc.Download {
	var r struct {
		Download *rpc.Download `json:"download"`
	}
	if json.Unmarshal(raw, &r) != nil {
		return nil
	}
	return r.Download
}

// pageState is the part of an action's result that tells the agent where it
// is now: head (what the action did), an open dialog, a download, and the
// page within the budget: what changed on the document the client last
// saw, or a new document's URL, title and snapshot or outline.
func (s *Server) pageState(ctx context.Context, req *mcp.CallToolRequest, head string, actionResult json.RawMessage) *mcp.CallToolResult {
	return s.pageStateAfter(ctx, req, head, actionResult, nil)
}

// pageStateAfter is pageState for an action that set what expect says on
// the elements it named: that goes without saying.
func (s *Server) pageStateAfter(ctx context.Context, req *mcp.CallToolRequest, head string, actionResult json.RawMessage, expect expected) *mcp.CallToolResult {
	var b strings.Builder
	if head != "" {
		b.WriteString(head + "\n")
	}
	if line := rpc.HTTPErrorLine(httpStatusOf(actionResult)); line != "" {
		// the page below is the server's error page, not the one asked for
		b.WriteString(strings.ToUpper(line[:1]) + line[1:] + ".\n")
	}
	d, open := dialogOf(actionResult)
	if d != "" {
		b.WriteString("Dialog: " + d + "\n")
	}
	if d := downloadOf(actionResult); d != nil {
		line, err := s.savedDownload(req, d)
		if err != nil {
			line = err.Error()
		}
		b.WriteString("Download: " + line + "\n")
	}
	tab := 0
	if !open {
		tab = s.writePage(ctx, req, &b, s.opts.MaxSnapshotChars, expect, snapshotOf(actionResult))
	} else if nav := navigationOf(actionResult); nav.URL != "" {
		// An open dialog holds the page: nothing can read it, but a
		// navigation says where it arrived.
		fmt.Fprintf(&b, "URL: %s\nTitle: %s\n", nav.URL, nav.Title)
	}
	if p := popupOf(actionResult); p != 0 {
		// Said after the page, which tells whether the new tab is the one
		// read.
		line := fmt.Sprintf("Opened a new tab (%d): browser_tabs selects it.", p)
		if p == tab {
			line = fmt.Sprintf("Opened a new tab (%d), now the current one: the page above is its.", p)
		}
		b.WriteString(line)
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: strings.TrimRight(b.String(), "\n")}}}
}

// popupOf is the tab an action's result says it opened (0: none).
func popupOf(raw json.RawMessage) int {
	var r struct {
		Popup *rpc.Popup `json:"popup"`
	}
	if json.Unmarshal(raw, &r) != nil || r.Popup == nil {
		return 0
	}
	return r.Popup.TabID
}

// navigationOf is where a navigation's result says it arrived (zero for
// another action's).
func navigationOf(raw json.RawMessage) (nav rpc.NavResult) {
	_ = json.Unmarshal(raw, &nav)
	return nav
}

// httpStatusOf is the HTTP status of the document an action's result
// says it arrived at: a navigation's own (rpc.NavResult, the one page
// tool result with a status of its top level), or that of the navigation
// a click started (0: none said).
func httpStatusOf(raw json.RawMessage) int {
	var r struct {
		Status     int             `json:"status"`
		Navigation *rpc.Navigation `json:"navigation"`
	}
	if json.Unmarshal(raw, &r) != nil {
		return 0
	}
	if r.Navigation != nil {
		return r.Navigation.Status
	}
	return r.Status
}

// snapshotOf is the page snapshot an action's result carries (pages.navigate
// with snapshot), or nil.
func snapshotOf(raw json.RawMessage) *rpc.SnapshotResult {
	var r struct {
		Snapshot *rpc.SnapshotResult `json:"snapshot"`
	}
	if json.Unmarshal(raw, &r) != nil || r.Snapshot == nil || r.Snapshot.TabID == 0 {
		return nil
	}
	return r.Snapshot
}

// writePage writes the page within budget (0: its URL and title only) and
// answers the tab it read (0: unknown); snap is the page as the action
// read it, if it did (nil: read it now). A page that cannot be read (a
// dialog holds it) is said in words: the action itself succeeded.
func (s *Server) writePage(ctx context.Context, req *mcp.CallToolRequest, b *strings.Builder, budget int, expect expected, snap *rpc.SnapshotResult) int {
	if budget == 0 {
		raw, err := s.call(ctx, req, rpc.TabActive, nil)
		var tab rpc.Tab
		if err == nil && json.Unmarshal(raw, &tab) == nil {
			fmt.Fprintf(b, "URL: %s\nTitle: %s\n", tab.URL, tab.Title)
		} else if err != nil {
			fmt.Fprintf(b, "(could not read the page: %v)\n", err)
		}
		return tab.TabID
	}
	if snap == nil {
		params := snapshotParams("")
		params.Settle = true // the navigations the action set off, in frames too
		var err error
		if snap, err = s.readSnapshot(ctx, req, params); err != nil {
			fmt.Fprintf(b, "(could not read the page: %v)\n", err)
			return 0
		}
	}
	text := denseSnapshot(stripHeader(snap.Snapshot, snap.URL))
	now := seenPage{url: snap.URL, title: snap.Title, lines: strings.Split(text, "\n")}
	prev, had := s.client(req).seen.swap(snap.TabID, now)
	view, isNew := pageView(text, prev.lines, had && prev.url == now.url, budget, expect)
	if isNew || prev.title != now.title {
		fmt.Fprintf(b, "URL: %s\nTitle: %s\n", snap.URL, snap.Title)
	}
	b.WriteString(view + "\n")
	return snap.TabID
}

// snapshotParams are pages.snapshot's params for a browser_snapshot mode.
func snapshotParams(mode string) *rpc.SnapshotParams {
	if mode == "interactive" {
		return &rpc.SnapshotParams{Interactive: true}
	}
	return &rpc.SnapshotParams{Compact: true}
}

// readSnapshot reads the page's snapshot.
func (s *Server) readSnapshot(ctx context.Context, req *mcp.CallToolRequest, params *rpc.SnapshotParams) (*rpc.SnapshotResult, error) {
	raw, err := s.call(ctx, req, rpc.PageSnapshot, params)
	if err != nil {
		return nil, err
	}
	var snap rpc.SnapshotResult
	if err := json.Unmarshal(raw, &snap); err != nil {
		return nil, fmt.Errorf("unreadable snapshot: %w", err)
	}
	return &snap, nil
}

// writeSnapshot writes the page's URL, title and snapshot cut to budget
// (browser_snapshot). The whole compact snapshot is what the client has
// now seen of the tab, whatever part of it this answer carries: the next
// action's result says what changed since.
func (s *Server) writeSnapshot(ctx context.Context, req *mcp.CallToolRequest, b *strings.Builder, params *rpc.SnapshotParams, offset, budget int) error {
	snap, err := s.readSnapshot(ctx, req, params)
	if err != nil {
		return err
	}
	text := denseSnapshot(stripHeader(snap.Snapshot, snap.URL))
	if params.Compact && !params.Interactive {
		s.client(req).seen.swap(snap.TabID, seenPage{url: snap.URL, title: snap.Title, lines: strings.Split(text, "\n")})
	}
	fmt.Fprintf(b, "URL: %s\nTitle: %s\n### Snapshot\n", snap.URL, snap.Title)
	b.WriteString(TruncateFrom(text, offset, budget))
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
// ends it with one line saying how many lines and refs were left out and
// the offset to continue from. A negative budget keeps everything.
func Truncate(text string, budget int) string {
	return TruncateFrom(text, 0, budget)
}

// TruncateFrom is Truncate of text from line offset on; the note's offset
// counts lines of the whole text, so browser_snapshot with it gives the
// next part, and the parts together are the text once.
func TruncateFrom(text string, offset, budget int) string {
	text = strings.TrimRight(text, "\n")
	if offset > 0 {
		lines := strings.Split(text, "\n")
		if offset >= len(lines) {
			return fmt.Sprintf("[offset %d is past the end: the snapshot has %d lines]", offset, len(lines))
		}
		text = strings.Join(lines[offset:], "\n")
	}
	if budget < 0 || len(text) <= budget {
		return text
	}
	const note = "\n[... %d more lines with %d refs not shown: call browser_snapshot with offset %d for the rest]"
	room := budget - len(note) - 20
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
	shown := 0
	if cut > 0 {
		shown = strings.Count(text[:cut], "\n") + 1
	}
	refs := strings.Count(rest, "[ref=")
	return text[:cut] + fmt.Sprintf(note, lines, refs, offset+shown)
}
