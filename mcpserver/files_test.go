package mcpserver

import (
	"cmp"
	"context"
	"encoding/base64"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"syscall"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/rpc"
)

// pathTools is every tool that takes a file path, the member naming it,
// whether it reads (else writes) the file, and the wire method that must
// not be sent for a refused path. TestPathToolsMatrix finds them in
// tools/list and fails on one missing here.
var pathTools = map[string]struct {
	member string
	reads  bool
	method string
	// args beside the path (an action); ext is the inside file's
	// extension (default .json)
	args map[string]any
	ext  string
}{
	"browser_state_save":     {"path", false, rpc.StateSave, nil, ""},
	"browser_state_load":     {"path", true, rpc.StateLoad, nil, ""},
	"browser_pdf_save":       {"filename", false, rpc.PagePDF, nil, ""},
	"browser_stop_trace":     {"path", false, rpc.TraceStop, nil, ""},
	"browser_file_upload":    {"paths", true, rpc.PageUpload, nil, ""},
	"browser_stop_recording": {"filename", false, rpc.RecordActionsStop, nil, ""},
	"browser_har":            {"filename", false, rpc.NetworkHARStop, map[string]any{"action": "stop"}, ".har"},
	"browser_video":          {"filename", false, rpc.RecordStop, map[string]any{"action": "stop"}, ".gif"},
}

// notFiles are path-like members that name no file.
var notFiles = map[string]string{"browser_cookies": "path is a cookie's path"}

// pathLike are the input members that name a file.
var pathLike = map[string]bool{"path": true, "paths": true, "filename": true, "file": true, "files": true, "dir": true, "folder": true, "output": true}

// TestPathToolsMatrix asks every path-taking tool (walked from tools/list)
// for ../, an absolute path outside, a symlink leading outside, and a path
// inside: the first three fail path_not_allowed with nothing sent to the
// browser nor written, the last goes through. It runs under a umask of 000:
// what is written is still 0600.
func TestPathToolsMatrix(t *testing.T) {
	old := syscall.Umask(0)
	defer syscall.Umask(old)
	out, allowed, outside := t.TempDir(), t.TempDir(), t.TempDir()
	secret := filepath.Join(outside, "secret")
	if err := os.WriteFile(secret, []byte("precious"), 0o600); err != nil {
		t.Fatal(err)
	}
	state := `{"cookies":[],"origins":[]}`
	inside := filepath.Join(allowed, "state.json")
	os.WriteFile(inside, []byte(state), 0o600)
	os.WriteFile(filepath.Join(outside, "state.json"), []byte(state), 0o600)
	for _, dir := range []string{out, allowed} {
		os.Symlink(secret, filepath.Join(dir, "link-out"))
	}

	fe, _, cs := setup(t, Options{OutputDir: out, AllowRead: []string{allowed}, AllTools: true}, "agent")
	answerFileTools(t, fe)

	// Walk the tool list: every tool with a path-like member is in pathTools.
	tools, err := cs[0].ListTools(context.Background(), &mcp.ListToolsParams{})
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, tool := range tools.Tools {
		schema, _ := tool.InputSchema.(map[string]any)
		props, _ := schema["properties"].(map[string]any)
		for name := range props {
			if pathLike[name] && notFiles[tool.Name] == "" {
				found = append(found, tool.Name)
				if _, ok := pathTools[tool.Name]; !ok {
					t.Errorf("%s takes %q, a path: add it to pathTools and confine it", tool.Name, name)
				}
			}
		}
	}
	sort.Strings(found)
	if len(found) != len(pathTools) {
		t.Errorf("tools/list has path tools %v; pathTools has %d", found, len(pathTools))
	}

	cells := 0
	for _, name := range found {
		spec := pathTools[name]
		root := out
		okPath := "ok-" + name + cmp.Or(spec.ext, ".json")
		if spec.reads {
			root, okPath = allowed, inside
		}
		cases := []struct {
			label, path string
			ok          bool
		}{
			{"../x", "../" + filepath.Base(outside) + "/state.json", false},
			{"/abs/outside", filepath.Join(outside, "state.json"), false},
			{"symlink-to-outside", filepath.Join(root, "link-out"), false},
			{"ok-inside", okPath, true},
		}
		for _, tc := range cases {
			cells++
			before := len(fe.requests())
			args := map[string]any{spec.member: tc.path}
			maps.Copy(args, spec.args)
			if spec.member == "paths" {
				args = map[string]any{"paths": []string{tc.path}, "ref": "e1"}
			}
			res := callTool(t, cs[0], name, args)
			txt := textOf(res)
			sent := false
			for _, r := range fe.requests()[before:] {
				sent = sent || r.Method == spec.method
			}
			if !tc.ok {
				if !res.IsError || !strings.Contains(txt, string(rpc.ReasonPathNotAllowed)) || sent {
					t.Errorf("%s %s (%s): error %v, sent %v: %s; want path_not_allowed and nothing sent", name, tc.label, tc.path, res.IsError, sent, txt)
				}
				continue
			}
			if res.IsError {
				t.Errorf("%s %s: %s", name, tc.label, txt)
				continue
			}
			if !spec.reads {
				written := filepath.Join(out, okPath)
				if st, err := os.Stat(written); err != nil || st.Mode().Perm() != 0o600 {
					t.Errorf("%s wrote %s: %v, %v; want mode 0600 under umask 000", name, written, st, err)
				}
				if !strings.Contains(txt, written) {
					t.Errorf("%s: the result does not name %s: %s", name, written, txt)
				}
			}
		}
	}
	if b, _ := os.ReadFile(secret); string(b) != "precious" {
		t.Errorf("the file outside holds %q", b)
	}
	if es, _ := os.ReadDir(outside); len(es) != 2 {
		t.Errorf("something was written outside: %v", es)
	}
	t.Logf("MCP path matrix: %d tools x 4 paths = %d cells", len(found), cells)
}

// answerFileTools has fe answer the methods behind pathTools as a browser
// would.
func answerFileTools(t *testing.T, fe *fakeExtension) {
	fe.setRule(rpc.StateSave, answer{result: map[string]any{"cookies": []any{}, "origins": []any{}}})
	fe.setRule(rpc.StateLoad, answer{result: map[string]any{"cookies": 0, "origins": []string{}}})
	fe.setRule(rpc.PagePDF, answer{result: map[string]any{"data": base64.StdEncoding.EncodeToString([]byte("%PDF-1.4"))}})
	fe.setRule(rpc.TraceStop, answer{result: map[string]any{"tabId": 7, "stream": "s1"}})
	fe.setRule(rpc.TraceRead, answer{result: map[string]any{"data": `{"traceEvents":[]}`, "eof": true}})
	fe.setRule(rpc.PageUpload, answer{result: map[string]any{"files": 1, "target": "e1"}})
	fe.setRule(rpc.RecordActionsStop, answer{result: map[string]any{"script": "click e1\n", "lines": 1, "actions": 1, "targets": map[string]int{}}})
	fe.setRule(rpc.NetworkHARStop, answer{result: map[string]any{"entries": []any{}, "dropped": 0, "started": 1}})
	fe.setRule(rpc.RecordStop, answer{result: map[string]any{"frames": 1, "durationMs": 100, "tabs": []int{7}}})
	fe.setRule(rpc.RecordFrames, answer{result: oneFrame(t)})
	fe.setRule("tabs.active", answer{result: map[string]any{"tabId": 7, "url": "http://x/", "title": "X"}})
}

// A file tool asked to write where no file can go (a folder inside the
// output root) says so before it sends what it cannot take back: the
// recording, trace or HAR goes on, and the agent can ask again with
// another name.
func TestFileToolsRefuseAFolderBeforeTheyStop(t *testing.T) {
	out := t.TempDir()
	if err := os.Mkdir(filepath.Join(out, "a-folder"), 0o700); err != nil {
		t.Fatal(err)
	}
	fe, _, cs := setup(t, Options{OutputDir: out, AllTools: true}, "agent")
	answerFileTools(t, fe)
	writers := 0
	for _, name := range slices.Sorted(maps.Keys(pathTools)) {
		spec := pathTools[name]
		if spec.reads {
			continue
		}
		writers++
		args := map[string]any{spec.member: "a-folder"}
		maps.Copy(args, spec.args)
		before := len(fe.requests())
		res := callTool(t, cs[0], name, args)
		for _, r := range fe.requests()[before:] {
			if r.Method == spec.method {
				t.Errorf("%s to a folder sent %s", name, spec.method)
			}
		}
		if txt := textOf(res); !res.IsError || !strings.Contains(txt, "a-folder") {
			t.Errorf("%s to a folder: error %v: %s; want an error naming the folder", name, res.IsError, txt)
		}
	}
	if writers < 6 {
		t.Errorf("only %d tools write files; pathTools lost some", writers)
	}
}

// A client's MCP roots would be folders it may read from, but the SDK
// refuses roots/list on the protocol version the Go client speaks
// (2026-07-28, roots deprecated): its roots allow nothing, and a file
// outside --allow-read stays refused.
func TestClientRootsAllowNothingOnNewProtocols(t *testing.T) {
	project := t.TempDir()
	file := filepath.Join(project, "cv.pdf")
	os.WriteFile(file, []byte("x"), 0o600)
	fe, s, _ := setup(t, Options{OutputDir: t.TempDir()})
	fe.setRule(rpc.PageUpload, answer{result: map[string]any{"files": 1, "target": "e1"}})
	fe.setRule(rpc.RecordActionsStop, answer{result: map[string]any{"script": "click e1\n", "lines": 1, "actions": 1, "targets": map[string]int{}}})
	fe.setRule("tabs.active", answer{result: map[string]any{"tabId": 7, "url": "http://x/", "title": "X"}})
	client := mcp.NewClient(&mcp.Implementation{Name: "rooted"}, nil)
	//lint:ignore SA1019 a client of the protocol versions that still have roots
	client.AddRoots(&mcp.Root{URI: "file://" + project})
	st, ct := mcp.NewInMemoryTransports()
	if _, err := s.MCP().Connect(context.Background(), st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := client.Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if res := callTool(t, cs, "browser_file_upload", map[string]any{"paths": []string{file}, "ref": "e1"}); !res.IsError || !strings.Contains(textOf(res), "path_not_allowed") {
		t.Errorf("a file in the client's root on 2026-07-28: %s", textOf(res))
	}
	other := filepath.Join(t.TempDir(), "x")
	os.WriteFile(other, nil, 0o600)
	if res := callTool(t, cs, "browser_file_upload", map[string]any{"paths": []string{other}, "ref": "e1"}); !res.IsError || !strings.Contains(textOf(res), "path_not_allowed") {
		t.Errorf("a file outside the roots: %s", textOf(res))
	}
}

// The default output folder is the client's own in the state folder.
func TestDefaultOutputFolderIsTheClients(t *testing.T) {
	state := t.TempDir()
	fe, _, cs := setup(t, Options{StateDir: func() (string, error) { return state, nil }}, "claude code/../x")
	fe.setRule(rpc.PagePDF, answer{result: map[string]any{"data": base64.StdEncoding.EncodeToString([]byte("%PDF"))}})
	fe.setRule("tabs.active", answer{result: map[string]any{"tabId": 7, "url": "http://x/", "title": "X"}})
	res := callTool(t, cs[0], "browser_pdf_save", map[string]any{"filename": "p.pdf"})
	want := filepath.Join(state, "mcp", "claude-code----x", "p.pdf")
	if res.IsError || !strings.Contains(textOf(res), want) {
		t.Fatalf("pdf: %s; want it at %s", textOf(res), want)
	}
	if st, err := os.Stat(filepath.Dir(want)); err != nil || st.Mode().Perm() != 0o700 {
		t.Errorf("the output folder: %v, %v; want 0700", st, err)
	}
}
