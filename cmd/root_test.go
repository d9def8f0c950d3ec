package cmd

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"browserctl/cmd/cmdutil"
	"browserctl/hub/hubclient"
	"browserctl/rpc"
)

// topCmds names each command as its Use does.
func TestTopCmds(t *testing.T) {
	e := newTestEnv(t)
	for _, tc := range topCmds() {
		if got := tc.build(e.f).Name(); got != tc.name {
			t.Errorf("topCmds: %q builds %q", tc.name, got)
		}
	}
}

// Every failure prints `error CODE NAME: MESSAGE` (browser errors, waiting
// in vain for the extension included) or `error: MESSAGE` (the rest), and
// a hint line where one helps.
func TestPrintErrorFormats(t *testing.T) {
	for _, tt := range []struct {
		name string
		err  error
		want string
		code cmdutil.ExitCode
	}{
		{"not connected after --wait", &hubclient.NotConnectedError{Msg: "no extension connected to ws://127.0.0.1:1/ws/browser within 2s"},
			"error 4101 extension_not_connected: no extension connected to ws://127.0.0.1:1/ws/browser within 2s\n" +
				"hint: no extension is connected: `browserctl launch`, or `browserctl extension install DIR` and load it in chrome://extensions\n", cmdutil.ExitNoBrowser},
		{"status not connected", &cmdutil.ReportedError{Code: cmdutil.ExitNoBrowser, Err: &hubclient.NotConnectedError{Msg: "no extension connected to ws://127.0.0.1:1/ws/browser"}},
			"error 4101 extension_not_connected: no extension connected to ws://127.0.0.1:1/ws/browser\n" +
				"hint: no extension is connected: `browserctl launch`, or `browserctl extension install DIR` and load it in chrome://extensions\n", cmdutil.ExitNoBrowser},
		{"the hub's 4101", rpc.ErrNotConnected(),
			"error 4101 extension_not_connected: extension not connected\n" +
				"hint: no extension is connected: `browserctl launch`, or `browserctl extension install DIR` and load it in chrome://extensions\n", cmdutil.ExitNoBrowser},
		{"no hub", fmt.Errorf("no hub at 127.0.0.1:1: %w: http://127.0.0.1:1 (connection refused)", hubclient.ErrNoHub),
			"error: no hub at 127.0.0.1:1: no browserctl hub at this address: http://127.0.0.1:1 (connection refused)\n" +
				"hint: any browser command starts a hub at --server; or run `browserctl serve`\n", cmdutil.ExitNoBrowser},
		{"not a hub", fmt.Errorf("%w: http://127.0.0.1:1 answered 404 Not Found", hubclient.ErrNotAHub),
			"error: not a browserctl hub: http://127.0.0.1:1 answered 404 Not Found\n" +
				"hint: another program holds this address: pick another with --server ($BROWSERCTL_SERVER)\n", cmdutil.ExitNoBrowser},
		{"unauthorized", fmt.Errorf("%w (http://127.0.0.1:1)", hubclient.ErrUnauthorized),
			"error: the hub refused the token (http://127.0.0.1:1)\n" +
				"hint: the hub holds another token than ours (`browserctl token`, $BROWSERCTL_TOKEN): use the same one, or `browserctl stop` that hub and retry\n", cmdutil.ExitNoBrowser},
		{"usage", cmdutil.UsageErrorf("bad"), "error: bad\nRun 'browserctl get --help' for usage.\n", cmdutil.ExitUsage},
		{"local", errors.New("boom"), "error: boom\n", cmdutil.ExitError},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := newTestEnv(t)
			PrintError(e.f, "browserctl get", tt.err)
			if got := e.err.String(); got != tt.want {
				t.Errorf("stderr\n%s\nwant\n%s", got, tt.want)
			}
			if got := cmdutil.ExitCodeFor(tt.err); got != tt.code {
				t.Errorf("exit %d, want %d", got, tt.code)
			}
		})
	}
}

// The lazy tree's flag tables name every global flag, by the kind pflag
// gives it: a flag added to cmdutil.AddGlobalFlags and not to them would make
// `browserctl --newflag X get title` take X for the command.
func TestGlobalFlagTablesMatchTheRoot(t *testing.T) {
	e := newTestEnv(t)
	root := newBareRoot(e.f)
	n := 0
	root.PersistentFlags().VisitAll(func(fl *pflag.Flag) {
		n++
		isBool := fl.Value.Type() == "bool"
		if isBool && !globalBoolFlags[fl.Name] || !isBool && !globalValueFlags[fl.Name] {
			t.Errorf("--%s (%s) is missing from the lazy tree's flag tables", fl.Name, fl.Value.Type())
		}
		if fl.Shorthand != "" && globalShorthands[fl.Shorthand] != fl.Name {
			t.Errorf("-%s (--%s) is missing from globalShorthands", fl.Shorthand, fl.Name)
		}
	})
	if want := len(globalBoolFlags) + len(globalValueFlags); n != want {
		t.Errorf("the root has %d global flags, the tables %d", n, want)
	}
}

// A command line runs on the same command whether the tree is built whole
// or only for the command it names.
func TestLazyTreeFindsTheSameCommand(t *testing.T) {
	e := newTestEnv(t)
	for _, args := range [][]string{
		{"get", "title"},
		{"--json", "get", "title"},
		{"-v", "get", "title"},
		{"--server", "127.0.0.1:1", "--timeout=5s", "tab", "list"},
		{"--session", "get", "snapshot"}, // "get" is --session's value
		{"--no-color", "--wait", "2s", "session", "ls"},
		{"-h"},
		{"help", "get"},
		{"nosuch"},
		{"--", "get"},
		// declared commands, and declared subcommands of a hand-written one
		{"focus", "e1"},
		{"get", "attr", "e1", "href"},
		{"get", "--tab", "3", "style", "e1", "color"},
		{"get", "text", "e1"},
		{"dialog", "accept", "Ada"},
		{"cookies", "clear"},
		{"cookies", "set", "a", "b"},
		{"keyboard", "type", "hi"},
	} {
		full, _, ferr := NewRootCmd(e.f).Find(stripGlobals(args))
		lazy, _, lerr := newTreeFor(e.f, args).Find(stripGlobals(args))
		if (ferr == nil) != (lerr == nil) || ferr == nil && full.CommandPath() != lazy.CommandPath() {
			t.Errorf("%q: whole tree finds %v (%v), lazy tree %v (%v)", args, full.CommandPath(), ferr, lazy.CommandPath(), lerr)
		}
	}
	if got := topCommandName([]string{"--session", "get", "snapshot"}); got != "snapshot" {
		t.Errorf("topCommandName took a flag's value for the command: %q", got)
	}
}

// stripGlobals drops the global flags and their values, as cobra's Find
// does not parse them.
func stripGlobals(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		name, _, hasValue := strings.Cut(strings.TrimLeft(args[i], "-"), "=")
		switch {
		case strings.HasPrefix(args[i], "--") && globalValueFlags[name]:
			if !hasValue {
				i++
			}
		case strings.HasPrefix(args[i], "--") && globalBoolFlags[name]:
		default:
			out = append(out, args[i])
		}
	}
	return out
}

// The root's own help (help, -h, --help) comes from a tree of one line per
// top-level command; it lists the same commands, groups and lines as the
// whole tree's. --version answers from the bare root.
func TestRootHelpIsTheWholeTreesHelp(t *testing.T) {
	e := newTestEnv(t)
	render := func(root *cobra.Command, args []string) string {
		var b bytes.Buffer
		root.SetOut(&b)
		root.SetErr(&b)
		root.SetArgs(args)
		if err := root.Execute(); err != nil {
			t.Fatalf("%q: %v", args, err)
		}
		return b.String()
	}
	for _, args := range [][]string{{"help"}, {"--help"}, {"-h"}, {"--version"}} {
		whole, lazy := render(NewRootCmd(e.f), args), render(newTreeFor(e.f, args), args)
		if whole != lazy {
			t.Errorf("%q: the whole tree prints\n%s\nthe lazy tree\n%s", args, whole, lazy)
		}
	}
	help := render(newTreeFor(e.f, []string{"help"}), []string{"help"})
	for _, want := range []string{"click ", "snapshot ", "tab ", "cookies ", "record ", "Scroll the page"} {
		if !strings.Contains(help, want) {
			t.Errorf("the root's help lacks %q:\n%s", want, help)
		}
	}
	if v := render(newTreeFor(e.f, []string{"--version"}), []string{"--version"}); !strings.HasPrefix(v, "browserctl version ") {
		t.Errorf("--version printed %q", v)
	}
}
