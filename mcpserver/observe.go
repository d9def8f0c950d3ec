package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/rpc"
)

// Inputs of the file and console tools (Playwright MCP's names).
type (
	uploadArg struct {
		Paths   []string `json:"paths" jsonschema:"files in the folders the server may read (--allow-read, your roots, its output folder): absolute, or relative to the first"`
		Element string   `json:"element,omitempty" jsonschema:"the file input, for the user"`
		Ref     string   `json:"ref,omitempty" jsonschema:"the file input's ref; without one, the file chooser a click opened"`
		Target  string   `json:"target,omitempty" jsonschema:"instead of ref: a ref or a selector of the file input"`
	}
	consoleArg struct {
		OnlyErrors bool `json:"onlyErrors,omitempty" jsonschema:"errors, exceptions and rejections only"`
	}
)

// observeTools are the tools that read what the page logged and fetched, and
// upload files.
func (s *Server) observeTools() []toolDef {
	return []toolDef{
		newTool("browser_file_upload", "Upload files",
			"Set a file input's files by ref, or answer the file chooser a click opened.",
			destructive, toolSpec{}, func(ctx context.Context, req *mcp.CallToolRequest, in uploadArg) *mcp.CallToolResult {
				return s.upload(ctx, req, in)
			}),
		newTool("browser_console_messages", "Console messages",
			"The current tab's console messages, uncaught exceptions and unhandled rejections since browserctl attached, oldest first.",
			readOnly, toolSpec{}, func(ctx context.Context, req *mcp.CallToolRequest, in consoleArg) *mcp.CallToolResult {
				return s.consoleMessages(ctx, req, in.OnlyErrors)
			}),
	}
}

// upload checks every file is in a folder the server may read, and exists,
// before anything reaches the browser.
func (s *Server) upload(ctx context.Context, req *mcp.CallToolRequest, in uploadArg) *mcp.CallToolResult {
	if len(in.Paths) == 0 {
		return invalid("browser_file_upload", fmt.Errorf("give at least one path"))
	}
	var files []string
	for _, p := range in.Paths {
		abs, err := s.readPath(ctx, req, p)
		if err != nil {
			return s.errorResult(req, err)
		}
		if st, err := os.Stat(abs); err != nil || !st.Mode().IsRegular() {
			if err == nil {
				err = fmt.Errorf("not a regular file")
			}
			return invalid("browser_file_upload", fmt.Errorf("%s: %v", p, err))
		}
		files = append(files, abs)
	}
	p := rpc.UploadParams{Files: files}
	if in.Ref != "" || in.Target != "" {
		ref, sel, err := elementRef{Ref: in.Ref, Target: in.Target}.target()
		if err != nil {
			return invalid("browser_file_upload", err)
		}
		p.Ref, p.Selector = ref, sel
	}
	return s.act(ctx, req, rpc.PageUpload, &p, fmt.Sprintf("Uploaded %d file(s)", len(files)))
}

func (s *Server) consoleMessages(ctx context.Context, req *mcp.CallToolRequest, onlyErrors bool) *mcp.CallToolResult {
	var p rpc.ConsoleParams
	if onlyErrors {
		p.Level = "error"
	}
	raw, err := s.call(ctx, req, rpc.LogsConsole, &p)
	if err != nil {
		return s.errorResult(req, err)
	}
	var con rpc.ConsoleResult
	if err := json.Unmarshal(raw, &con); err != nil {
		return s.errorResult(req, err)
	}
	raw, err = s.call(ctx, req, rpc.LogsErrors, nil)
	if err != nil {
		return s.errorResult(req, err)
	}
	var errs rpc.ErrorsResult
	if err := json.Unmarshal(raw, &errs); err != nil {
		return s.errorResult(req, err)
	}
	// Both logs share one sequence: merge them in the order they happened.
	type line struct {
		seq  int64
		text string
	}
	var lines []line
	where := func(url string, n int) string {
		if url == "" {
			return ""
		}
		return fmt.Sprintf(" @ %s:%d", url, n)
	}
	for _, e := range con.Entries {
		lines = append(lines, line{e.Seq, fmt.Sprintf("[%s] %s%s", strings.ToUpper(e.Level), e.Text, where(e.URL, e.Line))})
	}
	for _, e := range errs.Entries {
		lines = append(lines, line{e.Seq, fmt.Sprintf("[%s] %s%s", strings.ToUpper(e.Kind), e.Text, where(e.URL, e.Line))})
	}
	if len(lines) == 0 {
		return text("### Console\nNo messages.")
	}
	for i := 1; i < len(lines); i++ { // few entries: insertion sort keeps it short
		for j := i; j > 0 && lines[j].seq < lines[j-1].seq; j-- {
			lines[j], lines[j-1] = lines[j-1], lines[j]
		}
	}
	var b strings.Builder
	b.WriteString("### Console")
	for _, l := range lines {
		b.WriteString("\n" + l.text)
	}
	return text("%s", b.String())
}

// networkRequest answers network.request's result as JSON: the request whole.
func (s *Server) networkRequest(ctx context.Context, req *mcp.CallToolRequest, pp rpc.PageParams, id string) *mcp.CallToolResult {
	raw, err := s.call(ctx, req, rpc.NetworkRequest, &rpc.NetworkRequestParams{PageParams: pp, ID: strings.TrimSpace(id)})
	if err != nil {
		return s.errorResult(req, err)
	}
	return text("### Request %s\n%s", id, raw)
}

func (s *Server) networkRequests(ctx context.Context, req *mcp.CallToolRequest, p rpc.NetworkLogParams) *mcp.CallToolResult {
	raw, err := s.call(ctx, req, rpc.LogsNetwork, &p)
	if err != nil {
		return s.errorResult(req, err)
	}
	var net rpc.NetworkResult
	if err := json.Unmarshal(raw, &net); err != nil {
		return s.errorResult(req, err)
	}
	if len(net.Requests)+len(net.Inflight) == 0 {
		return text("### Network\nNo requests.")
	}
	var b strings.Builder
	b.WriteString("### Network")
	for _, r := range net.Requests {
		outcome := fmt.Sprintf("[%d] %s", r.Status, r.StatusText)
		switch {
		case r.Blocked:
			outcome = "blocked"
		case r.Failure != "":
			outcome = "failed: " + r.Failure
		}
		fmt.Fprintf(&b, "\n#%s [%s] %s => %s (%s)", r.ID, r.Method, r.URL, strings.TrimSpace(outcome), r.Type)
	}
	for _, r := range net.Inflight {
		fmt.Fprintf(&b, "\n#%s [%s] %s => pending (%s)", r.ID, r.Method, r.URL, r.Type)
	}
	return text("%s", b.String())
}
