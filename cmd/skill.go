package cmd

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/spf13/cobra"

	"browserctl/skill"
)

func newCmdSkill(f *Factory) *cobra.Command {
	c := &cobra.Command{
		Use:         "skill",
		Annotations: notReplayed(printsHelp),
		Short:       "Print the guide for coding agents (how to start, the snapshot-ref-act loop, targets, waits, errors)",
		Long: `Print a concise guide to browserctl for coding agents: how to start, the
snapshot, act, check loop, targets, waits, errors and exit codes, batch and
sessions. ` + "`skill install DIR`" + ` writes it as a skill folder, DIR/browserctl/SKILL.md.`,
		Example: `  browserctl skill
  browserctl skill install ~/.claude/skills`,
		Args: noArgs,
		RunE: func(c *cobra.Command, args []string) error {
			_, err := fmt.Fprint(f.IO.Out, skill.Guide())
			return err
		},
	}
	c.AddCommand(newCmdSkillInstall(f))
	return c
}

func newCmdSkillInstall(f *Factory) *cobra.Command {
	var force bool
	c := &cobra.Command{
		Use:         "install DIR",
		Annotations: notReplayed(notPageWork),
		Short:       "Write the guide as DIR/browserctl/SKILL.md (a skill folder for coding agents)",
		Example:     "  browserctl skill install ~/.claude/skills\n  browserctl skill install .claude/skills --force",
		Args:        exactArgs(1, "DIR"),
		RunE: func(c *cobra.Command, args []string) error {
			path, err := skill.Install(args[0], force)
			if errors.Is(err, fs.ErrExist) {
				return usageErrorf("%s/%s/SKILL.md exists: --force replaces it", args[0], skill.Name)
			}
			if err != nil {
				return err
			}
			if f.Globals.JSON {
				return marshalJSON(f, map[string]string{"path": path})
			}
			_, err = fmt.Fprintln(f.IO.Out, path)
			return err
		},
	}
	c.Flags().BoolVar(&force, "force", false, "replace an existing SKILL.md")
	return c
}
