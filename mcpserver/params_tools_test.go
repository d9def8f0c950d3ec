package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/rpc"
)

// The input schema of every tool is its input type's members, less the
// ones the server fills and the ones the tool hides; required exactly where
// the type requires; with the enum, default, minimum and description its
// tags give. A tool over an rpc params type takes that type's members with
// the rpc tags, so it cannot drift from its method. Checked on the schemas
// the server lists, as a client reads them.
func TestParamToolSchemasComeFromRPCParams(t *testing.T) {
	_, _, cs := setup(t, Options{AllTools: true}, "agent")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := cs[0].ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]json.RawMessage{}
	for _, tl := range res.Tools {
		b, _ := json.Marshal(tl.InputSchema)
		listed[tl.Name] = b
	}
	defs := New(Options{}).toolDefs()
	if len(defs) != len(res.Tools) {
		t.Errorf("%d tools defined, %d listed", len(defs), len(res.Tools))
	}
	overRPC := 0
	for _, td := range defs {
		name := td.tool.Name
		raw, ok := listed[name]
		if !ok {
			t.Errorf("%s is not listed", name)
			continue
		}
		var schema struct {
			Type       string `json:"type"`
			Properties map[string]struct {
				Type        any      `json:"type"`
				Description string   `json:"description"`
				Enum        []string `json:"enum"`
				Items       *struct {
					Enum []string `json:"enum"`
				} `json:"items"`
				Default json.RawMessage `json:"default"`
				Minimum *float64        `json:"minimum"`
			} `json:"properties"`
			Required             []string `json:"required"`
			AdditionalProperties any      `json:"additionalProperties"`
		}
		if err := json.Unmarshal(raw, &schema); err != nil {
			t.Fatal(err)
		}
		if schema.Type != "object" || schema.AdditionalProperties != false {
			t.Errorf("%s: an object schema that refuses members outside it, got type %q, additionalProperties %v", name, schema.Type, schema.AdditionalProperties)
		}
		// Left out: what the tool hides, and what the server fills of the
		// rpc params (a member of the tool's own is the agent's).
		hidden := map[string]bool{}
		for _, m := range td.spec.hide {
			hidden[m] = true
		}
		var fromParams map[string]reflect.StructTag
		if td.params != nil {
			overRPC++
			fromParams = memberTags(td.params)
			for _, m := range hiddenMembers {
				if _, ok := fromParams[m]; ok {
					hidden[m] = true
				}
			}
		}
		members := memberTags(td.in)
		if td.element { // element, ref and target name the params' ref or selector
			for m, tag := range memberTags(elementType) {
				members[m] = tag
			}
			delete(fromParams, "ref")
		}
		for prop, p := range schema.Properties {
			tag, ok := members[prop]
			if !ok {
				t.Errorf("%s: property %s is not a member of %s", name, prop, td.in)
				continue
			}
			if hidden[prop] {
				t.Errorf("%s: %s is the server's to fill or hidden, not the agent's", name, prop)
			}
			if _, isString := p.Type.(string); !isString {
				t.Errorf("%s: %s's type %v is not one type", name, prop, p.Type)
			}
			enum := p.Enum
			if p.Items != nil && len(p.Items.Enum) > 0 {
				enum = p.Items.Enum
			}
			var want []string
			if e := tag.Get("enum"); e != "" {
				rpcEnum, found := enumNamed(e)
				if !found {
					t.Errorf("%s: %s names unknown enum %s", name, prop, e)
				}
				want = rpcEnum.Values
			} else {
				want = strings.Fields(tag.Get("oneof"))
			}
			if !slices.Equal(enum, want) {
				t.Errorf("%s: %s's enum %v, its type's %v", name, prop, enum, want)
			}
			if _, inParams := fromParams[prop]; inParams && tag.Get("doc") != "" && td.spec.desc[prop] == "" && p.Description != tag.Get("doc") {
				t.Errorf("%s: %s's description %q, the rpc doc %q", name, prop, p.Description, tag.Get("doc"))
			}
			if d := tag.Get("default"); d != "" && d != "false" {
				if !json.Valid([]byte(d)) {
					d = strconv.Quote(d)
				}
				if string(p.Default) != d {
					t.Errorf("%s: %s's default %s, its type's %s", name, prop, p.Default, d)
				}
			}
			if m := tag.Get("min"); m != "" && (p.Minimum == nil || strconv.FormatFloat(*p.Minimum, 'g', -1, 64) != m) {
				t.Errorf("%s: %s's minimum %v, its type's %s", name, prop, p.Minimum, m)
			}
		}
		for member, tag := range members {
			if hidden[member] {
				continue
			}
			if _, ok := schema.Properties[member]; !ok {
				t.Errorf("%s: %s's member %s is missing from the schema", name, td.in, member)
				continue
			}
			optional := strings.Contains(tag.Get("json"), "omitempty")
			required := slices.Contains(schema.Required, member)
			switch {
			case !optional && !required && !slices.Contains(td.spec.optional, member):
				t.Errorf("%s: %s is required by %s but not by the schema", name, member, td.in)
			case optional && required:
				t.Errorf("%s: %s is optional in %s but required by the schema", name, member, td.in)
			}
		}
		for _, r := range schema.Required {
			if hidden[r] {
				t.Errorf("%s: requires %s, which it hides", name, r)
			}
		}
	}
	if overRPC < 20 {
		t.Errorf("only %d tools take rpc params", overRPC)
	}
}

// A tool sends the rpc params type of the method it calls, the CLI's:
// another type is refused before anything is sent.
func TestWireParamsAreTheMethodsType(t *testing.T) {
	if _, err := wireParams(rpc.PageClick, &rpc.ClickParams{Ref: "e1"}); err != nil {
		t.Errorf("pages.click with ClickParams: %v", err)
	}
	if v, err := wireParams(rpc.TabList, nil); err != nil || v.Type() != reflect.TypeFor[rpc.SessionIDParams]() {
		t.Errorf("tabs.list without params: %v, %v", v, err)
	}
	for _, p := range []any{rpc.ClickParams{}, &rpc.HoverParams{}, map[string]string{"ref": "e1"}} {
		if _, err := wireParams(rpc.PageClick, p); err == nil {
			t.Errorf("pages.click with %T was taken", p)
		}
	}
	if _, err := wireParams("pages.nothing", nil); err == nil {
		t.Error("an unknown method was taken")
	}
}

// The tools over rpc params send their method with the arguments as given,
// on the client's session; members outside the schema are refused.
func TestParamToolRequests(t *testing.T) {
	snap := map[string]any{"snapshot": "- button \"Go\" [ref=e1]", "url": "http://x/", "title": "X", "tabId": 7, "refs": map[string]any{}}
	cases := []struct {
		tool string
		args map[string]any
		want request // the first request after sessions.create
		says string
	}{
		{"browser_drag", map[string]any{"ref": "e1", "toRef": "e2"}, request{"pages.drag", map[string]any{"ref": "e1", "toRef": "e2"}}, "Dragged e1 to e2"},
		{"browser_scroll", map[string]any{"direction": "down", "amount": 300}, request{"pages.scroll", map[string]any{"direction": "down", "amount": 300}}, "y=300"},
		{"browser_find", map[string]any{"role": "button", "name": "Go"}, request{"pages.find", map[string]any{"role": "button", "name": "Go"}}, `button "Go" [ref=e9]`},
		{"browser_cookies", map[string]any{"action": "set", "name": "a", "value": "b", "httpOnly": true}, request{"pages.setCookie", map[string]any{"name": "a", "value": "b", "httpOnly": true}}, "Set cookie a"},
		{"browser_cookies", map[string]any{"action": "list"}, request{"pages.cookies", map[string]any{}}, "sid=1"},
		{"browser_cookies", map[string]any{"action": "clear", "url": "http://x/"}, request{"pages.clearCookies", map[string]any{"url": "http://x/"}}, "Deleted 2"},
		{"browser_storage", map[string]any{"action": "get", "kind": "local", "key": "k"}, request{"pages.storage", map[string]any{"kind": "local", "key": "k"}}, "k=v"},
		{"browser_storage", map[string]any{"action": "set", "kind": "session", "key": "k", "value": "v"}, request{"pages.setStorage", map[string]any{"kind": "session", "key": "k", "value": "v"}}, "Set k"},
		{"browser_storage", map[string]any{"action": "clear", "kind": "local"}, request{"pages.clearStorage", map[string]any{"kind": "local"}}, "Cleared 3"},
		{"browser_close", map[string]any{}, request{"tabs.active", nil}, `Closed the tab "X"`},
		{"browser_network_requests", map[string]any{"filter": "/api", "failed": true, "limit": 5}, request{"logs.network", map[string]any{"filter": "/api", "failed": true, "limit": 5}}, "[GET] http://x/api => [500]"},
	}
	for _, tc := range cases {
		t.Run(tc.tool, func(t *testing.T) {
			fe, _, cs := setup(t, Options{MaxSnapshotChars: 1000}, "agent")
			fe.setRule("pages.snapshot", answer{result: snap})
			fe.setRule("pages.drag", answer{result: map[string]any{"ok": true}})
			fe.setRule("pages.scroll", answer{result: map[string]any{"scrollX": 0, "scrollY": 300}})
			fe.setRule("pages.find", answer{result: map[string]any{"elements": []map[string]any{{"ref": "e9", "role": "button", "name": "Go"}}}})
			fe.setRule("pages.setCookie", answer{result: map[string]any{"ok": true, "url": "http://x/"}})
			fe.setRule("pages.cookies", answer{result: map[string]any{"url": "http://x/", "cookies": []map[string]any{{"name": "sid", "value": "1", "domain": "x", "path": "/", "expires": -1}}}})
			fe.setRule("pages.clearCookies", answer{result: map[string]any{"url": "http://x/", "deleted": 2}})
			fe.setRule("pages.storage", answer{result: map[string]any{"origin": "http://x", "key": "k", "value": "v"}})
			fe.setRule("pages.setStorage", answer{result: map[string]any{"ok": true, "origin": "http://x"}})
			fe.setRule("pages.clearStorage", answer{result: map[string]any{"cleared": 3, "origin": "http://x"}})
			fe.setRule("tabs.active", answer{result: map[string]any{"tabId": 7, "url": "http://x/", "title": "X", "active": true}})
			fe.setRule("tabs.close", answer{result: map[string]any{"tabId": 7, "closed": true}})
			fe.setRule("tabs.list", answer{result: map[string]any{"tabs": []map[string]any{}}})
			fe.setRule("logs.network", answer{result: map[string]any{"requests": []map[string]any{{"method": "GET", "url": "http://x/api", "status": 500, "type": "Fetch"}}, "inflight": []any{}}})
			res := callTool(t, cs[0], tc.tool, tc.args)
			if res.IsError {
				t.Fatalf("tool error: %s", textOf(res))
			}
			if !strings.Contains(textOf(res), tc.says) {
				t.Errorf("result %q does not say %q", textOf(res), tc.says)
			}
			got := fe.requests()[1:]
			g := got[0]
			if g.Method != tc.want.Method || g.Params["sessionId"] != "s1" {
				t.Fatalf("got %s %v, want %s on s1", g.Method, g.Params, tc.want.Method)
			}
			for k, v := range tc.want.Params {
				gj, _ := json.Marshal(g.Params[k])
				wj, _ := json.Marshal(v)
				if string(gj) != string(wj) {
					t.Errorf("%s = %s, want %s", k, gj, wj)
				}
			}
			if tc.tool == "browser_close" && (len(got) < 2 || got[1].Method != "tabs.close" || got[1].Params["tabId"] != float64(7)) {
				t.Errorf("close should close the active tab 7: %+v", got)
			}
		})
	}
	t.Run("refused", func(t *testing.T) {
		fe, _, cs := setup(t, Options{}, "agent")
		for _, args := range []map[string]any{
			{"direction": "down", "sessionId": "someone-else"},
			{"direction": "sideways"},
			{"amount": 3},
		} {
			res := callTool(t, cs[0], "browser_scroll", args)
			if !res.IsError || !strings.HasPrefix(textOf(res), "error -32602 invalid_params: browser_scroll: ") {
				t.Errorf("%v: not refused as invalid_params: %s", args, textOf(res))
			}
		}
		for _, r := range fe.requests() {
			if r.Method == "pages.scroll" {
				t.Errorf("a refused call reached the browser: %+v", r)
			}
		}
	})
}

// A download an action started is moved into the download folder and the
// result names the file and its size.
func TestDownloadSavedAndNamed(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(t.TempDir(), "report.csv")
	if err := os.WriteFile(src, []byte("a,b\n1,2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dest := filepath.Join(dir, "report.csv")
	fe, _, cs := setup(t, Options{OutputDir: t.TempDir(), SaveDownload: func(d *rpc.Download, _ string) (string, error) {
		return dest, os.Rename(d.Path, dest)
	}}, "agent")
	fe.setRule("pages.download", answer{result: map[string]any{"guid": "g", "state": "complete", "path": src, "bytes": 8, "mime": "text/csv", "suggestedFilename": "report.csv"}})
	fe.setRule("tabs.active", answer{result: map[string]any{"tabId": 7, "url": "http://x/", "title": "X"}})
	res := callTool(t, cs[0], "browser_download", map[string]any{"ref": "e3"})
	txt := textOf(res)
	if res.IsError || !strings.Contains(txt, dest+" (8 bytes") {
		t.Fatalf("result should name %s and its size: %s", dest, txt)
	}
	if b, err := os.ReadFile(dest); err != nil || string(b) != "a,b\n1,2\n" {
		t.Errorf("the file in the download folder: %q, %v", b, err)
	}
}

// A cut snapshot continued at the offset its note names gives every line
// once, in order.
func TestTruncateFromPartsCoverTheSnapshotOnce(t *testing.T) {
	var lines []string
	for i := 0; i < 300; i++ {
		lines = append(lines, fmt.Sprintf("- link \"Item %d\" [ref=e%d]", i, i+1))
	}
	full := strings.Join(lines, "\n")
	note := regexp.MustCompile(`\n\[\.\.\. \d+ more lines with \d+ refs not shown: call browser_snapshot with offset (\d+) for the rest\]$`)
	var seen []string
	offset := 0
	for part := 0; part < 100; part++ {
		got := TruncateFrom(full, offset, 1000)
		if len(got) > 1000 {
			t.Fatalf("part %d: %d chars", part, len(got))
		}
		m := note.FindStringSubmatchIndex(got)
		if m == nil {
			seen = append(seen, strings.Split(got, "\n")...)
			break
		}
		body := got[:m[0]]
		seen = append(seen, strings.Split(body, "\n")...)
		next, _ := strconv.Atoi(got[m[2]:m[3]])
		if next != offset+strings.Count(body, "\n")+1 {
			t.Fatalf("part %d: offset %d names the wrong next line %d", part, offset, next)
		}
		offset = next
	}
	if !slices.Equal(seen, lines) {
		t.Errorf("the parts are not the snapshot once: %d lines of %d", len(seen), len(lines))
	}
	if got := TruncateFrom(full, 300, 1000); !strings.Contains(got, "past the end") {
		t.Errorf("an offset past the end says so: %q", got)
	}
}

// A call that leaves out arguments gets a result from every tool (never a
// crashed server); where members are required it is an invalid_params
// error.
func TestParamToolsWithoutArguments(t *testing.T) {
	_, _, cs := setup(t, Options{}, "agent")
	for _, pt := range New(Options{}).toolDefs() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		res, err := cs[0].CallTool(ctx, &mcp.CallToolParams{Name: pt.tool.Name})
		cancel()
		if err != nil {
			t.Fatalf("%s without arguments: %v", pt.tool.Name, err)
		}
		if len(pt.tool.InputSchema.(*jsonschema.Schema).Required) > 0 && !strings.Contains(textOf(res), "invalid_params") {
			t.Errorf("%s without its required arguments: %s", pt.tool.Name, textOf(res))
		}
	}
}

// playwrightToolsListBytes is Playwright MCP 0.0.83's tools/list result with
// its default tools, measured with `go run ./bench/toolslist -- node
// bench/mcp/node_modules/@playwright/mcp/cli.js --headless`; logged beside
// ours for comparison.
const playwrightToolsListBytes = 20912

// toolsListMaxBytes bounds what every agent reads before its first call:
// the default tools/list and the server's instructions. On the agent
// benchmark (`make bench-agent`) the 44 tools listed whole were 85% of what
// an agent that asks browser_find read for six tasks; the core tools and
// browser_more are ~5,600 characters with the instructions, and the bound
// leaves ~1,500 for tools still to come (fold them into browser_more's
// names where most tasks do without them: a name costs ~20).
const toolsListMaxBytes = 7200

// tools/list stays within its bound: every agent reads all of it on every
// start.
func TestToolsListWithinBound(t *testing.T) {
	_, _, cs := setup(t, Options{}, "agent")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := cs[0].ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(res)
	read := len(b) + len(cs[0].InitializeResult().Instructions)
	if read > toolsListMaxBytes {
		t.Errorf("tools/list and the instructions are %d bytes (%d tools), over their bound of %d: shorten the words or move a tool into browser_more's names", read, len(res.Tools), toolsListMaxBytes)
	}
	t.Logf("tools/list: %d tools, %d bytes, instructions %d bytes, ~%d tokens (Playwright MCP 0.0.83: %d bytes)", len(res.Tools), len(b), read-len(b), read/4, playwrightToolsListBytes)
}
