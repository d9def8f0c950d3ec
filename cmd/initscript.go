package cmd

// init-script add / list / remove: scripts every new document of the
// session runs before its own (initScripts.*).

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

func newCmdInitScript(f *Factory) *cobra.Command {
	c := &cobra.Command{
		Use:         "init-script",
		Annotations: notReplayed(groupOnly),
		Short:       "Run a script in every new document of the session, before the page's own scripts",
		Long: `Run a script at the start of every new document of the session's tabs, in
every frame, before any script of the page: a mock, a polyfill, a test
hook. It runs from the next document on (a navigation, a reload), in
cross-site frames too, and in tabs that join the session later.`,
		Example: `  browserctl init-script add mock.js
  browserctl init-script add --code 'window.__test = true'
  browserctl init-script list
  browserctl init-script remove s1`,
		Args: noArgs,
	}
	c.AddCommand(newCmdInitScriptAdd(f, nil)) // list, remove: declared on initScripts.list and .remove
	return c
}

func init() {
	// scripts: the session's init scripts, and warnings for the tabs that
	// could not take one.
	printers["scripts"] = func(f *Factory, pc *pageCall, _ rpc.Command, _ map[string]string) {
		pc.Human = printScripts(f, pc.Method)
	}
}

func printScripts(f *Factory, method string) func(json.RawMessage) error {
	return func(raw json.RawMessage) error {
		var r rpc.InitScriptListResult
		if err := decodeResult(method, raw, &r); err != nil {
			return err
		}
		if len(r.Scripts) == 0 && f.IO.IsStderrTTY() {
			fmt.Fprintln(f.IO.ErrOut, "no init scripts")
		}
		t := newTable(f, "ID", "NAME", "BYTES")
		for _, s := range r.Scripts {
			t.add(s.ID, safeText(s.Name), fmt.Sprint(len(s.Source)))
		}
		if err := t.print(); err != nil {
			return err
		}
		for _, u := range r.Unapplied {
			warn(f, "tab %d does not have %s: %s", u.TabID, u.Setting, safeText(u.Error))
		}
		return nil
	}
}

func newCmdInitScriptAdd(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var code string
	c := &cobra.Command{
		Use:         "add FILE | --code JS",
		Annotations: replays(fileArgs),
		Short:       "Add a script from FILE or --code; prints the session's scripts with their ids",
		Example:     "  browserctl init-script add mock.js\n  browserctl init-script add --code 'Date.now = () => 0'",
		Args:        rangeArgs(0, 1, "a FILE (or --code)"),
		RunE: emulationRunE(f, runF, func(args []string) (*pageCall, error) {
			p := rpc.InitScriptAddParams{SessionID: sessionOf(f)}
			switch {
			case len(args) == 1 && code != "":
				return nil, usageErrorf("give a FILE or --code, not both")
			case len(args) == 1:
				b, err := os.ReadFile(args[0])
				if err != nil {
					return nil, err
				}
				p.Name, p.Source = args[0], string(b)
			case code != "":
				p.Name, p.Source = "--code", code
			default:
				return nil, usageErrorf("give a FILE or --code JS")
			}
			if len(p.Source) == 0 {
				return nil, usageErrorf("the script is empty")
			}
			return &pageCall{Method: rpc.InitScriptsAdd, Params: p, Human: printScripts(f, rpc.InitScriptsAdd)}, nil
		}),
	}
	c.Flags().StringVar(&code, "code", "", "the script's JavaScript, instead of a FILE")
	return c
}
