package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/internal/termsafe"
)

// safeToolText is the one gate between a page and the agent: every tool
// result's text and structured content is passed through termsafe, so the
// control, bidi, zero-width and tag characters a page put in a title, a
// URL, a name or a value reach the model as visible escapes (\u200b,
// \U000e0041) rather than as text it reads and the person does not see.
// It is the same rule the CLI's printers apply.
func safeToolText(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		if r, ok := res.(*mcp.CallToolResult); ok && r != nil {
			safeResult(r)
		}
		return res, err
	}
}

// safeResult escapes r's text contents and structured content in place.
func safeResult(r *mcp.CallToolResult) {
	for _, c := range r.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			tc.Text = termsafe.String(tc.Text)
		}
	}
	if r.StructuredContent == nil {
		return
	}
	raw, err := json.Marshal(r.StructuredContent)
	if err != nil {
		return // the SDK reports it when it encodes the result
	}
	if safe := termsafe.HumanJSON(raw); !bytes.Equal(safe, raw) {
		r.StructuredContent = json.RawMessage(safe)
	}
}
