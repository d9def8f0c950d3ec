package cmd

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"browserctl/cmd/cmdutil"
	"browserctl/rpc"
)

// Every method of rpc.Methods reaches its users: the extension handles it,
// docs/protocol.md lists it, a command calls it (declared on its row, or
// written by hand in cmd/ and naming its wire constant, or named by the
// row's CalledBy) unless the row says why none does (CallOnly), and every
// declared command says what save does with its lines (the hand-written
// ones: TestEveryCommandDeclaresReplay).
//
// The extension's handler: protocol.gen.ts (kept fresh by internal/protogen)
// lists the method, and handler-table.ts answers a HandlerTable, a mapped
// type over every method, so a missing handler does not compile (npm test,
// and internal/protogen's typecheck).
func TestEveryMethodIsComplete(t *testing.T) {
	gen := readFile(t, "../extension/src/background/protocol.gen.ts")
	docs := readFile(t, "../docs/protocol.md")
	if !strings.Contains(readFile(t, "../extension/src/background/handler-table.ts"), "): HandlerTable {") {
		t.Error("handler-table.ts no longer answers a HandlerTable: the handler check below proves nothing")
	}
	called := wiresNamedInCommands(t)
	root := NewRootCmd(newTestEnv(t).f)
	for _, m := range rpc.Methods {
		if !strings.Contains(gen, strconv.Quote(m.Wire)+",") {
			t.Errorf("%s: not in protocol.gen.ts's method list (run go generate ./...)", m.Wire)
		}
		if !strings.Contains(docs, "| `"+m.Wire+"` |") {
			t.Errorf("%s: no row in docs/protocol.md (run go generate ./...)", m.Wire)
		}
		for _, dc := range m.Commands {
			c, rest, err := root.Find(strings.Fields(dc.Path))
			if err != nil || len(rest) > 0 || c.CommandPath() != "browserctl "+dc.Path {
				t.Errorf("%s: its command %q is not in the tree", m.Wire, dc.Path)
				continue
			}
			if d := cmdutil.DeclOf(c); !d.Declared || !d.Replay && d.Why == "" {
				t.Errorf("%s: %q declares no replay: set its Replay", m.Wire, dc.Path)
			}
		}
		if m.CalledBy != "" {
			if c, rest, err := root.Find(strings.Fields(m.CalledBy)); err != nil || len(rest) > 0 || c.CommandPath() != "browserctl "+m.CalledBy {
				t.Errorf("%s: CalledBy names %q, which is not in the tree", m.Wire, m.CalledBy)
			}
		}
		switch {
		case len(m.Commands) > 0 || called[m.Wire] || m.CalledBy != "":
		case m.CallOnly != "":
			t.Logf("%s: call only (%s)", m.Wire, m.CallOnly)
		default:
			t.Errorf("%s: no command calls it: declare one on its row (Commands), or say why there is none (CallOnly)", m.Wire)
		}
	}
}

// wiresNamedInCommands are the wire names whose rpc constant a command
// written by hand names (cmd/'s files but tests and the builder, and the
// packages those commands hand their work to).
func wiresNamedInCommands(t *testing.T) map[string]bool {
	t.Helper()
	fset := token.NewFileSet()
	wireOf := map[string]string{} // rpc constant -> wire name
	rpcFiles, _ := filepath.Glob("../rpc/*.go")
	for _, fn := range rpcFiles {
		f, err := parser.ParseFile(fset, fn, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, s := range g.Specs {
				vs := s.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if i < len(vs.Values) {
						if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
							wireOf[n.Name], _ = strconv.Unquote(lit.Value)
						}
					}
				}
			}
		}
	}
	called := map[string]bool{}
	// cmd/'s own files, what its commands share (cmdutil), and the
	// packages its hand-written commands hand their work to (doctor, save's
	// recorder, -v's timing).
	var cmdFiles []string
	for _, dir := range []string{".", "cmdutil", "internal/doctor", "../repl/recorder", "internal/timing"} {
		fs, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		if len(fs) == 0 {
			t.Fatalf("no Go files in %s: the folder moved, and this list must follow it", dir)
		}
		cmdFiles = append(cmdFiles, fs...)
	}
	for _, fn := range cmdFiles {
		if strings.HasSuffix(fn, "_test.go") || fn == "cmdutil/declared.go" || fn == "cmdutil/declared_print.go" {
			continue
		}
		f, err := parser.ParseFile(fset, fn, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == "rpc" {
					if w, ok := wireOf[sel.Sel.Name]; ok {
						called[w] = true
					}
				}
			}
			return true
		})
	}
	return called
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A declared command parses its arguments and flags into the method's
// params: targets into ref or selector, fixed members, optional and rest
// arguments, flags only when given, --tab and the session.
func TestDeclaredCommandsFillParams(t *testing.T) {
	for _, tt := range []struct {
		args   string
		method string
		params string
	}{
		{"focus e4", rpc.PageFocus, `{"ref":"e4"}`},
		{"focus #q --tab 7", rpc.PageFocus, `{"tabId":7,"selector":"#q"}`},
		{"hover e5 --force", rpc.PageHover, `{"ref":"e5","force":true}`},
		{"select e8 red green", rpc.PageSelect, `{"ref":"e8","values":["red","green"]}`},
		{"get attr e5 href", rpc.PageGetAttribute, `{"ref":"e5","name":"href"}`},
		{"get style .x color", rpc.PageGetStyle, `{"selector":".x","name":"color"}`},
		{"get count li", rpc.PageCount, `{"selector":"li"}`},
		{"is checked e2", rpc.PageIs, `{"state":"checked","ref":"e2"}`},
		{"dialog accept", rpc.PageDialog, `{"action":"accept"}`},
		{"dialog accept Ada", rpc.PageDialog, `{"action":"accept","text":"Ada"}`},
		{"cookies clear --url https://a.test/", rpc.PageClearCookies, `{"url":"https://a.test/"}`},
		{"--session s1 press Enter", rpc.PagePress, `{"sessionId":"s1","key":"Enter"}`},
		{"--session s1 tab open --background https://a.test/", rpc.TabOpen, `{"sessionId":"s1","url":"https://a.test/","active":false}`},
		{"tab attach 104", rpc.TabAttach, `{"tabId":104}`},
		{"--session s1 session rename s2 work", rpc.SessionRename, `{"sessionId":"s2","name":"work"}`},
		{"--session s1 session close", rpc.SessionClose, `{"sessionId":"s1"}`},
		{"snapshot -i --max-chars 0", rpc.PageSnapshot, `{"interactive":true}`},
		{"snapshot -d 0 -s e3 --max-chars 300", rpc.PageSnapshot, `{"depth":0,"selector":"e3","maxChars":300}`},
		{"find --role button --name Go --limit 0", rpc.PageFind, `{"role":"button","name":"Go"}`},
		{"eval 1 + 2", rpc.PageEval, `{"expression":"1 + 2"}`},
		{"drag e1 #b --force", rpc.PageDrag, `{"ref":"e1","toSelector":"#b","force":true}`},
		{"click e1 --button right --count 2", rpc.PageClick, `{"ref":"e1","button":"right","clickCount":2}`},
		{"scroll up 200", rpc.PageScroll, `{"direction":"up","amount":200}`},
	} {
		e := newTestEnv(t)
		e.h.errs[tt.method] = rpc.FromWire(4110, "stop here", nil)
		e.run(tt.args)
		c := e.h.lastCall(t)
		if c.Method != tt.method || !sameJSON(c.Params, tt.params) {
			t.Errorf("%s: sent %s %s, want %s %s", tt.args, c.Method, c.Params, tt.method, tt.params)
		}
	}
}

// Bad arguments of a declared command are usage errors (exit 2) that send
// nothing, and say what is wrong.
func TestDeclaredCommandsUsage(t *testing.T) {
	for _, tt := range []struct{ args, want string }{
		{"focus", "needs a REF from the last snapshot or a CSS selector"},
		{"get attr e1", "get attr needs a REF (or CSS selector) and an attribute NAME"},
		{"is hidden e1", `cannot ask whether it is "hidden": visible, enabled or checked`},
		{"dialog policy maybe", `policy must be accept, dismiss, hold, got "maybe"`},
		{"dialog dismiss now", "takes no arguments"},
		{"select e1", "needs a REF and at least one VALUE"},
		{"find --role a --text b", "find needs exactly one of --role, --text or --label"},
		{"find", "find needs exactly one of --role, --text or --label"},
		{"find --name x --text y", "--name goes with --role"},
		{"find --role x --limit -1", "--limit must not be negative, got -1"},
		{"snapshot --max-chars 100", "--max-chars must be at least 200, not 100"},
		{"snapshot -d -1", "--depth must not be negative, got -1"},
		{"tab attach x", `tab id must be a number, got "x"`},
		{"tab close abc", `a tab is its id (a number) or its URL, got "abc"`},
		{"open --wait-until x example.com", `--wait-until must be load, domcontentloaded, networkidle, none, got "x"`},
		{"scroll down 1.5", `pixels must be a whole number >= 0, got "1.5"`},
		{"scroll sideways", `direction must be up, down, left or right, got "sideways"`},
		{"click e1 --button x", `--button must be left, right or middle, got "x"`},
		{"session release s1 s2", "needs at most one session ID"},
	} {
		e := newTestEnv(t)
		if code := e.run(tt.args); code != cmdutil.ExitUsage || !strings.Contains(e.err.String(), tt.want) {
			t.Errorf("%s: exit %d, stderr %q; want %d and %q", tt.args, code, e.err, cmdutil.ExitUsage, tt.want)
		}
		if len(e.h.calls) != 0 {
			t.Errorf("%s: a usage error sent %v", tt.args, e.h.calls)
		}
	}
}

// The declared commands print as the hand-written ones did: a done line
// on a terminal's stderr, a one-member result's value, nothing for null.
func TestDeclaredCommandsPrint(t *testing.T) {
	for _, tt := range []struct {
		args, method, result, out string
	}{
		{"get attr e5 href", rpc.PageGetAttribute, `{"value":"/docs"}`, "/docs\n"},
		{"get attr e5 nope", rpc.PageGetAttribute, `{"value":null}`, ""},
		{"get count li", rpc.PageCount, `{"count":3}`, "3\n"},
		{"select e8 red green", rpc.PageSelect, `{"selected":["red","green"]}`, "red\ngreen\n"},
		{"get style e1 color", rpc.PageGetStyle, `{"value":"rgb(1, 2, 3)"}`, "rgb(1, 2, 3)\n"},
		{"--json get style e1 color", rpc.PageGetStyle, `{"value":"rgb(1, 2, 3)"}`, `{"value":"rgb(1, 2, 3)"}` + "\n"},
		{"focus e4", rpc.PageFocus, `{"ok":true}`, ""},
	} {
		e := newTestEnv(t)
		e.h.results[tt.method] = tt.result
		if code := e.run(tt.args); code != 0 || e.out.String() != tt.out {
			t.Errorf("%s: exit %d, stdout %q; want %q", tt.args, code, e.out, tt.out)
		}
	}
}

// A tab named by its URL is the session's one tab there, looked up when
// the command runs; none or several there is an error that sends nothing
// more.
func TestDeclaredTabByURL(t *testing.T) {
	list := `{"tabs":[{"tabId":7,"url":"https://a.test/"},{"tabId":8,"url":"https://b.test/"},{"tabId":9,"url":"https://b.test/"}]}`
	e := newTestEnv(t)
	e.h.results[rpc.TabList] = list
	e.h.results[rpc.TabClose] = `{"tabId":7,"closed":true}`
	if code := e.run("--session s1 tab close https://a.test/"); code != 0 {
		t.Fatalf("exit %d: %s", code, e.err)
	}
	if c := e.h.lastCall(t); c.Method != rpc.TabClose || !sameJSON(c.Params, `{"sessionId":"s1","tabId":7}`) {
		t.Errorf("sent %s %s", c.Method, c.Params)
	}
	for url, want := range map[string]string{"https://c.test/": "no tab of the session is at https://c.test/", "https://b.test/": "2 tabs of the session are at https://b.test/"} {
		e := newTestEnv(t)
		e.h.results[rpc.TabList] = list
		if code := e.run("tab activate " + url); code != cmdutil.ExitError || !strings.Contains(e.err.String(), want) {
			t.Errorf("%s: exit %d, stderr %q; want %q", url, code, e.err, want)
		}
		if c := e.h.lastCall(t); c.Method != rpc.TabList {
			t.Errorf("%s: sent %s after the lookup", url, c.Method)
		}
	}
}

// session create and attach-current make their session the current one,
// --json or not; rename does not.
func TestDeclaredSessionBecomesCurrent(t *testing.T) {
	for _, tt := range []struct{ args, used string }{
		{"session create --name w", "s4"}, {"--json session attach-current", "s4"}, {"session rename s4 x", ""},
	} {
		e := newTestEnv(t)
		for _, m := range []string{rpc.SessionCreate, rpc.SessionAttachCurrent, rpc.SessionRename} {
			e.h.results[m] = `{"sessionId":"s4","name":"w","groupId":1,"tabIds":[3],"activeTabId":3}`
		}
		if code := e.run(tt.args); code != 0 || !strings.Contains(e.out.String(), "s4") {
			t.Errorf("%s: exit %d, stdout %q", tt.args, code, e.out)
		}
		if got := strings.Join(e.h.used, ","); got != tt.used {
			t.Errorf("%s: made %q current, want %q", tt.args, got, tt.used)
		}
	}
}

// Every printer, hook, check and Prepare step a row names has its code
// registered under its key: a row's key that nothing registers would panic
// at the command's first run.
func TestEveryRowStepIsRegistered(t *testing.T) {
	steps := 0
	for _, m := range rpc.Methods {
		for _, c := range m.Commands {
			if k := c.Printer; k != (rpc.PrinterKey{}) {
				steps++
				if cmdutil.Printers[k] == nil {
					t.Errorf("%s names printer %v; cmdutil.Printers has none", c.Path, k)
				}
			}
			if k := c.Hook; k != (rpc.HookKey{}) {
				steps++
				if cmdutil.Hooks[k] == nil {
					t.Errorf("%s names hook %v; cmdutil.Hooks has none", c.Path, k)
				}
			}
			if k := c.Check; k != (rpc.CheckKey{}) {
				steps++
				if cmdutil.Checks[k] == nil {
					t.Errorf("%s names check %v; cmdutil.Checks has none", c.Path, k)
				}
			}
			if k := c.Prepare; k != (rpc.PrepareKey{}) {
				steps++
				if cmdutil.Preparers[k] == nil {
					t.Errorf("%s names Prepare step %v; cmdutil.Preparers has none", c.Path, k)
				}
			}
		}
	}
	if steps < 40 {
		t.Errorf("the rows name %d steps; the walk found too few to be walking the table", steps)
	}
}
