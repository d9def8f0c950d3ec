package cmd

// What the REPL's `save` does with a command's lines is declared on the
// command itself, where it is built, in its Annotations:
//
//	Annotations: replays(targetAt(0)),       // the line goes into the script
//	Annotations: notReplayed(readsOnly),     // a comment saying why not
//
// save (repl_save.go) reads nothing else: a command without a declaration
// is written as a comment saying so, and TestEveryCommandDeclaresReplay
// walks the whole tree and fails on it.

import (
	"strconv"
	"strings"

	"github.com/spf13/cobra"
)

// replayKey is the annotation that holds the declaration.
const replayKey = "browserctl.replay"

// A replayHow says how a replayed line is written.
type replayHow string

const (
	// waitsItself: the command waits for its own load; no wait is written
	// after it even when its tab changed documents.
	waitsItself replayHow = "waits"
	// opensPage: the command opens the page it acts on, so a script that
	// starts with it needs no page opened first.
	opensPage replayHow = "opens"
	// fileArgs: the positional arguments that name existing files are
	// written as absolute paths (the replay may run in another folder).
	fileArgs replayHow = "files"
	// tabArg: the first positional argument is a tab id, written as the
	// tab's URL, which the command also takes (ids differ on a replay).
	tabArg replayHow = "tab"
)

// targetAt: positional argument i is an element target; a ref there is
// written as the target pages.durableTarget gives, which survives a reload.
func targetAt(i int) replayHow { return replayHow("target=" + strconv.Itoa(i)) }

// Why a command is not replayed, as the saved file says it.
const (
	readsOnly    = "it only reads"
	idsDiffer    = "the ids it names differ on a replay"
	notPageWork  = "it sets up browserctl, not a page"
	replOnly     = "it works on this REPL session itself"
	groupOnly    = "a group of commands: it only prints their help"
	rawCall      = "a raw method call: its params may name refs and ids that differ on a replay"
	printsHelp   = "it only prints help"
	undeclared   = "its command declares no replay"
	runsOthers   = "it runs other lines itself"
	writesOutput = "it only writes what the page shows to a local file"
	showsOnly    = "it only shows the page to a person"
	holdsSecret  = "it holds a password, which the saved file would keep in clear"
)

// replays declares that a command's lines go into the script, written as
// hows say.
func replays(hows ...replayHow) map[string]string {
	parts := []string{"replay"}
	for _, h := range hows {
		parts = append(parts, string(h))
	}
	return map[string]string{replayKey: strings.Join(parts, " ")}
}

// notReplayed declares that a command's lines are kept as comments, with
// why.
func notReplayed(why string) map[string]string {
	return map[string]string{replayKey: "skip " + why}
}

// replayDecl is a declaration as save reads it.
type replayDecl struct {
	declared bool
	replay   bool
	why      string // when not replayed
	targets  []int
	waits    bool
	opens    bool
	files    bool
	tab      bool
}

// declOf reads c's declaration.
func declOf(c *cobra.Command) replayDecl {
	v, ok := c.Annotations[replayKey]
	if !ok {
		return replayDecl{why: undeclared}
	}
	if why, ok := strings.CutPrefix(v, "skip "); ok {
		return replayDecl{declared: true, why: why}
	}
	d := replayDecl{declared: true, replay: true}
	for _, w := range strings.Fields(v)[1:] {
		switch replayHow(w) {
		case waitsItself:
			d.waits = true
		case opensPage:
			d.opens = true
		case fileArgs:
			d.files = true
		case tabArg:
			d.tab = true
		default:
			if n, ok := strings.CutPrefix(w, "target="); ok {
				i, _ := strconv.Atoi(n)
				d.targets = append(d.targets, i)
			}
		}
	}
	return d
}

// declareHelp declares cobra's own help command, which the tree gets
// when it runs (InitDefaultHelpCmd).
func declareHelp(root *cobra.Command) {
	root.InitDefaultHelpCmd()
	for _, c := range root.Commands() {
		if c.Name() == "help" && c.Annotations == nil {
			c.Annotations = notReplayed(printsHelp)
		}
	}
}
