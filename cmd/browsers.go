package cmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/hub/hubapi"
	"browserctl/hub/hubclient"
	"browserctl/internal/termsafe"
	"browserctl/rpc"
)

// browserRow is one line of `browserctl browsers`: the hub's view of a
// connected browser, with its sessions and their tabs as the browser
// itself answers them.
type browserRow struct {
	hubapi.Browser
	SessionCount int `json:"sessionCount"`
	Tabs         int `json:"tabs"` // the tabs of its sessions (the ones browserctl drives)
}

func newCmdBrowsers(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "browsers",
		Short: "List the browsers connected to the hub: name, id, profile, version, since, sessions, tabs",
		Long: `List every browser whose extension is connected to the hub at --server, the
default one first (marked "default": the one connected first, which gets
every call that names no session and no --browser). A browser is its
extension's stable id and a name (the popup's, ` + "`extension install --name`" + `'s,
` + "`launch --profile`" + `'s, else this machine's host name); --browser on
session create, session attach-current, session list, tab user-list and
mcp takes either. SESSIONS and TABS count its sessions and their tabs as
the browser answers sessions.list now. It starts no hub.`,
		Example: `  browserctl browsers
  browserctl browsers --json
  browserctl session create --browser work --url https://example.com`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return browsersRun(c.Context(), f)
		},
		Annotations: cmdutil.NotReplayed(rpc.ReadsOnly),
	}
}

func browsersRun(ctx context.Context, f *cmdutil.Factory) error {
	h, err := f.ExistingHub()
	if err != nil {
		return err
	}
	if c, ok := h.(io.Closer); ok {
		defer c.Close()
	}
	st, err := hubStatus(ctx, h, f.Globals.Server)
	if err != nil {
		return fmt.Errorf("no hub at %s: %w", f.Globals.Server, err)
	}
	bs := st.Browsers
	if len(bs) == 0 && st.Browser != nil {
		bs = []hubapi.Browser{*st.Browser} // a hub from before several browsers
	}
	rows := make([]browserRow, len(bs))
	for i, b := range bs {
		rows[i] = browserRow{Browser: b, SessionCount: len(b.Sessions), Tabs: -1}
	}
	if len(rows) > 0 {
		countSessions(ctx, f, h, rows)
	}
	if f.Globals.JSON {
		return cmdutil.MarshalJSON(f, map[string]any{"browsers": rows})
	}
	if len(rows) == 0 {
		fmt.Fprintf(f.IO.ErrOut, "no browser is connected to ws://%s/ws/browser\n", f.Globals.Server)
		return &cmdutil.ReportedError{Code: cmdutil.ExitNoBrowser, Err: &hubclient.NotConnectedError{Msg: "no browser connected"}}
	}
	t := cmdutil.NewTable(f, "NAME", "ID", "PROFILE", "VERSION", "SINCE", "SESSIONS", "TABS", "FROM", "")
	for _, r := range rows {
		tabs := "?"
		if r.Tabs >= 0 {
			tabs = strconv.Itoa(r.Tabs)
		}
		since := ""
		if !r.Since.IsZero() {
			since = r.Since.Local().Format(time.DateTime)
		}
		mark := ""
		if r.Default {
			mark = "default"
		}
		t.Add(termsafe.String(r.Name), termsafe.String(r.ID), termsafe.String(r.Profile), termsafe.String(r.Version), since,
			strconv.Itoa(r.SessionCount), tabs, termsafe.String(r.Remote), mark)
	}
	return t.Print()
}

// countSessions fills each row's sessions and tabs from one sessions.list
// (every browser's); when it fails, the hub's own count of sessions stays
// and tabs are unknown.
func countSessions(ctx context.Context, f *cmdutil.Factory, h hubapi.Controller, rows []browserRow) {
	raw, err := h.Call(ctx, rpc.SessionList, rpc.BrowserParams{}, 10*time.Second)
	if err != nil {
		var be *rpc.BrowserError
		if !errors.As(err, &be) || be.Code != rpc.CodeExtensionNotConnected {
			fmt.Fprintf(f.IO.ErrOut, "warning: sessions.list failed, so tabs are not counted: %v\n", err)
		}
		return
	}
	var list rpc.SessionListResult
	if json.Unmarshal(raw, &list) != nil {
		return
	}
	for i := range rows {
		rows[i].SessionCount, rows[i].Tabs = 0, 0
	}
	for _, s := range list.Sessions {
		for i := range rows {
			// a session without a browser is the only browser's (a seed peer's list)
			if s.BrowserID == rows[i].ID || s.BrowserID == "" && len(rows) == 1 {
				rows[i].SessionCount++
				rows[i].Tabs += len(s.TabIDs)
			}
		}
	}
	for _, u := range list.Unreachable {
		for i := range rows {
			if rows[i].ID == u.ID {
				rows[i].SessionCount, rows[i].Tabs = len(rows[i].Sessions), -1
			}
		}
		fmt.Fprintf(f.IO.ErrOut, "warning: browser %s did not answer sessions.list: %s\n", termsafe.String(u.Browser), termsafe.Line(strings.TrimSpace(u.Error)))
	}
}
