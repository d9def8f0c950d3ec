package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/rpc"
)

// kind says what a tool does to the browser, for its annotations.
type kind int

const (
	readOnly    kind = iota // reads the page, changes nothing
	additive                // changes state without destroying any (open a tab)
	destructive             // may change or lose page state (click, navigate, close)
)

func boolPtr(b bool) *bool { return &b }

// toolAnnotations are k's hints, less the ones that say the spec's
// defaults (not read-only, destructive, not idempotent, open world): a
// destructive tool has none, as every byte of tools/list is read by every
// agent on every start.
func toolAnnotations(k kind) *mcp.ToolAnnotations {
	switch k {
	case readOnly:
		return &mcp.ToolAnnotations{ReadOnlyHint: true}
	case additive:
		return &mcp.ToolAnnotations{DestructiveHint: boolPtr(false)}
	}
	return nil
}

// invalid is the tool error for arguments that do not fit the schema.
func invalid(name string, err error) *mcp.CallToolResult {
	r := text("error %d %s: %s: %v", int(rpc.CodeInvalidParams), rpc.CodeInvalidParams.Name(), name, err)
	r.IsError = true
	return r
}

// Inputs of the tools. Members of the server's own follow Playwright MCP's
// tools of the same names, so prompts written for it carry over; the
// others are the rpc params the CLI command of the same capability fills.
type (
	snapshotArg struct {
		Mode     string `json:"mode,omitempty" oneof:"full interactive" jsonschema:"full (default): text and controls; interactive: only controls, flat, much shorter"`
		MaxChars *int   `json:"maxChars,omitempty" jsonschema:"cut at a line after this many characters; the last line names the offset of the rest"`
		Offset   int    `json:"offset,omitempty" jsonschema:"start at this line: the rest of a cut snapshot"`
	}
	elementRef struct {
		Element string `json:"element,omitempty" jsonschema:"human-readable description of the element, for the user watching"`
		Ref     string `json:"ref,omitempty" jsonschema:"the element's ref from the last page snapshot, e.g. e3"`
		Target  string `json:"target,omitempty" jsonschema:"instead of ref: a ref, a CSS selector, role=ROLE[name=\"NAME\"] or text=TEXT; in a frame: frame=IFRAME_CSS >> TARGET"`
	}
	clickArg struct {
		elementRef
		DoubleClick bool   `json:"doubleClick,omitempty" jsonschema:"double-click instead of a single click"`
		Button      string `json:"button,omitempty" enum:"MouseButton" jsonschema:"the mouse button (default left)"`
	}
	typeArg struct {
		elementRef
		Text   string `json:"text" jsonschema:"the text to type into the element"`
		Submit bool   `json:"submit,omitempty" jsonschema:"press Enter after typing"`
		Slowly bool   `json:"slowly,omitempty" jsonschema:"type one key at a time (fires key handlers); by default the value is filled at once"`
	}
	formField struct {
		Name   string `json:"name" jsonschema:"human-readable field name"`
		Type   string `json:"type" jsonschema:"the field's type"`
		Ref    string `json:"ref,omitempty" jsonschema:"the field's ref from the last page snapshot"`
		Target string `json:"target,omitempty" jsonschema:"instead of ref: a ref or a selector"`
		Value  string `json:"value" jsonschema:"the value: text for a textbox or slider, true or false for a checkbox or radio, the option's text for a combobox"`
	}
	fillFormArg struct {
		Fields []formField `json:"fields" jsonschema:"the fields to fill"`
	}
	waitArg struct {
		Time     *float64 `json:"time,omitempty" jsonschema:"seconds to wait"`
		Text     string   `json:"text,omitempty" jsonschema:"until visible"`
		TextGone string   `json:"textGone,omitempty" jsonschema:"until no longer visible"`
		Response string   `json:"response,omitempty" jsonschema:"until a response whose URL matches this (substring or * glob) arrives"`
		Timeout  *float64 `json:"timeout,omitempty" jsonschema:"seconds, for text, textGone or response (default 30)"`
	}
	dialogArg struct {
		Accept     *bool   `json:"accept,omitempty" jsonschema:"accept (true) or dismiss (false) the dialog"`
		PromptText *string `json:"promptText,omitempty" jsonschema:"the answer to a prompt dialog"`
		Policy     string  `json:"policy,omitempty" enum:"DialogPolicy" jsonschema:"instead: how the session answers dialogs from now on (hold: they wait for this tool)"`
	}
	tabsArg struct {
		Action string `json:"action" oneof:"list new select close"`
		Index  *int   `json:"index,omitempty" jsonschema:"for select and close (default: the current tab)"`
		URL    string `json:"url,omitempty" jsonschema:"for new (default about:blank)"`
	}
	screenshotArg struct {
		rpc.ScreenshotParams
		Element string `json:"element,omitempty" jsonschema:"human-readable description of the element to shoot (with ref)"`
	}
	evaluateArg struct {
		Function string `json:"function" jsonschema:"a JavaScript function to run in the page, e.g. () => document.title; a returned promise is awaited, an element comes back as its HTML"`
	}
	sessionArg struct {
		Action    string `json:"action" oneof:"create list use release rename close stop"`
		SessionID string `json:"sessionId,omitempty" jsonschema:"for all but create and list (default this client's)"`
		Name      string `json:"name,omitempty" jsonschema:"for create and rename: the tab group's name"`
		URL       string `json:"url,omitempty" jsonschema:"for create: the first tab's URL"`
		Browser   string `json:"browser,omitempty" jsonschema:"for create: the browser (name or id) to create it in, when several are connected to the hub (a second Chrome profile is a second cookie jar); default: the server's --browser, else the one connected first"`
	}
)

// toolDefs is every tool the server offers.
func (s *Server) toolDefs() []toolDef {
	return slices.Concat(s.declaredTools(), s.tools(), s.observeTools(), s.emulationTools(), s.networkTools(), s.readTools(), s.initScriptTools(), s.recordingTools(), s.captureTools())
}

// tools are the Playwright-MCP-shaped tools.
func (s *Server) tools() []toolDef {
	return []toolDef{
		newTool("browser_snapshot", "Page snapshot",
			"The page's accessibility snapshot: one line per element, with refs (e1, e2, ...) for the action tools. Better than a screenshot for acting.",
			readOnly, toolSpec{}, func(ctx context.Context, req *mcp.CallToolRequest, in snapshotArg) *mcp.CallToolResult {
				// Asked for, the snapshot is whole: the budget is for the
				// snapshots that come with actions.
				budget := -1
				if in.MaxChars != nil {
					budget = *in.MaxChars
				}
				var b strings.Builder
				if in.Offset < 0 {
					return invalid("browser_snapshot", fmt.Errorf("offset must be >= 0"))
				}
				if err := s.writeSnapshot(ctx, req, &b, snapshotParams(in.Mode), in.Offset, budget); err != nil {
					return s.errorResult(req, err)
				}
				return text("%s", strings.TrimRight(b.String(), "\n"))
			}),
		newTool("browser_click", "Click",
			"Click an element of the page by its ref from the last snapshot.",
			destructive, toolSpec{}, func(ctx context.Context, req *mcp.CallToolRequest, in clickArg) *mcp.CallToolResult {
				ref, sel, err := in.target()
				if err != nil {
					return invalid("browser_click", err)
				}
				p := rpc.ClickParams{Ref: ref, Selector: sel, Button: in.Button}
				if in.DoubleClick {
					p.ClickCount = 2
				}
				return s.act(ctx, req, rpc.PageClick, &p, "Clicked "+describe(in.elementRef))
			}),
		newTool("browser_type", "Type text",
			"Type text into an editable element by its ref. By default the field's value is replaced at once; slowly types key by key.",
			destructive, toolSpec{}, func(ctx context.Context, req *mcp.CallToolRequest, in typeArg) *mcp.CallToolResult {
				ref, sel, err := in.target()
				if err != nil {
					return invalid("browser_type", err)
				}
				var method string
				var p any
				var expect expected
				if in.Slowly {
					// key by key: the page's handlers may make of it what they will
					method, p = rpc.PageType, &rpc.TypeParams{Ref: ref, Selector: sel, Text: in.Text}
				} else {
					method, p = rpc.PageFill, &rpc.FillParams{Ref: ref, Selector: sel, Value: in.Text}
					expect = expected{ref: expectValue(in.Text)}
				}
				if in.Submit {
					if _, err := s.call(ctx, req, method, p); err != nil {
						return s.errorResult(req, err)
					}
					method, p = rpc.PagePress, &rpc.PressParams{Key: "Enter"}
				}
				raw, err := s.call(ctx, req, method, p)
				if err != nil {
					return s.errorResult(req, err)
				}
				done := "Typed into " + describe(in.elementRef)
				if in.Submit {
					done += " and pressed Enter"
				}
				return s.pageStateAfter(ctx, req, done, raw, expect)
			}),
		newTool("browser_fill_form", "Fill form",
			"Fill several form fields at once: text boxes, checkboxes, radios, comboboxes (selects) and sliders.",
			destructive, toolSpec{}, func(ctx context.Context, req *mcp.CallToolRequest, in fillFormArg) *mcp.CallToolResult {
				return s.fillForm(ctx, req, in.Fields)
			}),
		newTool("browser_wait_for", "Wait for",
			"Wait for text to appear or disappear (in the page, returning as soon as it does), a response, or seconds.",
			readOnly, toolSpec{}, func(ctx context.Context, req *mcp.CallToolRequest, in waitArg) *mcp.CallToolResult {
				return s.waitFor(ctx, req, in)
			}),
		newTool("browser_handle_dialog", "Handle a dialog",
			"Accept or dismiss the JavaScript dialog (alert, confirm, prompt) open in the current tab; promptText answers a prompt. Or set the session's dialog policy.",
			destructive, toolSpec{}, func(ctx context.Context, req *mcp.CallToolRequest, in dialogArg) *mcp.CallToolResult {
				return s.handleDialog(ctx, req, in)
			}),
		newTool("browser_tabs", "Tabs",
			"List, open, select or close the tabs of this client's session, by index in the list.",
			destructive, toolSpec{}, func(ctx context.Context, req *mcp.CallToolRequest, in tabsArg) *mcp.CallToolResult {
				return s.tabs(ctx, req, in)
			}),
		newTool("browser_evaluate", "Evaluate JavaScript",
			"Run a JavaScript function in the page and return its JSON value.",
			destructive, toolSpec{}, func(ctx context.Context, req *mcp.CallToolRequest, in evaluateArg) *mcp.CallToolResult {
				raw, err := s.call(ctx, req, rpc.PageEval, &rpc.EvalParams{Expression: "(" + in.Function + "\n)()"})
				if err != nil {
					return s.errorResult(req, err)
				}
				var r rpc.ValueResult
				_ = json.Unmarshal(raw, &r)
				if len(r.Value) == 0 {
					r.Value = json.RawMessage("undefined")
				}
				return text("### Result\n%s", r.Value)
			}),
		newTool("browser_session", "Session",
			"This client's session, a Chrome tab group the user watches: create one, list this client's, use one, release it (tabs stay open), rename, close (tabs closed) or stop it (until the user resumes it). Other agents' and the person's sessions are out of reach unless the server was started on one (browserctl mcp --session S).",
			destructive, toolSpec{}, func(ctx context.Context, req *mcp.CallToolRequest, in sessionArg) *mcp.CallToolResult {
				return s.session(ctx, req, in)
			}),
	}
}

// describe names an element for a result line: its description and ref.
func describe(e elementRef) string {
	t := e.Ref
	if t == "" {
		t = e.Target
	}
	if e.Element == "" {
		return t
	}
	return fmt.Sprintf("%s (%s)", e.Element, t)
}

// act sends one action and answers with what it did and where the page is
// now.
func (s *Server) act(ctx context.Context, req *mcp.CallToolRequest, method string, params any, done string) *mcp.CallToolResult {
	raw, err := s.call(ctx, req, method, params)
	if err != nil {
		return s.errorResult(req, err)
	}
	return s.pageState(ctx, req, done, raw)
}

// fillForm fills each field with the method its type needs, stopping at
// the first failure (which says which field).
func (s *Server) fillForm(ctx context.Context, req *mcp.CallToolRequest, fields []formField) *mcp.CallToolResult {
	var last json.RawMessage
	expect := expected{}
	for _, f := range fields {
		ref, sel, err := elementRef{Ref: f.Ref, Target: f.Target}.target()
		if err != nil {
			return invalid("browser_fill_form", fmt.Errorf("field %q: %v", f.Name, err))
		}
		var method string
		var p any
		switch f.Type {
		case "checkbox", "radio":
			want := strings.EqualFold(f.Value, "true")
			if !want && !strings.EqualFold(f.Value, "false") {
				return invalid("browser_fill_form", fmt.Errorf("field %q: a %s takes true or false, not %q", f.Name, f.Type, f.Value))
			}
			method, p = rpc.PageCheck, &rpc.CheckParams{Ref: ref, Selector: sel, Checked: &want}
			expect[ref] = expectChecked(want)
		case "combobox":
			method, p = rpc.PageSelect, &rpc.SelectParams{Ref: ref, Selector: sel, Values: []string{f.Value}}
			expect[ref] = expectValue(f.Value) // shown as the option's text, which the value may be
		case "textbox", "slider":
			method, p = rpc.PageFill, &rpc.FillParams{Ref: ref, Selector: sel, Value: f.Value}
			expect[ref] = expectValue(f.Value)
		default:
			return invalid("browser_fill_form", fmt.Errorf("field %q: unknown type %q (textbox, checkbox, radio, combobox, slider)", f.Name, f.Type))
		}
		raw, err := s.call(ctx, req, method, p)
		if err != nil {
			r := s.errorResult(req, err)
			tc := r.Content[0].(*mcp.TextContent)
			tc.Text = fmt.Sprintf("field %q (%s): %s", f.Name, ref+sel, tc.Text)
			return r
		}
		last = raw
	}
	return s.pageStateAfter(ctx, req, fmt.Sprintf("Filled %d fields", len(fields)), last, expect)
}

// waitFor waits for time, text or textGone, in that order of precedence.
func (s *Server) waitFor(ctx context.Context, req *mcp.CallToolRequest, in waitArg) *mcp.CallToolResult {
	timeout := s.opts.Timeout
	if timeout == 0 {
		timeout = rpc.DefaultTimeout
	}
	switch {
	case in.Time != nil:
		if *in.Time < 0 {
			return invalid("browser_wait_for", fmt.Errorf("time must be >= 0"))
		}
		d := time.Duration(*in.Time * float64(time.Second))
		ms := int(d.Milliseconds())
		if _, err := s.callTimeout(ctx, req, rpc.PageWait, &rpc.WaitParams{MS: &ms}, d+timeout); err != nil {
			return s.errorResult(req, err)
		}
		return s.pageState(ctx, req, fmt.Sprintf("Waited %gs", *in.Time), nil)
	case (in.Text != "" || in.TextGone != "") && in.Response != "":
		return invalid("browser_wait_for", fmt.Errorf("give text, textGone or response, one of them"))
	case in.Text != "" || in.TextGone != "" || in.Response != "":
		if in.Timeout != nil {
			if *in.Timeout <= 0 {
				return invalid("browser_wait_for", fmt.Errorf("timeout must be > 0 seconds"))
			}
			timeout = time.Duration(*in.Timeout * float64(time.Second))
		} else {
			timeout = 30 * time.Second
		}
		page := rpc.PageParams{TimeoutMS: int(timeout.Milliseconds())}
		var method string
		var p any
		var what, done string
		switch {
		case in.Response != "":
			method, p = rpc.NetworkWaitResp, &rpc.WaitResponseParams{PageParams: page, Pattern: in.Response}
			what = fmt.Sprintf("a response matching %q", in.Response)
		case in.Text != "":
			method, p = rpc.PageWaitFor, &rpc.WaitForParams{PageParams: page, Text: in.Text}
			what, done = fmt.Sprintf("text %q to be visible", in.Text), fmt.Sprintf("Text %q is visible", in.Text)
		default:
			method, p = rpc.PageWaitFor, &rpc.WaitForParams{PageParams: page, Text: in.TextGone, Gone: true}
			what, done = fmt.Sprintf("text %q to be gone", in.TextGone), fmt.Sprintf("Text %q is gone", in.TextGone)
		}
		// The page waits for timeout; the hub gives it a little longer, so
		// the page's own "timed out" is what comes back.
		raw, err := s.callTimeout(ctx, req, method, p, timeout+5*time.Second)
		if err != nil {
			if rpc.IsTimeout(err) {
				r := s.errorResult(req, err)
				tc := r.Content[0].(*mcp.TextContent)
				tc.Text = fmt.Sprintf("Waited %s for %s; it did not happen.\n%s", timeout, what, tc.Text)
				return r
			}
			return s.errorResult(req, err)
		}
		if in.Response != "" {
			var r rpc.WaitResponseResult
			if err := json.Unmarshal(raw, &r); err != nil {
				return s.errorResult(req, err)
			}
			// The response's result is no page action's: the page state
			// reads the page afresh.
			return s.pageState(ctx, req, fmt.Sprintf("Response %d %s from %s (request %s, after %d ms)", r.Status, r.StatusText, r.URL, r.ID, r.Waited), nil)
		}
		return s.pageState(ctx, req, done, raw)
	}
	return invalid("browser_wait_for", fmt.Errorf("give time, text, textGone or response"))
}

func (s *Server) tabList(ctx context.Context, req *mcp.CallToolRequest) ([]rpc.Tab, error) {
	raw, err := s.call(ctx, req, rpc.TabList, nil)
	if err != nil {
		return nil, err
	}
	var r rpc.TabListResult
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, err
	}
	return r.Tabs, nil
}

func (s *Server) tabs(ctx context.Context, req *mcp.CallToolRequest, in tabsArg) *mcp.CallToolResult {
	if in.Action == "new" {
		url := in.URL
		if url == "" {
			url = "about:blank"
		}
		return s.act(ctx, req, rpc.TabOpen, &rpc.TabOpenParams{URL: url}, "Opened a new tab at "+url)
	}
	tabs, err := s.tabList(ctx, req)
	if err != nil {
		return s.errorResult(req, err)
	}
	pick := func() (rpc.Tab, *mcp.CallToolResult) {
		if in.Index == nil {
			for _, t := range tabs {
				if t.Active {
					return t, nil
				}
			}
			return rpc.Tab{}, invalid("browser_tabs", fmt.Errorf("give index"))
		}
		if *in.Index < 0 || *in.Index >= len(tabs) {
			return rpc.Tab{}, invalid("browser_tabs", fmt.Errorf("index %d out of range: the session has %d tabs", *in.Index, len(tabs)))
		}
		return tabs[*in.Index], nil
	}
	switch in.Action {
	case "list":
		return text("%s", formatTabs(tabs))
	case "select":
		if in.Index == nil {
			return invalid("browser_tabs", fmt.Errorf("select needs index"))
		}
		t, bad := pick()
		if bad != nil {
			return bad
		}
		return s.act(ctx, req, rpc.TabActivate, &rpc.TabIDParams{TabID: t.TabID}, fmt.Sprintf("Selected tab %d", *in.Index))
	case "close":
		t, bad := pick()
		if bad != nil {
			return bad
		}
		if _, err := s.call(ctx, req, rpc.TabClose, &rpc.TabIDParams{TabID: t.TabID}); err != nil {
			return s.errorResult(req, err)
		}
		left, err := s.tabList(ctx, req)
		if err != nil {
			return s.errorResult(req, err)
		}
		return text("Closed tab %q\n\n%s", t.Title, formatTabs(left))
	}
	return invalid("browser_tabs", fmt.Errorf("unknown action %q", in.Action))
}

// formatTabs lists tabs by index, marking the current one.
func formatTabs(tabs []rpc.Tab) string {
	if len(tabs) == 0 {
		return "### Tabs\nNo tabs."
	}
	var b strings.Builder
	b.WriteString("### Tabs\n")
	for i, t := range tabs {
		cur := ""
		if t.Active {
			cur = " (current)"
		}
		fmt.Fprintf(&b, "- %d:%s [%s] (%s)\n", i, cur, t.Title, t.URL)
	}
	return strings.TrimRight(b.String(), "\n")
}

func (s *Server) session(ctx context.Context, req *mcp.CallToolRequest, in sessionArg) *mcp.CallToolResult {
	switch in.Action {
	case "create":
		browser, err := s.browserFor(in.Browser)
		if err != nil {
			return s.errorResult(req, err)
		}
		p := rpc.SessionCreateParams{Name: in.Name, URL: in.URL, Browser: browser}
		if p.Name == "" {
			p.Name = sessionName(req)
		}
		sess, err := s.createSession(ctx, &p)
		if err != nil {
			return s.errorResult(req, err)
		}
		_ = s.setSession(req, sess.SessionID, true) // created: never refused
		return s.pageState(ctx, req, "Created session "+sess.SessionID+onBrowser(sess)+"; the page tools now act in it", nil)
	case "list":
		raw, err := s.callFree(ctx, rpc.SessionList, nil)
		if err != nil {
			return s.errorResult(req, err)
		}
		var r rpc.SessionListResult
		if err := json.Unmarshal(raw, &r); err != nil {
			return s.errorResult(req, err)
		}
		c := s.client(req)
		c.mu.Lock()
		mine := c.sessionID
		visible := r.Sessions[:0]
		for _, se := range r.Sessions {
			if s.mayReach(c, se.SessionID) {
				visible = append(visible, se)
			}
		}
		c.mu.Unlock()
		var b strings.Builder
		b.WriteString("### Sessions (this client's; others are not shown)\n")
		if len(visible) == 0 {
			b.WriteString("No sessions.")
		}
		for _, se := range visible {
			cur := ""
			if se.SessionID == mine {
				cur = " (this client's)"
			}
			cur += personWords(se)
			fmt.Fprintf(&b, "- %s%s %q, %d tabs%s\n", se.SessionID, cur, se.Name, len(se.TabIDs), onBrowser(se))
		}
		return text("%s", strings.TrimRight(b.String(), "\n"))
	case "use":
		if in.SessionID == "" {
			return invalid("browser_session", fmt.Errorf("use needs sessionId"))
		}
		if err := s.setSession(req, in.SessionID, false); err != nil {
			return s.errorResult(req, err)
		}
		return s.pageState(ctx, req, "Using session "+in.SessionID, nil)
	case "release", "close", "rename", "stop":
		return s.sessionAct(ctx, req, in)
	}
	return invalid("browser_session", fmt.Errorf("unknown action %q", in.Action))
}

// sessionAct does an action on one session the client may reach (default
// its own): refused with forbidden before anything is sent for another's.
func (s *Server) sessionAct(ctx context.Context, req *mcp.CallToolRequest, in sessionArg) *mcp.CallToolResult {
	c := s.client(req)
	c.mu.Lock()
	id := in.SessionID
	if id == "" {
		id = c.sessionID
	}
	reach := s.mayReach(c, id)
	c.mu.Unlock()
	if id == "" {
		return invalid("browser_session", fmt.Errorf("this client has no session to %s", in.Action))
	}
	if !reach {
		return s.errorResult(req, forbidden(id))
	}
	idp := &rpc.SessionIDParams{SessionID: id}
	var err error
	switch in.Action {
	case "rename":
		if in.Name == "" {
			return invalid("browser_session", fmt.Errorf("rename needs name"))
		}
		var raw json.RawMessage
		raw, err = s.callFree(ctx, rpc.SessionRename, &rpc.SessionRenameParams{SessionID: id, Name: in.Name})
		if err == nil {
			var sess rpc.Session
			_ = json.Unmarshal(raw, &sess)
			return text("Renamed session %s to %q", id, sess.Name)
		}
	case "stop":
		// No resume: what the person's Stop stopped, the person (popup) or
		// the shell resumes, never the agent (rpc.SessionResume's NoTool).
		var raw json.RawMessage
		raw, err = s.callFree(ctx, rpc.SessionStop, idp)
		if err == nil {
			var r rpc.SessionStopResult
			_ = json.Unmarshal(raw, &r)
			if !r.Stopped {
				return s.errorResult(req, fmt.Errorf("sessions.stop answered that session %s is not stopped", id))
			}
			return text("Session %s is stopped: its calls fail (stopped_by_person) until the user resumes it", id)
		}
	default: // release, close: the client holds the session no more
		method := rpc.SessionRelease
		if in.Action == "close" {
			method = rpc.SessionClose
		}
		if _, err = s.callFree(ctx, method, idp); err == nil {
			c.mu.Lock()
			if c.sessionID == id {
				c.sessionID, c.created = "", false
			}
			delete(c.own, id)
			c.mu.Unlock()
			if in.Action == "close" {
				return text("Closed session %s: its tabs are closed", id)
			}
			return text("Released session %s: its tabs stay open for the user", id)
		}
	}
	return s.errorResult(req, err)
}

// handleDialog answers the open dialog, or sets the session's dialog
// policy: one or the other, as a confused call may give both.
func (s *Server) handleDialog(ctx context.Context, req *mcp.CallToolRequest, in dialogArg) *mcp.CallToolResult {
	switch {
	case in.Policy != "" && (in.Accept != nil || in.PromptText != nil):
		return invalid("browser_handle_dialog", fmt.Errorf("give accept (the open dialog) or policy (dialogs to come), not both"))
	case in.Policy != "":
		raw, err := s.call(ctx, req, rpc.SessionSetDialogPolicy, &rpc.SetDialogPolicyParams{Policy: in.Policy})
		if err != nil {
			return s.errorResult(req, err)
		}
		var r rpc.SetDialogPolicyResult
		_ = json.Unmarshal(raw, &r)
		if r.Policy != in.Policy {
			return s.errorResult(req, fmt.Errorf("sessions.setDialogPolicy answered policy %q, not %q", r.Policy, in.Policy))
		}
		return text("Dialog policy %s: the session's dialogs from now on", r.Policy)
	case in.Accept == nil:
		return invalid("browser_handle_dialog", fmt.Errorf("give accept (true or false) for the open dialog, or policy"))
	}
	p := rpc.DialogParams{Action: "dismiss", Text: in.PromptText}
	if *in.Accept {
		p.Action = "accept"
	}
	return s.act(ctx, req, rpc.PageDialog, &p, "Dialog "+p.Action+"ed")
}
