package cmd

// What the REPL's `save` does with a command's lines is declared on the
// command itself, where it is built, in its Annotations:
//
//	Annotations: replays(targetAt(0)),       // the line goes into the script
//	Annotations: notReplayed(readsOnly),     // a comment saying why not
//
// save (repl/recorder) reads nothing else: a command without a declaration
// is written as a comment saying so, and TestEveryCommandDeclaresReplay
// walks the whole tree and fails on it.

import (
	"github.com/spf13/cobra"

	"browserctl/repl/recorder"
)

// A replayHow says how a replayed line is written (recorder.How).
type replayHow = recorder.How

const (
	waitsItself = recorder.WaitsItself
	opensPage   = recorder.OpensPage
	fileArgs    = recorder.FileArgs
	tabArg      = recorder.TabArg
)

// targetAt: positional argument i is an element target; a ref there is
// written as the target pages.durableTarget gives, which survives a reload.
func targetAt(i int) replayHow { return recorder.TargetAt(i) }

// Why a command is not replayed, as the saved file says it.
const (
	readsOnly    = "it only reads"
	idsDiffer    = "the ids it names differ on a replay"
	notPageWork  = "it sets up browserctl, not a page"
	replOnly     = "it works on this REPL session itself"
	groupOnly    = "a group of commands: it only prints their help"
	rawCall      = "a raw method call: its params may name refs and ids that differ on a replay"
	printsHelp   = "it only prints help"
	undeclared   = recorder.Undeclared
	runsOthers   = "it runs other lines itself"
	writesOutput = "it only writes what the page shows to a local file"
	showsOnly    = "it only shows the page to a person"
	holdsSecret  = "it holds a password, which the saved file would keep in clear"
)

// replays declares that a command's lines go into the script, written as
// hows say.
func replays(hows ...replayHow) map[string]string { return recorder.Replays(hows...) }

// notReplayed declares that a command's lines are kept as comments, with
// why.
func notReplayed(why string) map[string]string { return recorder.NotReplayed(why) }

// declOf reads c's declaration.
func declOf(c *cobra.Command) recorder.Decl { return recorder.DeclOf(c.Annotations) }

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
