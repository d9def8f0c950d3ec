package cmdutil

// What the REPL's `save` does with a command's lines is declared with the
// command itself: on its method's row for a declared command
// (rpc.Command's Replay), in its Annotations where a hand-written one is
// built:
//
//	Annotations: cmdutil.Replays(rpc.Target0),        // the line goes into the script
//	Annotations: cmdutil.NotReplayed(rpc.ReadsOnly),  // a comment saying why not
//
// Both say it in rpc's words (rpc/command.go). save (cmd/save.go) reads
// nothing else: a command without a declaration is written as a comment
// saying so, and TestEveryCommandDeclaresReplay walks the whole tree and
// fails on it.

import (
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

// replayKey is the annotation that holds the declaration.
const replayKey = "browserctl.replay"

// The words of a declaration are rpc's (rpc/command.go), so that a command
// declared on its method's row and one written here say it the same way.
type replayHow = rpc.Replay

const (
	waitsItself = rpc.WaitsItself
	opensPage   = rpc.OpensPage
	fileArgs    = rpc.FileArgs
	tabArg      = rpc.TabArg
)

// Why a command is not replayed, as the saved file says it.
const (
	readsOnly    = rpc.ReadsOnly
	idsDiffer    = rpc.IDsDiffer
	notPageWork  = rpc.NotPageWork
	replOnly     = rpc.REPLOnly
	groupOnly    = rpc.GroupOnly
	rawCall      = rpc.RawCall
	printsHelp   = rpc.PrintsHelp
	undeclared   = rpc.Undeclared
	runsOthers   = rpc.RunsOthers
	writesOutput = rpc.WritesOutput
	showsOnly    = rpc.ShowsOnly
	holdsSecret  = rpc.HoldsSecret
)

// Replays declares that a command's lines go into the script, written as
// hows say.
func Replays(hows ...replayHow) map[string]string {
	r := rpc.Replayed
	for _, h := range hows {
		r += h
	}
	return replayAnnotation(r)
}

// NotReplayed declares that a command's lines are kept as comments, with
// why.
func NotReplayed(why string) map[string]string { return replayAnnotation(rpc.NotReplayed(why)) }

// replayAnnotation is r as the annotation save reads; nothing for a
// command that declares nothing.
func replayAnnotation(r rpc.Replay) map[string]string {
	if r == "" {
		return map[string]string{}
	}
	return map[string]string{replayKey: string(r)}
}

// ReplayDecl is a declaration as save reads it.
type ReplayDecl struct {
	Declared bool
	Replay   bool
	Why      string // when not replayed
	Targets  []int
	Waits    bool
	Opens    bool
	Files    bool
	Tab      bool
}

// DeclOf reads c's declaration.
func DeclOf(c *cobra.Command) ReplayDecl {
	v, ok := c.Annotations[replayKey]
	if !ok {
		return ReplayDecl{Why: undeclared}
	}
	if why, ok := strings.CutPrefix(v, "skip "); ok {
		return ReplayDecl{Declared: true, Why: why}
	}
	d := ReplayDecl{Declared: true, Replay: true}
	for _, w := range strings.Fields(v)[1:] {
		switch replayHow(" " + w) {
		case waitsItself:
			d.Waits = true
		case opensPage:
			d.Opens = true
		case fileArgs:
			d.Files = true
		case tabArg:
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

// DeclareHelp declares cobra's own help command, which the tree gets
// when it runs (InitDefaultHelpCmd).
func DeclareHelp(root *cobra.Command) {
	root.InitDefaultHelpCmd()
	for _, c := range root.Commands() {
		if c.Name() == "help" && c.Annotations == nil {
			c.Annotations = NotReplayed(printsHelp)
		}
	}
}
