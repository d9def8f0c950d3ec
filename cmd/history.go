package cmd

// `history` (REPL only): the lines this REPL session ran, in order.

import (
	"fmt"
	"sync"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/repl/recorder"
	"browserctl/rpc"
)

func newCmdHistory(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "history",
		Short: "List the commands this REPL session ran (REPL only)",
		Long: `List the lines run in this REPL session, oldest first, numbered, each
re-quoted as a shell would read it. Lines from earlier sessions are in the
REPL's history file (Up arrow), not here. --json prints them as an array.`,
		Example: "  history\n  history --json",
		Args:    cmdutil.NoArgs,
		Hidden:  !f.InREPL,
		RunE: func(c *cobra.Command, args []string) error {
			if f.History == nil {
				return cmdutil.UsageErrorf("history lists the lines of a REPL session; run it inside `browserctl repl`")
			}
			lines := f.History()
			if f.Globals.JSON {
				if lines == nil {
					lines = []string{}
				}
				return cmdutil.MarshalJSON(f, lines)
			}
			w := f.IO.Out
			for i, l := range lines {
				fmt.Fprintf(w, "%5d  %s\n", i+1, l)
			}
			return nil
		},
		Annotations: cmdutil.NotReplayed(rpc.REPLOnly),
	}
}

// replLine is args as one line a shell (and the REPL) reads back as args.
func replLine(args []string) string { return recorder.ShellLine(args) }

// replSession is the lines one REPL session ran.
type replSession struct {
	mu   sync.Mutex
	list []string
}

func (s *replSession) add(args []string) {
	s.mu.Lock()
	s.list = append(s.list, replLine(args))
	s.mu.Unlock()
}

func (s *replSession) lines() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.list...)
}
