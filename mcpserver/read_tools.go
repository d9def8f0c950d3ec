package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/rpc"
)

// getArg is browser_get's input: what to read, and of which element. One
// tool for the CLI's get, get attr, get style and get count, so tools/list
// pays for one.
type getArg struct {
	What    string `json:"what" oneof:"text html value box title url attr style count"`
	Element string `json:"element,omitempty" jsonschema:"human-readable description of the element, for the user watching"`
	Ref     string `json:"ref,omitempty" jsonschema:"the element's ref from the last page snapshot"`
	Target  string `json:"target,omitempty" jsonschema:"instead of ref: a ref or selector; for count a CSS selector"`
	Name    string `json:"name,omitempty" jsonschema:"for attr: the attribute; for style: the CSS property"`
}

// getMaxChars bounds what browser_get answers: a whole document's text or
// HTML can be megabytes, and the agent reads every character.
const getMaxChars = 20000

func (s *Server) readTools() []toolDef {
	return []toolDef{
		newTool("browser_get", "Read",
			"Read the page or an element: text or html (whole page without ref), value, box, title, url; attr or style (computed CSS) by name; count of elements matching a CSS target.",
			readOnly, toolSpec{}, func(ctx context.Context, req *mcp.CallToolRequest, in getArg) *mcp.CallToolResult {
				return s.get(ctx, req, in)
			}),
	}
}

func (s *Server) get(ctx context.Context, req *mcp.CallToolRequest, in getArg) *mcp.CallToolResult {
	el := elementRef{Element: in.Element, Ref: in.Ref, Target: in.Target}
	ref, sel, terr := el.target()
	named := terr == nil
	of := "the page"
	if named {
		of = describe(elementRef{Element: in.Element, Ref: ref + sel})
	}
	bad := func(format string, a ...any) *mcp.CallToolResult {
		return invalid("browser_get", fmt.Errorf(format, a...))
	}
	var method string
	var p any
	switch in.What {
	case "title", "url":
		if named {
			return bad("%s is the page's: give no ref or target", in.What)
		}
		method, p = rpc.PageGet, &rpc.GetParams{What: in.What}
	case "text", "html", "value", "box":
		if !named && (in.What == "value" || in.What == "box") {
			return bad("%s needs ref or target", in.What)
		}
		method, p = rpc.PageGet, &rpc.GetParams{What: in.What, Ref: ref, Selector: sel}
	case "attr", "style":
		if !named {
			return bad("%s needs ref or target", in.What)
		}
		if in.Name == "" {
			return bad("%s needs name", in.What)
		}
		if in.What == "attr" {
			method, p = rpc.PageGetAttribute, &rpc.GetAttributeParams{Ref: ref, Selector: sel, Name: in.Name}
		} else {
			method, p = rpc.PageGetStyle, &rpc.GetStyleParams{Ref: ref, Selector: sel, Name: in.Name}
		}
	case "count":
		if sel == "" {
			return bad("count needs a CSS selector in target (a ref is one element)")
		}
		method, p = rpc.PageCount, &rpc.CountParams{Selector: sel}
	default:
		return bad("unknown what %q", in.What)
	}
	raw, err := s.call(ctx, req, method, p)
	if err != nil {
		return s.errorResult(req, err)
	}
	switch in.What {
	case "count":
		var r rpc.CountResult
		if err := json.Unmarshal(raw, &r); err != nil {
			return s.errorResult(req, err)
		}
		return text("%d elements match %s", r.Count, sel)
	case "attr":
		var r rpc.GetAttributeResult
		if err := json.Unmarshal(raw, &r); err != nil {
			return s.errorResult(req, err)
		}
		if r.Value == nil {
			return text("%s has no attribute %q", of, in.Name)
		}
		return text("### Attribute %s of %s\n%s", in.Name, of, cutChars(*r.Value))
	case "style":
		var r rpc.GetStyleResult
		if err := json.Unmarshal(raw, &r); err != nil {
			return s.errorResult(req, err)
		}
		return text("### Style %s of %s\n%s", in.Name, of, r.Value)
	case "box":
		var r rpc.GetResult
		if err := json.Unmarshal(raw, &r); err != nil {
			return s.errorResult(req, err)
		}
		return text("### Box of %s\n%s", of, r.Value)
	}
	var r struct {
		Value string `json:"value"`
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		return s.errorResult(req, err)
	}
	return text("### %s of %s\n%s", in.What, of, cutChars(r.Value))
}

// cutChars is v within getMaxChars, saying how much was left out.
func cutChars(v string) string {
	n := utf8.RuneCountInString(v)
	if n <= getMaxChars {
		return v
	}
	r := []rune(v)
	return fmt.Sprintf("%s\n[cut: %d more characters; read a smaller element]", string(r[:getMaxChars]), n-getMaxChars)
}
