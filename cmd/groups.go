package cmd

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

// rejectUnknownSubcommands gives every command that only groups others (the
// root, session, tab, extension ...) a RunE of its own: with no words it
// prints its help, as before; with a word that names none of its commands
// (`tab opne URL`) it answers a usage error with suggestions (exit 2).
// Without it cobra prints a group's help on stdout and exits 0 for any
// word, so a mistyped command looked like a success.
func rejectUnknownSubcommands(c *cobra.Command) {
	if c.HasSubCommands() && !c.Runnable() {
		c.Args = cobra.ArbitraryArgs
		c.RunE = func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				return c.Help()
			}
			return unknownCommandError(c, args[0])
		}
	}
	for _, sub := range c.Commands() {
		rejectUnknownSubcommands(sub)
	}
}

// unknownCommandError is `unknown command "opne" for "browserctl tab"; did
// you mean open?`.
func unknownCommandError(c *cobra.Command, word string) error {
	if c.SuggestionsMinimumDistance <= 0 {
		c.SuggestionsMinimumDistance = 2
	}
	msg := fmt.Sprintf("unknown command %q for %q", word, c.CommandPath())
	if s := c.SuggestionsFor(word); len(s) > 0 {
		msg += "; did you mean " + strings.Join(s, " or ") + "?"
	}
	return &UsageError{Err: fmt.Errorf("%s", msg)}
}
