package cmd

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/repl/recorder"
	"browserctl/rpc"
)

// Every command of the tree, subcommands and cobra's help included, says
// what save does with its lines; a new command without a declaration fails
// here. The list is logged (go test -v -run TestEveryCommandDeclaresReplay).
func TestEveryCommandDeclaresReplay(t *testing.T) {
	for _, inREPL := range []bool{false, true} {
		e := newTestEnv(t)
		e.f.InREPL = inREPL
		root := NewRootCmd(e.f)
		cmdutil.DeclareHelp(root)
		var rows []string
		var walk func(c *cobra.Command)
		walk = func(c *cobra.Command) {
			d := cmdutil.DeclOf(c)
			switch {
			case !d.Declared:
				t.Errorf("%q declares no replay: add Annotations: cmdutil.Replays(...) or cmdutil.NotReplayed(why) where it is built", c.CommandPath())
			case d.Replay:
				rows = append(rows, c.CommandPath()+": replayed")
			case d.Why == "":
				t.Errorf("%q is not replayed and says no why", c.CommandPath())
			default:
				rows = append(rows, c.CommandPath()+": not replayed ("+d.Why+")")
			}
			for _, sub := range c.Commands() {
				walk(sub)
			}
		}
		walk(root)
		if len(rows) < 60 {
			t.Errorf("the walk saw only %d commands", len(rows))
		}
		if !inREPL {
			sort.Strings(rows)
			t.Logf("%d commands:\n%s", len(rows), strings.Join(rows, "\n"))
		}
	}
}

// A command the tree has no declaration for is written as a comment saying
// so, never dropped.
func TestSaveCommentsAnUndeclaredCommand(t *testing.T) {
	c := &cobra.Command{Use: "new"}
	if d := cmdutil.DeclOf(c); d.Declared || d.Replay || d.Why != rpc.Undeclared {
		t.Errorf("an undeclared command reads as %+v", d)
	}
	e := newTestEnv(t)
	rec := recorder.New(recorder.Config{Hub: e.h, IsRef: cmdutil.IsRef,
		Tree: func() (*cobra.Command, string) {
			root := &cobra.Command{Use: "browserctl"}
			root.AddCommand(c)
			return root, ""
		},
		Decl: newRecorderDecl,
	})
	rec.After(rec.Before(context.Background(), []string{"new", "x"}), true)
	if got := strings.Join(rec.Script(context.Background()), "\n"); got != "# not replayed (its command declares no replay): new x" {
		t.Errorf("written as %q", got)
	}
}

// upload and download lines are replayed: refs as durable targets, files as
// absolute paths; a dialog that blocked the page is no navigation; a tab
// activated by id is written by its URL.
func TestSaveFilesDialogsTabs(t *testing.T) {
	e := newTestEnv(t)
	*e.f.Globals = cmdutil.EnvGlobals(e.f.Getenv)
	e.f.Globals.Session = "s1"
	lf := replFactory(e.f, e.h)
	rec := newRecorder(e.h, lf.Factory)
	ctx := context.Background()
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.WriteFile("cv.txt", []byte("cv"), 0o644); err != nil {
		t.Fatal(err)
	}
	line := func(args ...string) {
		t.Helper()
		sl := rec.Before(ctx, args)
		rec.After(sl, Run(ctx, lf.Factory, args) == cmdutil.ExitOK)
	}
	page := `{"url":"http://a/form","document":"1","target":"role=button[name=\"Get it\"]"}`
	e.h.results[rpc.PageDurableTarget] = page
	e.h.results[rpc.SessionCreate] = `{"sessionId":"s1","name":"","groupId":1,"tabIds":[101],"activeTabId":101}`
	e.h.results[rpc.PageUpload] = `{"files":1,"target":"input","multiple":false}`
	e.h.results[rpc.PageDownload] = `{"guid":"g","state":"in_progress","url":"http://a/f"}`
	e.h.results[rpc.PageClick] = `{"ok":true,"dialog":{"type":"confirm","message":"Sure?","state":"open"}}`
	e.h.results[rpc.PageDialog] = `{"type":"confirm","message":"Sure?","state":"accepted"}`
	e.h.results[rpc.TabOpen] = `{"tabId":102,"url":"http://a/other"}`
	e.h.results[rpc.TabActivate] = `{"tabId":101,"url":"http://a/form"}`
	e.h.results[rpc.TabList] = `{"tabs":[{"tabId":101,"url":"http://a/form"},{"tabId":102,"url":"http://a/other"}]}`

	e.h.results[rpc.PagePress] = `{"ok":true}`
	e.h.errs[rpc.PageDurableTarget] = &rpc.BrowserError{Code: 4103, Message: "no session"}
	line("session", "create", "--url", "http://a/form")
	delete(e.h.errs, rpc.PageDurableTarget)
	line("upload", "e3", "cv.txt")
	line("upload", "--selector", "cv.txt", "cv.txt")
	line("download", "e4")
	line("click", "e5")
	e.h.errs[rpc.PageDurableTarget] = &rpc.BrowserError{Code: 4110, Message: `page operation failed: a confirm dialog is open ("Sure?")`}
	line("dialog", "accept")
	delete(e.h.errs, rpc.PageDurableTarget)
	line("tab", "open", "http://a/other")
	e.h.results[rpc.PageDurableTarget] = `{"url":"http://a/other","document":"2"}`
	line("tab", "activate", "101")
	e.h.results[rpc.PageDurableTarget] = page
	line("press", "Enter")

	got := strings.Join(rec.Script(ctx), "\n")
	abs := filepath.Join(dir, "cv.txt")
	want := strings.Join([]string{
		"session create --url http://a/form",
		"# the line above opened http://a/form",
		"wait --load load",
		`upload 'role=button[name="Get it"]' ` + abs,
		"upload --selector cv.txt " + abs,
		`download 'role=button[name="Get it"]'`,
		`click 'role=button[name="Get it"]'`,
		"dialog accept",
		"tab open http://a/other",
		"# the line above opened http://a/other",
		"wait --load load",
		"tab activate http://a/form",
		"press Enter",
	}, "\n")
	if got != want {
		t.Errorf("script:\n%s\nwant:\n%s", got, want)
	}
}
