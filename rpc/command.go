package rpc

// Command is the CLI face of a method, declared on the method's row
// (Method.Commands) so that one declaration says everything about it: the
// command's words, how its arguments and flags fill the params, its help,
// how it prints and whether the REPL's `save` replays it. cmd/ builds the
// cobra command from it (cmd/cmdutil/declared.go); rpc knows nothing of cobra.
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
	// Printer names a printer (cmdutil.Printers, registered by the file of the
	// command's group in cmd/) for a
	// result the default one cannot print; Done is the default printer's
	// line on a terminal's stderr for a result that only says it worked:
	// {NAME} is argument NAME as typed, {safe NAME} made safe for a
	// terminal, {.member} a member of the result, {acted NAME} the element
	// a pointer action pressed (else NAME), {acted:to NAME} the same from
	// the result's member to.
	// With neither, the default prints a one-member result's value: a
	// string as it is, a list one item a line, null as nothing, anything
	// else as JSON.
	Printer PrinterKey
	Done    string
	// Check names a check (cmdutil.Checks, registered from cmd/) run on the
	// params once the arguments and flags filled them, before the call: it
	// refuses what the types cannot say (a usage error, exit 2, nothing
	// sent) and may finish the params (trim an id).
	Check CheckKey
	// InvalidIsUsage: the method's invalid-params answer (-32602) names the
	// person's mistake (an unknown id or pattern), so it exits 2.
	InvalidIsUsage bool
	// Follow, for a long-poll method (its params take after and waitMs, its
	// result answers next), adds --follow (-f) with this help: the command
	// calls the method again and again with the cursor of the last answer
	// (clear and limit left out) until Ctrl-C, which ends it without an
	// error. Its printer (which sees "--follow" among the arguments) prints
	// each answer.
	Follow string

	// Aliases are other names of the command's last word ("ls").
	Aliases []string
	// Use is the usage after the command's words, instead of the one its
	// Args give: a command of flags only ("--role ROLE | --text TEXT").
	Use string
	// Waits: the method waits in the page up to --timeout. timeoutMs is
	// always sent, and the hub waits a little longer, so that the page's
	// own "timed out", naming what it waited for, arrives first.
	Waits bool
	// Slack: the hub waits a little longer than --timeout, which the
	// extension gets as timeoutMs when it is not the default (eval).
	Slack bool
	// MakesSession: when there is no session at all (none named, no
	// current one), the command makes one first, which becomes the
	// current session, and runs in it.
	MakesSession bool
	// OneOf: exactly one of these flags must be given ("find needs exactly
	// one of --role, --text or --label").
	OneOf []string
	// With: a flag that only goes with another ("name": "role": --name
	// goes with --role).
	With map[string]string
	// Prepare names a step (cmdutil.Preparers, registered from cmd/) that finishes the
	// params from the arguments as typed, for what Args and Flags cannot
	// say: a state file read, a preset or three flags, words spelled as
	// the CLI spells them. Its error is the user's; nothing is sent.
	Prepare PrepareKey
	// Validate, when set, checks the params the arguments and flags
	// filled (a value of the method's params type): its error is the
	// user's mistake (exit 2), and nothing is sent. Check is the same
	// written in cmd/, for a check that reads the arguments as typed.
	Validate func(params any) error
	// Instead is a bool flag that makes the command call another method
	// in place of its own (`set viewport --reset` calls emulation.reset).
	Instead *Instead
	// Hook names a function (cmdutil.Hooks, registered by the cmd/ file
	// of the command's group) run once the arguments and flags filled the
	// params, before the call: it checks what only this machine can (a
	// file that must be writable), fills members from arguments and flags
	// that name none, and says what becomes of the result (a file written
	// from it, a table). It runs after the printer, so it may replace it.
	Hook HookKey
}

// Instead is a bool flag of a Command that makes it call Method with the
// fixed params Set instead of its own; with it the command takes no
// arguments, and its Printer prints that method's result.
type Instead struct {
	Flag   Flag // its Name and Help; Member is not used
	Method string
	// Set as Command's; a list member takes its values separated by ",".
	Set map[string]string
}

// Arg is one positional argument of a Command.
type Arg struct {
	// Name is the argument as the usage line shows it: REF, NAME, TEXT.
	Name string
	// Member is the params member (json name) it fills (none: only the
	// command's Prepare step reads it); a member of a
	// member is named by its path ("settings.viewport.width"), its
	// pointers made as needed. For a Target
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
	// Complete names the candidates of cmd/'s completers: "refs" (the last
	// snapshot's refs), "tabs" (the session's tab ids), "user-tabs" (every
	// tab of the user's), "sessions", "default" (the shell's own: file
	// names).
	Complete string
	// NotEmpty: the value is trimmed of spaces, and an empty one is a
	// usage error ("open needs a URL, got an empty one").
	NotEmpty bool
	// TabOrURL: a tab id, or the exact URL of one of the session's tabs,
	// looked up when the command runs (a saved script names tabs by URL:
	// their ids differ on a replay).
	TabOrURL bool
	// Parse, when set, reads the argument as typed: it answers the text
	// its member is filled with, or the error a user sees (exit 2).
	Parse func(s string) (string, error)
	// File: the argument names a file, and completes file names.
	File bool
}

// Flag is one flag of a Command.
type Flag struct {
	Name, Short string
	// Member is the params member (json name) it fills; a flag not given
	// leaves it out. Without a Member the flag takes a string that only the
	// command's printer and check read (as "--name" among the arguments).
	Member string
	Help   string
	// Value makes the flag a switch that, given, sets Member to this
	// value, written as an argument would be (--background: "active" to
	// "false").
	Value string
	// Default is the flag's default as its help shows it; given that
	// value, the flag leaves its member out (snapshot -d -1: no limit).
	// For a flag that fills no member it is the value the Hook reads when
	// the flag is not given ("30s").
	Default string
	// Invalid is the usage error for a value outside the member's enum
	// (%[1]q the value, %[2]s "a, b or c", %[3]s "a, b, c") or below its
	// min tag (%[1]s the value, %[2]s the min). Default: "--NAME must be
	// a, b or c, got "x"", "--NAME must be >= MIN, got N".
	Invalid string
	// Suggest and Complete complete the flag's value, as an Arg's.
	Suggest  []string
	Complete string
	// Parse as Arg's: the flag's value as pflag reads it (a number as
	// strconv formats it) to the member's text, or the error (exit 2).
	Parse func(s string) (string, error)
	// Text: the flag takes any text, which Parse turns into the member's
	// (cookies set --expires 24h fills a number).
	Text bool
	// Kind is the kind of a flag that fills no member (Member "", read by
	// the command's Hook, printer or check): "bool", "duration" (10s,
	// 500ms) or "" for a string.
	Kind string
}

// Replay is what the REPL's `save` does with a command's lines: written
// into the script (Replayed, plus how: Replayed + Target0 + WaitsItself)
// or kept as a comment saying why not (Skips + ReadsOnly). The zero value
// declares nothing: such a command's lines are commented as undeclared, and
// a test fails on it. Rows write constants, never calls, so that the method
// table is data the linker lays out, not code every start runs.
type Replay string

const (
	// Replayed: the command's lines go into the script, as they were
	// typed unless one of the ways below is added.
	Replayed Replay = "replay"
	// Skips, followed by why: the lines are kept as comments.
	Skips Replay = "skip "
)

// How a replayed line is written, each added to Replayed.
const (
	// WaitsItself: the command waits for its own load; no wait is written
	// after it even when its tab changed documents.
	WaitsItself Replay = " waits"
	// OpensPage: the command opens the page it acts on, so a script that
	// starts with it needs no page opened first.
	OpensPage Replay = " opens"
	// FileArgs: the positional arguments that name existing files are
	// written as absolute paths (the replay may run in another folder).
	FileArgs Replay = " files"
	// TabArg: the first positional argument is a tab id, written as the
	// tab's URL, which the command also takes (ids differ on a replay).
	TabArg Replay = " tab"
	// Target0 and Target1: positional argument 0 (1) is an element target;
	// a ref there is written as the target pages.durableTarget gives, which
	// survives a reload.
	Target0 Replay = " target=0"
	Target1 Replay = " target=1"
)

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

// NotReplayed declares that a command's lines are kept as comments, with
// why (for commands built at run time; a row writes Skips + why).
func NotReplayed(why string) Replay { return Skips + Replay(why) }

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
