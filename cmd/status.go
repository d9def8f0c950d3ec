package cmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
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

type statusOptions struct {
	f    *cmdutil.Factory
	Wait time.Duration
}

func newCmdStatus(f *cmdutil.Factory, runF func(context.Context, *statusOptions) error) *cobra.Command {
	opts := &statusOptions{f: f}
	c := &cobra.Command{
		Use:   "status",
		Short: "Show the hub and whether the extension is connected (exit 0 when it is, 3 when not)",
		Long: `Show the hub at --server: its pid, the extension's connection, the current
session, pending calls, and the last connections to /ws/browser the hub
refused (wrong token, foreign origin, ...), each with its fix. Exits 0 when the extension is connected, 3 when
it is not (or no hub runs) once --wait has passed.

Without --wait it only looks and never starts a hub. With --wait it starts
the hub when none runs (as any browser command does), then waits for the
extension: the right first step after loading the extension in your own
Chrome.`,
		Example: `  browserctl status
  browserctl status --wait 30s && browserctl snapshot`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if runF != nil {
				return runF(c.Context(), opts)
			}
			return statusRun(c.Context(), opts)
		},
		Annotations: cmdutil.NotReplayed(rpc.ReadsOnly),
	}
	c.Flags().DurationVar(&opts.Wait, "wait", 0, "start the hub if none runs and wait this long for the extension to connect")
	return c
}

// hubStatus asks c for its status within hubclient.StatusTimeout; a program that
// accepts the connection and sends nothing is ErrHubNotAnswering (a frozen
// hub is not "another program").
func hubStatus(ctx context.Context, c hubapi.Controller, addr string) (hubapi.Status, error) {
	sctx, cancel := context.WithTimeout(ctx, hubclient.StatusTimeout)
	defer cancel()
	st, err := c.Status(sctx)
	if err != nil && errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
		return st, fmt.Errorf("%w: %s accepted the connection but sent nothing within %s", cmdutil.ErrHubNotAnswering, addr, hubclient.StatusTimeout)
	}
	return st, err
}

// extensionWaitNote is what a command says while it waits for the
// extension: how long, where, and what makes it come sooner. The
// extension retries with a backoff that doubles from 1 s to 30 s
// (extension/src/background/ws-client.ts), so a hub started after the
// browser may wait up to 30 s for its next try; the popup's Reconnect
// tries at once.
func extensionWaitNote(d time.Duration, addr string) string {
	return fmt.Sprintf("waiting up to %s for the extension to connect to ws://%s/ws/browser ...\n"+
		"  the extension retries on its own, at most 30 s apart; its popup's Reconnect button connects at once", d, addr)
}

func statusRun(ctx context.Context, opts *statusOptions) error {
	f := opts.f
	h, err := f.ExistingHub()
	if err != nil {
		return err
	}
	addr := f.Globals.Server
	st, err := hubStatus(ctx, h, addr)
	if client, ok := h.(*hubclient.Client); ok && errors.Is(err, hubclient.ErrNoHub) && opts.Wait > 0 {
		// the README's own-Chrome flow: status --wait brings the hub up
		if err = cmdutil.HubSpawn(f).StartDaemon(ctx, client, addr); err != nil {
			return err
		}
		st, err = hubStatus(ctx, h, addr)
	}
	if err != nil && !errors.Is(err, hubclient.ErrNoHub) {
		return err // not a hub, a frozen one, a refused token: no point waiting
	}
	if err == nil && !st.Connected && opts.Wait > 0 {
		fmt.Fprintln(f.IO.ErrOut, extensionWaitNote(opts.Wait, addr))
		deadline := time.Now().Add(opts.Wait)
		for time.Now().Before(deadline) {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(cmdutil.PollEvery * 4):
			}
			st, err = hubStatus(ctx, h, addr)
			if err != nil && !errors.Is(err, hubclient.ErrNoHub) {
				return err
			}
			if err == nil && st.Connected {
				fmt.Fprintln(f.IO.ErrOut, "extension connected")
				break
			}
		}
	}
	if err != nil {
		if f.Globals.JSON {
			_ = cmdutil.MarshalJSON(f, map[string]any{"hub": false, "addr": addr, "connected": false})
		}
		return fmt.Errorf("no hub at %s: %w", addr, err)
	}
	var attached []attachedTab
	if st.Connected {
		attached = attachedTabs(ctx, h)
	}
	if f.Globals.JSON {
		if err := cmdutil.MarshalJSON(f, statusJSON{Status: st, Attached: attached}); err != nil {
			return err
		}
	} else {
		printStatus(f, st)
		if st.Connected {
			printAttached(f, attached)
		}
	}
	if !st.Connected {
		// the state is on stdout; stderr says it as every not-connected path does
		msg := fmt.Sprintf("no extension connected to ws://%s/ws/browser", addr)
		if opts.Wait > 0 {
			msg += " within " + opts.Wait.String()
		}
		nce := &hubclient.NotConnectedError{Msg: msg}
		if r, ok := st.ExtensionRefusal(); ok {
			nce.Msg += "; the hub refused a connection: " + r.Describe(f.Now())
			nce.Hint = r.Fix
		}
		return &cmdutil.ReportedError{Code: cmdutil.ExitNoBrowser, Err: nce}
	}
	return nil
}

func printStatus(f *cmdutil.Factory, st hubapi.Status) {
	cs := f.IO.ColorScheme()
	w := f.IO.Out
	fmt.Fprintf(w, "hub:       %s (pid %d, protocol %d)\n", st.Addr, st.PID, st.Version)
	since := ""
	if !st.Since.IsZero() {
		since = " since " + st.Since.Local().Format(time.DateTime)
	}
	if st.Connected {
		fmt.Fprintf(w, "extension: %s%s\n", cs.Green("connected"), since)
	} else {
		fmt.Fprintf(w, "extension: %s%s\n", cs.Red("not connected"), since)
	}
	switch {
	case len(st.Browsers) > 1:
		fmt.Fprintf(w, "browsers:  %d connected (`browserctl browsers` lists their sessions)\n", len(st.Browsers))
		for _, b := range st.Browsers {
			fmt.Fprintf(w, "           %s\n", browserLine(b))
		}
	case st.Browser != nil:
		fmt.Fprintf(w, "browser:   %s\n", browserLine(*st.Browser))
	}
	session := st.Session
	if session == "" {
		session = "none"
	} else if b, ok := sessionBrowser(st); ok {
		session += " (on browser " + termsafe.String(b) + ")"
	}
	fmt.Fprintf(w, "session:   %s\n", session)
	fmt.Fprintf(w, "pending:   %d\n", st.Pending)
	printRefusals(f, st.Refusals)
}

// attachedTab is a tab the debugger holds now: Chrome shows its "started
// debugging this browser" bar while there is one.
type attachedTab struct {
	TabID     int    `json:"tabId"`
	SessionID string `json:"sessionId"`
}

// statusJSON is status --json: the hub's status and the attached tabs.
type statusJSON struct {
	hubapi.Status
	Attached []attachedTab `json:"attached"`
}

// attachedTabs asks the browser which of the sessions' tabs the debugger
// holds (nil when it cannot say in time).
func attachedTabs(ctx context.Context, h hubapi.Controller) []attachedTab {
	ctx, cancel := context.WithTimeout(hubapi.WithOwnSession(ctx), 3*time.Second)
	defer cancel()
	raw, err := h.Call(ctx, rpc.SessionList, rpc.BrowserParams{}, 3*time.Second)
	if err != nil {
		return nil
	}
	var list rpc.SessionListResult
	if json.Unmarshal(raw, &list) != nil {
		return nil
	}
	out := []attachedTab{}
	for _, s := range list.Sessions {
		for _, id := range s.AttachedTabIDs {
			out = append(out, attachedTab{TabID: id, SessionID: s.SessionID})
		}
	}
	return out
}

func printAttached(f *cmdutil.Factory, tabs []attachedTab) {
	if tabs == nil {
		return
	}
	parts := make([]string, len(tabs))
	for i, a := range tabs {
		parts[i] = fmt.Sprintf("tab %d (%s)", a.TabID, termsafe.Line(a.SessionID))
	}
	if len(parts) == 0 {
		parts = []string{"none"}
	}
	fmt.Fprintf(f.IO.Out, "attached:  %s\n", strings.Join(parts, ", "))
}

// shownRefusals is how many of the hub's refusals status prints.
const shownRefusals = 5

// printRefusals lists the hub's last refused connection attempts, newest
// first, each with its fix.
func printRefusals(f *cmdutil.Factory, refusals []hubapi.Refusal) {
	if len(refusals) == 0 {
		return
	}
	cs := f.IO.ColorScheme()
	w := f.IO.Out
	label := "refused:  "
	for i := len(refusals) - 1; i >= 0 && i >= len(refusals)-shownRefusals; i-- {
		r := refusals[i]
		fmt.Fprintf(w, "%s %s\n", label, termsafe.String(r.Describe(f.Now())))
		if r.Fix != "" {
			fmt.Fprintf(w, "           %s\n", cs.Dim("fix: "+cmdutil.InREPLWords(f, r.Fix)))
		}
		label = "          "
	}
	if n := len(refusals) - shownRefusals; n > 0 {
		fmt.Fprintf(w, "           (%d older: `browserctl status --json`)\n", n)
	}
}

// browserLine is a browser's line in status: its name and id (a peer that
// follows the seed has neither of its own), what it is, and whether it is
// the default.
func browserLine(b hubapi.Browser) string {
	line := describeBrowser(b)
	if b.ID != "" && b.ID != "seed" {
		line = termsafe.String(b.Label()) + ": " + line
	}
	if n := len(b.Sessions); n > 0 && b.ID != "seed" {
		line += fmt.Sprintf(", %d session%s", n, map[bool]string{true: "", false: "s"}[n == 1])
	}
	if b.Default && b.ID != "seed" {
		line += ", default"
	}
	return line
}

// sessionBrowser names the browser the status's current session lives on,
// when the hub knows it and more than one browser could be meant.
func sessionBrowser(st hubapi.Status) (string, bool) {
	for _, b := range st.Browsers {
		if slices.Contains(b.Sessions, st.Session) && b.ID != "seed" {
			return b.Name, true
		}
	}
	return "", false
}

// describeBrowser is the status line naming the connected browser: product
// and version from its User-Agent, its extension id, its address.
func describeBrowser(b hubapi.Browser) string {
	name := "unknown browser"
	for _, product := range []string{"Edg/", "HeadlessChrome/", "Chromium/", "Chrome/"} {
		if i := strings.Index(b.UserAgent, product); i >= 0 {
			version, _, _ := strings.Cut(b.UserAgent[i+len(product):], " ")
			name = strings.TrimSuffix(product, "/") + " " + version
			break
		}
	}
	if name == "unknown browser" && b.UserAgent != "" {
		name = strconv.Quote(b.UserAgent)
	}
	if b.ExtensionID != "" {
		name += ", extension " + b.ExtensionID
	}
	return name + ", from " + b.Remote
}
