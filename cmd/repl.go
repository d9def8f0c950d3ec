package cmd

import (
	"errors"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/rpc"
)

func newCmdREPL(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "repl",
		Short: "Run commands interactively, with completion of refs, tabs and sessions",
		Long: `Read commands line by line with shell-style quoting and run each as
browserctl would. The prompt shows the current session and whether the
extension is connected; connection changes print above it. Ctrl-C clears
the line, Ctrl-D leaves. When no hub runs at --server, the REPL holds the
listener itself for as long as it runs. The REPL holds a session of its
own: it starts on the shells' current session (or --session), and its
session create, attach-current and use change only its own, never the
shells'; it keeps it by id across hub restarts. Inside it, history lists this
session's lines and save FILE writes its page commands as a script for
browserctl batch -f FILE.`,
		Example: "  browserctl repl\n  browserctl            # on a terminal",
		Args:    cmdutil.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if f.InREPL {
				return errors.New("already in the REPL")
			}
			ctx, stop := interruptible(c.Context())
			defer stop()
			return runREPL(ctx, f)
		},
		Annotations: cmdutil.NotReplayed(rpc.RunsOthers),
	}
}
