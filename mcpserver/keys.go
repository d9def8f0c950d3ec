package mcpserver

import (
	"context"
	"fmt"
	"reflect"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/rpc"
)

// pressArg is browser_press_key's input: a key (pages.press), or text to
// type key by key into whatever has focus (pages.keyboardType).
type pressArg struct {
	rpc.PressParams
	Text string `json:"text,omitempty" jsonschema:"instead of key: type this text, one key stroke per character, into what has focus"`
}

func init() {
	answers[rpc.AnswerPress] = answerFor(func(s *Server, ctx context.Context, req *mcp.CallToolRequest, in *pressArg) *mcp.CallToolResult {
		switch {
		case (in.Key == "") == (in.Text == ""):
			return invalid("browser_press_key", fmt.Errorf("give key or text, one of them"))
		case in.Text != "":
			return s.act(ctx, req, rpc.PageKeyboardType, &rpc.KeyboardTypeParams{Text: in.Text}, fmt.Sprintf("Typed %q into the focused element", in.Text))
		}
		m, _ := rpc.LookupWire(rpc.PagePress)
		return s.declaredCall(ctx, req, m, reflect.ValueOf(&in.PressParams), nil)
	})
}
