package cmd

// The network group: the request log (network requests, a long poll like
// console's, see logs.go), and blocking. Routes, HAR and WebSocket frames
// are in network_route.go, network_har.go and network_ws.go.

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

func newCmdNetwork(f *Factory) *cobra.Command {
	c := &cobra.Command{
		Use:   "network",
		Short: "The tab's requests, one request whole; answer requests yourself (route), HAR, WebSockets",
		Example: `  browserctl network requests --failed
  browserctl network request 12
  browserctl network requests --filter /api/ --follow
  browserctl network block '*.png' ads.example
  browserctl network unblock ads.example
  browserctl network route /api/user --body '{"name":"Ann"}' --content-type application/json
  browserctl network har start; browserctl network har stop run.har
  browserctl network ws --frames w1 --follow`,
		Args: noArgs,

		Annotations: notReplayed(groupOnly),
	}
	c.AddCommand(newCmdNetworkRequests(f, nil), newCmdNetworkRequest(f, nil), newCmdNetworkBlock(f, nil, true), newCmdNetworkBlock(f, nil, false),
		newCmdNetworkRoute(f, nil), newCmdNetworkRoutes(f, nil), newCmdNetworkUnroute(f, nil), newCmdNetworkHAR(f), newCmdNetworkWS(f))
	return c
}

func newCmdNetworkRequests(f *Factory, runF func(*logReader) error) *cobra.Command {
	var p rpc.NetworkLogParams
	var follow bool
	c := &cobra.Command{
		Use:   "requests",
		Short: "List the tab's requests: method, status or failure, type, size, time, URL",
		Long: `List the requests the tab made since it joined the session (the newest
1000 finished ones, oldest dropped first, then the ones still in flight):
a short id (for network request ID), method, status (or the failure reason: net::ERR_..., "blocked" for a
request network block failed), resource type, bytes received, time taken
and URL. --filter keeps URLs containing TEXT (any case); --failed keeps
failures and HTTP statuses >= 400. --follow prints each request as it
finishes, until Ctrl-C.`,
		Example: `  browserctl network requests
  browserctl network requests --failed
  browserctl network requests --filter api --follow --json`,
		Args:              noArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: logRunE(f, runF, func(args []string) (*logReader, error) {
			p.PageParams.SessionID = sessionOf(f)
			q := p
			lr := &logReader{f: f, method: rpc.LogsNetwork, params: &q, cursor: &q.LogCursor, follow: follow}
			lr.print = func(raw json.RawMessage, first bool) (int64, error) {
				var r rpc.NetworkResult
				if err := decodeResult(rpc.LogsNetwork, raw, &r); err != nil {
					return 0, err
				}
				if !follow && !f.Globals.JSON {
					t := newTable(f, "ID", "METHOD", "STATUS", "TYPE", "SIZE", "TIME", "URL")
					for _, e := range append(r.Requests, r.Inflight...) {
						t.add(e.ID, e.Method, requestStatus(e), e.Type, humanBytes(e.Size), requestTime(e), safeText(e.URL))
					}
					return r.Next, t.print()
				}
				entries := r.Requests
				if first {
					entries = append(entries, r.Inflight...)
				}
				return r.Next, printEntries(f, raw, follow, entries, func(e rpc.RequestEntry) {
					fmt.Fprintf(f.IO.Out, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", e.ID, e.Method, requestStatus(e), e.Type, humanBytes(e.Size), requestTime(e), safeText(e.URL))
				})
			}
			return lr, nil
		}),
		Annotations: notReplayed(readsOnly),
	}
	c.Flags().StringVar(&p.Filter, "filter", "", "only URLs containing TEXT")
	c.Flags().BoolVar(&p.Failed, "failed", false, "only failed requests and HTTP errors (status >= 400)")
	c.Flags().BoolVar(&p.Clear, "clear", false, "empty the log after printing it")
	c.Flags().BoolVarP(&follow, "follow", "f", false, "keep printing requests as they finish until Ctrl-C")
	addTabFlag(c, f, &p.TabID)
	return c
}

func requestStatus(e rpc.RequestEntry) string {
	switch {
	case e.Blocked:
		return "blocked"
	case e.Failure != "":
		return safeText(e.Failure)
	case e.DurationMs < 0:
		if e.Status > 0 {
			return fmt.Sprintf("%d…", e.Status)
		}
		return "pending"
	}
	return fmt.Sprint(e.Status)
}

func requestTime(e rpc.RequestEntry) string {
	if e.DurationMs < 0 {
		return "-"
	}
	return fmt.Sprintf("%d ms", e.DurationMs)
}

func newCmdNetworkBlock(f *Factory, runF func(*pageCall) error, block bool) *cobra.Command {
	var p rpc.BlockParams
	use, method, short := "block", rpc.NetworkBlock, "Make requests whose URL matches PATTERN fail, in every tab of the session"
	example := `  browserctl network block ads.example.com
  browserctl network block '*://*/*.png' '*analytics*'`
	if !block {
		use, method, short = "unblock", rpc.NetworkUnblock, "Stop blocking PATTERN"
		example = "  browserctl network unblock ads.example.com"
	}
	c := &cobra.Command{
		Use:   use + " PATTERN...",
		Short: short,
		Long: short + `. The short form of network route PATTERN --abort: a
blocked request fails with net::ERR_BLOCKED_BY_CLIENT and shows as
"blocked" in network requests; network routes lists the patterns as abort
routes and network unroute removes them too. The block list lives in the
extension until its service worker restarts. Prints the session's block
list after the change.

` + patternHelp,
		Example:           example,
		Args:              minArgs(1, "at least one PATTERN"),
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			for _, a := range args {
				if strings.TrimSpace(a) == "" {
					return nil, usageErrorf("a PATTERN must not be empty")
				}
			}
			p.SessionID, p.Patterns = sessionOf(f), args
			return &pageCall{Method: method, Params: p, Human: func(raw json.RawMessage) error {
				var r rpc.BlockResult
				if err := decodeResult(method, raw, &r); err != nil {
					return err
				}
				if len(r.SkippedTabIDs) > 0 {
					warn(f, "tabs %v could not be attached now; they get the list on their first command", r.SkippedTabIDs)
				}
				if len(r.Patterns) == 0 && f.IO.IsStderrTTY() {
					fmt.Fprintln(f.IO.ErrOut, "nothing is blocked")
				}
				for _, pat := range r.Patterns {
					fmt.Fprintln(f.IO.Out, safeText(pat))
				}
				return nil
			}}, nil
		}),
		Annotations: replays(),
	}
	return c
}
