package cmd

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

func newCmdTab(f *Factory) *cobra.Command {
	c := &cobra.Command{
		Use:   "tab",
		Short: "Open, list, switch and close the session's tabs",
		Example: `  browserctl tab open https://example.com
  browserctl tab list
  browserctl tab activate 102`,
		Args: noArgs,

		Annotations: notReplayed(groupOnly),
	}
	c.AddCommand(newCmdTabOpen(f), newCmdTabList(f), newCmdTabUserList(f), newCmdTabAttach(f),
		newCmdTabActive(f), newCmdTabActivate(f), newCmdTabClose(f))
	return c
}

func newCmdTabOpen(f *Factory) *cobra.Command {
	var background bool
	c := &cobra.Command{
		Use:     "open URL",
		Short:   "Open a tab in the session's group",
		Example: "  browserctl tab open https://example.com\n  browserctl tab open --background https://example.org",
		Args:    exactArgs(1, "a URL"),
		RunE: func(c *cobra.Command, args []string) error {
			p := rpc.TabOpenParams{SessionID: sessionOf(f), URL: args[0]}
			if background {
				no := false
				p.Active = &no
			}
			return tabResult(c, f, rpc.TabOpen, p)
		},
		Annotations: replays(opensPage),
	}
	c.Flags().BoolVar(&background, "background", false, "do not make the new tab active")
	return c
}

func newCmdTabList(f *Factory) *cobra.Command {
	return &cobra.Command{
		Use:     "list",
		Aliases: []string{"ls"},
		Short:   "List the session's tabs",
		Example: "  browserctl tab list",
		Args:    noArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return tabsResult(c, f, rpc.TabList, rpc.SessionIDParams{SessionID: sessionOf(f)})
		},
		Annotations: notReplayed(readsOnly),
	}
}

func newCmdTabUserList(f *Factory) *cobra.Command {
	return &cobra.Command{
		Use:     "user-list",
		Short:   "List every tab of every normal window",
		Example: "  browserctl tab user-list",
		Args:    noArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return tabsResult(c, f, rpc.TabUserList, struct{}{})
		},
		Annotations: notReplayed(readsOnly),
	}
}

func newCmdTabAttach(f *Factory) *cobra.Command {
	return tabIDCmd(f, "attach", rpc.TabAttach, "Bring an existing tab into the session's group", true, notReplayed("it takes a tab of the user's, whose id differs on a replay"))
}

func newCmdTabActivate(f *Factory) *cobra.Command {
	return tabIDCmd(f, "activate", rpc.TabActivate, "Make a tab of the session the active one (by id, or by its exact URL)", false, replays(tabArg))
}

func tabIDCmd(f *Factory, name, method, short string, userTabs bool, replay map[string]string) *cobra.Command {
	use := name + " TAB"
	if !userTabs {
		use = name + " TAB|URL"
	}
	return &cobra.Command{
		Use:               use,
		Short:             short,
		Example:           fmt.Sprintf("  browserctl tab %s 102", name),
		Args:              exactArgs(1, "a tab id"),
		ValidArgsFunction: completeTabIDs(f, userTabs),
		RunE: func(c *cobra.Command, args []string) error {
			id, err := parseTabID(args[0])
			if err != nil && !userTabs {
				id, err = sessionTabByURL(c, f, args[0])
			}
			if err != nil {
				return err
			}
			return tabResult(c, f, method, rpc.TabIDParams{SessionID: sessionOf(f), TabID: id})
		},
		Annotations: replay,
	}
}

func newCmdTabActive(f *Factory) *cobra.Command {
	return &cobra.Command{
		Use:     "active",
		Short:   "Show the session's active tab (without a session: the user's active tab)",
		Example: "  browserctl tab active\n  browserctl tab active --json",
		Args:    noArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return tabResult(c, f, rpc.TabActive, rpc.SessionIDParams{SessionID: sessionOf(f)})
		},
		Annotations: notReplayed(readsOnly),
	}
}

func newCmdTabClose(f *Factory) *cobra.Command {
	return &cobra.Command{
		Use:               "close TAB|URL",
		Short:             "Close a tab of the session (by id, or by its exact URL)",
		Example:           "  browserctl tab close 102",
		Args:              exactArgs(1, "a tab id"),
		ValidArgsFunction: completeTabIDs(f, false),
		RunE: func(c *cobra.Command, args []string) error {
			id, err := parseTabID(args[0])
			if err != nil {
				id, err = sessionTabByURL(c, f, args[0])
			}
			if err != nil {
				return err
			}
			raw, err := callHub(c.Context(), f, rpc.TabClose, rpc.TabIDParams{SessionID: sessionOf(f), TabID: id})
			if err != nil {
				return err
			}
			return render(f, raw, func() error {
				done(f, "closed tab %d", id)
				return nil
			})
		},
		Annotations: replays(tabArg),
	}
}

// sessionTabByURL is the id of the session's one tab at url (a saved REPL
// script names tabs so: their ids differ on a replay).
func sessionTabByURL(c *cobra.Command, f *Factory, url string) (int, error) {
	if !strings.Contains(url, ":") {
		return 0, usageErrorf("a tab is its id (a number) or its URL, got %q", url)
	}
	raw, err := callHub(c.Context(), f, rpc.TabList, rpc.SessionIDParams{SessionID: sessionOf(f)})
	if err != nil {
		return 0, err
	}
	var res rpc.TabListResult
	if err := decodeResult(rpc.TabList, raw, &res); err != nil {
		return 0, err
	}
	var ids []int
	for _, t := range res.Tabs {
		if t.URL == url {
			ids = append(ids, t.TabID)
		}
	}
	switch len(ids) {
	case 1:
		return ids[0], nil
	case 0:
		return 0, fmt.Errorf("no tab of the session is at %s (`tab list` shows them)", safeText(url))
	}
	return 0, fmt.Errorf("%d tabs of the session are at %s: name one by its id (`tab list`)", len(ids), safeText(url))
}

func tabResult(c *cobra.Command, f *Factory, method string, params any) error {
	raw, err := callHub(c.Context(), f, method, params)
	if err != nil {
		return err
	}
	return render(f, raw, func() error {
		var t rpc.Tab
		if err := decodeResult(method, raw, &t); err != nil {
			return err
		}
		return printTabs(f, []rpc.Tab{t})
	})
}

func tabsResult(c *cobra.Command, f *Factory, method string, params any) error {
	raw, err := callHub(c.Context(), f, method, params)
	if err != nil {
		return err
	}
	return render(f, raw, func() error {
		var res rpc.TabListResult
		if err := decodeResult(method, raw, &res); err != nil {
			return err
		}
		return printTabs(f, res.Tabs)
	})
}

// printTabs: id, active mark, session, title, url.
func printTabs(f *Factory, tabs []rpc.Tab) error {
	t := newTable(f, "TAB", "ACTIVE", "SESSION", "TITLE", "URL")
	for _, tab := range tabs {
		active := ""
		if tab.Active {
			active = "*"
		}
		session := tab.SessionID
		if session == "" && f.IO.IsStdoutTTY() {
			session = "-"
		}
		t.add(strconv.Itoa(tab.TabID), active, session, tab.Title, tab.URL)
	}
	return t.print()
}
