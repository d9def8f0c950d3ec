package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// A toolDef is one tool: its definition, its input type and its
// registration with the SDK's AddTool, which validates the arguments
// against the input schema before they are decoded into the input. Every
// tool is made by defineTool: a tool over one method is declared on the
// method's row (rpc.Tool, declared.go); the ones written here with newTool
// (defineTool with a typed input and handler) take Playwright MCP's shapes.
//
// The input is a struct. Where the tool does what one CLI command does, it
// embeds that command's rpc params type and its members are that type's:
// their names, types, required-ness and rpc tags (doc, enum, default, min)
// make the schema, less the members the server fills (hiddenMembers) and
// the ones the tool leaves out (toolSpec.hide); a member added to the
// params type reaches the tool, one renamed there is renamed here. Members
// of the input's own (Playwright MCP's names: element, target, fields, ...)
// are described by jsonschema tags and may take rpc tags too (enum names an
// rpc Enum) or oneof (the values of a tool-only choice, space-separated).
type toolDef struct {
	tool *mcp.Tool
	// in is the input type.
	in reflect.Type
	// params is the rpc type the input embeds (nil: the input is the
	// tool's own).
	params reflect.Type
	spec   toolSpec
	// element: the input has Playwright MCP's element, ref and target
	// (elementRef) beside in's members, for in's ref and selector.
	element bool
	add     func(*mcp.Server)
}

// hiddenMembers are the members of an rpc params type the server fills on
// every call: the client's session, the tab (the session's active one)
// and the wire budget.
var hiddenMembers = []string{"sessionId", "tabId", "timeoutMs"}

// toolSpec says how a tool's schema differs from its input type's members.
type toolSpec struct {
	// hide drops members of the embedded params type beside hiddenMembers.
	hide []string
	// optional makes required members optional (the handler checks them
	// per action).
	optional []string
	// desc overrides or adds a member's description.
	desc map[string]string
}

// newTool defines the tool name whose input is In; h answers a call with
// the decoded input.
func newTool[In any](name, title, description string, k kind, spec toolSpec, h func(context.Context, *mcp.CallToolRequest, In) *mcp.CallToolResult) toolDef {
	t := &mcp.Tool{Name: name, Title: title, Description: description, Annotations: toolAnnotations(k)}
	in := reflect.TypeFor[In]()
	return defineTool(t, in, embeddedParams(in), spec, false, func(ctx context.Context, req *mcp.CallToolRequest, in reflect.Value, _ json.RawMessage) *mcp.CallToolResult {
		return h(ctx, req, in.Elem().Interface().(In))
	})
}

// toolRun answers a call of a tool with its arguments decoded into a new
// value of the tool's input type (in, a pointer) and as they came (args).
type toolRun func(ctx context.Context, req *mcp.CallToolRequest, in reflect.Value, args json.RawMessage) *mcp.CallToolResult

// defineTool is the one way a tool is made: t gets its input schema from
// in (its members, less the ones the server fills on params, which in
// embeds or is, and the ones spec hides; with element, Playwright MCP's
// element, ref and target in front), and its registration validates the
// arguments against that schema (the SDK) and hands them to run decoded.
func defineTool(t *mcp.Tool, in, params reflect.Type, spec toolSpec, element bool, run toolRun) toolDef {
	hidden := slices.Clone(spec.hide)
	if params != nil {
		for m := range memberTags(params) {
			if slices.Contains(hiddenMembers, m) {
				hidden = append(hidden, m)
			}
		}
	}
	t.InputSchema = inputSchema(t.Name, in, hidden, spec)
	if element {
		t.InputSchema = withElement(t.Name, t.InputSchema.(*jsonschema.Schema))
	}
	return toolDef{tool: t, in: in, params: params, spec: spec, element: element, add: func(srv *mcp.Server) {
		mcp.AddTool(srv, t, func(ctx context.Context, req *mcp.CallToolRequest, args json.RawMessage) (*mcp.CallToolResult, any, error) {
			p := reflect.New(in)
			if len(args) > 0 {
				if err := json.Unmarshal(args, p.Interface()); err != nil {
					return invalid(t.Name, err), nil, nil
				}
			}
			return run(ctx, req, p, args), nil, nil
		})
	}}
}

// embeddedParams is the rpc type in embeds, nil for none.
func embeddedParams(in reflect.Type) reflect.Type {
	rpcPkg := reflect.TypeFor[rpc.Method]().PkgPath()
	for f := range in.Fields() {
		if f.Anonymous && f.Type.Kind() == reflect.Struct && f.Type.PkgPath() == rpcPkg {
			return f.Type
		}
	}
	return nil
}

// inputSchema is in's schema with the rpc tags applied and the hidden
// members left out.
func inputSchema(name string, in reflect.Type, hidden []string, spec toolSpec) *jsonschema.Schema {
	schema, err := jsonschema.ForType(in, nil)
	if err != nil {
		panic(fmt.Sprintf("mcpserver: schema of %s: %v", name, err))
	}
	tags := memberTags(in)
	for _, m := range hidden {
		if _, ok := tags[m]; !ok {
			panic(fmt.Sprintf("mcpserver: %s hides %q, which %s does not have", name, m, in))
		}
	}
	for prop, p := range schema.Properties {
		tag := tags[prop]
		if slices.Contains(hidden, prop) {
			delete(schema.Properties, prop)
			continue
		}
		plain(p)
		if d := tag.Get("doc"); d != "" {
			p.Description = d
		}
		target := p
		if target.Type == "array" && target.Items != nil {
			target = target.Items
		}
		for _, v := range enumOf(name, prop, tag) {
			target.Enum = append(target.Enum, v)
		}
		// A boolean's false default goes without saying.
		if d := tag.Get("default"); d != "" && !(d == "false" && p.Type == "boolean") {
			if !json.Valid([]byte(d)) {
				d = strconv.Quote(d)
			}
			p.Default = json.RawMessage(d)
		}
		if m := tag.Get("min"); m != "" {
			f, err := strconv.ParseFloat(m, 64)
			if err != nil {
				panic(fmt.Sprintf("mcpserver: %s.%s: min %q", name, prop, m))
			}
			p.Minimum = &f
		}
	}
	for prop, d := range spec.desc {
		p := schema.Properties[prop]
		if p == nil {
			panic(fmt.Sprintf("mcpserver: %s has no property %q to describe", name, prop))
		}
		p.Description = d
	}
	schema.Required = slices.DeleteFunc(schema.Required, func(r string) bool {
		return slices.Contains(hidden, r) || slices.Contains(spec.optional, r)
	})
	if len(schema.Required) == 0 {
		schema.Required = nil
	}
	if len(schema.Properties) == 0 {
		schema.Properties = nil // no arguments: {"type": "object"} says it
	}
	return schema
}

// plain makes the type of a pointer or slice member, which the inference
// gives as ["null", T], plain T, down through arrays and objects: an agent
// sends a T or leaves the member out, and a required list is a list.
func plain(p *jsonschema.Schema) {
	if p == nil {
		return
	}
	if len(p.Types) == 2 && p.Types[0] == "null" {
		p.Type, p.Types = p.Types[1], nil
	}
	plain(p.Items)
	for _, q := range p.Properties {
		plain(q)
	}
}

// enumOf are the values a member takes: its rpc enum's or its oneof list.
func enumOf(tool, prop string, tag reflect.StructTag) []string {
	if e := tag.Get("enum"); e != "" {
		enum, found := enumNamed(e)
		if !found {
			panic(fmt.Sprintf("mcpserver: %s.%s names unknown enum %q", tool, prop, e))
		}
		return enum.Values
	}
	return strings.Fields(tag.Get("oneof"))
}

// memberTags maps each JSON member of t (embedded structs flattened) to its
// struct tag.
func memberTags(t reflect.Type) map[string]reflect.StructTag {
	out := map[string]reflect.StructTag{}
	var walk func(reflect.Type)
	walk = func(t reflect.Type) {
		for f := range t.Fields() {
			if f.Anonymous && f.Type.Kind() == reflect.Struct {
				walk(f.Type)
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" || name == "-" || !f.IsExported() {
				continue
			}
			out[name] = f.Tag
		}
	}
	walk(t)
	return out
}

func enumNamed(name string) (rpc.Enum, bool) {
	for _, e := range rpc.Enums {
		if e.Name == name {
			return e, true
		}
	}
	return rpc.Enum{}, false
}

// typedToolCalls guards the typed tools' calls: arguments left out are {},
// and the SDK's refusal of the arguments is worded the way every other
// tool words a caller's mistake: "error -32602 invalid_params: TOOL: ...".
func typedToolCalls(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		call, isCall := req.(*mcp.CallToolRequest)
		if isCall {
			// the journal names the client: "mcp claude-code"
			ctx = hubapi.WithCaller(ctx, hubapi.Caller{Kind: "mcp", Name: clientName(call), PID: os.Getpid()})
		}
		if isCall && call.Params != nil {
			if a := strings.TrimSpace(string(call.Params.Arguments)); a == "" || a == "null" {
				call.Params.Arguments = json.RawMessage(`{}`)
			}
		}
		res, err := next(ctx, method, req)
		r, isResult := res.(*mcp.CallToolResult)
		if err != nil || !isCall || !isResult || !r.IsError || len(r.Content) != 1 || call.Params == nil {
			return res, err
		}
		tc, ok := r.Content[0].(*mcp.TextContent)
		const prefix = `validating "arguments": `
		if !ok || !strings.HasPrefix(tc.Text, prefix) {
			return res, err
		}
		return invalid(call.Params.Name, errors.New(strings.TrimPrefix(tc.Text, prefix))), nil
	}
}

// ToolParams maps each tool whose input embeds an rpc type to that type:
// the params the CLI command of the same capability fills (for the
// emulation tools, the settings member it fills).
func ToolParams() map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for _, td := range (&Server{}).toolDefs() {
		if td.params != nil {
			out[td.tool.Name] = td.params
		}
	}
	return out
}

// clientName is the MCP client's name from its initialize ("" when it gave
// none).
func clientName(req *mcp.CallToolRequest) string {
	if req != nil && req.Session != nil {
		if p := req.Session.InitializeParams(); p != nil && p.ClientInfo != nil {
			return p.ClientInfo.Name
		}
	}
	return ""
}
