// Package recorder is what the REPL's `save` writes: the lines of a REPL
// session as a script that `browserctl batch -f FILE` replays on a fresh
// load of the same pages.
//
// What a command's lines become is declared on the command where it is
// built, in its cobra Annotations (Replays, NotReplayed); the recorder
// reads nothing else:
//   - a replayed line is written as it ran, with each ref in a target
//     argument replaced by a target that survives a reload, asked of the
//     page before the line ran (pages.durableTarget): role=ROLE[name="NAME"]
//     when that role and name are unique on the page, else a CSS selector;
//     file arguments as absolute paths; a tab id as the tab's URL;
//   - after a replayed line that left its tab on a document not seen
//     before (a link, a form submit), a wait for the new page to load,
//     unless the command waits itself;
//   - a line that is not replayed is a comment saying why, and so is a
//     line that failed (batch would stop there), and a line whose command
//     declares nothing.
package recorder

import (
	"strconv"
	"strings"
)

// Key is the cobra annotation that holds a command's declaration.
const Key = "browserctl.replay"

// A How says how a replayed line is written.
type How string

const (
	// WaitsItself: the command waits for its own load; no wait is written
	// after it even when its tab changed documents.
	WaitsItself How = "waits"
	// OpensPage: the command opens the page it acts on, so a script that
	// starts with it needs no page opened first.
	OpensPage How = "opens"
	// FileArgs: the positional arguments that name existing files are
	// written as absolute paths (the replay may run in another folder).
	FileArgs How = "files"
	// TabArg: the first positional argument is a tab id, written as the
	// tab's URL, which the command also takes (ids differ on a replay).
	TabArg How = "tab"
)

// TargetAt: positional argument i is an element target; a ref there is
// written as the target pages.durableTarget gives, which survives a reload.
func TargetAt(i int) How { return How("target=" + strconv.Itoa(i)) }

// Undeclared is why the line of a command that declares nothing is a
// comment.
const Undeclared = "its command declares no replay"

// Replays declares that a command's lines go into the script, written as
// hows say.
func Replays(hows ...How) map[string]string {
	parts := []string{"replay"}
	for _, h := range hows {
		parts = append(parts, string(h))
	}
	return map[string]string{Key: strings.Join(parts, " ")}
}

// NotReplayed declares that a command's lines are kept as comments, with
// why.
func NotReplayed(why string) map[string]string {
	return map[string]string{Key: "skip " + why}
}

// Decl is a declaration as the recorder reads it.
type Decl struct {
	Declared bool
	Replay   bool
	Why      string // when not replayed
	Targets  []int
	Waits    bool
	Opens    bool
	Files    bool
	Tab      bool
}

// DeclOf reads the declaration in a command's annotations.
func DeclOf(annotations map[string]string) Decl {
	v, ok := annotations[Key]
	if !ok {
		return Decl{Why: Undeclared}
	}
	if why, ok := strings.CutPrefix(v, "skip "); ok {
		return Decl{Declared: true, Why: why}
	}
	d := Decl{Declared: true, Replay: true}
	for _, w := range strings.Fields(v)[1:] {
		switch How(w) {
		case WaitsItself:
			d.Waits = true
		case OpensPage:
			d.Opens = true
		case FileArgs:
			d.Files = true
		case TabArg:
			d.Tab = true
		default:
			if n, ok := strings.CutPrefix(w, "target="); ok {
				i, _ := strconv.Atoi(n)
				d.Targets = append(d.Targets, i)
			}
		}
	}
	return d
}
