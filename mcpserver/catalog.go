package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The catalog: what tools/list shows. Every agent reads all of tools/list
// on every start, and on the agent benchmark (`make bench-agent`) the
// whole list of 44 tools was 85% of what a find-first agent read for six
// tasks. So the list shows the tools most tasks use (coreTools), in short
// words, and one more tool, browser_more, that runs every other tool by
// name and tells its arguments when asked. Every tool stays registered
// whole (its schema validates its arguments, however it is reached), a
// client may call any by its name, and `browserctl mcp --all-tools` lists
// them all.

// moreTool is the name of the tool that runs the others.
const moreTool = "browser_more"

// coreTools are the tools tools/list shows, in its order, with the words
// it shows them with: a description, and for members, a description
// ("" none) or "-" to leave the member out of the listing (the tool still
// takes it: ref, the older name of target).
var coreTools = []struct {
	name, desc string
	members    map[string]string
	// required are members the listing asks for beside the schema's
	// (target, where the tool also takes the older ref).
	required []string
}{
	{"browser_navigate", "Load a URL in the current tab; answers its URL, title and the page (an outline if large).",
		map[string]string{"url": ""}, nil},
	{"browser_snapshot", "The page as a tree, a line per element, with refs to act on.",
		map[string]string{"mode": "interactive: controls only", "maxChars": "cut after this many characters", "offset": "from this line on (the rest of a cut one)"}, nil},
	{"browser_find", "Refs of the elements with a role (and name), a text or a label: cheaper than a snapshot.",
		map[string]string{"role": "", "name": "", "text": "", "label": "", "exact": "", "limit": ""}, nil},
	{"browser_click", "Click an element.",
		map[string]string{"element": "", "ref": "-", "target": "", "doubleClick": "", "button": ""}, []string{"target"}},
	{"browser_type", "Type into a field, replacing its value (slowly: key by key; submit: then Enter).",
		map[string]string{"element": "", "ref": "-", "target": "", "text": "", "submit": "", "slowly": ""}, []string{"target"}},
	{"browser_fill_form", "Fill fields: a textbox or slider (text), checkbox or radio (true/false), combobox (option).",
		map[string]string{"fields": "", "fields.ref": "-"}, nil},
	{"browser_press_key", "Press a key or chord (Enter, Control+a); text: type it key by key where the focus is.",
		map[string]string{"key": "", "text": ""}, nil},
	{"browser_file_upload", "Set a file input's files, or answer the file chooser a click opened (no target).",
		map[string]string{"paths": "files in the folders the server may read", "element": "", "ref": "-", "target": ""}, nil},
	{"browser_handle_dialog", "Accept or dismiss the open dialog; or set how dialogs are answered from now on (policy).",
		map[string]string{"accept": "", "promptText": "", "policy": ""}, nil},
	{"browser_tabs", "List, open (url), select or close (index) the session's tabs.",
		map[string]string{"action": "", "index": "", "url": ""}, nil},
	{"browser_wait_for", "Wait until a text shows or goes, a response (URL pattern) arrives, or time (seconds) passes.",
		map[string]string{"text": "", "textGone": "", "response": "", "time": "", "timeout": "seconds (default 30)"}, nil},
	{"browser_evaluate", "Run a JavaScript function in the page; answers its JSON value.",
		map[string]string{"function": "e.g. () => document.title"}, nil},
}

// moreArg is browser_more's input.
type moreArg struct {
	Tool string          `json:"tool"`
	Args json.RawMessage `json:"args,omitempty"`
	Help bool            `json:"help,omitempty"`
}

// catalog serves tools/list from the core tools and browser_more, and runs
// browser_more's calls as calls of the tool they name.
type catalog struct {
	all   bool // list every tool (--all-tools)
	tools map[string]*mcp.Tool
	// listed is tools/list's tools.
	listed []*mcp.Tool
}

// newCatalog makes the catalog of defs. A core tool or member that does
// not exist panics: the server is built once, at start.
func newCatalog(defs []toolDef, all bool) *catalog {
	c := &catalog{all: all, tools: map[string]*mcp.Tool{}}
	for _, d := range defs {
		c.tools[d.tool.Name] = d.tool
	}
	if all {
		for _, d := range defs {
			c.listed = append(c.listed, d.tool)
		}
		return c
	}
	core := map[string]bool{}
	for _, ct := range coreTools {
		t := c.tools[ct.name]
		if t == nil {
			panic("mcpserver: core tool " + ct.name + " does not exist")
		}
		core[ct.name] = true
		c.listed = append(c.listed, shortTool(t, ct.desc, ct.members, ct.required))
	}
	var more []string
	for _, d := range defs {
		if !core[d.tool.Name] {
			more = append(more, strings.TrimPrefix(d.tool.Name, "browser_"))
		}
	}
	slices.Sort(more)
	c.listed = append(c.listed, &mcp.Tool{
		Name:        moreTool,
		Description: "Every other tool, by name (tool), with its arguments (args). help: the tool's description and arguments instead.",
		InputSchema: &jsonschema.Schema{Type: "object", Required: []string{"tool"}, Properties: map[string]*jsonschema.Schema{
			"tool": {Type: "string", Enum: anys(more)},
			"args": {Type: "object"},
			"help": {Type: "boolean"},
		}, PropertyOrder: []string{"tool", "args", "help"}},
	})
	return c
}

func anys(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

// shortTool is t as the list shows it: desc, its members described by
// members (every member must be named there), no title.
func shortTool(t *mcp.Tool, desc string, members map[string]string, required []string) *mcp.Tool {
	schema := t.InputSchema.(*jsonschema.Schema).CloneSchemas()
	for prop := range schema.Properties {
		if _, ok := members[prop]; !ok {
			panic(fmt.Sprintf("mcpserver: core tool %s lists no words for its member %q", t.Name, prop))
		}
	}
	for key, d := range members {
		// "fields.ref": a member of the items of the list fields.
		if list, item, ok := strings.Cut(key, "."); ok {
			l := schema.Properties[list]
			if l == nil || l.Items == nil || l.Items.Properties[item] == nil || d != "-" {
				panic(fmt.Sprintf("mcpserver: core tool %s: %q names no member of a list's items to leave out", t.Name, key))
			}
			delete(l.Items.Properties, item)
			continue
		}
	}
	for prop, d := range members {
		if strings.Contains(prop, ".") {
			continue
		}
		p := schema.Properties[prop]
		if p == nil {
			panic(fmt.Sprintf("mcpserver: core tool %s has no member %q", t.Name, prop))
		}
		if d == "-" {
			delete(schema.Properties, prop)
			schema.PropertyOrder = slices.DeleteFunc(schema.PropertyOrder, func(s string) bool { return s == prop })
			continue
		}
		p.Description = d
		if p.Items != nil {
			for _, q := range p.Items.Properties {
				q.Description = ""
			}
		}
	}
	for _, r := range required {
		if schema.Properties[r] == nil {
			panic(fmt.Sprintf("mcpserver: core tool %s requires %q, which it does not list", t.Name, r))
		}
		if !slices.Contains(schema.Required, r) {
			schema.Required = append(schema.Required, r)
		}
	}
	return &mcp.Tool{Name: t.Name, Description: desc, InputSchema: schema, Annotations: t.Annotations}
}

// middleware answers tools/list from the catalog and turns a browser_more
// call into the call of the tool it names, which the handlers below see as
// that tool's call (its schema validates args). It sits inside
// typedToolCalls, so a refusal of the args is worded as every tool's.
func (c *catalog) middleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		switch r := req.(type) {
		case *mcp.ListToolsRequest:
			if r.Params != nil && r.Params.Cursor != "" {
				return &mcp.ListToolsResult{Tools: []*mcp.Tool{}}, nil
			}
			return &mcp.ListToolsResult{Tools: c.listed}, nil
		case *mcp.CallToolRequest:
			if r.Params == nil || r.Params.Name != moreTool || c.all {
				break
			}
			var in moreArg
			if err := json.Unmarshal(r.Params.Arguments, &in); err != nil {
				return invalid(moreTool, err), nil
			}
			name := "browser_" + strings.TrimPrefix(in.Tool, "browser_")
			t := c.tools[name]
			if t == nil || name == moreTool {
				return invalid(moreTool, fmt.Errorf("no tool %q: tool is one of the names browser_more lists", in.Tool)), nil
			}
			if in.Help {
				return text("%s", help(t)), nil
			}
			args := in.Args
			if a := strings.TrimSpace(string(args)); a == "" || a == "null" {
				args = json.RawMessage(`{}`)
			}
			r.Params = &mcp.CallToolParamsRaw{Meta: r.Params.Meta, Name: name, Arguments: args}
			res, err := next(ctx, method, req)
			// Arguments that do not fit: the tool's words and schema, so
			// the next call can.
			if tr, ok := res.(*mcp.CallToolResult); ok && tr.IsError && len(tr.Content) == 1 {
				if tc, ok := tr.Content[0].(*mcp.TextContent); ok && strings.HasPrefix(tc.Text, `validating "arguments": `) {
					tc.Text += "\n" + help(t)
				}
			}
			return res, err
		}
		return next(ctx, method, req)
	}
}

// help is a tool's description and input schema.
func help(t *mcp.Tool) string {
	schema, _ := json.Marshal(t.InputSchema)
	return fmt.Sprintf("%s: %s\nargs: %s", t.Name, t.Description, schema)
}

// coreToolNames are the names tools/list shows besides browser_more.
func coreToolNames() []string {
	var out []string
	for _, ct := range coreTools {
		out = append(out, ct.name)
	}
	return out
}
