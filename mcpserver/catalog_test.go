package mcpserver

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/rpc"
)

// Every tool the list leaves out runs through browser_more as it runs by
// its own name: the same requests reach the extension and the same answer
// comes back, for every such tool (walked from browser_more's names).
func TestMoreRunsEveryOtherTool(t *testing.T) {
	dir := t.TempDir()
	names := moreNames(t)
	if len(names) < 20 {
		t.Fatalf("browser_more names %d tools", len(names))
	}
	all := map[string]*mcp.Tool{}
	for _, d := range New(Options{}).toolDefs() {
		all[d.tool.Name] = d.tool
	}
	for _, name := range names {
		tool := all["browser_"+name]
		if tool == nil {
			t.Errorf("browser_more names %q, which is no tool", name)
			continue
		}
		args := argsFor(t, tool, dir)
		run := func(via bool) ([]string, *mcp.CallToolResult) {
			fe, _, cs := setup(t, Options{MaxSnapshotChars: 4000, OutputDir: dir}, "agent")
			fe.fallback = &answer{result: map[string]any{"ok": true, "tabId": 7, "url": "http://x/", "title": "X", "snapshot": "- button \"Go\" [ref=e1]"}}
			fe.setRule(rpc.TraceRead, answer{result: map[string]any{"data": "{}", "eof": true}})
			var res *mcp.CallToolResult
			if via {
				res = callTool(t, cs[0], moreTool, map[string]any{"tool": name, "args": args})
			} else {
				res = callTool(t, cs[0], tool.Name, args)
			}
			var methods []string
			for _, r := range fe.requests() {
				methods = append(methods, r.Method)
			}
			return methods, res
		}
		direct, dres := run(false)
		via, vres := run(true)
		if !slices.Equal(direct, via) {
			t.Errorf("%s: by name sent %v, through browser_more %v", name, direct, via)
		}
		if dres.IsError != vres.IsError || firstLine(textOf(dres)) != firstLine(textOf(vres)) {
			t.Errorf("%s: by name answered %q, through browser_more %q", name, textOf(dres), textOf(vres))
		}
	}
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// moreNames are the tool names browser_more lists.
func moreNames(t *testing.T) []string {
	t.Helper()
	_, _, cs := setup(t, Options{}, "agent")
	res, err := cs[0].ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var schema struct {
		Properties struct {
			Tool struct {
				Enum []string `json:"enum"`
			} `json:"tool"`
		} `json:"properties"`
	}
	for _, tl := range res.Tools {
		if tl.Name == moreTool {
			b, _ := json.Marshal(tl.InputSchema)
			if err := json.Unmarshal(b, &schema); err != nil {
				t.Fatal(err)
			}
		}
	}
	return schema.Properties.Tool.Enum
}

// help answers a tool's words and schema without running it; a name that
// is no tool, browser_more itself, or arguments that do not fit are told,
// the last with the tool's schema so the next call fits.
func TestMoreHelpAndRefusals(t *testing.T) {
	fe, _, cs := setup(t, Options{}, "agent")
	res := callTool(t, cs[0], moreTool, map[string]any{"tool": "close", "help": true})
	txt := textOf(res)
	if res.IsError || !strings.HasPrefix(txt, "browser_close: ") || !strings.Contains(txt, "\nargs: {") {
		t.Errorf("help: %s", txt)
	}
	if got := fe.requests(); len(got) != 0 {
		t.Errorf("help reached the extension: %v", got)
	}
	for _, args := range []map[string]any{
		{"tool": "nosuch"}, {"tool": "more"}, {"tool": "browser_more"}, {},
	} {
		res := callTool(t, cs[0], moreTool, args)
		if !res.IsError || !strings.Contains(textOf(res), "invalid_params") {
			t.Errorf("%v: %s", args, textOf(res))
		}
	}
	res = callTool(t, cs[0], moreTool, map[string]any{"tool": "browser_cookies", "args": map[string]any{"action": "bake"}})
	txt = textOf(res)
	if !res.IsError || !strings.Contains(txt, "invalid_params: browser_cookies") || !strings.Contains(txt, "\nbrowser_cookies: ") || !strings.Contains(txt, `"action"`) {
		t.Errorf("bad args: %s", txt)
	}
	if got := fe.requests(); len(got) != 0 {
		t.Errorf("refused calls reached the extension: %v", got)
	}
}

// The listing's words for a core tool cover each of its members; a member
// the listing leaves out (ref) is still taken.
func TestCoreToolsListedShort(t *testing.T) {
	_, _, cs := setup(t, Options{}, "agent")
	res, err := cs[0].ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tl := range res.Tools {
		if tl.Title != "" || len(tl.Description) > 120 {
			t.Errorf("%s: title %q, description of %d characters", tl.Name, tl.Title, len(tl.Description))
		}
		b, _ := json.Marshal(tl.InputSchema)
		if strings.Contains(string(b), `"ref"`) {
			t.Errorf("%s lists ref beside target: %s", tl.Name, b)
		}
	}
	fe, _, cs := setup(t, Options{}, "agent")
	fe.setRule(rpc.PageClick, answer{result: map[string]any{"ok": true}})
	fe.setRule(rpc.PageSnapshot, answer{result: map[string]any{"snapshot": "- button \"Go\" [ref=e1]", "url": "http://x/", "title": "X", "tabId": 7}})
	if res := callTool(t, cs[0], "browser_click", map[string]any{"ref": "e1"}); res.IsError {
		t.Errorf("ref, left out of the listing, is refused: %s", textOf(res))
	}
}
