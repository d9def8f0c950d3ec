package cmdutil

import (
	"github.com/spf13/cobra"

	"browserctl/rpc"
)

// Enum flags and arguments are validated and completed from the protocol's
// own lists (rpc/enums.go), so the CLI accepts exactly what the extension
// does.

// EnumFlag adds a string flag that takes one of e's values and completes
// them; CheckEnum validates it when the command runs.
func EnumFlag(c *cobra.Command, p *string, name string, e rpc.Enum, usage string) {
	c.Flags().StringVar(p, name, "", usage)
	_ = c.RegisterFlagCompletionFunc(name, cobra.FixedCompletions(e.Values, cobra.ShellCompDirectiveNoFileComp))
}

// CheckEnum is a usage error unless v is empty (not given) or one of e's
// values: `--button must be left, right or middle, got "x"`.
func CheckEnum(label string, e rpc.Enum, v string) error {
	if v == "" || e.Has(v) {
		return nil
	}
	return UsageErrorf("%s must be %s, got %q", label, e.Or(), v)
}
