package cmd

import (
	"fmt"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/rpc"
)

func newCmdToken(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "token",
		Short: "Print the token the extension and other processes authenticate with",
		Long: `Print the hub's token: $BROWSERCTL_TOKEN, else the token file in the state
folder (created on first use, mode 0600). Paste it into the extension's
popup when you did not install the extension with ` + "`extension install`" + `.`,
		Example: "  browserctl token",
		Args:    cmdutil.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			t, err := cmdutil.ControlToken(f)
			if err != nil {
				return err
			}
			if f.Globals.JSON {
				return cmdutil.MarshalJSON(f, map[string]string{"token": t})
			}
			_, err = fmt.Fprintln(f.IO.Out, t)
			return err
		},
		Annotations: cmdutil.NotReplayed(rpc.NotPageWork),
	}
}
