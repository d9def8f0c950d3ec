package cmd

import (
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/rpc"
)

// Navigation, wait and dialog commands send their methods with
// docs/protocol.md's params; waits and navigations carry --timeout as
// timeoutMs and give the hub cmdutil.WaitSlack more, so the extension's own "timed
// out" answer arrives first.
func TestNavigationWaitDialogRequests(t *testing.T) {
	tests := []struct {
		args        string
		method      string
		params      string
		callTimeout time.Duration
	}{
		{"open example.com", rpc.PageNavigate, `{"url":"example.com","timeoutMs":30000}`, 35 * time.Second},
		{"open --timeout 5s --wait-until none --tab 4 http://a/", rpc.PageNavigate, `{"tabId":4,"url":"http://a/","waitUntil":"none","timeoutMs":5000}`, 10 * time.Second},
		{"back", rpc.PageBack, `{"timeoutMs":30000}`, 35 * time.Second},
		{"forward --wait-until domcontentloaded", rpc.PageForward, `{"waitUntil":"domcontentloaded","timeoutMs":30000}`, 35 * time.Second},
		{"reload --wait-until networkidle", rpc.PageReload, `{"waitUntil":"networkidle","timeoutMs":30000}`, 35 * time.Second},
		{"wait --text Done --timeout 2s", rpc.PageWaitFor, `{"text":"Done","timeoutMs":2000}`, 7 * time.Second},
		{"wait --selector #x --gone", rpc.PageWaitFor, `{"selector":"#x","gone":true,"timeoutMs":30000}`, 35 * time.Second},
		{"wait --url **/done*", rpc.PageWaitFor, `{"url":"**/done*","timeoutMs":30000}`, 35 * time.Second},
		{"wait --fn window.ready --tab 3", rpc.PageWaitFor, `{"tabId":3,"fn":"window.ready","timeoutMs":30000}`, 35 * time.Second},
		{"eval --timeout 40s 1", rpc.PageEval, `{"expression":"1","timeoutMs":40000}`, 45 * time.Second},
		{"dialog status", rpc.PageDialog, `{"action":"status"}`, rpc.DefaultTimeout},
		{"dialog accept", rpc.PageDialog, `{"action":"accept"}`, rpc.DefaultTimeout},
		{"dialog accept Ada", rpc.PageDialog, `{"action":"accept","text":"Ada"}`, rpc.DefaultTimeout},
		{"dialog dismiss", rpc.PageDialog, `{"action":"dismiss"}`, rpc.DefaultTimeout},
		{"dialog policy accept", rpc.SessionSetDialogPolicy, `{"policy":"accept"}`, rpc.DefaultTimeout},
	}
	for _, tt := range tests {
		t.Run(tt.args, func(t *testing.T) {
			e := newTestEnv(t)
			e.f.Globals.Timeout = rpc.DefaultTimeout
			c := e.callOf(t, tt.args, tt.method)
			if c.Method != tt.method || !sameJSON(c.Params, tt.params) {
				t.Errorf("sent %s %s, want %s %s", c.Method, c.Params, tt.method, tt.params)
			}
			if c.Timeout != tt.callTimeout {
				t.Errorf("call timeout %s, want %s", c.Timeout, tt.callTimeout)
			}
		})
	}
}

func TestNavigationWaitDialogUsage(t *testing.T) {
	checkUsage(t, nil,
		"open", "open a b", "open --wait-until soon example.com", "back x", "reload --wait-until idle",
		"wait --text a --selector b", "wait 10 --text a", "wait --url x --gone", "wait --fn x --gone", "wait --gone",
		"wait --load load --fn x", "dialog", "dialog policy maybe", "dialog policy", "dialog accept a b", "dialog dismiss x",
	)
}

// open prints the final URL and title, control characters of the page
// shown escaped.
func TestOpenPrintsURLAndTitle(t *testing.T) {
	e := newTestEnv(t)
	e.h.results[rpc.PageNavigate] = `{"url":"https://example.com/","title":"Example\u001b[31m Domain"}`
	if code := e.run("open example.com"); code != 0 {
		t.Fatalf("exit %d: %s", code, e.err)
	}
	if got, want := e.out.String(), "https://example.com/\nExample\\x1b[31m Domain\n"; got != want {
		t.Errorf("stdout %q, want %q", got, want)
	}
}

// A command during which a dialog opened says so in one stderr line and
// still succeeds; --json keeps the dialog member.
func TestDialogReportLine(t *testing.T) {
	tests := []struct {
		result string
		want   string
	}{
		{`{"ok":true,"dialog":{"type":"confirm","message":"Delete everything?","state":"open"}}`,
			"dialog: confirm \"Delete everything?\" is open; browserctl dialog accept|dismiss\n"},
		{`{"ok":true,"dialog":{"type":"alert","message":"hi\u0007","state":"accepted"}}`,
			"dialog: alert \"hi\\x07\" was accepted\n"},
		{`{"ok":true}`, ""},
	}
	for _, tt := range tests {
		for _, json := range []bool{false, true} {
			e := newTestEnv(t)
			e.h.results[rpc.PageClick] = tt.result
			args := "click e1"
			if json {
				args = "--json click e1"
			}
			if code := e.run(args); code != 0 {
				t.Fatalf("exit %d: %s", code, e.err)
			}
			if e.err.String() != tt.want {
				t.Errorf("json=%v: stderr %q, want %q", json, e.err, tt.want)
			}
			if json && !strings.Contains(e.out.String(), tt.result) {
				t.Errorf("--json output %q lacks the result %q", e.out, tt.result)
			}
		}
	}
}

// The extension's own timeouts (a wait, an eval) are retryable: exit 4
// with the timeout hint, not the stale-ref one.
func TestExtensionTimeoutIsRetryable(t *testing.T) {
	e := newTestEnv(t)
	// As the hub's decoding of the extension's answer makes it.
	e.h.errs[rpc.PageWaitFor] = rpc.FromWire(4102, `timed out after 2000 ms waiting for text "Done" to appear`, nil)
	if code := e.run("wait --text Done --timeout 2s"); code != cmdutil.ExitRetry {
		t.Errorf("exit %d, want %d", code, cmdutil.ExitRetry)
	}
	want := "error 4102 operation_failed: timed out after 2000 ms waiting for text \"Done\" to appear\n" +
		"hint: timed out: the call may or may not have taken effect in the page; check the page's state, then retry, or give it longer with --timeout\n"
	if e.err.String() != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", e.err, want)
	}
	// Other 4102 failures stay what they were: not retryable.
	if rpc.FromWire(4102, "something broke", nil).Retryable {
		t.Errorf("a 4102 that is no timeout became retryable")
	}
}

func TestDialogStatusOutput(t *testing.T) {
	for _, c := range []struct{ result, want string }{
		{`{"open":false,"policy":"hold"}`, "no dialog is open\n"},
		{`{"open":true,"type":"confirm","message":"Sure?","policy":"hold"}`, "confirm \"Sure?\"\n"},
		{`{"open":true,"type":"prompt","message":"Name?","defaultPrompt":"anon","policy":"hold"}`, "prompt \"Name?\" default \"anon\"\n"},
	} {
		e := newTestEnv(t)
		e.h.results[rpc.PageDialog] = c.result
		if code := e.run("dialog status"); code != 0 {
			t.Fatalf("exit %d: %s", code, e.err)
		}
		if e.out.String() != c.want {
			t.Errorf("dialog status with %s printed %q, want %q", c.result, e.out, c.want)
		}
	}
}

// A --timeout other than the default reaches every page call as timeoutMs,
// so the extension cuts none of its CDP commands shorter.
func TestTimeoutReachesEveryPageCall(t *testing.T) {
	tests := []sentCase{
		{"--timeout 45s screenshot --full", rpc.PageScreenshot, `{"fullPage":true,"timeoutMs":45000}`},
		{"--timeout 45s click e1", rpc.PageClick, `{"ref":"e1","timeoutMs":45000}`},
		{"--timeout 45s snapshot", rpc.PageSnapshot, `{"timeoutMs":45000}`},
		{"screenshot --full", rpc.PageScreenshot, `{"fullPage":true}`},
		{"--timeout 45s tab list", rpc.TabList, `{}`},
		{"--timeout 2s wait --text x", rpc.PageWaitFor, `{"text":"x","timeoutMs":2000}`},
	}
	checkSent(t, tests, nil)
}

// The navigation commands as the tests that stop after parsing build
// them (they are declared on their rows).
func newCmdOpen(f *cmdutil.Factory, runF func(*cmdutil.PageCall) error) *cobra.Command {
	return cmdutil.NewCmdDeclared(f, runF, "open")
}

func newCmdBack(f *cmdutil.Factory, runF func(*cmdutil.PageCall) error) *cobra.Command {
	return cmdutil.NewCmdDeclared(f, runF, "back")
}

func newCmdReload(f *cmdutil.Factory, runF func(*cmdutil.PageCall) error) *cobra.Command {
	return cmdutil.NewCmdDeclared(f, runF, "reload")
}

func newCmdFind(f *cmdutil.Factory, runF func(*cmdutil.PageCall) error) *cobra.Command {
	return cmdutil.NewCmdDeclared(f, runF, "find")
}

func newCmdClick(f *cmdutil.Factory, runF func(*cmdutil.PageCall) error) *cobra.Command {
	return cmdutil.NewCmdDeclared(f, runF, "click")
}

func newCmdScroll(f *cmdutil.Factory, runF func(*cmdutil.PageCall) error) *cobra.Command {
	return cmdutil.NewCmdDeclared(f, runF, "scroll")
}

func newCmdDrag(f *cmdutil.Factory, runF func(*cmdutil.PageCall) error) *cobra.Command {
	return cmdutil.NewCmdDeclared(f, runF, "drag")
}

// open on a tab the extension replaced (stuck in a dialog loop) says so on
// stderr, for people and with --json; stdout stays the URL and title (or
// the JSON result, replacedTab included).
func TestOpenSaysTheTabWasReplaced(t *testing.T) {
	for _, args := range []string{"open example.com", "--json open example.com"} {
		e := newTestEnv(t)
		e.h.results[rpc.PageNavigate] = `{"url":"https://example.com/","title":"Example","replacedTab":{"old":7,"new":9,"reason":"dialog_loop"}}`
		if code := e.run(args); code != 0 {
			t.Fatalf("%s: exit %d: %s", args, code, e.err)
		}
		if want := "tab 7 was stuck in a dialog loop; replaced by tab 9 (same session and group)\n"; e.err.String() != want {
			t.Errorf("%s: stderr %q, want %q", args, e.err, want)
		}
		if strings.HasPrefix(args, "open") && e.out.String() != "https://example.com/\nExample\n" {
			t.Errorf("stdout %q", e.out)
		}
	}
}
