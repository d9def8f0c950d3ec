// Package cmd is browserctl's command tree: one file per command group, each
// command built by newCmdX(f, runF) over a Factory, run the same way by
// Main and by the REPL.
package cmd

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"browserctl/hub"
	"browserctl/hubclient"
	"browserctl/rpc"
)

// Main runs browserctl with os.Args and returns the exit status.
//
// A one-shot command installs no signal handler: SIGINT or SIGTERM ends it
// as they end any Unix tool (the shell sees 130 or 143), and the hub sees
// the connection close, as it would on a cancel. Only the commands that
// clean up on the way out (serve, repl) catch them, see interruptible.
// Catching them everywhere cost a locked OS thread and two goroutines per
// run, a fifth of a one-shot call.
func Main() int {
	f := NewFactory()
	args := os.Args[1:]
	if len(args) == 0 && f.IO.IsStdinTTY() && f.IO.IsStdoutTTY() {
		args = []string{"repl"}
	}
	if os.Getenv("GOMAXPROCS") == "" && oneCallToTheHub(args) {
		runtime.GOMAXPROCS(1)
	}
	return int(Run(context.Background(), f, args))
}

// oneCallToTheHub says whether args are a page or browser command: a
// client of the hub that never hosts one. Such a process runs on one
// processor: the HTTP client's goroutines hand off on its one thread
// instead of waking another, which on a busy machine waits for a time
// slice (a one-shot call ~12% faster, less CPU, at load average 25).
func oneCallToTheHub(args []string) bool {
	name := topCommandName(args)
	for _, tc := range topCmds() {
		if tc.name == name {
			return tc.group == "page" || tc.group == "browser"
		}
	}
	return false
}

// interruptible is ctx canceled on SIGINT or SIGTERM, for the commands that
// end cleanly when interrupted (serve removes its pid file, the REPL keeps
// running).
func interruptible(ctx context.Context) (context.Context, context.CancelFunc) {
	return signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
}

// Run builds a fresh command tree, runs args on it, prints any error on
// f.IO.ErrOut and returns the exit status. A fresh tree per run means no
// flag value leaks from one REPL line to the next.
func Run(ctx context.Context, f *Factory, args []string) ExitCode {
	path, err := execute(ctx, f, args)
	PrintError(f, path, err)
	return ExitCodeFor(err)
}

// execute runs args on a fresh tree and returns the path of the command
// that ran (for the usage line) and its error, unprinted (batch prints it
// its own way).
func execute(ctx context.Context, f *Factory, args []string) (string, error) {
	ctx, timing := traceCalls(ctx, f, args)
	root := newTreeFor(f, args)
	rejectUnknownSubcommands(root)
	root.SetArgs(args)
	c, err := root.ExecuteContextC(ctx)
	reportTiming(f, timing, strings.Join(args, " "))
	if err != nil && strings.HasPrefix(err.Error(), "unknown command") {
		err = &UsageError{Err: err}
	}
	path := root.CommandPath()
	if c != nil {
		path = c.CommandPath()
	}
	if err != nil && jsonRequested(f, args) {
		f.Globals.JSON = true
	}
	return path, err
}

// PrintError writes err for people, with a hint where one helps, or with
// --json as one JSON object (see errreport.go).
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
	r := describeError(cmdPath, f.Globals.Server, err)
	if f.Globals.JSON {
		printErrorJSON(f, r)
		return
	}
	printErrorHuman(f, r)
}

// hubHint is the line after a failure to reach a hub.
func hubHint(err error) string {
	switch {
	case errors.Is(err, hubclient.ErrUnauthorized):
		return "the hub holds another token than ours (`browserctl token`, $BROWSERCTL_TOKEN): use the same one, or `browserctl stop` that hub and retry"
	case errors.Is(err, hubclient.ErrNotAHub):
		return "another program holds this address: pick another with --server ($BROWSERCTL_SERVER)"
	case errors.Is(err, hubclient.ErrNoHub):
		return "any browser command starts a hub at --server; or run `browserctl serve`"
	}
	return ""
}

// hintFor is the line that tells the user what to do next.
func hintFor(be *rpc.BrowserError) string {
	switch {
	case be.Code == rpc.CodeSessionRequired:
		return "pick a session first: `browserctl session create`, `browserctl session attach-current`, or `browserctl session use ID` (or --session ID); `browserctl open URL` makes one"
	case be.Code == rpc.CodePageRefNotFound && (be.Reason == "" || be.Reason == rpc.ReasonStaleRef):
		return "the ref is stale: take a new snapshot (`browserctl snapshot`) and retry with its refs"
	case be.Retryable && rpc.IsTimeout(be):
		return "timed out: the call may or may not have taken effect in the page; check the page's state, then retry, or give it longer with --timeout"
	case be.Retryable && be.Code == rpc.CodeExtensionNotConnected:
		return "the extension's connection was lost during the call: it may or may not have taken effect; `browserctl status --wait 30s`, check the page's state, then retry"
	case be.Retryable:
		return "retryable: take a new snapshot (`browserctl snapshot`) and retry"
	case be.Code == rpc.CodeExtensionNotConnected:
		return "no extension is connected: `browserctl launch`, or `browserctl extension install DIR` and load it in chrome://extensions"
	case be.Code == rpc.CodeSessionNotFound:
		return "`browserctl session list` shows the sessions"
	case be.Reason == rpc.ReasonCovered:
		return "another element takes the press (named above): close it, or scroll; `--force` presses anyway"
	case be.Reason == rpc.ReasonNotFound:
		return "nothing matches the target: check it with `browserctl find` or `browserctl snapshot -i`, or give it longer with --timeout"
	}
	return ""
}

// NewRootCmd builds the whole tree on f.
func NewRootCmd(f *Factory) *cobra.Command {
	root := newBareRoot(f)
	for _, tc := range topCmds() {
		addTop(root, f, tc)
	}
	return root
}

// newTreeFor is the tree args need: the root and the one top-level command
// args name, or the whole tree when they name none (help, completion, a
// typo to suggest a fix for). Building all ~60 commands with their flags
// for one was a tenth of a one-shot call's CPU and half of a batch line's
// (allocations, then garbage collection in batch).
func newTreeFor(f *Factory, args []string) *cobra.Command {
	name := topCommandName(args)
	for _, tc := range topCmds() {
		if tc.name == name {
			root := newBareRoot(f)
			addTop(root, f, tc)
			return root
		}
	}
	return NewRootCmd(f)
}

// topCommandName is the first word of args that is not a global flag or a
// global flag's value; "" when a flag it does not know comes first.
func topCommandName(args []string) string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return ""
		}
		if !strings.HasPrefix(a, "-") {
			return a
		}
		flag, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if long, ok := globalShorthands[flag]; ok && !strings.HasPrefix(a, "--") {
			flag = long
		}
		switch {
		case globalValueFlags[flag]:
			if !hasValue {
				i++ // its value is the next word
			}
		case globalBoolFlags[flag]:
		default:
			return "" // -h, a command's flag before its command: the whole tree decides
		}
	}
	return ""
}

// The root's persistent flags (addGlobalFlags), by kind.
var (
	globalValueFlags = map[string]bool{"server": true, "session": true, "timeout": true, "wait": true, "download-dir": true}
	globalBoolFlags  = map[string]bool{"json": true, "no-color": true, "verbose": true}
	// globalShorthands are the one-letter names of global flags.
	globalShorthands = map[string]string{"v": "verbose"}
)

// topCmd is a top-level command: its name (the first word of its Use), its
// help group and how to build it.
type topCmd struct {
	name, group string
	build       func(f *Factory) *cobra.Command
}

// topCmds are the top-level commands in help order (a func, not a var: the
// repl command runs Run, which reads this list).
func topCmds() []topCmd {
	return []topCmd{
		{"session", "browser", newCmdSession},
		{"tab", "browser", newCmdTab},
		{"call", "browser", func(f *Factory) *cobra.Command { return newCmdCall(f, nil) }},
		{"snapshot", "page", func(f *Factory) *cobra.Command { return newCmdSnapshot(f, nil) }},
		{"click", "page", func(f *Factory) *cobra.Command { return newCmdClick(f, nil) }},
		{"hover", "page", func(f *Factory) *cobra.Command { return newCmdHover(f, nil) }},
		{"fill", "page", func(f *Factory) *cobra.Command { return newCmdFill(f, nil) }},
		{"type", "page", func(f *Factory) *cobra.Command { return newCmdType(f, nil) }},
		{"select", "page", func(f *Factory) *cobra.Command { return newCmdSelect(f, nil) }},
		{"scroll-into-view", "page", func(f *Factory) *cobra.Command { return newCmdScrollIntoView(f, nil) }},
		{"press", "page", func(f *Factory) *cobra.Command { return newCmdPress(f, nil) }},
		{"scroll", "page", func(f *Factory) *cobra.Command { return newCmdScroll(f, nil) }},
		{"mouse", "page", func(f *Factory) *cobra.Command { return newCmdMouse(f, nil) }},
		{"get", "page", func(f *Factory) *cobra.Command { return newCmdGet(f, nil) }},
		{"screenshot", "page", func(f *Factory) *cobra.Command { return newCmdScreenshot(f, nil) }},
		{"wait", "page", func(f *Factory) *cobra.Command { return newCmdWait(f, nil) }},
		{"eval", "page", func(f *Factory) *cobra.Command { return newCmdEval(f, nil) }},
		// issue 8: targets, find, more actions, batch
		{"find", "page", func(f *Factory) *cobra.Command { return newCmdFind(f, nil) }},
		{"dblclick", "page", func(f *Factory) *cobra.Command { return newCmdDblclick(f, nil) }},
		{"check", "page", func(f *Factory) *cobra.Command { return newCmdCheck(f, nil) }},
		{"uncheck", "page", func(f *Factory) *cobra.Command { return newCmdUncheck(f, nil) }},
		{"focus", "page", func(f *Factory) *cobra.Command { return newCmdFocus(f, nil) }},
		{"drag", "page", func(f *Factory) *cobra.Command { return newCmdDrag(f, nil) }},
		{"keyboard", "page", newCmdKeyboard},
		{"is", "page", func(f *Factory) *cobra.Command { return newCmdIs(f, nil) }},
		{"batch", "local", newCmdBatch},
		// issue 10
		{"upload", "page", func(f *Factory) *cobra.Command { return newCmdUpload(f, nil) }},
		{"download", "page", func(f *Factory) *cobra.Command { return newCmdDownload(f, nil) }},
		{"downloads", "page", func(f *Factory) *cobra.Command { return newCmdDownloads(f, nil) }},
		{"console", "page", func(f *Factory) *cobra.Command { return newCmdConsole(f, nil) }},
		{"errors", "page", func(f *Factory) *cobra.Command { return newCmdErrors(f, nil) }},
		{"network", "page", newCmdNetwork},
		{"cookies", "page", newCmdCookies},
		{"storage", "page", newCmdStorage},
		{"pdf", "page", func(f *Factory) *cobra.Command { return newCmdPDF(f, nil) }},
		// issue 8: navigation, dialogs
		{"open", "page", func(f *Factory) *cobra.Command { return newCmdOpen(f, nil) }},
		{"back", "page", func(f *Factory) *cobra.Command { return newCmdBack(f, nil) }},
		{"forward", "page", func(f *Factory) *cobra.Command { return newCmdForward(f, nil) }},
		{"reload", "page", func(f *Factory) *cobra.Command { return newCmdReload(f, nil) }},
		{"dialog", "page", newCmdDialog},
		// evidence: video, trace, vitals, highlight
		{"record", "page", newCmdRecord},
		{"trace", "page", newCmdTrace},
		{"vitals", "page", func(f *Factory) *cobra.Command { return newCmdVitals(f, nil) }},
		{"highlight", "page", func(f *Factory) *cobra.Command { return newCmdHighlight(f, nil) }},
		{"set", "page", newCmdSet},
		{"state", "page", newCmdState},
		{"init-script", "page", newCmdInitScript},
		{"handoff", "page", func(f *Factory) *cobra.Command { return newCmdHandoff(f, nil) }},
		{"serve", "local", func(f *Factory) *cobra.Command { return newCmdServe(f, nil) }},
		{"stop", "local", func(f *Factory) *cobra.Command { return newCmdStop(f, nil) }},
		{"status", "local", func(f *Factory) *cobra.Command { return newCmdStatus(f, nil) }},
		{"token", "local", newCmdToken},
		{"extension", "local", newCmdExtension},
		{"launch", "local", func(f *Factory) *cobra.Command { return newCmdLaunch(f, nil) }},
		{"repl", "local", newCmdREPL},
		{"completion", "local", newCmdCompletion},
		{"doctor", "local", newCmdDoctor},   // issue 13
		{"history", "local", newCmdHistory}, // issue 13: REPL only
		{"save", "local", newCmdSave},       // issue 13: REPL only
		{"mcp", "local", newCmdMCP},
		{"skill", "local", newCmdSkill},
	}
}

func addTop(root *cobra.Command, f *Factory, tc topCmd) {
	c := tc.build(f)
	c.GroupID = tc.group
	root.AddCommand(c)
}

// newBareRoot is the root command with its flags and groups, no children.
func newBareRoot(f *Factory) *cobra.Command {
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
		Annotations:   notReplayed(printsHelp),
		PersistentPreRunE: func(c *cobra.Command, args []string) error {
			if f.Globals.NoColor {
				f.IO.SetColorEnabled(false)
			}
			if err := validateInvocation(f, c); err != nil {
				return err
			}
			addr, err := parseServerAddr(f.Globals.Server)
			if err != nil {
				return usageErrorf("--server: %v", err)
			}
			f.Globals.Server = addr
			if budgetCommand(c) {
				c.SetContext(withCommandBudget(c.Context(), f.Globals.Timeout))
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
	return root
}

func addGlobalFlags(root *cobra.Command, f *Factory) {
	d := f.Defaults
	if d == nil {
		env := envGlobals(f.Getenv)
		d = &env
	}
	g := f.Globals
	pf := root.PersistentFlags()
	pf.StringVar(&g.Server, "server", d.Server, "hub address host:port ($BROWSERCTL_SERVER)")
	pf.StringVar(&g.Session, "session", d.Session, "session id to act on ($BROWSERCTL_SESSION; default: the hub's current session)")
	pf.BoolVar(&g.JSON, "json", d.JSON, "print the raw result JSON ($BROWSERCTL_JSON)")
	pf.DurationVar(&g.Timeout, "timeout", d.Timeout, "time budget of a browser command: connecting, waiting for the extension and its calls ($BROWSERCTL_TIMEOUT)")
	pf.BoolVar(&g.NoColor, "no-color", d.NoColor, "no colour in output ($NO_COLOR)")
	pf.BoolVarP(&g.Verbose, "verbose", "v", d.Verbose, "print on stderr where the command's time went: start, hub, extension, each CDP method ($BROWSERCTL_TIMING)")
	pf.DurationVar(&g.Wait, "wait", d.Wait, "how long to wait for the extension to connect ($BROWSERCTL_WAIT)")
	pf.StringVar(&g.DownloadDir, "download-dir", d.DownloadDir, "where downloads are saved ($BROWSERCTL_DOWNLOAD_DIR; default: the state folder's downloads/)")
	_ = root.MarkPersistentFlagDirname("download-dir")
	_ = root.RegisterFlagCompletionFunc("session", completeSessionFlag(f))
}

// envGlobals are the root flags' defaults from the environment.
func envGlobals(env func(string) string) Globals {
	return Globals{
		Server:  envOr(env("BROWSERCTL_SERVER"), hub.DefaultAddr),
		Session: env("BROWSERCTL_SESSION"),
		JSON:    envBool(env("BROWSERCTL_JSON")),
		Timeout: envDuration(env("BROWSERCTL_TIMEOUT"), rpc.DefaultTimeout),
		NoColor: env("NO_COLOR") != "",
		Verbose: envBool(env("BROWSERCTL_TIMING")),
		Wait:    envDuration(env("BROWSERCTL_WAIT"), 30*time.Second),

		DownloadDir: env("BROWSERCTL_DOWNLOAD_DIR"),
	}
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
