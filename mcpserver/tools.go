package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/rpc"
)

// tool is one registered tool: its definition and its raw handler.
type tool struct {
	tool    *mcp.Tool
	handler mcp.ToolHandler
}

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

// define builds a tool whose input is In: the schema comes from In's fields
// (json tags name them, omitempty makes them optional, jsonschema tags
// describe them) with enums added, the arguments are validated against it
// before h runs, and h's result is sent as it is.
func define[In any](name, title, description string, k kind, enums map[string][]string, h func(context.Context, *mcp.CallToolRequest, In) *mcp.CallToolResult) tool {
	schema, err := jsonschema.For[In](nil)
	if err != nil {
		panic(fmt.Sprintf("mcpserver: schema of %s: %v", name, err))
	}
	for prop, values := range enums {
		p := schema.Properties[prop]
		if p == nil {
			panic(fmt.Sprintf("mcpserver: %s has no property %q", name, prop))
		}
		if p.Type == "array" {
			p = p.Items
		}
		for _, v := range values {
			p.Enum = append(p.Enum, v)
		}
	}
	// The title is the tool's own (it wins over an annotation's): said once.
	ann := toolAnnotations(k)
	t := &mcp.Tool{Name: name, Title: title, Description: description, InputSchema: schema, Annotations: ann}
	resolved, err := schema.Resolve(nil)
	if err != nil {
		panic(fmt.Sprintf("mcpserver: resolve schema of %s: %v", name, err))
	}
	return tool{tool: t, handler: func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var args map[string]any
		raw := req.Params.Arguments
		if len(raw) == 0 || string(raw) == "null" {
			raw = json.RawMessage(`{}`)
		}
		if err := json.Unmarshal(raw, &args); err != nil {
			return invalid(name, err), nil
		}
		if err := resolved.Validate(args); err != nil {
			return invalid(name, err), nil
		}
		var in In
		if err := json.Unmarshal(raw, &in); err != nil {
			return invalid(name, err), nil
		}
		return h(ctx, req, in), nil
	}}
}

// invalid is the tool error for arguments that do not fit the schema.
func invalid(name string, err error) *mcp.CallToolResult {
	r := text("error %d %s: %s: %v", int(rpc.CodeInvalidParams), rpc.CodeInvalidParams.Name(), name, err)
	r.IsError = true
	return r
}

// Arguments of the tools. Field names and shapes follow Playwright MCP's
// tools of the same names, so prompts written for it carry over.
type (
	noArgs      struct{}
	navigateArg struct {
		URL string `json:"url" jsonschema:"the URL to navigate to; without a scheme https:// is assumed"`
	}
	snapshotArg struct {
		Mode     string `json:"mode,omitempty" jsonschema:"full (default): text and controls; interactive: only controls, flat, much shorter"`
		MaxChars *int   `json:"maxChars,omitempty" jsonschema:"cut at a line after this many characters; the last line names the offset of the rest"`
		Offset   int    `json:"offset,omitempty" jsonschema:"start at this line: the rest of a cut snapshot"`
	}
	elementRef struct {
		Element string `json:"element" jsonschema:"human-readable description of the element, for the user watching"`
		Ref     string `json:"ref,omitempty" jsonschema:"the element's ref from the last page snapshot, e.g. e3"`
		Target  string `json:"target,omitempty" jsonschema:"instead of ref: a ref, a CSS selector, role=ROLE[name=\"NAME\"] or text=TEXT"`
	}
	clickArg struct {
		elementRef
		DoubleClick bool   `json:"doubleClick,omitempty" jsonschema:"double-click instead of a single click"`
		Button      string `json:"button,omitempty" jsonschema:"the mouse button (default left)"`
	}
	typeArg struct {
		elementRef
		Text   string `json:"text" jsonschema:"the text to type into the element"`
		Submit bool   `json:"submit,omitempty" jsonschema:"press Enter after typing"`
		Slowly bool   `json:"slowly,omitempty" jsonschema:"type one key at a time (fires key handlers); by default the value is filled at once"`
	}
	formField struct {
		Name  string `json:"name" jsonschema:"human-readable field name"`
		Type  string `json:"type" jsonschema:"the field's type"`
		Ref   string `json:"ref" jsonschema:"the field's ref from the last page snapshot"`
		Value string `json:"value" jsonschema:"the value: text for a textbox or slider, true or false for a checkbox or radio, the option's text for a combobox"`
	}
	fillFormArg struct {
		Fields []formField `json:"fields" jsonschema:"the fields to fill"`
	}
	selectArg struct {
		elementRef
		Values []string `json:"values" jsonschema:"the options to select, by value or label"`
	}
	pressArg struct {
		Key string `json:"key" jsonschema:"a key name such as Enter, ArrowLeft, a, with modifiers as Control+a or Shift+Tab"`
	}
	waitArg struct {
		Time     *float64 `json:"time,omitempty" jsonschema:"seconds to wait"`
		Text     string   `json:"text,omitempty" jsonschema:"until visible"`
		TextGone string   `json:"textGone,omitempty" jsonschema:"until no longer visible"`
		Timeout  *float64 `json:"timeout,omitempty" jsonschema:"seconds, for text or textGone (default 30)"`
	}
	dialogArg struct {
		Accept     bool    `json:"accept" jsonschema:"accept (true) or dismiss (false) the dialog"`
		PromptText *string `json:"promptText,omitempty" jsonschema:"the answer to a prompt dialog"`
	}
	tabsArg struct {
		Action string `json:"action"`
		Index  *int   `json:"index,omitempty" jsonschema:"for select and close (default: the current tab)"`
		URL    string `json:"url,omitempty" jsonschema:"for new (default about:blank)"`
	}
	screenshotArg struct {
		Element  string `json:"element,omitempty" jsonschema:"human-readable description of the element to shoot (with ref)"`
		Ref      string `json:"ref,omitempty" jsonschema:"the element's ref; without one, the viewport"`
		FullPage bool   `json:"fullPage,omitempty" jsonschema:"the whole scrollable page instead of the viewport"`
		// evidence
		Format   string `json:"format,omitempty" jsonschema:"png (default), jpeg or webp"`
		Quality  *int   `json:"quality,omitempty" jsonschema:"jpeg/webp quality, 0-100"`
		Annotate bool   `json:"annotate,omitempty" jsonschema:"draw the interactive refs' boxes and labels (e1, e2, ...) onto the image and list them with role, name and box"`
	}
	evaluateArg struct {
		Function string `json:"function" jsonschema:"a JavaScript function to run in the page, e.g. () => document.title; a returned promise is awaited and the value must be JSON"`
	}
	sessionArg struct {
		Action    string `json:"action"`
		SessionID string `json:"sessionId,omitempty" jsonschema:"for use and release (default this client's)"`
		Name      string `json:"name,omitempty" jsonschema:"for create: the tab group's name"`
		URL       string `json:"url,omitempty" jsonschema:"for create: the first tab's URL"`
	}
)

// tools is every tool the server offers.
func (s *Server) tools() []tool {
	return []tool{
		define("browser_navigate", "Navigate to a URL",
			"Navigate the current tab to a URL and wait for it to load. Returns the page's URL, title and snapshot.",
			destructive, nil, func(ctx context.Context, req *mcp.CallToolRequest, in navigateArg) *mcp.CallToolResult {
				return s.act(ctx, req, rpc.PageNavigate, map[string]any{"url": in.URL}, "Navigated to "+in.URL)
			}),
		define("browser_navigate_back", "Go back",
			"Go back to the previous page in the current tab's history.",
			destructive, nil, func(ctx context.Context, req *mcp.CallToolRequest, _ noArgs) *mcp.CallToolResult {
				return s.act(ctx, req, rpc.PageBack, nil, "Went back")
			}),
		define("browser_navigate_forward", "Go forward",
			"Go forward in the current tab's history.",
			destructive, nil, func(ctx context.Context, req *mcp.CallToolRequest, _ noArgs) *mcp.CallToolResult {
				return s.act(ctx, req, rpc.PageForward, nil, "Went forward")
			}),
		define("browser_reload", "Reload",
			"Reload the current tab.",
			destructive, nil, func(ctx context.Context, req *mcp.CallToolRequest, _ noArgs) *mcp.CallToolResult {
				return s.act(ctx, req, rpc.PageReload, nil, "Reloaded")
			}),
		define("browser_snapshot", "Page snapshot",
			"The page's accessibility snapshot: one line per element, with refs (e1, e2, ...) for the action tools. Better than a screenshot for acting.",
			readOnly, map[string][]string{"mode": {"full", "interactive"}}, func(ctx context.Context, req *mcp.CallToolRequest, in snapshotArg) *mcp.CallToolResult {
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
		define("browser_click", "Click",
			"Click an element of the page by its ref from the last snapshot.",
			destructive, map[string][]string{"button": {"left", "right", "middle"}},
			func(ctx context.Context, req *mcp.CallToolRequest, in clickArg) *mcp.CallToolResult {
				p := in.targetParams()
				if in.Button != "" {
					p["button"] = in.Button
				}
				if in.DoubleClick {
					p["clickCount"] = 2
				}
				return s.act(ctx, req, rpc.PageClick, p, "Clicked "+describe(in.elementRef))
			}),
		define("browser_type", "Type text",
			"Type text into an editable element by its ref. By default the field's value is replaced at once; slowly types key by key.",
			destructive, nil, func(ctx context.Context, req *mcp.CallToolRequest, in typeArg) *mcp.CallToolResult {
				method, p := rpc.PageFill, with(in.targetParams(), "value", in.Text)
				if in.Slowly {
					method, p = rpc.PageType, with(in.targetParams(), "text", in.Text)
				}
				if in.Submit {
					if _, err := s.call(ctx, req, method, p); err != nil {
						return s.errorResult(req, err)
					}
					return s.act(ctx, req, rpc.PagePress, map[string]any{"key": "Enter"}, fmt.Sprintf("Typed %q into %s and pressed Enter", in.Text, describe(in.elementRef)))
				}
				return s.act(ctx, req, method, p, fmt.Sprintf("Typed %q into %s", in.Text, describe(in.elementRef)))
			}),
		define("browser_fill_form", "Fill form",
			"Fill several form fields at once: text boxes, checkboxes, radios, comboboxes (selects) and sliders.",
			destructive, nil, func(ctx context.Context, req *mcp.CallToolRequest, in fillFormArg) *mcp.CallToolResult {
				return s.fillForm(ctx, req, in.Fields)
			}),
		define("browser_select_option", "Select option",
			"Select one or more options of a select element by its ref.",
			destructive, nil, func(ctx context.Context, req *mcp.CallToolRequest, in selectArg) *mcp.CallToolResult {
				return s.act(ctx, req, rpc.PageSelect, with(in.targetParams(), "values", in.Values), fmt.Sprintf("Selected %q in %s", in.Values, describe(in.elementRef)))
			}),
		define("browser_hover", "Hover",
			"Move the mouse over an element by its ref.",
			readOnly, nil, func(ctx context.Context, req *mcp.CallToolRequest, in elementRef) *mcp.CallToolResult {
				return s.act(ctx, req, rpc.PageHover, in.targetParams(), "Hovered over "+describe(in))
			}),
		define("browser_press_key", "Press a key",
			"Press a key (or a chord such as Control+a) in the page, as a user would on the keyboard.",
			destructive, nil, func(ctx context.Context, req *mcp.CallToolRequest, in pressArg) *mcp.CallToolResult {
				return s.act(ctx, req, rpc.PagePress, map[string]any{"key": in.Key}, "Pressed "+in.Key)
			}),
		define("browser_wait_for", "Wait for",
			"Wait for text to appear or disappear (in the page, returning as soon as it does), or for seconds.",
			readOnly, nil, func(ctx context.Context, req *mcp.CallToolRequest, in waitArg) *mcp.CallToolResult {
				return s.waitFor(ctx, req, in)
			}),
		define("browser_handle_dialog", "Handle a dialog",
			"Accept or dismiss the JavaScript dialog (alert, confirm, prompt) open in the current tab; promptText answers a prompt.",
			destructive, nil, func(ctx context.Context, req *mcp.CallToolRequest, in dialogArg) *mcp.CallToolResult {
				p := map[string]any{"action": "dismiss"}
				if in.Accept {
					p["action"] = "accept"
				}
				if in.PromptText != nil {
					p["text"] = *in.PromptText
				}
				return s.act(ctx, req, rpc.PageDialog, p, "Dialog "+p["action"].(string)+"ed")
			}),
		define("browser_tabs", "Tabs",
			"List, open, select or close the tabs of this client's session, by index in the list.",
			destructive, map[string][]string{"action": {"list", "new", "select", "close"}},
			func(ctx context.Context, req *mcp.CallToolRequest, in tabsArg) *mcp.CallToolResult {
				return s.tabs(ctx, req, in)
			}),
		define("browser_take_screenshot", "Screenshot",
			"Take a screenshot (PNG, JPEG or WebP) of the viewport, the full page, or one element by its ref. With annotate, the refs are drawn onto it and listed, so you can tell which ref is which element; you still act with the refs, not the picture.",
			readOnly, map[string][]string{"format": rpc.ImageFormat.Values}, func(ctx context.Context, req *mcp.CallToolRequest, in screenshotArg) *mcp.CallToolResult {
				return s.screenshot(ctx, req, in)
			}),
		define("browser_evaluate", "Evaluate JavaScript",
			"Run a JavaScript function in the page and return its JSON value.",
			destructive, nil, func(ctx context.Context, req *mcp.CallToolRequest, in evaluateArg) *mcp.CallToolResult {
				raw, err := s.call(ctx, req, rpc.PageEval, map[string]any{"expression": "(" + in.Function + ")()"})
				if err != nil {
					return s.errorResult(req, err)
				}
				var r struct {
					Value json.RawMessage `json:"value"`
				}
				_ = json.Unmarshal(raw, &r)
				if len(r.Value) == 0 {
					r.Value = json.RawMessage("undefined")
				}
				return text("### Result\n%s", r.Value)
			}),
		define("browser_session", "Session",
			"This client's session, a Chrome tab group the user watches: create one, list all, use one (shared with another agent or a person), or release it (tabs stay open).",
			destructive, map[string][]string{"action": {"create", "list", "use", "release"}},
			func(ctx context.Context, req *mcp.CallToolRequest, in sessionArg) *mcp.CallToolResult {
				return s.session(ctx, req, in)
			}),
	}
}

// describe names an element for a result line: its description and ref.
func describe(e elementRef) string {
	if e.Element == "" {
		return e.Ref
	}
	return fmt.Sprintf("%s (%s)", e.Element, e.Ref)
}

// act sends one action and answers with what it did and where the page is
// now.
func (s *Server) act(ctx context.Context, req *mcp.CallToolRequest, method string, params map[string]any, done string) *mcp.CallToolResult {
	return s.actWithin(ctx, req, method, params, done, s.opts.Timeout)
}

// actWithin is act with the hub's timeout for the call.
func (s *Server) actWithin(ctx context.Context, req *mcp.CallToolRequest, method string, params map[string]any, done string, timeout time.Duration) *mcp.CallToolResult {
	if r, ok := params["ref"]; ok && r == "" {
		return invalid(req.Params.Name, fmt.Errorf(`give "ref" (a ref from the last snapshot) or "target" (a ref or a selector)`))
	}
	raw, err := s.callTimeout(ctx, req, method, params, timeout)
	if err != nil {
		return s.errorResult(req, err)
	}
	return s.pageState(ctx, req, done, raw)
}

// fillForm fills each field with the method its type needs, stopping at
// the first failure (which says which field).
func (s *Server) fillForm(ctx context.Context, req *mcp.CallToolRequest, fields []formField) *mcp.CallToolResult {
	var last json.RawMessage
	for _, f := range fields {
		var method string
		p := map[string]any{"ref": f.Ref}
		switch f.Type {
		case "checkbox", "radio":
			want := strings.EqualFold(f.Value, "true")
			if !want && !strings.EqualFold(f.Value, "false") {
				return invalid("browser_fill_form", fmt.Errorf("field %q: a %s takes true or false, not %q", f.Name, f.Type, f.Value))
			}
			method, p["checked"] = rpc.PageCheck, want
		case "combobox":
			method, p["values"] = rpc.PageSelect, []string{f.Value}
		case "textbox", "slider":
			method, p["value"] = rpc.PageFill, f.Value
		default:
			return invalid("browser_fill_form", fmt.Errorf("field %q: unknown type %q (textbox, checkbox, radio, combobox, slider)", f.Name, f.Type))
		}
		raw, err := s.call(ctx, req, method, p)
		if err != nil {
			r := s.errorResult(req, err)
			tc := r.Content[0].(*mcp.TextContent)
			tc.Text = fmt.Sprintf("field %q (%s): %s", f.Name, f.Ref, tc.Text)
			return r
		}
		last = raw
	}
	return s.pageState(ctx, req, fmt.Sprintf("Filled %d fields", len(fields)), last)
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
		if _, err := s.callTimeout(ctx, req, rpc.PageWait, map[string]any{"ms": d.Milliseconds()}, d+timeout); err != nil {
			return s.errorResult(req, err)
		}
		return s.pageState(ctx, req, fmt.Sprintf("Waited %gs", *in.Time), nil)
	case in.Text != "" || in.TextGone != "":
		if in.Timeout != nil {
			if *in.Timeout <= 0 {
				return invalid("browser_wait_for", fmt.Errorf("timeout must be > 0 seconds"))
			}
			timeout = time.Duration(*in.Timeout * float64(time.Second))
		} else {
			timeout = 30 * time.Second
		}
		p := map[string]any{"text": in.Text, "timeoutMs": timeout.Milliseconds()}
		what, done := fmt.Sprintf("text %q to be visible", in.Text), fmt.Sprintf("Text %q is visible", in.Text)
		if in.Text == "" {
			p["text"], p["gone"] = in.TextGone, true
			what, done = fmt.Sprintf("text %q to be gone", in.TextGone), fmt.Sprintf("Text %q is gone", in.TextGone)
		}
		// The page waits for timeout; the hub gives it a little longer, so
		// the page's own "timed out" is what comes back.
		raw, err := s.callTimeout(ctx, req, rpc.PageWaitFor, p, timeout+5*time.Second)
		if err != nil {
			if rpc.IsTimeout(err) {
				r := s.errorResult(req, err)
				tc := r.Content[0].(*mcp.TextContent)
				tc.Text = fmt.Sprintf("Waited %s for %s; it did not happen.\n%s", timeout, what, tc.Text)
				return r
			}
			return s.errorResult(req, err)
		}
		return s.pageState(ctx, req, done, raw)
	}
	return invalid("browser_wait_for", fmt.Errorf("give time, text or textGone"))
}

// wireTab is the part of the wire's Tab the tools read.
type wireTab struct {
	TabID  int    `json:"tabId"`
	URL    string `json:"url"`
	Title  string `json:"title"`
	Active bool   `json:"active"`
}

func (s *Server) tabList(ctx context.Context, req *mcp.CallToolRequest) ([]wireTab, error) {
	raw, err := s.call(ctx, req, rpc.TabList, nil)
	if err != nil {
		return nil, err
	}
	var r struct {
		Tabs []wireTab `json:"tabs"`
	}
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
		return s.act(ctx, req, rpc.TabOpen, map[string]any{"url": url}, "Opened a new tab at "+url)
	}
	tabs, err := s.tabList(ctx, req)
	if err != nil {
		return s.errorResult(req, err)
	}
	pick := func() (wireTab, *mcp.CallToolResult) {
		if in.Index == nil {
			for _, t := range tabs {
				if t.Active {
					return t, nil
				}
			}
			return wireTab{}, invalid("browser_tabs", fmt.Errorf("give index"))
		}
		if *in.Index < 0 || *in.Index >= len(tabs) {
			return wireTab{}, invalid("browser_tabs", fmt.Errorf("index %d out of range: the session has %d tabs", *in.Index, len(tabs)))
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
		return s.act(ctx, req, rpc.TabActivate, map[string]any{"tabId": t.TabID}, fmt.Sprintf("Selected tab %d", *in.Index))
	case "close":
		t, bad := pick()
		if bad != nil {
			return bad
		}
		if _, err := s.call(ctx, req, rpc.TabClose, map[string]any{"tabId": t.TabID}); err != nil {
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
func formatTabs(tabs []wireTab) string {
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
		p := map[string]any{"name": in.Name}
		if in.Name == "" {
			p["name"] = sessionName(req)
		}
		if in.URL != "" {
			p["url"] = in.URL
		}
		raw, err := s.opts.Caller.Call(ctx, rpc.SessionCreate, p, s.opts.Timeout)
		if err != nil {
			return s.errorResult(req, err)
		}
		var sess struct {
			SessionID string `json:"sessionId"`
		}
		_ = json.Unmarshal(raw, &sess)
		s.setSession(req, sess.SessionID, true)
		return s.pageState(ctx, req, "Created session "+sess.SessionID+"; the page tools now act in it", nil)
	case "list":
		raw, err := s.opts.Caller.Call(ctx, rpc.SessionList, map[string]any{}, s.opts.Timeout)
		if err != nil {
			return s.errorResult(req, err)
		}
		var r struct {
			Sessions []struct {
				SessionID string `json:"sessionId"`
				Name      string `json:"name"`
				TabIDs    []int  `json:"tabIds"`
			} `json:"sessions"`
		}
		if err := json.Unmarshal(raw, &r); err != nil {
			return s.errorResult(req, err)
		}
		c := s.client(req)
		c.mu.Lock()
		mine := c.sessionID
		c.mu.Unlock()
		var b strings.Builder
		b.WriteString("### Sessions\n")
		if len(r.Sessions) == 0 {
			b.WriteString("No sessions.")
		}
		for _, se := range r.Sessions {
			cur := ""
			if se.SessionID == mine {
				cur = " (this client's)"
			}
			fmt.Fprintf(&b, "- %s%s %q, %d tabs\n", se.SessionID, cur, se.Name, len(se.TabIDs))
		}
		return text("%s", strings.TrimRight(b.String(), "\n"))
	case "use":
		if in.SessionID == "" {
			return invalid("browser_session", fmt.Errorf("use needs sessionId"))
		}
		s.setSession(req, in.SessionID, false)
		return s.pageState(ctx, req, "Using session "+in.SessionID, nil)
	case "release":
		id := in.SessionID
		if id == "" {
			c := s.client(req)
			c.mu.Lock()
			id = c.sessionID
			c.mu.Unlock()
		}
		if id == "" {
			return invalid("browser_session", fmt.Errorf("this client has no session to release"))
		}
		if _, err := s.opts.Caller.Call(ctx, rpc.SessionRelease, map[string]any{"sessionId": id}, s.opts.Timeout); err != nil {
			return s.errorResult(req, err)
		}
		c := s.client(req)
		c.mu.Lock()
		if c.sessionID == id {
			c.sessionID, c.created = "", false
		}
		c.mu.Unlock()
		return text("Released session %s: its tabs stay open for the user", id)
	}
	return invalid("browser_session", fmt.Errorf("unknown action %q", in.Action))
}
