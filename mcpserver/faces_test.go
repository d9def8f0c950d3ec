package mcpserver

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"browserctl/rpc"
)

// Every method of rpc.Methods reaches agents: its row declares a tool
// (Tool), a tool written by hand in mcpserver names its wire constant, or
// the row says why agents go without it (NoTool).
func TestEveryMethodHasAnMCPFace(t *testing.T) {
	reached := wiresNamedInMCPServer(t)
	for w := range serverOwnCalls {
		delete(reached, w) // the server's own call is no tool of the agent's
	}
	var missing []string
	for _, m := range rpc.Methods {
		switch {
		case m.Tool != nil || reached[m.Wire]:
			if m.NoTool != "" {
				t.Errorf("%s: has an MCP face but its row says it has none (NoTool %q)", m.Wire, m.NoTool)
			}
			if notYetReached[m.Wire] {
				t.Errorf("%s: reached by MCP now: take it out of notYetReached", m.Wire)
			}
		case m.NoTool != "":
			if notYetReached[m.Wire] {
				t.Errorf("%s: its row says why it has no tool: take it out of notYetReached", m.Wire)
			}
			t.Logf("%s: no MCP tool (%s)", m.Wire, m.NoTool)
		case notYetReached[m.Wire]:
			t.Logf("%s: NOT YET REACHED by MCP (a gap, not a reason)", m.Wire)
		default:
			missing = append(missing, m.Wire)
		}
	}
	for w := range notYetReached {
		if _, ok := rpc.LookupWire(w); !ok {
			t.Errorf("notYetReached names %s, which is no method", w)
		}
	}
	if len(missing) > 0 {
		t.Errorf("%d methods have no MCP face and no reason: declare a Tool on the row, name the wire constant from a tool in mcpserver, or say why on the row (NoTool):\n  %s", len(missing), strings.Join(missing, "\n  "))
	}
}

// serverOwnCalls are methods the MCP server calls for itself, never on an
// agent's word: naming them in mcpserver gives agents no face.
var serverOwnCalls = map[string]string{
	rpc.SessionSetPolicy: "mcp --confirm sets the policy of the sessions its clients create",
	rpc.LogsEvents:       "an approval wait is reported to the client as progress",
}

// notYetReached are the methods agents still cannot call: a known gap, listed
// so that no new method joins it unseen. It may only shrink: a method that
// gains a face must leave it (the test fails otherwise). It is no reason:
// a method that should stay without a tool says why on its row (NoTool).
var notYetReached = map[string]bool{}

// wiresNamedInMCPServer are the wire names whose rpc constant mcpserver's
// own (non-test) files name.
func wiresNamedInMCPServer(t *testing.T) map[string]bool {
	t.Helper()
	fset := token.NewFileSet()
	wireOf := map[string]string{} // rpc constant -> wire name
	rpcFiles, _ := filepath.Glob("../rpc/*.go")
	if len(rpcFiles) == 0 {
		t.Fatal("no Go files in ../rpc")
	}
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
	named := map[string]bool{}
	files, _ := filepath.Glob("*.go")
	for _, fn := range files {
		if strings.HasSuffix(fn, "_test.go") {
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
						named[w] = true
					}
				}
			}
			return true
		})
	}
	return named
}
