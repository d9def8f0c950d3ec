package cmd

import (
	"context"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"browserctl/completions"
	"browserctl/termsafe"
)

func newCmdCompletion(f *Factory) *cobra.Command {
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
		Args:      exactArgs(1, "a shell: bash, zsh, fish or powershell"),
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
			return usageErrorf("unknown shell %q: bash, zsh, fish or powershell", args[0])
		},
		Annotations: notReplayed(notPageWork),
	}
}

type completeFunc = func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective)

func toCobra(cands []completions.Candidate, prefix string) []cobra.Completion {
	var out []cobra.Completion
	for _, c := range completions.Filter(cands, prefix) {
		// a description may be a page's title or an element's name: no
		// control characters, and no newline or tab (one candidate a line)
		desc := strings.Join(strings.Fields(termsafe.String(c.Description)), " ")
		out = append(out, cobra.CompletionWithDesc(c.Value, desc))
	}
	return out
}

// completeRefs completes the ref argument at position pos (0-based) from
// the last snapshot; other positions get nothing.
func completeRefs(f *Factory, pos int) completeFunc {
	return func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) != pos {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return refCandidates(f, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

func refCandidates(f *Factory, prefix string) []cobra.Completion {
	dir, err := f.StateDir()
	if err != nil {
		return nil
	}
	return toCobra(completions.Refs(dir, sessionOf(f)), prefix)
}

// completeTabIDs completes the first argument with the session's tab ids
// (or, with user, every tab of the user's windows).
func completeTabIDs(f *Factory, user bool) completeFunc {
	return func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) != 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		h, err := f.ExistingHub()
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		ctx, cancel := context.WithTimeout(context.Background(), completions.Timeout)
		defer cancel()
		cands, err := completions.TabIDs(ctx, h, sessionOf(f), user)
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return toCobra(cands, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// completeSessionIDs completes the first argument with session ids.
func completeSessionIDs(f *Factory) completeFunc {
	return func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) != 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return sessionCandidates(f, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// completeSessionFlag completes the --session value.
func completeSessionFlag(f *Factory) completeFunc {
	return func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return sessionCandidates(f, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

func sessionCandidates(f *Factory, prefix string) []cobra.Completion {
	h, err := f.ExistingHub()
	if err != nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), completions.Timeout)
	defer cancel()
	cands, err := completions.SessionIDs(ctx, h)
	if err != nil {
		return nil
	}
	return toCobra(cands, prefix)
}
