package cmd

// tab: the session's tabs. Its subcommands are declared on their methods'
// rows (rpc/tabs.go); here are the group, how a tab is named by its URL
// and how tabs print.

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

func newCmdTab(f *Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "tab",
		Short: "Open, list, switch and close the session's tabs",
		Example: `  browserctl tab open https://example.com
  browserctl tab list
  browserctl tab activate 102`,
		Args: noArgs,

		Annotations: notReplayed(groupOnly),
	}
}

func init() {
	printers["tab"] = func(f *Factory, pc *pageCall, _ rpc.Command, _ map[string]string) {
		pc.Human = func(raw json.RawMessage) error {
			var t rpc.Tab
			if err := decodeResult(pc.Method, raw, &t); err != nil {
				return err
			}
			return printTabs(f, []rpc.Tab{t})
		}
	}
	printers["tabs"] = func(f *Factory, pc *pageCall, _ rpc.Command, _ map[string]string) {
		pc.Human = func(raw json.RawMessage) error {
			var res rpc.TabListResult
			if err := decodeResult(pc.Method, raw, &res); err != nil {
				return err
			}
			return printTabs(f, res.Tabs)
		}
	}
}

// tabOrURL puts a tab argument into member m of v: an id as it is, a URL
// as the id of the session's one tab there, looked up when pc runs.
func tabOrURL(f *Factory, pc *pageCall, v reflect.Value, m member, s string) error {
	if id, err := parseTabID(s); err == nil {
		v.FieldByIndex(m.index).SetInt(int64(id))
		return nil
	}
	if !strings.Contains(s, ":") {
		return usageErrorf("a tab is its id (a number) or its URL, got %q", s)
	}
	pc.Before = func(ctx context.Context) error {
		id, err := sessionTabByURL(ctx, f, s)
		v.FieldByIndex(m.index).SetInt(int64(id))
		pc.Params = v.Interface()
		return err
	}
	return nil
}

// sessionTabByURL is the id of the session's one tab at url.
func sessionTabByURL(ctx context.Context, f *Factory, url string) (int, error) {
	raw, err := callHub(ctx, f, rpc.TabList, rpc.SessionIDParams{SessionID: sessionOf(f)})
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
