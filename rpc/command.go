package rpc

import (
	"strconv"
	"strings"
)

// Command is the CLI face of a method, declared on the method's row
// (Method.Commands) so that one declaration says everything about it: the
// command's words, how its arguments and flags fill the params, its help,
// how it prints and whether the REPL's `save` replays it. cmd/ builds the
// cobra command from it (cmd/declared.go); rpc knows nothing of cobra.
//
// A method may have several commands (pages.dialog: `dialog status`,
// `dialog accept`, `dialog dismiss`, each with its own Set), or none here
// when its command is written by hand in cmd/ (the test that checks every
// method has a command finds those by the wire constant they use).
type Command struct {
	// Path is the command's words after `browserctl`: "focus", "get attr",
	// "dialog accept". Every word but the last names a parent command,
	// declared or written by hand.
	Path string
	// Group is a top-level command's help group: "page" (the default),
	// "browser" or "local".
	Group string
	// Args fill members from positional arguments, in order.
	Args []Arg
	// Flags fill members from flags. --tab is added by itself when the
	// params embed PageParams.
	Flags []Flag
	// Set gives members a fixed value, written as an argument would be
	// ("action": "accept", "checked": "true").
	Set map[string]string
	// Needs says what the arguments are, for a wrong count: "`get attr`
	// needs a REF and a NAME". Default: the Args' names.
	Needs string
	// Short, Long and Example are cobra's. Long may use {target}, replaced
	// by the help every target-taking command carries.
	Short, Long, Example string
	// Replay is what `save` does with the command's lines.
	Replay Replay
	// Printer names a printer of cmd/ (cmd/declared_print.go's printers) for a
	// result the default one cannot print; Done is the default printer's
	// line on a terminal's stderr for a result that only says it worked:
	// {NAME} is argument NAME as typed, {.member} a member of the result.
	// With neither, the default prints a one-member result's value: a
	// string as it is, a list one item a line, null as nothing, anything
	// else as JSON.
	Printer string
	Done    string
	// Hook names a function of cmd/ (cmd's hooks, registered by the file
	// of the command's group) run once the arguments and flags filled the
	// params, before the call: it checks what only this machine can (a
	// file that must be writable), fills members from arguments and flags
	// that name none, and says what becomes of the result (a file written
	// from it, a table). It runs after the printer, so it may replace it.
	Hook string
}

// Arg is one positional argument of a Command.
type Arg struct {
	// Name is the argument as the usage line shows it: REF, NAME, TEXT.
	Name string
	// Member is the params member (json name) it fills. For a Target
	// argument: "ref" fills ref or selector, "toRef" toRef or toSelector.
	// Empty: it fills none, and the command's Hook reads it.
	Member string
	// Target: a ref from the last snapshot or a CSS selector (role=,
	// text= ...), completed from the snapshot's refs.
	Target bool
	// Optional: may be left out (only the last ones); Rest: takes every
	// remaining argument, at least one unless Optional (a []string member;
	// a string member takes them joined by spaces).
	Optional, Rest bool
	// Invalid is the usage error for a value outside the member's enum,
	// a format with the value (%[1]q) and the values (%[2]s, "a, b or c").
	// Default: "NAME must be a, b or c, got "x"".
	Invalid string
	// Suggest are completions for a member that takes any string.
	Suggest []string
	// File: a local file name, completed as the shell completes files.
	File bool
}

// Flag is one flag of a Command.
type Flag struct {
	Name, Short string
	// Member is the params member (json name) it fills; a flag not given
	// leaves it out.
	Member string
	Help   string
	// Kind is the kind of a flag that fills no member (Member "", read by
	// the command's Hook): "bool", "duration" (10s, 500ms) or "" for a
	// string.
	Kind string
	// Default is the value of a flag that fills no member when it is not
	// given, as typed ("30s"): shown in its help, read by the hook. (A
	// flag that fills a member and is not given leaves the member out.)
	Default string
}

// Replay is what the REPL's `save` does with a command's lines: written
// into the script (Replays) or kept as a comment saying why not
// (NotReplayed). The zero value declares nothing: such a command's lines
// are commented as undeclared, and a test fails on it.
type Replay string

// ReplayHow says how a replayed line is written.
type ReplayHow string

const (
	// WaitsItself: the command waits for its own load; no wait is written
	// after it even when its tab changed documents.
	WaitsItself ReplayHow = "waits"
	// OpensPage: the command opens the page it acts on, so a script that
	// starts with it needs no page opened first.
	OpensPage ReplayHow = "opens"
	// FileArgs: the positional arguments that name existing files are
	// written as absolute paths (the replay may run in another folder).
	FileArgs ReplayHow = "files"
	// TabArg: the first positional argument is a tab id, written as the
	// tab's URL, which the command also takes (ids differ on a replay).
	TabArg ReplayHow = "tab"
)

// TargetAt: positional argument i is an element target; a ref there is
// written as the target pages.durableTarget gives, which survives a reload.
func TargetAt(i int) ReplayHow { return ReplayHow("target=" + strconv.Itoa(i)) }

// Why a command is not replayed, as the saved file says it.
const (
	ReadsOnly    = "it only reads"
	IDsDiffer    = "the ids it names differ on a replay"
	NotPageWork  = "it sets up browserctl, not a page"
	REPLOnly     = "it works on this REPL session itself"
	GroupOnly    = "a group of commands: it only prints their help"
	RawCall      = "a raw method call: its params may name refs and ids that differ on a replay"
	PrintsHelp   = "it only prints help"
	Undeclared   = "its command declares no replay"
	RunsOthers   = "it runs other lines itself"
	WritesOutput = "it only writes what the page shows to a local file"
	ShowsOnly    = "it only shows the page to a person"
	HoldsSecret  = "it holds a password, which the saved file would keep in clear"
)

// Replays declares that a command's lines go into the script, written as
// hows say.
func Replays(hows ...ReplayHow) Replay {
	parts := []string{"replay"}
	for _, h := range hows {
		parts = append(parts, string(h))
	}
	return Replay(strings.Join(parts, " "))
}

// NotReplayed declares that a command's lines are kept as comments, with
// why.
func NotReplayed(why string) Replay { return Replay("skip " + why) }

// Group is a top-level command that only groups others (`record`,
// `trace`): its help, and the usage error it answers when run alone. cmd/
// builds it as it builds a declared command; its subcommands are declared
// on their methods' rows under its Path.
type Group struct {
	// Path is the group's word; Group its help group, as a Command's.
	Path, Group string
	// Short, Long and Example are cobra's.
	Short, Long, Example string
	// Needs names the subcommands in the usage error when the group runs
	// alone: "record needs a subcommand: start or stop". Default: the
	// declared subcommands' words.
	Needs string
}

// Groups are the declared command groups.
var Groups = evidenceGroups
