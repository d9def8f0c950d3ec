package protogen

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"browserctl/rpc"
)

const root = "../.."

func readRoot(dir string) func(string) ([]byte, error) {
	return func(p string) ([]byte, error) { return os.ReadFile(filepath.Join(dir, p)) }
}

// The committed files are what `go generate ./...` writes from rpc/.
func TestGeneratedFilesAreFresh(t *testing.T) {
	files, err := Generate(FromRPC(), readRoot(root))
	if err != nil {
		t.Fatal(err)
	}
	for p, want := range files {
		got, err := os.ReadFile(filepath.Join(root, p))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: run `go generate ./...` and commit it", p)
		}
	}
}

// Adding a method to (a copy of) the table changes every generated file,
// and the extension stops compiling until the method has its handler; a
// handler for a method that is not in the table does not compile either.
func TestAddedMethodNeedsAHandler(t *testing.T) {
	tree, typecheck := extensionCopy(t)

	// As "How to add a method" says: after the last pages.* row (a group's
	// rows stay together).
	spec := FromRPC()
	last := 0
	for i, m := range spec.Methods {
		if strings.HasPrefix(m.Wire, "pages.") {
			last = i
		}
	}
	spec.Methods = append(append(append([]rpc.Method(nil), spec.Methods[:last+1]...), rpc.Method{
		Wire: "pages.frobnicate", Session: rpc.SessionRequired,
		Params: frobnicateParams{}, Result: rpc.OKResult{}, Summary: "frobnicate an element",
	}), spec.Methods[last+1:]...)
	before, err := Generate(FromRPC(), readRoot(tree))
	if err != nil {
		t.Fatal(err)
	}
	after, err := Generate(spec, readRoot(tree))
	if err != nil {
		t.Fatal(err)
	}
	if err := Write(tree, after); err != nil {
		t.Fatal(err)
	}
	wants := map[string][]string{
		TSFile: {`"pages.frobnicate",`, `"pages.frobnicate": { params: frobnicateParams; result: OKResult };`,
			"export interface frobnicateParams {", "  speed?: MouseButton;"},
		DocFile: {"| `pages.frobnicate` | `ref` (string), `speed?` (`left\\|right\\|middle`, default `\"left\"`) | `{ok: true}` | frobnicate an element |"},
	}
	for p, lines := range wants {
		if bytes.Equal(before[p], after[p]) {
			t.Errorf("%s did not change", p)
		}
		for _, l := range lines {
			if !bytes.Contains(after[p], []byte(l)) {
				t.Errorf("%s lacks %q", p, l)
			}
		}
	}
	if len(after) != len(wants) {
		t.Errorf("generated %d files, the test knows %d: check the new one too", len(after), len(wants))
	}
	// The hand-written prose is still there.
	if !bytes.Contains(after[DocFile], []byte("Refs belong to the document they")) {
		t.Error("docs/protocol.md lost its prose")
	}

	out, ok := typecheck()
	if ok || !strings.Contains(out, "pages.frobnicate") {
		t.Fatalf("the extension typechecks without a handler for pages.frobnicate:\n%s", out)
	}
	index := filepath.Join(tree, "extension/src/background/pages/input/input.ts") // its handler table
	addHandler := func(method string) {
		b, err := os.ReadFile(index)
		if err != nil {
			t.Fatal(err)
		}
		nb := bytes.Replace(b, []byte(`  "pages.hover": hover,`), []byte(`  "pages.hover": hover,
  "`+method+`": hover,`), 1)
		if bytes.Equal(b, nb) {
			t.Fatal(`pages/input/input.ts has no "pages.hover": hover, line to add a handler after`)
		}
		if err := os.WriteFile(index, nb, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	addHandler("pages.frobnicate")
	if out, ok := typecheck(); !ok {
		t.Fatalf("the extension does not typecheck with the handler:\n%s", out)
	}
	addHandler("pages.bogus")
	if out, ok := typecheck(); ok || !strings.Contains(out, "pages.bogus") {
		t.Fatalf("a handler for a method not in the table typechecks:\n%s", out)
	}
}

// extensionCopy copies extension/src (and docs/protocol.md) into a
// temporary tree, node_modules linked, and gives a typecheck of it.
func extensionCopy(t *testing.T) (tree string, typecheck func() (string, bool)) {
	t.Helper()
	tsc, err := filepath.Abs(filepath.Join(root, "extension/node_modules/.bin/tsc"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(tsc); err != nil {
		t.Fatalf("this test typechecks the extension: run `npm ci` in extension/ first (%v)", err)
	}
	tree = t.TempDir()
	copyTree(t, filepath.Join(root, "extension/src"), filepath.Join(tree, "extension/src"))
	for _, f := range []string{"extension/tsconfig.json", "extension/package.json", DocFile} {
		copyFile(t, filepath.Join(root, f), filepath.Join(tree, f))
	}
	nm, _ := filepath.Abs(filepath.Join(root, "extension/node_modules"))
	if err := os.Symlink(nm, filepath.Join(tree, "extension/node_modules")); err != nil {
		t.Fatal(err)
	}
	typecheck = func() (string, bool) {
		c := exec.Command(tsc, "--noEmit", "-p", "tsconfig.json")
		c.Dir = filepath.Join(tree, "extension")
		out, err := c.CombinedOutput()
		return string(out), err == nil
	}
	if out, ok := typecheck(); !ok {
		t.Fatalf("the copied extension does not typecheck before any change:\n%s", out)
	}
	return tree, typecheck

}

// A handler that reads a member its method's params do not declare in rpc/,
// or reads a required member as optional, does not compile: the TypeScript
// side cannot drift from the table.
func TestHandlersReadParamsAsDeclared(t *testing.T) {
	for _, tc := range []struct{ name, replacement, want string }{
		{"undeclared member", `const x = requireNumber(p, "selector");`, `"selector"`},
		{"required member read as optional", `const x = optionalNumber(p, "x") ?? 0;`, `"x"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree, typecheck := extensionCopy(t)
			input := filepath.Join(tree, "extension/src/background/pages/input/input.ts")
			b, err := os.ReadFile(input)
			if err != nil {
				t.Fatal(err)
			}
			const call = `const x = requireNumber(p, "x");`
			if !bytes.Contains(b, []byte(call)) {
				t.Fatalf("pages/input/input.ts (pages.mouse) has no %s to change", call)
			}
			nb := bytes.Replace(b, []byte(call), []byte(tc.replacement), 1)
			if err := os.WriteFile(input, nb, 0o644); err != nil {
				t.Fatal(err)
			}
			if out, ok := typecheck(); ok || !strings.Contains(out, tc.want) {
				t.Fatalf("the extension typechecks with %s:\n%s", tc.replacement, out)
			}
		})
	}
}

type frobnicateParams struct {
	rpc.PageParams
	Ref   string `json:"ref"`
	Speed string `json:"speed,omitempty" enum:"MouseButton" default:"\"left\""`
}

func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		copyFile(t, p, filepath.Join(to, rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
