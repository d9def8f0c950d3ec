package cmd

import (
	"fmt"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/internal/token"
	"browserctl/rpc"
)

func newCmdToken(f *cmdutil.Factory) *cobra.Command {
	var ext bool
	c := &cobra.Command{
		Use:   "token [--extension]",
		Short: "Print the control token other processes authenticate with (--extension: the extension's key)",
		Long: `Print the hub's control token: $BROWSERCTL_TOKEN, else the token file in the
state folder (created on first use, mode 0600). With --extension, print the
extension's own key instead ($BROWSERCTL_EXTENSION_KEY, else the state
folder's extension-key file): the one secret that takes the hub's browser
slot. Paste that into the extension's popup when you did not install the
extension with ` + "`extension install`" + ` (which writes it into config.json).`,
		Example: "  browserctl token\n  browserctl token --extension",
		Args:    cmdutil.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			t, err := cmdutil.ControlToken(f)
			if err != nil {
				return err
			}
			name := "token"
			if ext {
				if t, err = token.LoadOrCreateExtensionKey(); err != nil {
					return err
				}
				name = "extensionKey"
			}
			if f.Globals.JSON {
				return cmdutil.MarshalJSON(f, map[string]string{name: t})
			}
			_, err = fmt.Fprintln(f.IO.Out, t)
			return err
		},
		Annotations: cmdutil.NotReplayed(rpc.NotPageWork),
	}
	c.Flags().BoolVar(&ext, "extension", false, "print the extension's key, not the control token")
	return c
}
