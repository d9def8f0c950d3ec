package cmd

import (
	"errors"

	"github.com/spf13/cobra"
)

func newCmdREPL(f *Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "repl",
		Short: "Run commands interactively, with completion of refs, tabs and sessions",
		Long: `Read commands line by line with shell-style quoting and run each as
browserctl would. The prompt shows the current session and whether the
extension is connected; connection changes print above it. Ctrl-C clears
the line, Ctrl-D leaves. When no hub runs at --server, the REPL holds the
listener itself for as long as it runs. Inside it, history lists this
session's lines and save FILE writes its page commands as a script for
browserctl batch -f FILE.`,
		Example: "  browserctl repl\n  browserctl            # on a terminal",
		Args:    noArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if f.InREPL {
				return errors.New("already in the REPL")
			}
			ctx, stop := interruptible(c.Context())
			defer stop()
			return runREPL(ctx, f)
		},
		Annotations: notReplayed(runsOthers),
	}
}
