package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/rpc"
)

// initScriptArg is browser_init_script's input: one tool for the CLI's
// init-script add, list and remove.
type initScriptArg struct {
	Action string `json:"action" oneof:"add list remove"`
	Script string `json:"script,omitempty" jsonschema:"for add: the JavaScript"`
	ID     string `json:"id,omitempty" jsonschema:"for remove: the script's id from list"`
}

func (s *Server) initScriptTools() []toolDef {
	return []toolDef{
		newTool("browser_init_script", "Init scripts",
			"Scripts every new document of the session runs before the page's own: add one, list them, remove one by id.",
			destructive, toolSpec{}, func(ctx context.Context, req *mcp.CallToolRequest, in initScriptArg) *mcp.CallToolResult {
				return s.initScript(ctx, req, in)
			}),
	}
}

func (s *Server) initScript(ctx context.Context, req *mcp.CallToolRequest, in initScriptArg) *mcp.CallToolResult {
	var method string
	var p any
	switch in.Action {
	case "add":
		if strings.TrimSpace(in.Script) == "" {
			return invalid("browser_init_script", fmt.Errorf("add needs script"))
		}
		method, p = rpc.InitScriptsAdd, &rpc.InitScriptAddParams{Name: "browser_init_script", Source: in.Script}
	case "list":
		method, p = rpc.InitScriptsList, &rpc.SessionIDParams{}
	case "remove":
		if in.ID == "" {
			return invalid("browser_init_script", fmt.Errorf("remove needs id"))
		}
		method, p = rpc.InitScriptsRemove, &rpc.InitScriptRemoveParams{ID: in.ID}
	default:
		return invalid("browser_init_script", fmt.Errorf("unknown action %q", in.Action))
	}
	raw, err := s.call(ctx, req, method, p)
	if err != nil {
		return s.errorResult(req, err)
	}
	var r rpc.InitScriptListResult
	if err := json.Unmarshal(raw, &r); err != nil {
		return s.errorResult(req, err)
	}
	var b strings.Builder
	b.WriteString("### Init scripts")
	if len(r.Scripts) == 0 {
		b.WriteString("\nNone.")
	}
	for _, sc := range r.Scripts {
		src := sc.Source
		if first, _, cut := strings.Cut(src, "\n"); cut || len(first) > 80 {
			src = truncate(first, 80) + " ..."
		}
		fmt.Fprintf(&b, "\n- %s: %s", sc.ID, src)
	}
	for _, u := range r.Unapplied {
		fmt.Fprintf(&b, "\nTab %d did not take it: %s", u.TabID, u.Error)
	}
	return text("%s", b.String())
}

// truncate is s within n bytes, cut at a rune boundary.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
