package mcpserver

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/internal/termsafe"
	"browserctl/rpc"
)

// pageStrings are what a hostile page puts in its title, URL and text: each
// kind of character an agent must not receive as itself.
var pageStrings = map[string]string{
	"OSC title":      "T\x1b]0;pwned\x07itle",
	"CSI colour":     "\x1b[31mred\x1b[0m",
	"C1 CSI":         "a\u009b31mb",
	"bidi override":  "invoice\u202efdp.exe",
	"zero-width":     "ig\u200bnore\u2060 all\ufeff",
	"tag characters": "ok\U000e0049\U000e0067\U000e006e\U000e006f\U000e0072\U000e0065",
}

// hostileResult is one answer for every method: the fields results carry
// (titles, URLs, texts, values, names, messages, lists of them) all set to s.
func hostileResult(s string) map[string]any {
	item := map[string]any{"tabId": 7, "url": "http://x/" + s, "title": s, "text": s, "name": s, "value": s, "message": s, "type": "log", "method": "GET", "status": 200, "active": true}
	return map[string]any{
		"title": s, "url": s, "text": s, "value": s, "name": s, "message": s, "snapshot": "title: " + s + "\n- button \"" + s + "\" [ref=e1]",
		"tabId": 7, "refs": map[string]any{}, "ok": true, "count": 1,
		"tabs": []any{item}, "entries": []any{item}, "messages": []any{item}, "requests": []any{item}, "matches": []any{item},
		"cookies": []any{map[string]any{"name": s, "value": s, "domain": "x"}}, "items": []any{item},
		"origins": []any{}, "data": "", "format": "png",
	}
}

// argsFor fills a tool's required arguments from its input schema; paths go
// under dir.
func argsFor(t *testing.T, tl *mcp.Tool, dir string) map[string]any {
	raw, _ := json.Marshal(tl.InputSchema)
	var sch struct {
		Required   []string `json:"required"`
		Properties map[string]struct {
			Type  any   `json:"type"`
			Enum  []any `json:"enum"`
			Items *struct {
				Type any `json:"type"`
			} `json:"items"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(raw, &sch); err != nil {
		t.Fatal(err)
	}
	args := map[string]any{}
	for name := range sch.Properties { // files go to dir, required or not
		if l := strings.ToLower(name); strings.Contains(l, "path") || strings.Contains(l, "filename") {
			args[name] = filepath.Join(dir, name)
		}
	}
	for _, name := range sch.Required {
		p := sch.Properties[name]
		typ, _ := p.Type.(string)
		switch {
		case len(p.Enum) > 0:
			args[name] = p.Enum[0]
		case typ == "number" || typ == "integer":
			args[name] = 1
		case typ == "boolean":
			args[name] = false
		case typ == "array":
			args[name] = []any{}
			if p.Items != nil && p.Items.Type == "string" {
				args[name] = []any{filepath.Join(dir, "in.txt")}
			}
		case typ == "object":
			args[name] = map[string]any{}
		case strings.Contains(strings.ToLower(name), "path") || name == "filename":
			args[name] = filepath.Join(dir, "out")
		case name == "ref":
			args[name] = "e1"
		case name == "url":
			args[name] = "http://x/"
		default:
			args[name] = "x"
		}
	}
	return args
}

// TestEveryToolResultIsSafeText walks every tool with a fake extension
// whose every answer carries a hostile string: no text content and no
// structured content reaches the agent with a control, bidi, zero-width or
// tag character as itself.
func TestEveryToolResultIsSafeText(t *testing.T) {
	dir := t.TempDir()
	cells, reached := 0, 0
	for kind, s := range pageStrings {
		fe, _, cs := setup(t, Options{MaxSnapshotChars: 4000, AllTools: true}, "agent")
		fe.fallback = &answer{result: hostileResult(s)}
		fe.setRule(rpc.TraceRead, answer{result: map[string]any{"data": "{}", "eof": true}})
		tools, err := cs[0].ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, tl := range tools.Tools {
			before := len(fe.requests())
			res := callTool(t, cs[0], tl.Name, argsFor(t, tl, dir))
			cells++
			if len(fe.requests()) > before {
				reached++
			}
			for _, c := range res.Content {
				if tc, ok := c.(*mcp.TextContent); ok && !safe(tc.Text) {
					t.Errorf("%s, %s: text content %q", tl.Name, kind, tc.Text)
				}
			}
			if res.StructuredContent != nil {
				b, _ := json.Marshal(res.StructuredContent)
				var v any
				_ = json.Unmarshal(b, &v)
				if dec, _ := json.Marshal(v); !safe(decodedStrings(v)) {
					t.Errorf("%s, %s: structured content %s", tl.Name, kind, dec)
				}
			}
		}
	}
	t.Logf("tools x strings: %d cells, %d reached the extension", cells, reached)
	if reached < cells/2 {
		t.Errorf("only %d of %d tool calls reached the extension: the walk tests little", reached, cells)
	}
}

// safe says whether s has no rune termsafe would escape.
func safe(s string) bool {
	for _, r := range s {
		if termsafe.Hostile(r) {
			return false
		}
	}
	return true
}

// decodedStrings joins every string (and key) of a decoded JSON value.
func decodedStrings(v any) string {
	var b strings.Builder
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			b.WriteString(v)
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			for k, e := range v {
				b.WriteString(k)
				walk(e)
			}
		}
	}
	walk(v)
	return b.String()
}

// TestSafeResultKeepsText: escaping keeps what the text says.
func TestSafeResultKeepsText(t *testing.T) {
	r := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "- Title: a\u202eb\n"}}, StructuredContent: map[string]any{"title": "x\U000e0041"}}
	safeResult(r)
	if got := r.Content[0].(*mcp.TextContent).Text; got != `- Title: a\u202eb`+"\n" {
		t.Errorf("text = %q", got)
	}
	if got, _ := json.Marshal(r.StructuredContent); string(got) != `{"title":"x\\U000e0041"}` {
		t.Errorf("structured = %s", got)
	}
}
