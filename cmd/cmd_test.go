package cmd

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/rpc"
)

func TestErrorJSONCarriesReason(t *testing.T) {
	e := newTestEnv(t)
	e.h.errs[rpc.PageClick] = rpc.FromWire(4110, "covered by a div", []byte(`{"reason":"covered"}`))
	e.run("--json click e1")
	if !strings.Contains(e.err.String(), `"reason":"covered"`) || !strings.Contains(e.err.String(), `"retryable":false`) {
		t.Errorf("stderr %s, want reason covered, not retryable", e.err)
	}
}

func TestErrorOutput(t *testing.T) {
	tests := []struct {
		name     string
		err      error
		want     string
		wantCode cmdutil.ExitCode
	}{
		{"stale ref", rpc.FromWire(4109, "page ref not found", nil),
			"error 4109 page_ref_not_found: page ref not found\nhint: the ref is stale: take a new snapshot (`browserctl snapshot`) and retry with its refs\n", cmdutil.ExitRetry},
		{"timeout", rpc.ErrTimeout("pages.click", 30*time.Second),
			"error 4102 operation_failed: pages.click timed out after 30s\nhint: timed out: the call may or may not have taken effect in the page; check the page's state, then retry, or give it longer with --timeout\n", cmdutil.ExitRetry},
		{"no session", rpc.FromWire(4103, "session required", nil),
			"error 4103 session_required: session required\nhint: pick a session first: `browserctl session create`, `browserctl session attach-current`, or `browserctl session use ID` (or --session ID); `browserctl open URL` makes one\n", cmdutil.ExitError},
		{"no extension", rpc.ErrNotConnected(),
			"error 4101 extension_not_connected: extension not connected\nhint: no extension is connected: `browserctl launch`, or `browserctl extension install DIR` and load it in chrome://extensions\n", cmdutil.ExitNoBrowser},
		{"tab", rpc.FromWire(4104, "no tab 9", nil), "error 4104 tab_not_found: no tab 9\n", cmdutil.ExitError},
		{"reason", rpc.FromWire(4110, "e1 is covered", []byte(`{"reason":"covered"}`)), "error 4110 page_operation_failed (covered): e1 is covered\nhint: another element takes the press (named above): close it, or scroll; `--force` presses anyway\n", cmdutil.ExitError},
		{"not found after the wait", rpc.FromWire(4109, "nothing", []byte(`{"reason":"not_found"}`)), "error 4109 page_ref_not_found (not_found): nothing\nhint: nothing matches the target: check it with `browserctl find` or `browserctl snapshot -i`, or give it longer with --timeout\n", cmdutil.ExitError},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newTestEnv(t)
			e.h.errs[rpc.PageClick] = tt.err
			if code := e.run("click e1"); code != tt.wantCode {
				t.Errorf("exit %d, want %d", code, tt.wantCode)
			}
			if e.err.String() != tt.want {
				t.Errorf("stderr:\n%s\nwant:\n%s", e.err, tt.want)
			}
			if e.out.Len() != 0 {
				t.Errorf("stdout %q, want nothing", e.out)
			}
		})
	}
}

// Each command sends its method with docs/protocol.md's params.
func TestRequests(t *testing.T) {
	tests := []sentCase{
		{"session create --name w --url https://a/", rpc.SessionCreate, `{"name":"w","url":"https://a/"}`},
		{"session attach-current --name me", rpc.SessionAttachCurrent, `{"name":"me"}`},
		{"session list", rpc.SessionList, `{}`},
		{"session rename s1 x", rpc.SessionRename, `{"sessionId":"s1","name":"x"}`},
		{"session release", rpc.SessionRelease, `{}`},
		{"--session s2 session close", rpc.SessionClose, `{"sessionId":"s2"}`},
		{"session close s3", rpc.SessionClose, `{"sessionId":"s3"}`},
		{"tab open https://a/", rpc.TabOpen, `{"url":"https://a/"}`},
		{"tab open --background https://a/", rpc.TabOpen, `{"url":"https://a/","active":false}`},
		{"tab list", rpc.TabList, `{}`},
		{"tab user-list", rpc.TabUserList, `{}`},
		{"tab attach 5", rpc.TabAttach, `{"tabId":5}`},
		{"tab active", rpc.TabActive, `{}`},
		{"tab activate 6", rpc.TabActivate, `{"tabId":6}`},
		{"tab close 7", rpc.TabClose, `{"tabId":7}`},
		{"snapshot -i -c -d 3", rpc.PageSnapshot, `{"interactive":true,"compact":true,"depth":3}`},
		{"snapshot -s f2e5 --viewport --max-chars 500 --diff", rpc.PageSnapshot, `{"selector":"f2e5","viewport":true,"maxChars":500,"diff":true}`},
		{"click e1 --button middle", rpc.PageClick, `{"ref":"e1","button":"middle"}`},
		{"hover e2 --tab 9", rpc.PageHover, `{"tabId":9,"ref":"e2"}`},
		{"fill e3 x", rpc.PageFill, `{"ref":"e3","value":"x"}`},
		{"type e3 y", rpc.PageType, `{"ref":"e3","text":"y"}`},
		{"select e4 a b", rpc.PageSelect, `{"ref":"e4","values":["a","b"]}`},
		{"scroll-into-view e5", rpc.PageScrollIntoView, `{"ref":"e5"}`},
		{"press Enter", rpc.PagePress, `{"key":"Enter"}`},
		{"scroll left 10", rpc.PageScroll, `{"direction":"left","amount":10}`},
		{"mouse move 1 2", rpc.PageMouse, `{"action":"move","x":1,"y":2}`},
		{"get text e6", rpc.PageGet, `{"what":"text","ref":"e6"}`},
		{"screenshot --full", rpc.PageScreenshot, `{"fullPage":true}`},
		{"wait 10", rpc.PageWait, `{"ms":10}`},
		{"wait --load domcontentloaded", rpc.PageWait, `{"state":"domcontentloaded"}`},
		{"eval 1 + 2", rpc.PageEval, `{"expression":"1 + 2"}`},
		{"call x.y {\"a\":1}", "x.y", `{"a":1}`},
	}
	checkSent(t, tests, nil)
}

// --json prints the result as the extension sent it, for every command.
func TestJSONIsRaw(t *testing.T) {
	raw := `{"tabId":101, "weird":  [1,2], "url":"u"}`
	for _, args := range []string{"tab active", "tab open u", "session list", "snapshot", "get title", "eval 1", "scroll down", "click e1", "wait 1", "select e1 a"} {
		t.Run(args, func(t *testing.T) {
			e := newTestEnv(t)
			for _, m := range rpc.Methods {
				e.h.results[m.Wire] = raw
			}
			if code := e.run("--json " + args); code != cmdutil.ExitOK {
				t.Fatalf("exit %d: %s", code, e.err)
			}
			if e.out.String() != raw+"\n" {
				t.Errorf("stdout %q, want %q", e.out, raw+"\n")
			}
		})
	}
}

func TestTablesOnTTY(t *testing.T) {
	e := newTestEnv(t)
	e.f.IO.SetTTY(true, true, true)
	e.h.status.Session = "s2"
	e.h.results[rpc.SessionList] = `{"sessions":[{"sessionId":"s1","name":"a","groupId":1,"tabIds":[1],"activeTabId":1},{"sessionId":"s2","name":"bb","groupId":2,"tabIds":[2,3],"activeTabId":3}]}`
	if code := e.run("session list"); code != cmdutil.ExitOK {
		t.Fatalf("exit %d: %s", code, e.err)
	}
	want := "ID  NAME  GROUP  TABS  ACTIVE\ns1  a     1      1     1\ns2  bb    2      2,3   3       current\n"
	if e.out.String() != want {
		t.Errorf("stdout:\n%q\nwant:\n%q", e.out, want)
	}
}

func TestSnapshotColour(t *testing.T) {
	snap := `{"snapshot":"- button \"Go\" [ref=e1] [disabled]\n","refs":{"e1":{"ref":"e1","role":"button","name":"Go"}},"url":"https://a/","title":"A","tabId":1}`
	t.Run("colour", func(t *testing.T) {
		e := newTestEnv(t)
		e.f.IO.SetTTY(true, true, true)
		e.f.IO.SetColorEnabled(true)
		e.h.results[rpc.PageSnapshot] = snap
		if code := e.run("snapshot"); code != cmdutil.ExitOK {
			t.Fatalf("exit %d: %s", code, e.err)
		}
		if !strings.Contains(e.out.String(), "\x1b[36m[ref=e1]\x1b[0m") {
			t.Errorf("ref not in cyan: %q", e.out)
		}
		if !strings.Contains(e.out.String(), "\x1b[35mbutton\x1b[0m") {
			t.Errorf("role not in magenta: %q", e.out)
		}
	})
	t.Run("--no-color", func(t *testing.T) {
		e := newTestEnv(t)
		e.f.IO.SetTTY(true, true, true)
		e.f.IO.SetColorEnabled(true)
		e.h.results[rpc.PageSnapshot] = snap
		e.run("--no-color snapshot")
		if strings.Contains(e.out.String(), "\x1b[") {
			t.Errorf("escape codes with --no-color: %q", e.out)
		}
		if e.out.String() != "- button \"Go\" [ref=e1] [disabled]\n" {
			t.Errorf("stdout %q", e.out)
		}
	})
	for _, args := range []string{"snapshot", "--json snapshot"} {
		t.Run("refs cached: "+args, func(t *testing.T) {
			e := newTestEnv(t)
			e.h.results[rpc.PageSnapshot] = snap
			if code := e.run(args); code != cmdutil.ExitOK {
				t.Fatalf("exit %d: %s", code, e.err)
			}
			b, err := os.ReadFile(filepath.Join(e.dir, "last-refs.json"))
			if err != nil || !strings.Contains(string(b), `"role":"button"`) {
				t.Errorf("last-refs.json: %s %v", b, err)
			}
			got := CompleteLine(context.Background(), e.f, []string{"hover"}, "e")
			if len(got) != 1 || got[0] != "e1\tbutton \"Go\"" {
				t.Errorf("completion %q", got)
			}
		})
	}
}

func TestSessionUse(t *testing.T) {
	e := newTestEnv(t)
	if code := e.run("session use s4"); code != cmdutil.ExitOK {
		t.Fatalf("exit %d: %s", code, e.err)
	}
	if len(e.h.used) != 1 || e.h.used[0] != "s4" {
		t.Errorf("UseSession calls %q", e.h.used)
	}
	e.run("--json session use s5")
	if !strings.Contains(e.out.String(), `"session":"s5"`) {
		t.Errorf("stdout %q", e.out)
	}
}

// A long wait gets a call timeout longer than itself.
func TestWaitTimeout(t *testing.T) {
	e := newTestEnv(t)
	e.h.results[rpc.PageWait] = `{"waited":60000}`
	e.run("wait 60000")
	if c := e.h.lastCall(t); c.Timeout < 65*time.Second {
		t.Errorf("call timeout %s for a 60 s wait", c.Timeout)
	}
	e.run("wait --load load --timeout 50s")
	if c := e.h.lastCall(t); c.Params != `{"state":"load","timeout":50000}` || c.Timeout < 55*time.Second {
		t.Errorf("sent %s with timeout %s", c.Params, c.Timeout)
	}
	e.run("--timeout 2s tab active")
	if c := e.h.lastCall(t); c.Timeout != 2*time.Second {
		t.Errorf("--timeout 2s gave %s", c.Timeout)
	}
}

// runF stops a command right after parsing.
func TestParseOnly(t *testing.T) {
	e := newTestEnv(t)
	var got *cmdutil.PageCall
	c := newCmdClick(e.f, func(pc *cmdutil.PageCall) error { got = pc; return nil })
	c.SetArgs([]string{"e7", "--count", "2"})
	if err := c.Execute(); err != nil {
		t.Fatal(err)
	}
	p, ok := got.Params.(rpc.ClickParams)
	if !ok || got.Method != rpc.PageClick || p.Ref != "e7" || p.ClickCount != 2 {
		t.Errorf("parsed %+v", got)
	}
	if len(e.h.calls) != 0 {
		t.Errorf("runF should stop before any call")
	}
}

func TestScreenshotDefaultName(t *testing.T) {
	e := newTestEnv(t)
	e.h.results[rpc.PageScreenshot] = `{"data":"aGk=","format":"png","width":1,"height":1}`
	wd, _ := os.Getwd()
	t.Cleanup(func() { os.Chdir(wd) })
	os.Chdir(t.TempDir())
	if code := e.run("screenshot"); code != cmdutil.ExitOK {
		t.Fatalf("exit %d: %s", code, e.err)
	}
	if e.out.String() != "screenshot-20261129-230102.png\n" {
		t.Errorf("stdout %q", e.out)
	}
	if b, err := os.ReadFile("screenshot-20261129-230102.png"); err != nil || string(b) != "hi" {
		t.Errorf("file %q %v", b, err)
	}
}

func TestFindBrowser(t *testing.T) {
	e := newTestEnv(t)
	e.f.LookPath = func(name string) (string, error) {
		if name == "google-chrome" {
			return "/opt/google-chrome", nil
		}
		return "", errors.New("no")
	}
	if p, err := findBrowser(e.f, ""); err != nil || p != "/opt/google-chrome" {
		t.Errorf("findBrowser = %q, %v", p, err)
	}
	e.f.LookPath = func(string) (string, error) { return "", errors.New("no") }
	if code := e.run("launch"); code != cmdutil.ExitError || !strings.Contains(e.err.String(), "no Chromium or Chrome on PATH") {
		t.Errorf("exit %d, stderr %q", code, e.err)
	}
}

func TestUsageExit(t *testing.T) {
	checkUsage(t, nil, "click", "fill e1", "tab close x", "mouse fly 1 2", "get", "session rename s1", "nosuch", "--bad", "snapshot --max-chars 50")
}

// Every command says what it does and shows an example, and every command
// that talks to the browser is in the tree.
func TestHelpEverywhere(t *testing.T) {
	e := newTestEnv(t)
	root := NewRootCmd(e.f)
	var walk func(c *cobra.Command)
	seen := map[string]bool{}
	walk = func(c *cobra.Command) {
		seen[c.CommandPath()] = true
		if c.Hidden || c.Name() == "help" {
			return
		}
		if c.Short == "" || c.Example == "" {
			t.Errorf("%s: Short %q, Example %q", c.CommandPath(), c.Short, c.Example)
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	for _, path := range []string{"session create", "session attach-current", "session list", "session rename",
		"session release", "session close", "session use", "tab open", "tab list", "tab user-list", "tab attach",
		"tab active", "tab activate", "tab close", "snapshot", "click", "hover", "fill", "type", "select",
		"scroll-into-view", "press", "scroll", "mouse", "get", "screenshot", "wait", "eval", "call", "serve",
		"stop", "status", "token", "extension install", "launch", "repl", "completion",
		"open", "back", "forward", "reload", "dialog status", "dialog accept", "dialog dismiss", "dialog policy"} {
		if !seen["browserctl "+path] {
			t.Errorf("no command %q", path)
		}
	}
}
