package cmd

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"browserctl/cmd/cmdutil"
	"browserctl/mcpserver"
	"browserctl/rpc"
)

// toolProperties lists each MCP tool's input properties, as a client sees
// them when the server lists every tool.
func toolProperties(t *testing.T) map[string]map[string]bool {
	t.Helper()
	srv := mcpserver.New(mcpserver.Options{AllTools: true})
	ct, st := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := srv.MCP().Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]bool{}
	for _, tl := range res.Tools {
		b, _ := json.Marshal(tl.InputSchema)
		var s struct {
			Properties map[string]any `json:"properties"`
		}
		_ = json.Unmarshal(b, &s)
		out[tl.Name] = map[string]bool{}
		for p := range s.Properties {
			out[tl.Name][p] = true
		}
	}
	return out
}

// The CLI command and the MCP tool of one capability fill the same rpc
// params type: every flag of the command sets a member the tool's schema
// has (the flags that only the CLI needs, and the members the tool leaves
// out, are named), and every member the command sends is one the tool
// takes.
func TestCLIFlagsAndMCPToolsShareParams(t *testing.T) {
	props := toolProperties(t)
	params := mcpserver.ToolParams()
	// Members the server fills for the agent.
	serverFills := map[string]bool{"sessionId": true, "tabId": true, "timeoutMs": true}
	cases := []struct {
		tool    string
		cmd     func(*cmdutil.Factory, func(*cmdutil.PageCall) error) *cobra.Command
		args    []string
		cliOnly map[string]bool // flags with no member, or one the tool leaves out
		sends   any             // the params the tool sends for this command, when not its input's
	}{
		// force (replace an existing file) stays the person's: inside its output
		// folder an MCP tool replaces its own earlier file, never a symlink.
		// allow-file stays the person's: an agent talked into a file: URL would
		// read this machine's files into the page.
		{"browser_navigate", newCmdOpen, []string{"example.com"}, map[string]bool{"wait-until": true, "allow-file": true}, nil},
		{"browser_navigate_back", newCmdBack, []string{}, map[string]bool{"wait-until": true}, nil},
		{"browser_reload", newCmdReload, []string{}, map[string]bool{"wait-until": true}, nil},
		{"browser_press_key", func(f *cmdutil.Factory, runF func(*cmdutil.PageCall) error) *cobra.Command {
			return cmdutil.NewCmdDeclared(f, runF, "press")
		}, []string{"Enter"}, nil, nil},
		{"browser_take_screenshot", declaredBuild("screenshot"), []string{"e1"}, map[string]bool{"output": true, "max-width": true, "force": true}, nil},
		{"browser_vitals", declaredBuild("vitals"), []string{}, nil, nil},
		{"browser_drag", newCmdDrag, []string{"e1", "e2"}, nil, nil},
		{"browser_scroll", newCmdScroll, []string{"down", "300"}, nil, nil},
		{"browser_find", newCmdFind, []string{}, nil, nil},
		{"browser_download", declaredBuild("download"), []string{"e3"}, map[string]bool{"output": true, "force": true}, nil},
		{"browser_pdf_save", declaredBuild("pdf"), []string{}, map[string]bool{"output": true, "force": true}, nil},
		{"browser_cookies", newCmdCookiesSet, []string{"a", "b"}, nil, nil},
		{"browser_cookies", newCmdCookiesClear, []string{}, nil, rpc.CookiesParams{}},
		{"browser_handoff", newCmdHandoff, []string{"sign in please"}, nil, nil},
	}
	values := map[string]string{"duration": "7s", "int": "3", "string": "x", "bool": "true"}
	for _, tc := range cases {
		schema := props[tc.tool]
		if schema == nil {
			t.Errorf("no tool %s", tc.tool)
			continue
		}
		var sent reflect.Type
		{
			e := newTestEnv(t)
			c := tc.cmd(e.f, func(pc *cmdutil.PageCall) error { sent = reflect.TypeOf(pc.Params); return nil })
			c.SetArgs(append(append([]string{}, tc.args...), flagsFor(tc.tool, "")...))
			c.SetOut(e.out)
			c.SetErr(e.err)
			if err := c.Execute(); err != nil {
				t.Fatalf("%s: %v", c.Name(), err)
			}
		}
		want := params[tc.tool]
		if tc.sends != nil {
			want = reflect.TypeOf(tc.sends)
		}
		if sent == nil || sent != want {
			t.Errorf("%s sends %v, %s sends %v", tc.cmd(newTestEnv(t).f, nil).Name(), sent, tc.tool, want)
		}
		parse := func(extra ...string) map[string]any {
			t.Helper()
			e := newTestEnv(t)
			var got *cmdutil.PageCall
			c := tc.cmd(e.f, func(pc *cmdutil.PageCall) error { got = pc; return nil })
			c.SetArgs(append(append([]string{}, tc.args...), extra...))
			c.SetOut(e.out)
			c.SetErr(e.err)
			if err := c.Execute(); err != nil {
				t.Fatalf("%s %v: %v", c.Name(), extra, err)
			}
			b, _ := json.Marshal(got.Params)
			m := map[string]any{}
			_ = json.Unmarshal(b, &m)
			return m
		}
		base := parse(flagsFor(tc.tool, "")...)
		for k := range base {
			if !serverFills[k] && !schema[k] {
				t.Errorf("%s sends %s, which %s does not take", tc.tool, k, tc.tool)
			}
		}
		c := tc.cmd(newTestEnv(t).f, nil)
		c.Flags().VisitAll(func(fl *pflag.Flag) {
			if fl.Name == "tab" || fl.Name == "help" || tc.cliOnly[fl.Name] {
				return
			}
			v, ok := values[fl.Value.Type()]
			if !ok {
				t.Errorf("%s --%s: no test value for a %s flag", c.Name(), fl.Name, fl.Value.Type())
				return
			}
			switch fl.Name {
			case "expires":
				v = "1h"
			case "format":
				v = "jpeg"
			}
			got := parse(append(flagsFor(tc.tool, fl.Name), "--"+fl.Name+"="+v)...)
			changed := 0
			for k, gv := range got {
				if reflect.DeepEqual(base[k], gv) {
					continue
				}
				changed++
				if !serverFills[k] && !schema[k] {
					t.Errorf("%s --%s sets %s, which %s does not take", c.Name(), fl.Name, k, tc.tool)
				}
			}
			for k := range base {
				if _, still := got[k]; !still {
					changed++
				}
			}
			if changed == 0 {
				t.Errorf("%s --%s sets no member of the params %s takes", c.Name(), fl.Name, tc.tool)
			}
		})
	}
}

// flagsFor are the flags a command needs to parse at all beside flag.
func flagsFor(tool, flag string) []string {
	switch {
	case tool == "browser_find" && flag != "text" && flag != "label":
		return []string{"--role", "button"}
	case tool == "browser_take_screenshot" && flag == "quality":
		return []string{"--format", "jpeg"}
	}
	return nil
}
