package main

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// The layers of the tree, lowest first. A package may import its own layer's
// packages and any lower layer's, never a higher one: the wire (rpc) knows
// nothing of the rest, the ground (internal/) stands on the wire only, the hub
// on both, the fronts (mcpserver, repl, completions) on the hub, and only cmd
// ties them into commands. Go's own rule keeps cmd/internal/ for cmd/ alone;
// this test keeps the arrows pointing down and every package documented.
var layers = []struct {
	name     string
	prefixes []string
}{
	{"wire", []string{"rpc"}},
	{"ground", []string{"internal"}},
	{"hub", []string{"hub"}},
	{"fronts", []string{"mcpserver", "repl", "completions", "extension"}},
	{"command helpers", []string{"cmd/internal"}},
	{"command support", []string{"cmd/cmdutil"}},
	{"commands", []string{"cmd"}},
	{"program", []string{"."}},
}

// layerOf is the index in layers of a package path relative to the module;
// -1 for the benchmarks and end-to-end tests, which may import anything and
// which nothing may import.
func layerOf(rel string) int {
	if rel == "e2e" || strings.HasPrefix(rel, "e2e/") || rel == "bench" || strings.HasPrefix(rel, "bench/") {
		return -1
	}
	for i, l := range layers {
		for _, p := range l.prefixes {
			if rel == p || strings.HasPrefix(rel, p+"/") {
				return i
			}
		}
	}
	return -2
}

func TestImportsPointDown(t *testing.T) {
	const module = "browserctl"
	checked := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if name := d.Name(); path != "." && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "testdata" || name == "dist") {
			return filepath.SkipDir
		}
		pkg, err := build.ImportDir(path, build.ImportComment)
		if err != nil {
			if _, none := err.(*build.NoGoError); none {
				return nil
			}
			t.Errorf("%s: %v", path, err)
			return nil
		}
		if len(pkg.GoFiles) == 0 {
			return nil // tests only (e2e)
		}
		checked++
		rel := filepath.ToSlash(path)
		from := layerOf(rel)
		if from == -2 {
			t.Errorf("%s: in no layer of layout_test.go; place it in one (and in the README's architecture section)", rel)
			return nil
		}
		if pkg.Doc == "" {
			t.Errorf("%s: no package doc comment saying what it owns", rel)
		}
		for _, imp := range pkg.Imports {
			if imp != module && !strings.HasPrefix(imp, module+"/") {
				continue
			}
			target := strings.TrimPrefix(strings.TrimPrefix(imp, module), "/")
			if target == "" {
				target = "."
			}
			to := layerOf(target)
			switch {
			case to == -1:
				t.Errorf("%s imports %s: nothing imports the benchmarks or the end-to-end tests", rel, target)
			case from >= 0 && to > from:
				t.Errorf("%s (%s) imports %s (%s): an arrow upward", rel, layers[from].name, target, layers[to].name)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 30 {
		t.Fatalf("checked only %d packages: the walk missed the tree", checked)
	}
}

func TestLayerOf(t *testing.T) {
	for rel, want := range map[string]string{
		"rpc": "wire", "internal/token": "ground", "hub": "hub", "hub/hubclient": "hub",
		"repl/recorder": "fronts", "cmd/internal/daemon": "command helpers",
		"cmd/cmdutil": "command support", "cmd": "commands", ".": "program",
	} {
		if got := layerOf(rel); got < 0 || layers[got].name != want {
			t.Errorf("layerOf(%q) = %d, want %s", rel, got, want)
		}
	}
	for _, rel := range []string{"hubby", "rpcx", "cmdline"} {
		if got := layerOf(rel); got >= 0 {
			t.Errorf("layerOf(%q) = %s, want none", rel, layers[got].name)
		}
	}
}
