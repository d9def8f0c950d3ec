package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/rpc"
)

// A paramTool is a tool whose input is an rpc params struct, the one the
// CLI command of the same capability fills (or a struct embedding it with a
// few tool-only members): its schema is that struct's JSON members with
// their rpc tags (doc, enum, default, min), less the members the server
// fills itself. A member added to the params type reaches the tool; one
// renamed there is renamed here; nothing is spelled twice.
type paramTool struct {
	tool *mcp.Tool
	// params is the rpc params type the schema comes from.
	params reflect.Type
	// extra are the tool-only members (not in params), e.g. a file name.
	extra []string
	add   func(*mcp.Server)
}

// hiddenMembers are what the server fills on every call: the client's
// session, the tab (the session's active one) and the wire budget.
var hiddenMembers = []string{"sessionId", "tabId", "timeoutMs"}

// toolSpec says how a paramTool's schema differs from its params type.
type toolSpec struct {
	// hide drops more members than hiddenMembers.
	hide []string
	// optional makes required members optional (the handler checks them
	// per action).
	optional []string
	// desc overrides or adds a member's description (default: its doc tag).
	desc map[string]string
	// extra names the members of In that are not in the params type.
	extra []string
	// enums are the values of tool-only members.
	enums map[string][]string
}

// typedTool defines a tool whose input type In is (or embeds) the params
// type P, registered with the SDK's typed AddTool: the SDK validates the
// arguments against the schema and decodes them into In.
func typedTool[In, P any](name, title, description string, k kind, spec toolSpec, h func(context.Context, *mcp.CallToolRequest, In) *mcp.CallToolResult) paramTool {
	schema := paramSchema[In](name, reflect.TypeFor[P](), spec)
	ann := &mcp.ToolAnnotations{ReadOnlyHint: k == readOnly, OpenWorldHint: boolPtr(true)}
	if k != readOnly {
		ann.DestructiveHint = boolPtr(k == destructive)
	}
	t := &mcp.Tool{Name: name, Title: title, Description: description, InputSchema: schema, Annotations: ann}
	return paramTool{tool: t, params: reflect.TypeFor[P](), extra: spec.extra, add: func(s *mcp.Server) {
		mcp.AddTool(s, t, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
			return h(ctx, req, in), nil, nil
		})
	}}
}

// paramSchema is In's schema with P's rpc tags applied.
func paramSchema[In any](name string, params reflect.Type, spec toolSpec) *jsonschema.Schema {
	schema, err := jsonschema.For[In](nil)
	if err != nil {
		panic(fmt.Sprintf("mcpserver: schema of %s: %v", name, err))
	}
	drop := map[string]bool{}
	for _, m := range append(append([]string{}, hiddenMembers...), spec.hide...) {
		drop[m] = true
	}
	for _, m := range spec.optional {
		drop["?"+m] = true
	}
	tags := memberTags(params)
	for prop, p := range schema.Properties {
		if drop[prop] {
			delete(schema.Properties, prop)
			continue
		}
		// A pointer member comes out as ["null", T]: an agent sends T or
		// leaves it out.
		if len(p.Types) == 2 && p.Types[0] == "null" {
			p.Type, p.Types = p.Types[1], nil
		}
		tag, ok := tags[prop]
		if !ok {
			continue
		}
		if d := tag.Get("doc"); d != "" {
			p.Description = d
		}
		if e := tag.Get("enum"); e != "" {
			enum, found := enumNamed(e)
			if !found {
				panic(fmt.Sprintf("mcpserver: %s.%s names unknown enum %q", name, prop, e))
			}
			target := p
			if target.Type == "array" && target.Items != nil {
				target = target.Items
			}
			for _, v := range enum.Values {
				target.Enum = append(target.Enum, v)
			}
		}
		if d := tag.Get("default"); d != "" {
			if !json.Valid([]byte(d)) {
				d = strconv.Quote(d)
			}
			p.Default = json.RawMessage(d)
		}
		if m := tag.Get("min"); m != "" {
			if f, err := strconv.ParseFloat(m, 64); err == nil {
				p.Minimum = &f
			}
		}
	}
	for prop, values := range spec.enums {
		p := schema.Properties[prop]
		if p == nil {
			panic(fmt.Sprintf("mcpserver: %s has no property %q for an enum", name, prop))
		}
		for _, v := range values {
			p.Enum = append(p.Enum, v)
		}
	}
	for prop, d := range spec.desc {
		p := schema.Properties[prop]
		if p == nil {
			panic(fmt.Sprintf("mcpserver: %s has no property %q to describe", name, prop))
		}
		p.Description = d
	}
	var req []string
	for _, r := range schema.Required {
		if !drop[r] && !drop["?"+r] {
			req = append(req, r)
		}
	}
	schema.Required = req
	return schema
}

// memberTags maps each JSON member of t (embedded structs flattened) to its
// struct tag.
func memberTags(t reflect.Type) map[string]reflect.StructTag {
	out := map[string]reflect.StructTag{}
	var walk func(reflect.Type)
	walk = func(t reflect.Type) {
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
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

// wireParams is p as the map the hub's Caller takes, without the members
// left at their zero value by omitempty.
func wireParams(p any) map[string]any {
	b, err := json.Marshal(p)
	if err != nil {
		panic(fmt.Sprintf("mcpserver: params %T: %v", p, err))
	}
	m := map[string]any{}
	_ = json.Unmarshal(b, &m)
	return m
}
