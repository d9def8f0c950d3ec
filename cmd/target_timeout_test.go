package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"browserctl/rpc"
)

// targetLines is a command line for every method that takes a target (a
// ref or selector member), with the target "#never-there". Issue 34: every
// command that waits for a target is bounded by --timeout, which reaches the
// extension as timeoutMs (the bound of its wait for the target).
var targetLines = map[string][]string{
	rpc.PageSnapshot:       {"snapshot -s #never-there"},
	rpc.PageClick:          {"click #never-there", "dblclick #never-there"},
	rpc.PageHover:          {"hover #never-there"},
	rpc.PageFill:           {"fill #never-there abc"},
	rpc.PageType:           {"type #never-there abc"},
	rpc.PageSelect:         {"select #never-there a"},
	rpc.PageScrollIntoView: {"scroll-into-view #never-there"},
	rpc.PageGet:            {"get text #never-there", "get value #never-there", "get html #never-there", "get box #never-there"},
	rpc.PageScreenshot:     {"screenshot #never-there -o {dir}/s.png"},
	rpc.PageCheck:          {"check #never-there", "uncheck #never-there"},
	rpc.PageFocus:          {"focus #never-there"},
	rpc.PageDrag:           {"drag #never-there #also-not"},
	rpc.PageIs:             {"is visible #never-there", "is checked #never-there"},
	rpc.PageGetAttribute:   {"get attr #never-there href"},
	rpc.PageCount:          {"get count #never-there"},
	rpc.PageGetStyle:       {"get style #never-there color"},
	rpc.PageHighlight:      {"highlight #never-there"},
	rpc.PageWaitFor:        {"wait --selector #never-there", "wait --selector #never-there --gone"},
	rpc.PageUpload:         {"upload #never-there {dir}/f.txt"},
	rpc.PageDownload:       {"download #never-there"},
}

// noTargetCommand: target-taking methods no command sends with a target
// the user types (save calls durableTarget on refs it has already seen).
var noTargetCommand = map[string]string{
	rpc.PageDurableTarget: "called by the REPL's save on a ref of the last snapshot",
}

// takesTarget says whether a params type has a ref or selector member.
func takesTarget(t reflect.Type) bool {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct && takesTarget(f.Type) {
			return true
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch name {
		case "ref", "selector", "toRef", "toSelector":
			return true
		}
	}
	return false
}

// TestTimeoutBoundsEveryTargetWait walks the methods of the table: each that
// takes a target has its command lines here (a method added without one
// fails), and each line run with --timeout 3s sends timeoutMs 3000.
func TestTimeoutBoundsEveryTargetWait(t *testing.T) {
	for _, m := range rpc.Methods {
		if !takesTarget(reflect.TypeOf(m.Params)) {
			continue
		}
		if _, ok := targetLines[m.Wire]; !ok && noTargetCommand[m.Wire] == "" {
			t.Errorf("%s takes a target: add its command lines to targetLines", m.Wire)
		}
	}
	for method, lines := range targetLines {
		for _, line := range lines {
			t.Run(line, func(t *testing.T) {
				e := newTestEnv(t)
				if err := os.WriteFile(filepath.Join(e.dir, "f.txt"), []byte("x"), 0o600); err != nil {
					t.Fatal(err)
				}
				args := strings.ReplaceAll(line, "{dir}", e.dir) + " --timeout 3s"
				c := e.callOf(t, args, method)
				if c.Method != method {
					t.Fatalf("sent %s, want %s (stderr %q)", c.Method, method, e.err)
				}
				var p map[string]any
				if err := json.Unmarshal([]byte(c.Params), &p); err != nil {
					t.Fatal(err)
				}
				if p["timeoutMs"] != float64(3000) {
					t.Errorf("%s sent %s: want timeoutMs 3000 from --timeout 3s", line, c.Params)
				}
			})
		}
	}
}
