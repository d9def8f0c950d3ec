package cmdutil

import (
	"strconv"

	"github.com/spf13/cobra"
)

// Argument checks that answer UsageError (exit 2).

func NoArgs(c *cobra.Command, args []string) error {
	if len(args) > 0 {
		return UsageErrorf("%s takes no arguments, got %q", c.CommandPath(), args)
	}
	return nil
}

func ExactArgs(n int, names string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) != n {
			return UsageErrorf("%s needs %s (got %d arguments)", c.CommandPath(), names, len(args))
		}
		return nil
	}
}

func RangeArgs(min, max int, names string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) < min || len(args) > max {
			return UsageErrorf("%s needs %s (got %d arguments)", c.CommandPath(), names, len(args))
		}
		return nil
	}
}

func MinArgs(min int, names string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) < min {
			return UsageErrorf("%s needs %s (got %d arguments)", c.CommandPath(), names, len(args))
		}
		return nil
	}
}

// parseTabID reads a tab id argument.
func parseTabID(s string) (int, error) {
	id, err := strconv.Atoi(s)
	if err != nil || id < 0 {
		return 0, UsageErrorf("tab id must be a number, got %q", s)
	}
	return id, nil
}
