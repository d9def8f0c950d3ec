// Package cmd is browserctl's command tree: one file per command group, each
// command built by newCmdX(f, runF) over a Factory, run the same way by
// Main and by the REPL.
package cmd

import (
	"cmp"
	"context"
	"errors"
	"os"
	"os/signal"
	"slices"
	"strings"
	"sync"
	"syscall"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/cmd/internal/failure"
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
	f := cmdutil.NewFactory()
	args := os.Args[1:]
	if len(args) == 0 && f.IO.IsStdinTTY() && f.IO.IsStdoutTTY() {
		args = []string{"repl"}
	}
	return int(Run(context.Background(), f, args))
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
func Run(ctx context.Context, f *cmdutil.Factory, args []string) cmdutil.ExitCode {
	path, err := execute(ctx, f, args)
	PrintError(f, path, err)
	return cmdutil.ExitCodeFor(err)
}

// execute runs args on a fresh tree and returns the path of the command
// that ran (for the usage line) and its error, unprinted (batch prints it
// its own way).
func execute(ctx context.Context, f *cmdutil.Factory, args []string) (string, error) {
	ctx, timing := traceCalls(ctx, f, args)
	root := newTreeFor(f, args)
	cmdutil.RejectUnknownSubcommands(root)
	root.SetArgs(args)
	c, err := root.ExecuteContextC(ctx)
	reportTiming(f, timing, strings.Join(args, " "))
	if err != nil && strings.HasPrefix(err.Error(), "unknown command") {
		err = &cmdutil.UsageError{Err: err}
	}
	path := root.CommandPath()
	if c != nil {
		path = c.CommandPath()
	}
	if err != nil && cmdutil.JSONRequested(f, args) {
		f.Globals.JSON = true
	}
	return path, err
}

// PrintError writes err for people, with a hint where one helps, or with
// --json as one JSON object (see cmdutil/errreport.go).
func PrintError(f *cmdutil.Factory, cmdPath string, err error) {
	if err == nil {
		return
	}
	var ee *cmdutil.ReportedError
	if errors.As(err, &ee) && ee.Err == nil {
		return
	}
	if errors.As(err, &ee) {
		err = ee.Err
	}
	r := failure.Describe(cmdPath, f.Globals.Server, err)
	if f.Globals.JSON {
		cmdutil.PrintErrorJSON(f, r)
		return
	}
	cmdutil.PrintErrorHuman(f, r)
}

// NewRootCmd builds the whole tree on f.
func NewRootCmd(f *cmdutil.Factory) *cobra.Command {
	root := newBareRoot(f)
	cmds := topCmds()
	for _, tc := range cmds {
		addTop(root, f, tc)
	}
	for _, tc := range declaredTop(cmds) {
		addTop(root, f, tc)
	}
	return root
}

// newTreeFor is the tree args need: the root and the one top-level command
// args name, or the whole tree when they name none (help, completion, a
// typo to suggest a fix for). Building all ~60 commands with their flags
// for one was a tenth of a one-shot call's CPU and half of a batch line's
// (allocations, then garbage collection in batch).
func newTreeFor(f *cmdutil.Factory, args []string) *cobra.Command {
	if len(args) == 1 {
		switch args[0] {
		case "help", "-h", "--help":
			return newHelpRoot(f)
		case "--version":
			return newBareRoot(f)
		}
	}
	name := topCommandName(args)
	cmds := topCmds()
	i := slices.IndexFunc(cmds, func(tc topCmd) bool { return tc.name == name })
	if i < 0 { // the declared commands are only read when not written by hand
		declared := declaredTop(cmds)
		j := slices.IndexFunc(declared, func(tc topCmd) bool { return tc.name == name })
		if j < 0 {
			return NewRootCmd(f)
		}
		cmds, i = declared, j
	}
	root := newBareRoot(f)
	addTopFor(root, f, cmds[i], args)
	return root
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

// The root's persistent flags (cmdutil.AddGlobalFlags), by kind.
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
	build       func(f *cmdutil.Factory) *cobra.Command
}

// topCmds are the top-level commands written by hand (those declared on
// their methods' rows, rpc.Command, come from declaredTop; help sorts
// them all by name). A func, not a var: the repl command runs Run, which
// reads this list.
func topCmds() []topCmd {
	cmds := []topCmd{
		{"session", "browser", newCmdSession},
		{"log", "browser", newCmdLog},
		{"tab", "browser", newCmdTab},
		{"call", "browser", func(f *cmdutil.Factory) *cobra.Command { return newCmdCall(f, nil) }},
		{"get", "page", func(f *cmdutil.Factory) *cobra.Command { return newCmdGet(f, nil) }},
		{"wait", "page", func(f *cmdutil.Factory) *cobra.Command { return newCmdWait(f, nil) }},
		{"keyboard", "page", newCmdKeyboard},
		{"batch", "local", newCmdBatch},
		{"upload", "page", func(f *cmdutil.Factory) *cobra.Command { return newCmdUpload(f, nil) }},
		{"network", "page", newCmdNetwork},
		{"dialog", "page", newCmdDialog},
		{"record", "page", newCmdRecord},
		{"set", "page", newCmdSet},
		{"state", "page", newCmdState},
		{"init-script", "page", newCmdInitScript},
		{"serve", "local", func(f *cmdutil.Factory) *cobra.Command { return newCmdServe(f, nil) }},
		{"stop", "local", func(f *cmdutil.Factory) *cobra.Command { return newCmdStop(f, nil) }},
		{"status", "local", func(f *cmdutil.Factory) *cobra.Command { return newCmdStatus(f, nil) }},
		{"browsers", "browser", newCmdBrowsers},
		{"token", "local", newCmdToken},
		{"extension", "local", newCmdExtension},
		{"launch", "local", func(f *cmdutil.Factory) *cobra.Command { return newCmdLaunch(f, nil) }},
		{"repl", "local", newCmdREPL},
		{"completion", "local", newCmdCompletion},
		{"doctor", "local", newCmdDoctor},
		{"history", "local", newCmdHistory}, // REPL only
		{"save", "local", newCmdSave},       // REPL only
		{"mcp", "local", newCmdMCP},
		{"skill", "local", newCmdSkill},
	}
	return cmds
}

func addTop(root *cobra.Command, f *cmdutil.Factory, tc topCmd) {
	c := tc.build(f)
	c.GroupID = tc.group
	cmdutil.AddDeclaredChildren(f, c, []string{tc.name}, cmdutil.DeclaredCmds())
	root.AddCommand(c)
}

// addTopFor adds tc as args need it: of its declared subcommands only
// those a word of args names (cobra routes only to a subcommand named),
// all when help is asked for; so `get title` does not build `get attr`.
func addTopFor(root *cobra.Command, f *cmdutil.Factory, tc topCmd, args []string) {
	if slices.Contains(args, "-h") || slices.Contains(args, "--help") {
		addTop(root, f, tc)
		return
	}
	c := tc.build(f)
	c.GroupID = tc.group
	var named, all []cmdutil.Declared
	for _, d := range cmdutil.DeclaredCmds() {
		if len(d.Words) > 1 && d.Words[0] == tc.name {
			all = append(all, d)
			if slices.Contains(args, d.Words[1]) || slices.ContainsFunc(d.Cmd.Aliases, func(a string) bool { return slices.Contains(args, a) }) {
				named = append(named, d)
			}
		}
	}
	if named == nil && !slices.ContainsFunc(c.Commands(), func(s *cobra.Command) bool { return slices.Contains(args, s.Name()) }) {
		named = all // no subcommand named: the group prints its help, or says which there are
	}
	if named != nil {
		cmdutil.AddDeclaredChildren(f, c, []string{tc.name}, named)
	}
	root.AddCommand(c)
}

// newHelpRoot is the tree the root's own help needs (`help`, -h or --help
// alone): each top-level command as its line of the list (name, group,
// summary), none with its subcommands or flags. Building the whole tree
// for it was most of the run.
func newHelpRoot(f *cmdutil.Factory) *cobra.Command {
	root := newBareRoot(f)
	cmds := topCmds()
	for _, tc := range append(cmds, declaredTop(cmds)...) {
		short, declared := declaredShort[tc.name]
		line := &cobra.Command{Use: tc.name, Short: short, GroupID: tc.group, Run: func(*cobra.Command, []string) {}}
		if !declared { // written by hand: its own help line
			c := tc.build(f)
			line.Short, line.Hidden = c.Short, c.Hidden
		}
		root.AddCommand(line)
	}
	return root
}

// newBareRoot is the root command with its flags and groups, no children.
func newBareRoot(f *cmdutil.Factory) *cobra.Command {
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
		Version:       cmdutil.Version(),
		SilenceErrors: true,
		SilenceUsage:  true,
		Annotations:   cmdutil.NotReplayed(rpc.PrintsHelp),
		PersistentPreRunE: func(c *cobra.Command, args []string) error {
			if f.Globals.NoColor {
				f.IO.SetColorEnabled(false)
			}
			if err := cmdutil.ValidateInvocation(f, c); err != nil {
				return err
			}
			f.Globals.ServerScheme = cmdutil.ServerScheme(f.Globals.Server)
			if f.Globals.ServerScheme == "wss" && !(c.Name() == "install" && c.HasParent() && c.Parent().Name() == "extension") {
				return cmdutil.UsageErrorf("--server wss://... is where a browser on another machine connects (extension install --server wss://HOST:PORT --name NAME DIR); commands reach the hub's control API on its own machine (--server 127.0.0.1:9223)")
			}
			addr, err := cmdutil.ParseServerAddr(f.Globals.Server)
			if err != nil {
				return cmdutil.UsageErrorf("--server: %v", err)
			}
			f.Globals.Server = addr
			if cmdutil.BudgetCommand(c) {
				c.SetContext(cmdutil.WithCommandBudget(c.Context(), f.Globals.Timeout))
			}
			return nil
		},
	}
	root.CompletionOptions.DisableDefaultCmd = true
	root.SetOut(f.IO.Out)
	root.SetErr(f.IO.ErrOut)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return &cmdutil.UsageError{Err: err}
	})
	cmdutil.AddGlobalFlags(root, f)
	root.AddGroup(
		&cobra.Group{ID: "browser", Title: "Browser commands:"},
		&cobra.Group{ID: "page", Title: "Page commands:"},
		&cobra.Group{ID: "local", Title: "Hub and setup commands:"},
	)
	return root
}

// declaredTop are the topCmds of the declared top-level commands that
// placed (topCmds' own list, the same every time) does not name; made
// once per process.
func declaredTop(placed []topCmd) []topCmd {
	declaredTopOnce.Do(func() {
		all := cmdutil.DeclaredCmds()
		for i := range all {
			d := &all[i]
			if len(d.Words) != 1 || slices.ContainsFunc(placed, func(tc topCmd) bool { return tc.name == d.Words[0] }) {
				continue
			}
			group := d.Cmd.Group
			if group == "" {
				group = "page"
			}
			declaredTopCmds = append(declaredTopCmds, topCmd{d.Words[0], group, func(f *cmdutil.Factory) *cobra.Command { return cmdutil.NewDeclaredCmd(f, nil, d) }})
			declaredShort[d.Words[0]] = d.Cmd.Short
		}
		for _, g := range rpc.Groups {
			if !slices.ContainsFunc(placed, func(tc topCmd) bool { return tc.name == g.Path }) {
				declaredTopCmds = append(declaredTopCmds, topCmd{g.Path, cmp.Or(g.Group, "page"), func(*cmdutil.Factory) *cobra.Command { return cmdutil.NewGroupCmd(g) }})
				declaredShort[g.Path] = g.Short
			}
		}
	})
	return declaredTopCmds
}

var (
	declaredTopOnce sync.Once
	declaredTopCmds []topCmd
	// declaredShort is each declared top-level command's help line, which
	// the root's help lists without building the command.
	declaredShort = map[string]string{}
)
