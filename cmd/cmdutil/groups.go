package cmdutil

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

// RejectUnknownSubcommands gives every command that only groups others (the
// root, session, tab, extension ...) a RunE of its own: with no words it
// prints its help, as before; with a word that names none of its commands
// (`tab opne URL`) it answers a usage error with suggestions (exit 2).
// Without it cobra prints a group's help on stdout and exits 0 for any
// word, so a mistyped command looked like a success.
func RejectUnknownSubcommands(c *cobra.Command) {
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
		RejectUnknownSubcommands(sub)
	}
	if !c.HasParent() {
		rejectUnknownHelpTopics(c)
	}
}

// rejectUnknownHelpTopics makes `help nosuch` and `help tab opne` usage
// errors with suggestions, as the commands themselves are; cobra's own
// help command prints "Unknown help topic" and the root's usage, exit 0.
func rejectUnknownHelpTopics(root *cobra.Command) {
	root.InitDefaultHelpCmd()
	help, _, err := root.Find([]string{"help"})
	if err != nil || help == root || help.Run == nil {
		return
	}
	show := help.Run
	help.Run = nil
	help.RunE = func(c *cobra.Command, args []string) error {
		if target, rest, err := c.Root().Find(args); err == nil && len(rest) > 0 {
			return unknownCommandError(target, rest[0])
		}
		show(c, args)
		return nil
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
