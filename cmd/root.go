// Package cmd is browserctl's command tree: one file per command group, each
// command built by newCmdX(f, runF) over a Factory, run the same way by
// Main and by the REPL.
package cmd

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"browserctl/hub"
	"browserctl/rpc"
)

// Main runs browserctl with os.Args and returns the exit status.
func Main() int {
	f := NewFactory()
	args := os.Args[1:]
	if len(args) == 0 && f.IO.IsStdinTTY() && f.IO.IsStdoutTTY() {
		args = []string{"repl"}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return int(Run(ctx, f, args))
}

// Run builds a fresh command tree, runs args on it, prints any error on
// f.IO.ErrOut and returns the exit status. A fresh tree per run means no
// flag value leaks from one REPL line to the next.
func Run(ctx context.Context, f *Factory, args []string) ExitCode {
	root := NewRootCmd(f)
	root.SetArgs(args)
	c, err := root.ExecuteContextC(ctx)
	if err != nil && strings.HasPrefix(err.Error(), "unknown command") {
		err = &UsageError{Err: err}
	}
	path := root.CommandPath()
	if c != nil {
		path = c.CommandPath()
	}
	PrintError(f, path, err)
	return ExitCodeFor(err)
}

// PrintError writes err for people, with a hint where one helps.
func PrintError(f *Factory, cmdPath string, err error) {
	if err == nil {
		return
	}
	var ee *ReportedError
	if errors.As(err, &ee) && ee.Err == nil {
		return
	}
	if errors.As(err, &ee) {
		err = ee.Err
	}
	cs := f.IO.ErrColorScheme()
	w := f.IO.ErrOut
	var be *rpc.BrowserError
	if errors.As(err, &be) {
		fmt.Fprintln(w, cs.Red(be.Error()))
		if h := hintFor(be); h != "" {
			fmt.Fprintln(w, cs.Dim("hint: "+h))
		}
		return
	}
	fmt.Fprintln(w, cs.Red("error: "+err.Error()))
	var ue *UsageError
	if errors.As(err, &ue) && cmdPath != "" {
		fmt.Fprintf(w, "Run '%s --help' for usage.\n", cmdPath)
	}
}

// hintFor is the line that tells the user what to do next.
func hintFor(be *rpc.BrowserError) string {
	switch {
	case be.Code == rpc.CodeSessionRequired:
		return "pick a session first: `browserctl session create`, `browserctl session attach-current`, or `browserctl session use ID` (or --session ID)"
	case be.Code == rpc.CodePageRefNotFound:
		return "the ref is stale: take a new snapshot (`browserctl snapshot`) and retry with its refs"
	case be.Retryable:
		return "retryable: take a new snapshot (`browserctl snapshot`) and retry"
	case be.Code == rpc.CodeExtensionNotConnected:
		return "no extension is connected: `browserctl launch`, or `browserctl extension install DIR` and load it in chrome://extensions"
	case be.Code == rpc.CodeSessionNotFound:
		return "`browserctl session list` shows the sessions"
	}
	return ""
}

// NewRootCmd builds the whole tree on f.
func NewRootCmd(f *Factory) *cobra.Command {
	root := &cobra.Command{
		Use:   "browserctl",
		Short: "Drive a real Chrome from the shell through its extension",
		Long: `browserctl drives a real Chrome from the shell. Commands become JSON-RPC
calls that the browserctl extension carries out in the browser.

With no arguments on a terminal it opens the REPL.`,
		Example: `  browserctl launch
  browserctl session create --url https://example.com
  browserctl snapshot -i
  browserctl click e3
  browserctl get title --json`,
		SilenceErrors: true,
		SilenceUsage:  true,
		PersistentPreRunE: func(c *cobra.Command, args []string) error {
			if f.Globals.NoColor {
				f.IO.SetColorEnabled(false)
			}
			f.Globals.Server = hostPort(f.Globals.Server)
			if f.Globals.Server == "" {
				return usageErrorf("--server needs an address such as %s", hub.DefaultAddr)
			}
			return nil
		},
	}
	root.CompletionOptions.DisableDefaultCmd = true
	root.SetOut(f.IO.Out)
	root.SetErr(f.IO.ErrOut)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return &UsageError{Err: err}
	})
	addGlobalFlags(root, f)

	root.AddGroup(
		&cobra.Group{ID: "browser", Title: "Browser commands:"},
		&cobra.Group{ID: "page", Title: "Page commands:"},
		&cobra.Group{ID: "local", Title: "Hub and setup commands:"},
	)
	add := func(group string, cmds ...*cobra.Command) {
		for _, c := range cmds {
			c.GroupID = group
			root.AddCommand(c)
		}
	}
	add("browser", newCmdSession(f), newCmdTab(f), newCmdCall(f, nil))
	add("page", newCmdSnapshot(f, nil), newCmdClick(f, nil), newCmdHover(f, nil), newCmdFill(f, nil),
		newCmdType(f, nil), newCmdSelect(f, nil), newCmdScrollIntoView(f, nil), newCmdPress(f, nil),
		newCmdScroll(f, nil), newCmdMouse(f, nil), newCmdGet(f, nil), newCmdScreenshot(f, nil),
		newCmdWait(f, nil), newCmdEval(f, nil))
	add("local", newCmdServe(f, nil), newCmdStop(f, nil), newCmdStatus(f, nil), newCmdToken(f),
		newCmdExtension(f), newCmdLaunch(f, nil), newCmdREPL(f), newCmdCompletion(f))
	return root
}

func addGlobalFlags(root *cobra.Command, f *Factory) {
	env := f.Getenv
	g := f.Globals
	pf := root.PersistentFlags()
	pf.StringVar(&g.Server, "server", envOr(env("BROWSERCTL_SERVER"), hub.DefaultAddr), "hub address host:port ($BROWSERCTL_SERVER)")
	pf.StringVar(&g.Session, "session", env("BROWSERCTL_SESSION"), "session id to act on ($BROWSERCTL_SESSION; default: the hub's current session)")
	pf.BoolVar(&g.JSON, "json", envBool(env("BROWSERCTL_JSON")), "print the raw result JSON ($BROWSERCTL_JSON)")
	pf.DurationVar(&g.Timeout, "timeout", envDuration(env("BROWSERCTL_TIMEOUT"), rpc.DefaultTimeout), "timeout of each browser call ($BROWSERCTL_TIMEOUT)")
	pf.BoolVar(&g.NoColor, "no-color", env("NO_COLOR") != "", "no colour in output ($NO_COLOR)")
	pf.DurationVar(&g.Wait, "wait", envDuration(env("BROWSERCTL_WAIT"), 30*time.Second), "how long to wait for the extension to connect ($BROWSERCTL_WAIT)")
	_ = root.RegisterFlagCompletionFunc("session", completeSessionFlag(f))
}

func envOr(v, def string) string {
	if v != "" {
		return v
	}
	return def
}

func envBool(v string) bool {
	b, err := strconv.ParseBool(v)
	return err == nil && b
}

func envDuration(v string, def time.Duration) time.Duration {
	if v == "" {
		return def
	}
	if d, err := time.ParseDuration(v); err == nil {
		return d
	}
	if ms, err := strconv.Atoi(v); err == nil {
		return time.Duration(ms) * time.Millisecond
	}
	return def
}

// hostPort reduces a --server value to host:port ("http://127.0.0.1:9223/"
// and "ws://127.0.0.1:9223/ws/browser" are accepted too).
func hostPort(server string) string {
	s := strings.TrimSpace(server)
	if i := strings.Index(s, "://"); i >= 0 {
		s = s[i+3:]
	}
	if i := strings.IndexByte(s, '/'); i >= 0 {
		s = s[:i]
	}
	return s
}
