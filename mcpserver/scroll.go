package mcpserver

import (
	"context"
	"fmt"
	"reflect"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/rpc"
)

// scrollArg is browser_scroll's input: a direction (pages.scroll), or an
// element to bring into view (pages.scrollIntoView) and, with focus, to
// give the keyboard focus (pages.focus, which brings it into view too).
type scrollArg struct {
	rpc.ScrollParams
	Ref    string `json:"ref,omitempty" jsonschema:"instead of direction: scroll this element (ref from the snapshot) into view"`
	Target string `json:"target,omitempty" jsonschema:"instead of ref: a ref or selector"`
	Focus  bool   `json:"focus,omitempty" jsonschema:"with ref or target: also focus it"`
}

func init() {
	answers[rpc.AnswerScroll] = answerFor(func(s *Server, ctx context.Context, req *mcp.CallToolRequest, in *scrollArg) *mcp.CallToolResult {
		return s.scroll(ctx, req, in)
	})
}

func (s *Server) scroll(ctx context.Context, req *mcp.CallToolRequest, in *scrollArg) *mcp.CallToolResult {
	if in.Ref == "" && in.Target == "" {
		switch {
		case in.Focus:
			return invalid("browser_scroll", fmt.Errorf("focus needs ref or target"))
		case in.Direction == "":
			return invalid("browser_scroll", fmt.Errorf("give direction, or ref or target"))
		}
		m, _ := rpc.LookupWire(rpc.PageScroll)
		return s.declaredCall(ctx, req, m, reflect.ValueOf(&in.ScrollParams), nil)
	}
	// amount is not checked: the schema's default fills it in.
	if in.Direction != "" {
		return invalid("browser_scroll", fmt.Errorf("give direction (scroll the page) or ref or target (an element), not both"))
	}
	el := elementRef{Ref: in.Ref, Target: in.Target}
	ref, sel, err := el.target()
	if err != nil {
		return invalid("browser_scroll", err)
	}
	p := rpc.RefParams{Ref: ref, Selector: sel}
	if in.Focus {
		return s.act(ctx, req, rpc.PageFocus, &p, "Focused "+ref+sel)
	}
	return s.act(ctx, req, rpc.PageScrollIntoView, &p, "Scrolled "+ref+sel+" into view")
}
