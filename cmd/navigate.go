package cmd

// open, back, forward, reload: navigation of a session's tab, waiting until
// the new page reached --wait-until; each prints the final URL and title.

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

// addWaitUntilFlag adds --wait-until, validated and completed from rpc.WaitUntil.
func addWaitUntilFlag(c *cobra.Command, v *string) {
	enumFlag(c, v, "wait-until", rpc.WaitUntil, "load, domcontentloaded, networkidle or none (default load)")
}

func checkWaitUntil(v string) error {
	if v != "" && !rpc.WaitUntil.Has(v) {
		return usageErrorf("--wait-until must be %s, got %q", strings.Join(rpc.WaitUntil.Values, ", "), v)
	}
	return nil
}

// budgetMS is the --timeout the extension gets for a call that waits; the
// hub waits waitSlack longer, so the extension's own "timed out" answer,
// which names what it waited for, arrives first.
func budgetMS(f *Factory) (int, time.Duration) {
	return int(f.Globals.Timeout / time.Millisecond), f.Globals.Timeout + waitSlack
}

// printNav prints the final URL and title, one a line.
func printNav(f *Factory, method string) func(json.RawMessage) error {
	return func(raw json.RawMessage) error {
		var res rpc.NavResult
		if err := decodeResult(method, raw, &res); err != nil {
			return err
		}
		_, err := fmt.Fprintf(f.IO.Out, "%s\n%s\n", safeText(res.URL), safeText(res.Title))
		return err
	}
}

func newCmdOpen(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.NavigateParams
	c := &cobra.Command{
		Use:   "open URL",
		Short: "Send the session's tab to URL, wait until it has loaded, print the final URL and title",
		Long: `Navigate the session's active tab (or --tab) to URL and wait until the new
page reached --wait-until (default load; none returns once it started).
A URL without a scheme gets https://. With no session at all (no
--session, no current session) open makes one first, says which on
stderr, and it becomes the current session. A navigation the browser refuses
(DNS, a refused connection) fails with its reason, for example
net::ERR_CONNECTION_REFUSED. Waiting is bounded by --timeout (exit 4).`,
		Example: `  browserctl open example.com
  browserctl open http://localhost:3000/login --wait-until networkidle
  browserctl open https://example.com --tab 123 --wait-until none`,
		Args: exactArgs(1, "a URL"),
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID, p.URL = sessionOf(f), strings.TrimSpace(args[0])
			if p.URL == "" {
				return nil, usageErrorf("open needs a URL, got an empty one")
			}
			if err := checkWaitUntil(p.WaitUntil); err != nil {
				return nil, err
			}
			var min time.Duration
			p.TimeoutMS, min = budgetMS(f)
			pc := &pageCall{Method: rpc.PageNavigate, Params: p, MinTimeout: min, Human: printNav(f, rpc.PageNavigate)}
			if p.TabID == 0 {
				pc.NoSession = func(ctx context.Context, f *Factory) (any, error) {
					id, err := openSession(ctx, f)
					p.SessionID = id
					return p, err
				}
			}
			return pc, nil
		}),
		Annotations: replays(opensPage, waitsItself),
	}
	addWaitUntilFlag(c, &p.WaitUntil)
	addTabFlag(c, f, &p.TabID)
	return c
}

// openSession is the session open makes when there is none: a new tab
// group with a blank tab (open then loads the page in it, waiting as
// always), made the caller's current session and named on stderr.
func openSession(ctx context.Context, f *Factory) (string, error) {
	raw, err := callHub(ctx, f, rpc.SessionCreate, rpc.SessionCreateParams{})
	if err != nil {
		return "", err
	}
	var s rpc.Session
	if err := decodeResult(rpc.SessionCreate, raw, &s); err != nil {
		return "", err
	}
	if err := useSession(ctx, f, s.SessionID); err != nil {
		return "", fmt.Errorf("open made session %s, but could not make it the current session: %w", s.SessionID, err)
	}
	fmt.Fprintf(f.IO.ErrOut, "session %s created: there was none\n", s.SessionID)
	return s.SessionID, nil
}

func historyCmd(f *Factory, runF func(*pageCall) error, use, method, short, example string) *cobra.Command {
	var p rpc.HistoryParams
	c := &cobra.Command{
		Use:     use,
		Short:   short,
		Example: example,
		Args:    noArgs,
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID = sessionOf(f)
			if err := checkWaitUntil(p.WaitUntil); err != nil {
				return nil, err
			}
			var min time.Duration
			p.TimeoutMS, min = budgetMS(f)
			return &pageCall{Method: method, Params: p, MinTimeout: min, Human: printNav(f, method)}, nil
		}),
		Annotations: replays(waitsItself),
	}
	addWaitUntilFlag(c, &p.WaitUntil)
	addTabFlag(c, f, &p.TabID)
	return c
}

func newCmdBack(f *Factory, runF func(*pageCall) error) *cobra.Command {
	return historyCmd(f, runF, "back", rpc.PageBack,
		"Go back one page in the tab's history, wait until it has loaded, print its URL and title",
		"  browserctl back\n  browserctl back --wait-until domcontentloaded")
}

func newCmdForward(f *Factory, runF func(*pageCall) error) *cobra.Command {
	return historyCmd(f, runF, "forward", rpc.PageForward,
		"Go forward one page in the tab's history, wait until it has loaded, print its URL and title",
		"  browserctl forward")
}

func newCmdReload(f *Factory, runF func(*pageCall) error) *cobra.Command {
	return historyCmd(f, runF, "reload", rpc.PageReload,
		"Reload the tab, wait until it has loaded, print its URL and title",
		"  browserctl reload\n  browserctl reload --wait-until networkidle --timeout 60s")
}
