package cmd

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/cmd/internal/skill"
	"browserctl/rpc"
)

func newCmdSkill(f *cmdutil.Factory) *cobra.Command {
	c := &cobra.Command{
		Use:         "skill",
		Annotations: cmdutil.NotReplayed(rpc.PrintsHelp),
		Short:       "Print the guide for coding agents (how to start, the snapshot-ref-act loop, targets, waits, errors)",
		Long: `Print a concise guide to browserctl for coding agents: how to start, the
snapshot, act, check loop, targets, waits, errors and exit codes, batch and
sessions. ` + "`skill install DIR`" + ` writes it as a skill folder, DIR/browserctl/SKILL.md.`,
		Example: `  browserctl skill
  browserctl skill install ~/.claude/skills`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			_, err := fmt.Fprint(f.IO.Out, skill.Guide())
			return err
		},
	}
	c.AddCommand(newCmdSkillInstall(f))
	return c
}

func newCmdSkillInstall(f *cmdutil.Factory) *cobra.Command {
	var force bool
	c := &cobra.Command{
		Use:         "install DIR",
		Annotations: cmdutil.NotReplayed(rpc.NotPageWork),
		Short:       "Write the guide as DIR/browserctl/SKILL.md (a skill folder for coding agents)",
		Example:     "  browserctl skill install ~/.claude/skills\n  browserctl skill install .claude/skills --force",
		Args:        cmdutil.ExactArgs(1, "DIR"),
		RunE: func(c *cobra.Command, args []string) error {
			path, err := skill.Install(args[0], force)
			if errors.Is(err, fs.ErrExist) {
				return cmdutil.UsageErrorf("%s/%s/SKILL.md exists: --force replaces it", args[0], skill.Name)
			}
			if err != nil {
				return err
			}
			if f.Globals.JSON {
				return cmdutil.MarshalJSON(f, map[string]string{"path": path})
			}
			_, err = fmt.Fprintln(f.IO.Out, path)
			return err
		},
	}
	c.Flags().BoolVar(&force, "force", false, "replace an existing SKILL.md")
	return c
}
