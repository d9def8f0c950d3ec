package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"browserctl/rpc"
)

// The input schema of every tool over an rpc params type is that type's
// members, less the ones the server fills, plus the declared tool-only
// ones; required exactly where the params type requires. Checked on the
// schemas the server lists, so a tool cannot drift from its method.
func TestParamToolSchemasComeFromRPCParams(t *testing.T) {
	_, _, cs := setup(t, Options{}, "agent")
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
	s := New(Options{})
	pts := s.paramTools()
	if len(pts) < 8 {
		t.Fatalf("only %d tools over rpc params", len(pts))
	}
	for _, pt := range pts {
		name := pt.tool.Name
		raw, ok := listed[name]
		if !ok {
			t.Errorf("%s is not listed", name)
			continue
		}
		var schema struct {
			Properties map[string]struct {
				Description string `json:"description"`
				Enum        []any  `json:"enum"`
				Default     any    `json:"default"`
			} `json:"properties"`
			Required             []string `json:"required"`
			AdditionalProperties any      `json:"additionalProperties"`
		}
		if err := json.Unmarshal(raw, &schema); err != nil {
			t.Fatal(err)
		}
		if schema.AdditionalProperties != false {
			t.Errorf("%s: members outside the schema must be refused, additionalProperties %v", name, schema.AdditionalProperties)
		}
		tags := memberTags(pt.params)
		for prop, p := range schema.Properties {
			tag, inParams := tags[prop]
			switch {
			case slices.Contains(hiddenMembers, prop):
				t.Errorf("%s: %s is the server's to fill, not the agent's", name, prop)
			case !inParams && !slices.Contains(pt.extra, prop):
				t.Errorf("%s: property %s is neither a member of %s nor a declared tool-only member", name, prop, pt.params)
			case inParams && tag.Get("enum") != "":
				e, _ := enumNamed(tag.Get("enum"))
				if len(p.Enum) != len(e.Values) {
					t.Errorf("%s: %s's enum %v, the rpc enum %v", name, prop, p.Enum, e.Values)
				}
			}
		}
		for member, tag := range tags {
			if slices.Contains(hiddenMembers, member) {
				continue
			}
			if _, ok := schema.Properties[member]; !ok {
				t.Errorf("%s: %s's member %s is missing from the schema", name, pt.params, member)
				continue
			}
			optional := strings.Contains(tag.Get("json"), "omitempty")
			if !optional && !slices.Contains(schema.Required, member) {
				// declared optional per action (cookies' name, ...): the
				// handler checks it
				if spec := optionalIn(name); !slices.Contains(spec, member) {
					t.Errorf("%s: %s is required by %s but not by the schema", name, member, pt.params)
				}
			}
			if optional && slices.Contains(schema.Required, member) {
				t.Errorf("%s: %s is optional in %s but required by the schema", name, member, pt.params)
			}
		}
	}
}

// optionalIn is what the test allows a tool to make optional: its
// per-action members.
func optionalIn(tool string) []string {
	switch tool {
	case "browser_cookies":
		return []string{"name", "value"}
	case "browser_storage":
		return []string{"key", "value"}
	}
	return nil
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
			if !res.IsError {
				t.Errorf("%v: accepted: %s", args, textOf(res))
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
	fe, _, cs := setup(t, Options{SaveDownload: func(d *rpc.Download) (string, error) {
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
