package cmdutil

// Commands declared on their method's row (rpc.Command): one builder turns
// each into a cobra command that reads its arguments and flags into the
// method's params, calls it and prints the result (declared_print.go).
// cmd's declaredTop gives the top-level ones; its addTop hangs declared
// subcommands under their parents, declared or written by hand.

import (
	"context"
	"slices"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

// Declared is one declared command and the method it calls.
type Declared struct {
	Method *rpc.Method  // its row in rpc.Methods
	Cmd    *rpc.Command // one of Method.Commands
	Words  []string     // Cmd.Path's words
}

// DeclaredCmds are every declared command, in the order of rpc.Methods;
// read once per process (a REPL or batch builds a tree per line).
var DeclaredCmds = sync.OnceValue(func() []Declared {
	n := 0
	for i := range rpc.Methods {
		n += len(rpc.Methods[i].Commands)
	}
	out := make([]Declared, 0, n)
	for i := range rpc.Methods {
		m := &rpc.Methods[i]
		for j := range m.Commands {
			c := &m.Commands[j]
			out = append(out, Declared{Method: m, Cmd: c, Words: strings.Fields(c.Path)})
		}
	}
	return out
})

// NewCmdDeclared builds the declared command at path ("cookies clear");
// runF, as every page command's, stops a test right after parsing.
func NewCmdDeclared(f *Factory, runF func(*PageCall) error, path string) *cobra.Command {
	all := DeclaredCmds()
	for i := range all {
		if all[i].Cmd.Path == path {
			return NewDeclaredCmd(f, runF, &all[i])
		}
	}
	panic("no declared command " + path)
}

// NewGroupCmd builds a declared group (rpc.Group): its help, and a usage
// error naming its subcommands when it runs alone.
func NewGroupCmd(g rpc.Group) *cobra.Command {
	needs := g.Needs
	if needs == "" {
		var subs rpc.Enum
		for _, d := range DeclaredCmds() {
			if len(d.Words) == 2 && d.Words[0] == g.Path {
				subs.Values = append(subs.Values, d.Words[1])
			}
		}
		needs = subs.Or()
	}
	return &cobra.Command{
		Use: g.Path, Short: g.Short, Long: g.Long, Example: g.Example,
		Args: NoArgs, Annotations: NotReplayed(groupOnly),
		RunE: func(*cobra.Command, []string) error { return UsageErrorf("%s needs a subcommand: %s", g.Path, needs) },
	}
}

// AddDeclaredChildren adds under c, whose words are path, the declared
// commands one word below it, each with its own children.
func AddDeclaredChildren(f *Factory, c *cobra.Command, path []string, all []Declared) {
	// a hand-written child may have declared children too (network har)
	for _, hand := range c.Commands() {
		AddDeclaredChildren(f, hand, append(slices.Clip(path), hand.Name()), all)
	}
	for i := range all {
		d := &all[i]
		if len(d.Words) == len(path)+1 && slices.Equal(d.Words[:len(path)], path) {
			sub := NewDeclaredCmd(f, nil, d)
			AddDeclaredChildren(f, sub, d.Words, all)
			c.AddCommand(sub)
		}
	}
}

// Hooks are the hooks a declaration may name (rpc.Command's Hook), each
// registered by the file of its command's group: run with the params
// filled, before the call, they may refuse (a usage error), change pc's
// params and say what becomes of its result. args holds the arguments by
// name as typed and the flags that fill no member by "--name" (given, or
// their Default).
var Hooks = map[rpc.HookKey]func(ctx context.Context, f *Factory, pc *PageCall, args map[string]string) error{}

// flagHelp is the help of flags several commands share, for a declared
// flag that gives none.
var flagHelp = map[string]string{
	"force": "skip the hit-test and the stability wait (press wherever the element is)",
}
