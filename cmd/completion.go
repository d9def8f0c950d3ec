package cmd

import (
	"io"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/rpc"
)

func newCmdCompletion(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "completion bash|zsh|fish|powershell",
		Short: "Print the shell completion script",
		Long: `Print a completion script for your shell. Besides commands and flags it
completes refs from the last snapshot, tab ids and session ids, asking the
running hub (it never starts one). The bash script works with or without the
bash-completion package (it brings minimal stand-ins for what it uses).`,
		Example: `  source <(browserctl completion bash)
  browserctl completion zsh > "${fpath[1]}/_browserctl"
  browserctl completion fish > ~/.config/fish/completions/browserctl.fish`,
		ValidArgs: []string{"bash", "zsh", "fish", "powershell"},
		Args:      cmdutil.ExactArgs(1, "a shell: bash, zsh, fish or powershell"),
		RunE: func(c *cobra.Command, args []string) error {
			root := c.Root()
			w := f.IO.Out
			switch args[0] {
			case "bash":
				if _, err := io.WriteString(w, bashFallback); err != nil {
					return err
				}
				return root.GenBashCompletionV2(w, true)
			case "zsh":
				return root.GenZshCompletion(w)
			case "fish":
				return root.GenFishCompletion(w, true)
			case "powershell":
				return root.GenPowerShellCompletionWithDesc(w)
			}
			return cmdutil.UsageErrorf("unknown shell %q: bash, zsh, fish or powershell", args[0])
		},
		Annotations: cmdutil.NotReplayed(rpc.NotPageWork),
	}
}
