package cmd

// network route PATTERN: the session answers matching requests itself
// (network.route). Written by hand: its flags are not params members (a
// body read from a file and sent as base64, headers parsed, a duration);
// network.Route reads them. routes and unroute are declared.

import (
	"encoding/json"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/cmd/internal/netargs"
	"browserctl/rpc"
)

func newCmdNetworkRoute(f *cmdutil.Factory, runF func(*cmdutil.PageCall) error) *cobra.Command {
	var o netargs.Route
	c := &cobra.Command{
		Use:   "route PATTERN",
		Short: "Answer the session's requests whose URL matches PATTERN with your own response",
		Long: `Answer every request whose URL matches PATTERN, in every tab of the
session (tabs opened later too), with the response given here: --status
(default 200), --body TEXT or --body-file FILE (read here, at most 4 MiB),
--header 'Name: value' (repeatable), --content-type. --abort fails the
requests instead (net::ERR_BLOCKED_BY_CLIENT; network block PATTERN is the
short form). --delay holds each request that long (at most 1m) before
answering. Fetch, XHR, documents, scripts, images: every request goes
through the route, none reaches the network.

The same PATTERN again replaces its route; when several routes match a URL
the newest answers. Routes belong to the session: other sessions and your
own tabs are not affected, and they end with the session (close, release).
They are kept in the extension's session storage, so they survive its
service worker restarting. Prints the session's routes after the change.

` + rpc.URLPatternHelp + `

A malformed pattern, header or status, a missing body file: exit 2 and
nothing changes.`,
		Example: `  browserctl network route /api/user --body '{"name":"Ann"}' --content-type application/json
  browserctl network route '*://*/*.png' --abort
  browserctl network route /api/slow --delay 2s --status 503
  browserctl network route /report --body-file report.html --header 'Cache-Control: no-store'`,
		Args:              cmdutil.ExactArgs(1, "PATTERN"),
		ValidArgsFunction: cobra.NoFileCompletions,
		Annotations:       cmdutil.Replays(),
	}
	c.RunE = cmdutil.PageRunE(f, runF, func(args []string) (*cmdutil.PageCall, error) {
		q := o
		q.Given = c.Flags().Changed
		p, err := q.Params(args[0])
		if err != nil {
			return nil, err
		}
		p.SessionID = cmdutil.SessionOf(f)
		return &cmdutil.PageCall{Method: rpc.NetworkRoute, Params: p, Human: func(raw json.RawMessage) error {
			return printRoutes(f, rpc.NetworkRoute, raw)
		}}, nil
	})
	c.Flags().IntVar(&o.Status, "status", 200, "the HTTP status to answer with (100..599)")
	c.Flags().StringVar(&o.Body, "body", "", "the response body")
	c.Flags().StringVar(&o.BodyFile, "body-file", "", "the response body from FILE, exactly (at most 4 MiB)")
	c.Flags().StringArrayVar(&o.Headers, "header", nil, "a response header 'Name: value' (repeatable)")
	c.Flags().StringVar(&o.ContentType, "content-type", "", "the Content-Type header")
	c.Flags().BoolVar(&o.Abort, "abort", false, "fail the requests instead of answering them")
	c.Flags().DurationVar(&o.Delay, "delay", 0, "hold each request this long before answering (at most 1m)")
	return c
}
