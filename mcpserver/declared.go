package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/rpc"
)

// The tools declared on the rows of rpc.Methods (rpc.Tool): one generic
// registration turns each into a typed tool of the SDK, whose input schema
// is the method's params type (less the members the server fills and the
// ones the row hides) and whose arguments, validated against it, are
// decoded into that type and sent as the method's params. A row that names
// an Answer is run by that handler instead (answers below), with an input
// type of its own that embeds the params when it takes members beside
// them.

// toolAnswer is a handler a row names (rpc.Tool.Answer).
type toolAnswer struct {
	// in is the handler's input: the row's params type, or a struct that
	// embeds it and adds the tool's own members.
	in  reflect.Type
	run func(s *Server, ctx context.Context, req *mcp.CallToolRequest, in any) *mcp.CallToolResult
}

// answerFor makes an answer whose input is In.
func answerFor[In any](h func(s *Server, ctx context.Context, req *mcp.CallToolRequest, in *In) *mcp.CallToolResult) toolAnswer {
	return toolAnswer{in: reflect.TypeFor[In](), run: func(s *Server, ctx context.Context, req *mcp.CallToolRequest, in any) *mcp.CallToolResult {
		return h(s, ctx, req, in.(*In))
	}}
}

// answers are the handlers rows name, by name.
var answers = map[rpc.AnswerKey]toolAnswer{}

// declaredTools are the tools declared on the rows of rpc.Methods, in the
// table's order.
func (s *Server) declaredTools() []toolDef {
	var out []toolDef
	for _, m := range rpc.Methods {
		if m.Tool != nil {
			out = append(out, s.declaredTool(m))
		}
	}
	return out
}

// elementType is the input of an Element tool beside its params' members.
var elementType = reflect.TypeFor[elementRef]()

// declaredTool is the tool declared on m's row. A declaration that does
// not fit its params (a hidden member the params do not have, an answer
// over another type) panics: every row is built when the server is.
func (s *Server) declaredTool(m rpc.Method) toolDef {
	t := m.Tool
	params := reflect.TypeOf(m.Params)
	in := params
	var run *toolAnswer
	if t.Answer != (rpc.AnswerKey{}) {
		a, ok := answers[t.Answer]
		if !ok {
			panic(fmt.Sprintf("mcpserver: %s names the answer %q, which mcpserver does not have", t.Name, t.Answer))
		}
		if a.in != params && embeddedParams(a.in) != params {
			panic(fmt.Sprintf("mcpserver: %s's answer %q takes %s, which is not %s's params %s", t.Name, t.Answer, a.in, m.Wire, params))
		}
		in, run = a.in, &a
	}
	spec := toolSpec{hide: slices.Clone(t.Hide), optional: t.Optional, desc: t.Describe}
	if t.Element {
		if run != nil {
			panic(fmt.Sprintf("mcpserver: %s: an Element tool is answered by the declaration", t.Name))
		}
		for _, mem := range []string{"ref", "selector"} {
			if _, ok := memberTags(params)[mem]; !ok {
				panic(fmt.Sprintf("mcpserver: %s is an Element tool, but %s has no %s", t.Name, params, mem))
			}
		}
		spec.hide = append(spec.hide, "selector")
	}
	checkDone(m, in)
	tool := &mcp.Tool{Name: t.Name, Title: t.Title, Description: t.Description, Annotations: toolAnnotations(effectKind(t.Effect))}
	return defineTool(tool, in, params, spec, t.Element, func(ctx context.Context, req *mcp.CallToolRequest, p reflect.Value, args json.RawMessage) *mcp.CallToolResult {
		if run != nil {
			return run.run(s, ctx, req, p.Interface())
		}
		return s.declaredCall(ctx, req, m, p, args)
	})
}

// withElement puts Playwright MCP's element, ref and target in front of an
// Element tool's other members (its params' ref is the element's ref; its
// selector is the target).
func withElement(name string, schema *jsonschema.Schema) *jsonschema.Schema {
	el := inputSchema(name, elementType, nil, toolSpec{})
	delete(schema.Properties, "ref")
	if schema.Properties == nil {
		schema.Properties = map[string]*jsonschema.Schema{}
	}
	for prop, p := range el.Properties {
		schema.Properties[prop] = p
	}
	schema.PropertyOrder = slices.Concat(el.PropertyOrder, slices.DeleteFunc(schema.PropertyOrder, func(p string) bool { return el.Properties[p] != nil }))
	schema.Required = slices.Concat(el.Required, slices.DeleteFunc(schema.Required, func(r string) bool { return r == "ref" }))
	return schema
}

// declaredCall sends the method with the decoded params p (a pointer) and
// answers the row's Done line, and where the page is now when the row asks.
func (s *Server) declaredCall(ctx context.Context, req *mcp.CallToolRequest, m rpc.Method, p reflect.Value, args json.RawMessage) *mcp.CallToolResult {
	var el elementRef
	if m.Tool.Element {
		_ = json.Unmarshal(args, &el) // validated against the schema already
		ref, sel, err := el.target()
		// A row whose element is optional (highlight's clear) goes
		// without one, and the extension says what it lacks.
		if err != nil && !(errors.Is(err, errNoTarget) && slices.Contains(m.Tool.Optional, "ref")) {
			return invalid(m.Tool.Name, err)
		}
		setMember(p.Elem(), "ref", ref)
		setMember(p.Elem(), "selector", sel)
	}
	if m.Tool.Page && s.opts.MaxSnapshotChars != 0 {
		// The page in the same call, where the method can answer it
		// (pages.navigate's snapshot); writePage reads it otherwise.
		if f := member(p.Elem(), "snapshot"); f.IsValid() && f.Kind() == reflect.Bool {
			f.SetBool(true)
		}
	}
	raw, err := s.call(ctx, req, m.Wire, p.Interface())
	if err != nil {
		return s.errorResult(req, err)
	}
	done := expandTool(m, p.Elem(), raw, el)
	if r := replacedTab(raw); r != "" {
		done = strings.TrimSuffix(r+"\n"+done, "\n")
	}
	if m.Tool.Page {
		return s.pageState(ctx, req, done, raw)
	}
	return text("%s", done)
}

// expandTool fills in a row's Done line (rpc.Tool.Done) with the params
// sent (v), the result (raw) and the element named.
func expandTool(m rpc.Method, v reflect.Value, raw json.RawMessage, el elementRef) string {
	var res reflect.Value
	return rpc.ExpandDone(m.Tool.Done, func(key string) string {
		key, quoted := strings.CutSuffix(key, ":q")
		var val any
		switch {
		case key == "element":
			val = describe(el)
		case key == ".":
			val = string(raw)
		case strings.HasPrefix(key, "."):
			if !res.IsValid() {
				res = reflect.New(reflect.TypeOf(m.Result))
				_ = json.Unmarshal(raw, res.Interface())
			}
			val = member(res.Elem(), key[1:]).Interface()
		default:
			val = member(v, key).Interface()
		}
		if quoted {
			return fmt.Sprintf("%q", val)
		}
		return fmt.Sprint(val)
	})
}

// checkDone panics on a Done line naming a member the params (or the
// result) do not have.
func checkDone(m rpc.Method, in reflect.Type) {
	line := m.Tool.Done
	for {
		i := strings.IndexByte(line, '{')
		if i < 0 {
			return
		}
		j := strings.IndexByte(line[i:], '}')
		if j < 0 {
			panic(fmt.Sprintf("mcpserver: %s's Done %q has an unclosed {", m.Tool.Name, m.Tool.Done))
		}
		key, _, _ := strings.Cut(line[i+1:i+j], "|") // {KEY|TEXT}: TEXT when KEY's value is empty
		key, _ = strings.CutSuffix(key, ":q")
		line = line[i+j+1:]
		var ok bool
		switch {
		case key == "element":
			ok = m.Tool.Element
		case key == ".":
			ok = true
		case strings.HasPrefix(key, "."):
			ok = member(reflect.New(reflect.TypeOf(m.Result)).Elem(), key[1:]).IsValid()
		default:
			ok = member(reflect.New(in).Elem(), key).IsValid()
		}
		if !ok {
			panic(fmt.Sprintf("mcpserver: %s's Done names {%s}, which %s does not have", m.Tool.Name, key, m.Wire))
		}
	}
}

// effectKind is a declared effect as the annotations' kind.
func effectKind(e rpc.ToolEffect) kind {
	switch e {
	case rpc.ReadOnly:
		return readOnly
	case rpc.Additive:
		return additive
	}
	return destructive
}

// replacedTab is the line an answer gets when the extension replaced a tab
// stuck in a dialog loop (browser_navigate: rpc.NavResult's replacedTab).
func replacedTab(raw json.RawMessage) string {
	v, ok := rpc.Member(raw, "replacedTab")
	if !ok || len(v) == 0 || v[0] != '{' {
		return ""
	}
	var r rpc.ReplacedTab
	if json.Unmarshal(v, &r) != nil || r.New == 0 {
		return ""
	}
	return fmt.Sprintf("Tab %d was stuck in a dialog loop (a dialog reopening as soon as it closed); it was closed and replaced by tab %d in the same session, now the current tab.", r.Old, r.New)
}
