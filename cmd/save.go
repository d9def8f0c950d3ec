package cmd

// `save FILE` (REPL only) writes what the REPL's recorder (repl/recorder)
// made of this session's lines; here the recorder gets the REPL's hub and a
// command tree to read lines with.

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/hub/hubapi"
	"browserctl/internal/safefile"
	"browserctl/repl/recorder"
	"browserctl/rpc"
)

func newCmdSave(f *cmdutil.Factory) *cobra.Command {
	var force bool
	c := &cobra.Command{
		Use:   "save FILE",
		Short: "Save this REPL session's page commands as a script for batch (REPL only)",
		Long: `Write the commands of this REPL session that acted on pages to FILE, as
a script that ` + "`browserctl batch -f FILE`" + ` replays on a fresh load of the
same pages. Each ref is replaced by a target that survives a reload:
role=ROLE[name="NAME"] when the element is the only one with that role and
accessible name, else a CSS selector; in a frame, that target after the
frames that lead to it (frame=IFRAME >> TARGET). A line that navigated is followed by
a wait for the new page. Read-only commands (snapshot, get, find, is,
screenshot, ...) and failed lines are left out; commands naming session or
tab ids are kept as comments. FILE "-" prints the script. An existing FILE
is kept unless --force.`,
		Example: "  save login.txt\n  save - \n  save login.txt --force",
		Args:    cmdutil.ExactArgs(1, "a FILE to write (- for stdout)"),
		Hidden:  !f.InREPL,
		RunE: func(c *cobra.Command, args []string) error {
			if f.Script == nil {
				return cmdutil.UsageErrorf("save writes the script of a REPL session; run it inside `browserctl repl`")
			}
			lines := f.Script(c.Context())
			commands := 0
			for _, l := range lines {
				if !strings.HasPrefix(l, "#") {
					commands++
				}
			}
			file := args[0]
			text := "# browserctl batch -f FILE replays this (saved by the REPL's `save`)\n" + strings.Join(lines, "\n")
			if len(lines) > 0 {
				text += "\n"
			}
			if file == "-" {
				_, err := fmt.Fprint(f.IO.Out, text)
				return err
			}
			// 0600: a script holds what was typed into the page.
			err := safefile.WriteFile(file, []byte(text), safefile.Private, force)
			if errors.Is(err, safefile.ErrExists) {
				return fmt.Errorf("%s exists; save --force overwrites it", file)
			}
			if err != nil {
				return err
			}
			if f.Globals.JSON {
				return cmdutil.MarshalJSON(f, map[string]any{"file": file, "commands": commands})
			}
			cmdutil.Done(f, "saved %d commands to %s", commands, file)
			return nil
		},
		Annotations: cmdutil.NotReplayed(rpc.REPLOnly),
	}
	c.Flags().BoolVar(&force, "force", false, "overwrite FILE if it exists")
	return c
}

// newRecorder is the recorder of a REPL whose lines run on f (the REPL's
// line factory) and whose calls go to ctrl.
func newRecorder(ctrl hubapi.Controller, f *cmdutil.Factory) *recorder.Recorder {
	return recorder.New(recorder.Config{
		Hub:   ctrl,
		IsRef: cmdutil.IsRef,
		Decl:  newRecorderDecl,
		// a fresh tree on the line factory; its Globals hold the REPL's
		// defaults (the session a line without --session acts on)
		Tree: func() (*cobra.Command, string) {
			cf := *f
			cf.Globals = &cmdutil.Globals{}
			root := NewRootCmd(&cf)
			cmdutil.DeclareHelp(root)
			return root, cmdutil.SessionOf(&cf)
		},
	})
}

// newRecorderDecl is c's declaration (cmdutil.DeclOf) as the recorder reads it.
func newRecorderDecl(c *cobra.Command) recorder.Decl {
	d := cmdutil.DeclOf(c)
	return recorder.Decl{Declared: d.Declared, Replay: d.Replay, Why: d.Why, Targets: d.Targets,
		Waits: d.Waits, Opens: d.Opens, Files: d.Files, Tab: d.Tab}
}
