package recorder

import (
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// page is a fake hub answering pages.durableTarget as the page at url with
// document doc would, the target of every ref being target.
type page struct {
	hubapi.Controller
	url, doc, target string
	tabs             []rpc.Tab
	calls            []string
}

func (p *page) Call(_ context.Context, method string, params any, _ time.Duration) (json.RawMessage, error) {
	p.calls = append(p.calls, method)
	switch method {
	case rpc.PageDurableTarget:
		if p.doc == "" {
			return nil, &rpc.BrowserError{Code: 4103, Message: "no session"}
		}
		res := rpc.DurableTargetResult{URL: p.url, Document: p.doc}
		if params.(rpc.DurableTargetParams).Ref != "" {
			res.Target = p.target
		}
		return json.Marshal(res)
	case rpc.TabList:
		return json.Marshal(rpc.TabListResult{Tabs: p.tabs})
	}
	return nil, errors.New("unexpected " + method)
}

// decls are the declarations of tree's commands, by command path.
var decls = map[string]Decl{
	"browserctl click":        {Declared: true, Replay: true, Targets: []int{0}},
	"browserctl open":         {Declared: true, Replay: true, Opens: true, Waits: true},
	"browserctl get":          {Declared: true, Why: "it only reads"},
	"browserctl tab":          {Declared: true, Why: "a group of commands: it only prints their help"},
	"browserctl tab activate": {Declared: true, Replay: true, Tab: true},
	"browserctl eval":         {Declared: true, Replay: true},
}

func declOf(c *cobra.Command) Decl {
	if d, ok := decls[c.CommandPath()]; ok {
		return d
	}
	return Decl{Why: "its command declares no replay"}
}

// tree is a small command tree with a --session and a --tab flag.
func tree() (*cobra.Command, string) {
	root := &cobra.Command{Use: "browserctl"}
	root.PersistentFlags().String("session", "", "")
	add := func(use string, parent *cobra.Command) *cobra.Command {
		c := &cobra.Command{Use: use, Run: func(*cobra.Command, []string) {}}
		c.Flags().Int("tab", 0, "")
		parent.AddCommand(c)
		return c
	}
	add("click", root)
	add("open", root)
	add("get", root)
	add("undeclared", root)
	add("activate", add("tab", root))
	add("eval", root)
	return root, "s1"
}

var refRe = regexp.MustCompile(`^@?(f\d+)?e\d+$`)

func newRec(p *page) *Recorder {
	return New(Config{Hub: p, Tree: tree, IsRef: refRe.MatchString, Decl: declOf})
}

// A session's lines: refs become the page's durable targets, a wait goes
// after the line that left the document, reads and failures are comments,
// an undeclared command is a comment saying so, never dropped.
func TestScript(t *testing.T) {
	p := &page{url: "http://a/", doc: "1", target: `role=link[name="Next"]`}
	r := newRec(p)
	ctx := context.Background()
	run := func(ok bool, args ...string) { r.After(r.Before(ctx, args), ok) }
	run(true, "click", "e5")
	p.url, p.doc = "http://a/next", "2"
	run(true, "get", "title")
	run(false, "click", "@e6")
	run(true, "undeclared", "x")
	run(true, "nosuch")
	run(true, "eval", "--", `document.title = "x"`)
	run(true, "click", "--tab", "7", "#go")
	got := strings.Join(r.Script(ctx), "\n")
	want := strings.Join([]string{
		"# the session started on this page",
		"open http://a/",
		`click 'role=link[name="Next"]'`,
		"# the line above opened http://a/next",
		"wait --load load",
		"# not replayed (it only reads): get title",
		"# failed, not replayed: click @e6",
		"# not replayed (its command declares no replay): undeclared x",
		"# not replayed (no such command): nosuch",
		`eval document.title = "x"`,
		"# the line below names a session or tab id; the ids differ on a replay",
		"click --tab 7 '#go'",
	}, "\n")
	if got != want {
		t.Errorf("script:\n%s\nwant:\n%s", got, want)
	}
}

// A line of a command that waits itself gets no wait after it; a session
// that opened its page itself starts with that line, not an open.
func TestScriptAfterOpen(t *testing.T) {
	p := &page{}
	r := newRec(p)
	ctx := context.Background()
	r.After(r.Before(ctx, []string{"open", "http://a/"}), true)
	p.url, p.doc, p.target = "http://a/", "1", "#go"
	r.After(r.Before(ctx, []string{"click", "e1"}), true)
	if got, want := strings.Join(r.Script(ctx), "\n"), "open http://a/\nclick '#go'"; got != want {
		t.Errorf("script %q, want %q", got, want)
	}
}

func TestTabByURL(t *testing.T) {
	p := &page{url: "http://a/", doc: "1", tabs: []rpc.Tab{{TabID: 7, URL: "http://a/x"}, {TabID: 8, URL: "http://a/y"}, {TabID: 9, URL: "http://a/y"}}}
	r := newRec(p)
	ctx := context.Background()
	for _, id := range []string{"7", "8", "5", "http://a/z"} {
		r.After(r.Before(ctx, []string{"tab", "activate", id}), true)
	}
	want := strings.Join([]string{
		"# the session started on this page",
		"open http://a/",
		"tab activate http://a/x",
		"# not replayed (2 tabs of the session are at http://a/y, so its URL does not name tab 8): tab activate 8",
		"# not replayed (tab 5 is not a tab of the session): tab activate 5",
		"tab activate http://a/z",
	}, "\n")
	if got := strings.Join(r.Script(ctx), "\n"); got != want {
		t.Errorf("script:\n%s\nwant:\n%s", got, want)
	}
}

func TestShellLine(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"click", "e3"}, "click e3"},
		{[]string{"fill", "#q", "it's"}, `fill '#q' 'it'\''s'`},
		{[]string{"type", ""}, "type ''"},
		{[]string{"open", "https://a.b/c?d=1"}, "open 'https://a.b/c?d=1'"},
	} {
		if got := ShellLine(c.args); got != c.want {
			t.Errorf("ShellLine(%q) = %s, want %s", c.args, got, c.want)
		}
	}
	if got := scriptText([]string{"eval", "--", "a\nb"}); got != `eval -- 'a`+"\n"+`b'` {
		t.Errorf("a multi-line eval: %q", got)
	}
	if got := oneLine("a\x1b[2Jb\nc"); got != "a [2Jb c" {
		t.Errorf("oneLine = %q", got)
	}
}
