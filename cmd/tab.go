package cmd

// tab: the session's tabs. Its subcommands are declared on their methods'
// rows (rpc/tabs.go); here are the group, how a tab is named by its URL
// and how tabs print.

import (
	"encoding/json"
	"strconv"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/rpc"
)

func newCmdTab(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "tab",
		Short: "Open, list, switch and close the session's tabs",
		Example: `  browserctl tab open https://example.com
  browserctl tab list
  browserctl tab activate 102`,
		Args: cmdutil.NoArgs,

		Annotations: cmdutil.NotReplayed(rpc.GroupOnly),
	}
}

func init() {
	cmdutil.Printers[rpc.PrintTab] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, _ rpc.Command, _ map[string]string) {
		pc.Human = func(raw json.RawMessage) error {
			var t rpc.Tab
			if err := cmdutil.DecodeResult(pc.Method, raw, &t); err != nil {
				return err
			}
			return printTabs(f, []rpc.Tab{t})
		}
	}
	cmdutil.Printers[rpc.PrintTabs] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, _ rpc.Command, _ map[string]string) {
		pc.Human = func(raw json.RawMessage) error {
			var res rpc.TabListResult
			if err := cmdutil.DecodeResult(pc.Method, raw, &res); err != nil {
				return err
			}
			return printTabs(f, res.Tabs)
		}
	}
}

// printTabs: id, active mark, session, title, url.
func printTabs(f *cmdutil.Factory, tabs []rpc.Tab) error {
	t := cmdutil.NewTable(f, "TAB", "ACTIVE", "SESSION", "TITLE", "URL")
	for _, tab := range tabs {
		active := ""
		if tab.Active {
			active = "*"
		}
		session := tab.SessionID
		if session == "" && f.IO.IsStdoutTTY() {
			session = "-"
		}
		t.Add(strconv.Itoa(tab.TabID), active, session, tab.Title, tab.URL)
	}
	return t.Print()
}
