package mcpserver

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/rpc"
)

// Arguments of browser_route and browser_unroute: Playwright MCP's shapes
// (headers as "Name: value" strings).
type (
	routeArg struct {
		Pattern     string   `json:"pattern,omitempty"`
		Abort       bool     `json:"abort,omitempty" jsonschema:"fail the requests instead (as network block)"`
		Status      int      `json:"status,omitempty"`
		Body        string   `json:"body,omitempty"`
		ContentType string   `json:"contentType,omitempty"`
		Headers     []string `json:"headers,omitempty"`
	}
	unrouteArg struct {
		Pattern string `json:"pattern,omitempty"`
	}
)

// networkTools answer the session's requests with a given response.
func (s *Server) networkTools() []toolDef {
	return []toolDef{
		newTool("browser_route", "Mock route",
			"Answer requests whose URL matches pattern (substring, or * ? glob) in the session's tabs; without pattern, list the routes.",
			destructive, toolSpec{}, func(ctx context.Context, req *mcp.CallToolRequest, in routeArg) *mcp.CallToolResult {
				return s.route(ctx, req, in)
			}),
		newTool("browser_unroute", "Remove routes",
			"Remove the route of pattern, or all routes.",
			destructive, toolSpec{}, func(ctx context.Context, req *mcp.CallToolRequest, in unrouteArg) *mcp.CallToolResult {
				p := rpc.UnrouteParams{Pattern: in.Pattern, All: in.Pattern == ""}
				return s.routes(ctx, req, rpc.NetworkUnroute, &p)
			}),
	}
}

// routeParams checks a browser_route call's arguments the way the CLI does.
func routeParams(in routeArg) (rpc.RouteParams, error) {
	p := rpc.RouteParams{Pattern: in.Pattern, Status: in.Status, ContentType: in.ContentType}
	if strings.TrimSpace(in.Pattern) == "" {
		return p, fmt.Errorf("pattern must not be empty")
	}
	if in.Status != 0 && (in.Status < 100 || in.Status > 599) {
		return p, fmt.Errorf("status must be 100..599, got %d", in.Status)
	}
	if len(in.Body) > rpc.RouteBodyMax {
		return p, fmt.Errorf("body is %d bytes, at most %d", len(in.Body), rpc.RouteBodyMax)
	}
	if in.Body != "" {
		p.Body = base64.StdEncoding.EncodeToString([]byte(in.Body))
	}
	for _, h := range in.Headers {
		name, value, ok := strings.Cut(h, ":")
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		if !ok || name == "" {
			return p, fmt.Errorf("header %q must be \"Name: value\"", h)
		}
		p.Headers = append(p.Headers, rpc.RouteHeader{Name: name, Value: value})
	}
	return p, nil
}

func (s *Server) route(ctx context.Context, req *mcp.CallToolRequest, in routeArg) *mcp.CallToolResult {
	bare := in.Status == 0 && in.Body == "" && in.ContentType == "" && len(in.Headers) == 0
	switch {
	case in.Pattern == "" && bare && !in.Abort:
		return s.routes(ctx, req, rpc.NetworkRoutes, &rpc.SessionIDParams{})
	case in.Abort && strings.TrimSpace(in.Pattern) != "":
		if !bare {
			return invalid("browser_route", fmt.Errorf("abort fails the requests: it takes no status, body, contentType or headers"))
		}
		return s.block(ctx, req, in.Pattern)
	}
	p, err := routeParams(in)
	if err != nil {
		return invalid("browser_route", err)
	}
	return s.routes(ctx, req, rpc.NetworkRoute, &p)
}

// routes sends a route method (p points to its rpc params) and answers the
// session's routes after it.
func (s *Server) routes(ctx context.Context, req *mcp.CallToolRequest, method string, p any) *mcp.CallToolResult {
	raw, err := s.call(ctx, req, method, p)
	if err != nil {
		return s.errorResult(req, err)
	}
	var r rpc.RoutesResult
	if err := json.Unmarshal(raw, &r); err != nil {
		return s.errorResult(req, err)
	}
	var b strings.Builder
	if method == rpc.NetworkUnroute {
		fmt.Fprintf(&b, "Removed %d route(s)\n", r.Removed)
	}
	b.WriteString("### Routes")
	if len(r.Routes) == 0 {
		b.WriteString("\nNone.")
	}
	for _, rt := range r.Routes {
		if rt.Abort {
			fmt.Fprintf(&b, "\n%s => abort", rt.Pattern)
			continue
		}
		fmt.Fprintf(&b, "\n%s => %d %s (%d bytes)", rt.Pattern, rt.Status, rt.ContentType, rt.BodySize)
	}
	return text("%s", b.String())
}

// block makes the session's requests matching pattern fail (network.block,
// the short form of an abort route: browser_unroute removes it) and answers
// the block list after it.
func (s *Server) block(ctx context.Context, req *mcp.CallToolRequest, pattern string) *mcp.CallToolResult {
	raw, err := s.call(ctx, req, rpc.NetworkBlock, &rpc.BlockParams{Patterns: []string{pattern}})
	if err != nil {
		return s.errorResult(req, err)
	}
	var r rpc.BlockResult
	if err := json.Unmarshal(raw, &r); err != nil {
		return s.errorResult(req, err)
	}
	if !slices.Contains(r.Patterns, pattern) {
		return s.errorResult(req, fmt.Errorf("network.block answered a block list without %q: %v", pattern, r.Patterns))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Requests matching %s now fail\n### Blocked", pattern)
	for _, p := range r.Patterns {
		fmt.Fprintf(&b, "\n%s", p)
	}
	if len(r.SkippedTabIDs) > 0 {
		fmt.Fprintf(&b, "\nTabs %v could not be attached now: they get the list on their first call", r.SkippedTabIDs)
	}
	return text("%s", b.String())
}
