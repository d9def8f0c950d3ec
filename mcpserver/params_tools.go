package mcpserver

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/internal/safefile"
	"browserctl/rpc"
)

// Inputs of the tools over the CLI's page commands: the params the command
// fills, and beside them a tool-only member (an action, a file name).
type (
	pdfArg struct {
		rpc.PDFParams
		Filename string `json:"filename,omitempty" jsonschema:"relative to the output folder (default: page-TIME.pdf there)"`
	}
	cookiesArg struct {
		rpc.SetCookieParams
		Action string `json:"action" oneof:"list set clear"`
	}
	handoffArg struct {
		rpc.HandoffParams
		Timeout *float64 `json:"timeout,omitempty" jsonschema:"seconds (default 300)"`
	}
	networkArg struct {
		rpc.NetworkLogParams
		ID string `json:"id,omitempty" jsonschema:"a request's id from the list: returns that request whole (headers, bodies, timing) instead"`
	}
	storageArg struct {
		rpc.SetStorageParams
		Action string `json:"action" oneof:"get set clear"`
	}
)

// The answers of the tools declared on the rows of the CLI's page
// commands' methods.
func init() {
	answers[rpc.AnswerClose] = answerFor(func(s *Server, ctx context.Context, req *mcp.CallToolRequest, _ *rpc.TabIDParams) *mcp.CallToolResult {
		return s.closeTab(ctx, req)
	})
	answers[rpc.AnswerFind] = answerFor(func(s *Server, ctx context.Context, req *mcp.CallToolRequest, in *rpc.FindParams) *mcp.CallToolResult {
		return s.find(ctx, req, *in)
	})
	answers[rpc.AnswerDownload] = answerFor(func(s *Server, ctx context.Context, req *mcp.CallToolRequest, in *rpc.DownloadParams) *mcp.CallToolResult {
		return s.download(ctx, req, *in)
	})
	answers[rpc.AnswerPdf] = answerFor(func(s *Server, ctx context.Context, req *mcp.CallToolRequest, in *pdfArg) *mcp.CallToolResult {
		return s.pdf(ctx, req, *in)
	})
	answers[rpc.AnswerCookies] = answerFor(func(s *Server, ctx context.Context, req *mcp.CallToolRequest, in *cookiesArg) *mcp.CallToolResult {
		return s.cookies(ctx, req, *in)
	})
	answers[rpc.AnswerStorage] = answerFor(func(s *Server, ctx context.Context, req *mcp.CallToolRequest, in *storageArg) *mcp.CallToolResult {
		return s.storage(ctx, req, *in)
	})
	answers[rpc.AnswerNetworkRequests] = answerFor(func(s *Server, ctx context.Context, req *mcp.CallToolRequest, in *networkArg) *mcp.CallToolResult {
		if in.ID != "" {
			return s.networkRequest(ctx, req, in.NetworkLogParams.PageParams, in.ID)
		}
		return s.networkRequests(ctx, req, in.NetworkLogParams)
	})
	answers[rpc.AnswerHandoff] = answerFor(func(s *Server, ctx context.Context, req *mcp.CallToolRequest, in *handoffArg) *mcp.CallToolResult {
		return s.handoff(ctx, req, *in)
	})
}

func (s *Server) handoff(ctx context.Context, req *mcp.CallToolRequest, in handoffArg) *mcp.CallToolResult {
	if strings.TrimSpace(in.Message) == "" {
		return invalid("browser_handoff", fmt.Errorf("give a message for the person"))
	}
	wait := 5 * time.Minute
	if in.Timeout != nil {
		if *in.Timeout <= 0 {
			return invalid("browser_handoff", fmt.Errorf("timeout must be > 0 seconds"))
		}
		wait = time.Duration(*in.Timeout * float64(time.Second))
	}
	p := in.HandoffParams
	p.TimeoutMS = int(wait.Milliseconds())
	raw, err := s.callTimeout(ctx, req, rpc.PageHandoff, &p, wait+5*time.Second)
	if err != nil {
		return s.errorResult(req, err)
	}
	var r rpc.HandoffResult
	if err := json.Unmarshal(raw, &r); err != nil {
		return s.errorResult(req, err)
	}
	if !r.Done {
		res := text("The person did not press Done within %s.\nURL: %s\nTitle: %s", wait, r.URL, r.Title)
		res.IsError = true
		return res
	}
	// The person may have done anything: the page is shown afresh, not as
	// a diff, and the refs the agent had are stale.
	s.client(req).seen.forget()
	return s.pageState(ctx, req, fmt.Sprintf("The person pressed Done after %s. The page may have changed: act on the refs below, not older ones.", (time.Duration(r.WaitedMs)*time.Millisecond).Round(100*time.Millisecond)), nil)
}

func (s *Server) closeTab(ctx context.Context, req *mcp.CallToolRequest) *mcp.CallToolResult {
	raw, err := s.call(ctx, req, rpc.TabActive, nil)
	if err != nil {
		return s.errorResult(req, err)
	}
	var tab rpc.Tab
	if err := json.Unmarshal(raw, &tab); err != nil || tab.TabID == 0 {
		return s.errorResult(req, fmt.Errorf("tabs.active answered no tab"))
	}
	if _, err := s.call(ctx, req, rpc.TabClose, &rpc.TabIDParams{TabID: tab.TabID}); err != nil {
		return s.errorResult(req, err)
	}
	left, err := s.tabList(ctx, req)
	if err != nil {
		return s.errorResult(req, err)
	}
	return text("Closed the tab %q (%s)\n\n%s", tab.Title, tab.URL, formatTabs(left))
}

func (s *Server) find(ctx context.Context, req *mcp.CallToolRequest, p rpc.FindParams) *mcp.CallToolResult {
	n := 0
	for _, v := range []string{p.Role, p.Text, p.Label} {
		if v != "" {
			n++
		}
	}
	if n != 1 {
		return invalid("browser_find", fmt.Errorf("give exactly one of role, text or label"))
	}
	if p.Name != "" && p.Role == "" {
		return invalid("browser_find", fmt.Errorf("name goes with role"))
	}
	raw, err := s.call(ctx, req, rpc.PageFind, &p)
	if err != nil {
		return s.errorResult(req, err)
	}
	var r rpc.FindResult
	if err := json.Unmarshal(raw, &r); err != nil {
		return s.errorResult(req, err)
	}
	if len(r.Elements) == 0 {
		return text("### Found\nNothing matches.")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "### Found %d\n", len(r.Elements))
	for _, e := range r.Elements {
		fmt.Fprintf(&b, "- %s %q [ref=%s]\n", e.Role, e.Name, e.Ref)
	}
	return text("%s", strings.TrimRight(b.String(), "\n"))
}

// download clicks and waits for the file, then moves it into the download
// folder.
func (s *Server) download(ctx context.Context, req *mcp.CallToolRequest, p rpc.DownloadParams) *mcp.CallToolResult {
	if p.Ref == "" && p.Selector == "" {
		return s.downloads(ctx, req)
	}
	wait := 30 * time.Second
	if p.Timeout > 0 {
		wait = time.Duration(p.Timeout) * time.Millisecond
	}
	raw, err := s.callTimeout(ctx, req, rpc.PageDownload, &p, wait+10*time.Second)
	if err != nil {
		return s.errorResult(req, err)
	}
	var d rpc.Download
	if err := json.Unmarshal(raw, &d); err != nil {
		return s.errorResult(req, err)
	}
	line, err := s.savedDownload(req, &d)
	if err != nil {
		return s.errorResult(req, err)
	}
	return s.pageState(ctx, req, "Downloaded: "+line, nil)
}

// savedDownload moves a finished download into the download folder and
// says where it is and how big.
func (s *Server) savedDownload(req *mcp.CallToolRequest, d *rpc.Download) (string, error) {
	switch d.State {
	case "complete":
	case "canceled", "interrupted":
		line := fmt.Sprintf("%s was %s, not saved", d.SuggestedFilename, d.State)
		if d.Error != "" {
			line += ": " + d.Error
		}
		return line, nil
	default:
		return fmt.Sprintf("%s is %s (%d of %d bytes so far) at %s", d.SuggestedFilename, d.State, d.Bytes, d.TotalBytes, d.Path), nil
	}
	if s.opts.SaveDownload != nil {
		into := s.opts.DownloadDir
		if into == "" {
			root, err := s.outputRoot(req)
			if err != nil {
				return "", err
			}
			into = filepath.Join(root, "downloads")
		}
		path, err := s.opts.SaveDownload(d, into)
		if err != nil {
			return "", fmt.Errorf("the download finished at %s, but moving it into the download folder failed: %w", d.Path, err)
		}
		if path != "" {
			d.Path = path
		}
	}
	size := d.Bytes
	if st, err := os.Stat(d.Path); err == nil {
		size = st.Size()
	}
	return fmt.Sprintf("%s (%d bytes, %s)", d.Path, size, d.Mime), nil
}

func (s *Server) pdf(ctx context.Context, req *mcp.CallToolRequest, in pdfArg) *mcp.CallToolResult {
	abs, refused := s.outputFile(req, "browser_pdf_save", in.Filename, stampedName("page", ".pdf"))
	if refused != nil {
		return refused
	}
	raw, err := s.callTimeout(ctx, req, rpc.PagePDF, &in.PDFParams, 60*time.Second)
	if err != nil {
		return s.errorResult(req, err)
	}
	var r rpc.PDFResult
	if err := json.Unmarshal(raw, &r); err != nil {
		return s.errorResult(req, err)
	}
	data, err := base64.StdEncoding.DecodeString(r.Data)
	if err != nil {
		return s.errorResult(req, fmt.Errorf("pages.pdf answered data that is not base64: %v", err))
	}
	if err := safefile.WriteFile(abs, data, safefile.Private, true); err != nil {
		return s.errorResult(req, err)
	}
	return text("Saved the page as PDF: %s (%d bytes)", abs, len(data))
}

func (s *Server) cookies(ctx context.Context, req *mcp.CallToolRequest, in cookiesArg) *mcp.CallToolResult {
	p := in.SetCookieParams
	switch in.Action {
	case "list", "clear":
		if p.Name != "" || p.Value != "" || p.Domain != "" || p.Path != "" || p.Expires != nil || p.HTTPOnly || p.Secure {
			return invalid("browser_cookies", fmt.Errorf("%s takes only url (and anySite)", in.Action))
		}
		q := rpc.CookiesParams{URL: p.URL, AnySite: p.AnySite}
		if in.Action == "clear" {
			raw, err := s.call(ctx, req, rpc.PageClearCookies, &q)
			if err != nil {
				return s.errorResult(req, err)
			}
			var r rpc.ClearCookiesResult
			_ = json.Unmarshal(raw, &r)
			return text("Deleted %d cookie(s) of %s", r.Deleted, r.URL)
		}
		raw, err := s.call(ctx, req, rpc.PageCookies, &q)
		if err != nil {
			return s.errorResult(req, err)
		}
		var r rpc.CookiesResult
		if err := json.Unmarshal(raw, &r); err != nil {
			return s.errorResult(req, err)
		}
		var b strings.Builder
		fmt.Fprintf(&b, "### Cookies of %s", r.URL)
		if len(r.Cookies) == 0 {
			b.WriteString("\nNo cookies.")
		}
		for _, c := range r.Cookies {
			fmt.Fprintf(&b, "\n- %s=%s; domain=%s; path=%s; expires=%s %s", c.Name, c.Value, c.Domain, c.Path, c.ExpiryText(), strings.Join(c.Flags(), " "))
		}
		return text("%s", strings.TrimRight(b.String(), " "))
	case "set":
		if p.Name == "" {
			return invalid("browser_cookies", fmt.Errorf("set needs name (and value)"))
		}
		raw, err := s.call(ctx, req, rpc.PageSetCookie, &p)
		if err != nil {
			return s.errorResult(req, err)
		}
		var r rpc.SetCookieResult
		_ = json.Unmarshal(raw, &r)
		return text("Set cookie %s for %s", p.Name, r.URL)
	}
	return invalid("browser_cookies", fmt.Errorf("unknown action %q", in.Action))
}

func (s *Server) storage(ctx context.Context, req *mcp.CallToolRequest, in storageArg) *mcp.CallToolResult {
	p := in.SetStorageParams
	switch in.Action {
	case "get":
		q := rpc.StorageParams{Kind: p.Kind}
		if p.Key != "" {
			q.Key = &p.Key
		}
		raw, err := s.call(ctx, req, rpc.PageStorage, &q)
		if err != nil {
			return s.errorResult(req, err)
		}
		var r rpc.StorageResult
		if err := json.Unmarshal(raw, &r); err != nil {
			return s.errorResult(req, err)
		}
		if q.Key != nil {
			if r.Value == nil {
				return text("%sStorage of %s has no key %q", p.Kind, r.Origin, p.Key)
			}
			return text("%sStorage of %s: %s=%s", p.Kind, r.Origin, p.Key, *r.Value)
		}
		keys := make([]string, 0, len(r.Entries))
		for k := range r.Entries {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var b strings.Builder
		fmt.Fprintf(&b, "### %sStorage of %s", p.Kind, r.Origin)
		if len(keys) == 0 {
			b.WriteString("\nEmpty.")
		}
		for _, k := range keys {
			fmt.Fprintf(&b, "\n- %s=%s", k, r.Entries[k])
		}
		return text("%s", b.String())
	case "set":
		if p.Key == "" {
			return invalid("browser_storage", fmt.Errorf("set needs key and value"))
		}
		raw, err := s.call(ctx, req, rpc.PageSetStorage, &p)
		if err != nil {
			return s.errorResult(req, err)
		}
		var r rpc.SetStorageResult
		_ = json.Unmarshal(raw, &r)
		return text("Set %s in %sStorage of %s", p.Key, p.Kind, r.Origin)
	case "clear":
		if p.Key != "" || p.Value != "" {
			return invalid("browser_storage", fmt.Errorf("clear takes only kind"))
		}
		raw, err := s.call(ctx, req, rpc.PageClearStorage, &rpc.ClearStorageParams{Kind: p.Kind})
		if err != nil {
			return s.errorResult(req, err)
		}
		var r rpc.ClearStorageResult
		_ = json.Unmarshal(raw, &r)
		return text("Cleared %d key(s) of %sStorage of %s", r.Cleared, p.Kind, r.Origin)
	}
	return invalid("browser_storage", fmt.Errorf("unknown action %q", in.Action))
}

// downloads lists the downloads the session's tabs started, as the CLI's
// downloads does.
func (s *Server) downloads(ctx context.Context, req *mcp.CallToolRequest) *mcp.CallToolResult {
	raw, err := s.call(ctx, req, rpc.DownloadsList, &rpc.SessionIDParams{})
	if err != nil {
		return s.errorResult(req, err)
	}
	var r rpc.DownloadListResult
	if err := json.Unmarshal(raw, &r); err != nil {
		return s.errorResult(req, err)
	}
	var b strings.Builder
	b.WriteString("### Downloads")
	if len(r.Downloads) == 0 {
		b.WriteString("\nNone.")
	}
	for _, d := range r.Downloads {
		fmt.Fprintf(&b, "\n- %s: %s, %d of %d bytes", d.SuggestedFilename, d.State, d.Bytes, d.TotalBytes)
		if d.Path != "" {
			fmt.Fprintf(&b, ", %s", d.Path)
		}
		if d.Error != "" {
			fmt.Fprintf(&b, " (%s)", d.Error)
		}
	}
	return text("%s", b.String())
}
