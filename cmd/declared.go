package cmd

// Commands declared on their method's row (rpc.Command): one builder turns
// each into a cobra command that reads its arguments and flags into the
// method's params, calls it and prints the result (declared_print.go).
// declaredTop gives the top-level ones; addTop hangs declared subcommands
// under their parents, declared or written by hand.

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

// declared is one declared command and the method it calls.
type declared struct {
	method rpc.Method
	cmd    rpc.Command
	words  []string // cmd.Path's words
}

// declaredCmds are every declared command, in the order of rpc.Methods;
// read once per process (a REPL or batch builds a tree per line).
var declaredCmds = sync.OnceValue(func() []declared {
	var out []declared
	for _, m := range rpc.Methods {
		for _, c := range m.Commands {
			out = append(out, declared{method: m, cmd: c, words: strings.Fields(c.Path)})
		}
	}
	return out
})

// declaredTop are the topCmds of the declared top-level commands that
// placed (topCmds' own list, the same every time) does not name; made
// once per process.
func declaredTop(placed []topCmd) []topCmd {
	declaredTopOnce.Do(func() {
		all := declaredCmds()
		for i := range all {
			d := &all[i]
			if len(d.words) != 1 || slices.ContainsFunc(placed, func(tc topCmd) bool { return tc.name == d.words[0] }) {
				continue
			}
			group := d.cmd.Group
			if group == "" {
				group = "page"
			}
			declaredTopCmds = append(declaredTopCmds, topCmd{d.words[0], group, func(f *Factory) *cobra.Command { return newDeclaredCmd(f, nil, *d) }})
		}
		for _, g := range rpc.Groups {
			if !slices.ContainsFunc(placed, func(tc topCmd) bool { return tc.name == g.Path }) {
				declaredTopCmds = append(declaredTopCmds, topCmd{g.Path, cmp.Or(g.Group, "page"), func(*Factory) *cobra.Command { return newGroupCmd(g) }})
			}
		}
	})
	return declaredTopCmds
}

var (
	declaredTopOnce sync.Once
	declaredTopCmds []topCmd
)

// newCmdDeclared builds the declared command at path ("cookies clear");
// runF, as every page command's, stops a test right after parsing.
func newCmdDeclared(f *Factory, runF func(*pageCall) error, path string) *cobra.Command {
	for _, d := range declaredCmds() {
		if d.cmd.Path == path {
			return newDeclaredCmd(f, runF, d)
		}
	}
	panic("no declared command " + path)
}

// newGroupCmd builds a declared group (rpc.Group): its help, and a usage
// error naming its subcommands when it runs alone.
func newGroupCmd(g rpc.Group) *cobra.Command {
	needs := g.Needs
	if needs == "" {
		var subs rpc.Enum
		for _, d := range declaredCmds() {
			if len(d.words) == 2 && d.words[0] == g.Path {
				subs.Values = append(subs.Values, d.words[1])
			}
		}
		needs = subs.Or()
	}
	return &cobra.Command{
		Use: g.Path, Short: g.Short, Long: g.Long, Example: g.Example,
		Args: noArgs, Annotations: notReplayed(groupOnly),
		RunE: func(*cobra.Command, []string) error { return usageErrorf("%s needs a subcommand: %s", g.Path, needs) },
	}
}

// addDeclaredChildren adds under c, whose words are path, the declared
// commands one word below it, each with its own children.
func addDeclaredChildren(f *Factory, c *cobra.Command, path []string, all []declared) {
	// a hand-written child may have declared children too (network har)
	for _, hand := range c.Commands() {
		addDeclaredChildren(f, hand, append(slices.Clip(path), hand.Name()), all)
	}
	for _, d := range all {
		if len(d.words) == len(path)+1 && slices.Equal(d.words[:len(path)], path) {
			sub := newDeclaredCmd(f, nil, d)
			addDeclaredChildren(f, sub, d.words, all)
			c.AddCommand(sub)
		}
	}
}

// hooks are the hooks a declaration may name (rpc.Command's Hook), each
// registered by the file of its command's group: run with the params
// filled, before the call, they may refuse (a usage error), change pc's
// params and say what becomes of its result. args holds the arguments by
// name as typed and the flags that fill no member by "--name" (given, or
// their Default).
var hooks = map[string]func(ctx context.Context, f *Factory, pc *pageCall, args map[string]string) error{}

// flagHelp is the help of flags several commands share, for a declared
// flag that gives none.
var flagHelp = map[string]string{
	"force": "skip the hit-test and the stability wait (press wherever the element is)",
}
