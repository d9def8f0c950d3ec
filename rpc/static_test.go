package rpc

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"path/filepath"
	"slices"
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

// Each `set NAME` row says what a helper used to make of it: --reset undoes
// what SettingNames gives NAME, the session's settings are printed, a
// refused value is the user's (exit 2). set reset suggests and names every
// setting word, and the help lines list the enums' values.
func TestSettingRowsAgreeWithSettingNames(t *testing.T) {
	m, _ := LookupWire(EmulationSet)
	if len(m.Commands) < 10 {
		t.Fatalf("emulation.set has %d commands", len(m.Commands))
	}
	for _, c := range m.Commands {
		word, ok := strings.CutPrefix(c.Path, "set ")
		if !ok {
			t.Errorf("%q is not a set command", c.Path)
			continue
		}
		if c.Instead == nil || c.Instead.Flag.Name != "reset" || c.Instead.Method != EmulationReset || c.Instead.Set["names"] != strings.Join(SettingNames[word], ",") {
			t.Errorf("%s: --reset %+v does not undo %v", c.Path, c.Instead, SettingNames[word])
		}
		if c.Printer != PrintEmulation || !c.InvalidIsUsage || c.Replay == "" {
			t.Errorf("%s: printer %v, invalid is usage %v, replay %q", c.Path, c.Printer, c.InvalidIsUsage, c.Replay)
		}
	}
	words := slices.Sorted(maps.Keys(SettingNames))
	if !slices.Equal(settingWordList, words) {
		t.Errorf("settingWordList %v, SettingNames' words %v", settingWordList, words)
	}
	reset, _ := LookupWire(EmulationReset)
	if want := strings.Join(words, ", "); !strings.Contains(reset.Commands[0].Short, want) {
		t.Errorf("set reset's help %q does not list %s", reset.Commands[0].Short, want)
	}
	for _, c := range m.Commands {
		switch c.Path {
		case "set permissions":
			if !strings.Contains(c.Short, "("+strings.Join(PermissionName.Values[:len(PermissionName.Values)-1], ", ")+" or ") {
				t.Errorf("set permissions' help %q does not list %v", c.Short, PermissionName.Values)
			}
		case "set media":
			if !strings.Contains(c.Flags[0].Help, ReducedMotion.Or()) {
				t.Errorf("--reduced-motion's help %q does not list %s", c.Flags[0].Help, ReducedMotion.Or())
			}
		}
	}
}
