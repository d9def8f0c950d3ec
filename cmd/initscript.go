package cmd

// init-script add / list / remove: scripts every new document of the
// session runs before its own (initScripts.*).

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/rpc"
)

func newCmdInitScript(f *cmdutil.Factory) *cobra.Command {
	c := &cobra.Command{
		Use:         "init-script",
		Annotations: cmdutil.NotReplayed(rpc.GroupOnly),
		Short:       "Run a script in every new document of the session, before the page's own scripts",
		Long: `Run a script at the start of every new document of the session's tabs, in
every frame, before any script of the page: a mock, a polyfill, a test
hook. It runs from the next document on (a navigation, a reload), in
cross-site frames too, and in tabs that join the session later.`,
		Example: `  browserctl init-script add mock.js
  browserctl init-script add --code 'window.__test = true'
  browserctl init-script list
  browserctl init-script remove s1`,
		Args: cmdutil.NoArgs,
	}
	return c // add, list, remove: declared on initScripts.add, .list and .remove
}

func init() {
	// scripts: the session's init scripts, and warnings for the tabs that
	// could not take one.
	cmdutil.Printers[rpc.PrintScripts] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, _ rpc.Command, _ map[string]string) {
		pc.Human = printScripts(f, pc.Method)
	}
	// init-script add FILE | --code JS: the script and its name.
	cmdutil.Preparers[rpc.PrepareInitScriptAdd] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, args []string) error {
		p := pc.Params.(rpc.InitScriptAddParams)
		switch {
		case len(args) == 1 && p.Source != "":
			return cmdutil.UsageErrorf("give a FILE or --code, not both")
		case len(args) == 1:
			b, err := os.ReadFile(args[0])
			if err != nil {
				return err
			}
			p.Name, p.Source = args[0], string(b)
		case p.Source != "":
			p.Name = "--code"
		default:
			return cmdutil.UsageErrorf("give a FILE or --code JS")
		}
		if len(p.Source) == 0 {
			return cmdutil.UsageErrorf("the script is empty")
		}
		pc.Params = p
		return nil
	}
}

func printScripts(f *cmdutil.Factory, method string) func(json.RawMessage) error {
	return func(raw json.RawMessage) error {
		var r rpc.InitScriptListResult
		if err := cmdutil.DecodeResult(method, raw, &r); err != nil {
			return err
		}
		if len(r.Scripts) == 0 && f.IO.IsStderrTTY() {
			fmt.Fprintln(f.IO.ErrOut, "no init scripts")
		}
		t := cmdutil.NewTable(f, "ID", "NAME", "BYTES")
		for _, s := range r.Scripts {
			t.Add(s.ID, cmdutil.SafeText(s.Name), fmt.Sprint(len(s.Source)))
		}
		if err := t.Print(); err != nil {
			return err
		}
		for _, u := range r.Unapplied {
			warn(f, "tab %d does not have %s: %s", u.TabID, u.Setting, cmdutil.SafeText(u.Error))
		}
		return nil
	}
}
