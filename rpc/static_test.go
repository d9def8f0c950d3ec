package rpc

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"
	"testing"
)

// The tables are data: no package-level variable of rpc is initialized by
// a call (a conversion is fine, a call inside a func literal too). One call
// makes the compiler stop laying out every later table that copies another
// (TargetArg, ForceFlag, the enums) and build them at every start of every
// command instead. Rows that need calls are made by a function from init
// (emulationMethods).
func TestTablesCallNothingAtStart(t *testing.T) {
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check("browserctl/rpc", fset, files, info); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR {
				continue
			}
			ast.Inspect(g, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncLit:
					return false // runs when called, not at start
				case *ast.CallExpr:
					if tv, ok := info.Types[n.Fun]; ok && tv.IsType() {
						return true // a conversion
					}
					if id, ok := n.Fun.(*ast.SelectorExpr); ok && id.Sel.Name == "OnceValue" {
						return false // made at first use
					}
					t.Errorf("%s: %s is called to initialize a variable: make the value a constant or a named function, or build it from init", fset.Position(n.Pos()), types.ExprString(n.Fun))
				}
				return true
			})
		}
	}
}

// scroll's usage error lists the directions the enum has.
func TestScrollNeedsItsDirections(t *testing.T) {
	m, _ := LookupWire(PageScroll)
	if want := "(" + strings.Join(ScrollDirection.Values, ", ") + ")"; !strings.Contains(m.Commands[0].Needs, want) {
		t.Errorf("scroll's Needs %q does not list %s", m.Commands[0].Needs, want)
	}
}
