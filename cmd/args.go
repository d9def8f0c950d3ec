package cmd

import (
	"strconv"

	"github.com/spf13/cobra"
)

// Argument checks that answer UsageError (exit 2).

func noArgs(c *cobra.Command, args []string) error {
	if len(args) > 0 {
		return usageErrorf("%s takes no arguments, got %q", c.CommandPath(), args)
	}
	return nil
}

func exactArgs(n int, names string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) != n {
			return usageErrorf("%s needs %s (got %d arguments)", c.CommandPath(), names, len(args))
		}
		return nil
	}
}

func rangeArgs(min, max int, names string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) < min || len(args) > max {
			return usageErrorf("%s needs %s (got %d arguments)", c.CommandPath(), names, len(args))
		}
		return nil
	}
}

func minArgs(min int, names string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) < min {
			return usageErrorf("%s needs %s (got %d arguments)", c.CommandPath(), names, len(args))
		}
		return nil
	}
}

// parseTabID reads a tab id argument.
func parseTabID(s string) (int, error) {
	id, err := strconv.Atoi(s)
	if err != nil || id < 0 {
		return 0, usageErrorf("tab id must be a number, got %q", s)
	}
	return id, nil
}
