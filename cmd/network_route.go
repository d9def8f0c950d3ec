package cmd

// network route PATTERN / routes / unroute: the session answers matching
// requests itself (network.route, network.routes, network.unroute).

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

// patternHelp is the one description of the URL patterns network block,
// route, unroute and wait --response take.
const patternHelp = `A PATTERN without * or ? matches every URL that contains it; with them it
is a wildcard pattern over the whole URL: * any characters, ? one, \ makes
the next character plain (\* a star). So api.example.com/v1 matches any
URL with that in it, '*://*/*.png' every PNG URL (and no other), and
'https://example.com/?' the page one letter after the slash. Quote
patterns with * or ? from the shell.`

func newCmdNetworkRoute(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var (
		p        rpc.RouteParams
		body     string
		bodyFile string
		headers  []string
		delay    time.Duration
		c        *cobra.Command
	)
	c = &cobra.Command{
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

` + patternHelp + `

A malformed pattern, header or status, a missing body file: exit 2 and
nothing changes.`,
		Example: `  browserctl network route /api/user --body '{"name":"Ann"}' --content-type application/json
  browserctl network route '*://*/*.png' --abort
  browserctl network route /api/slow --delay 2s --status 503
  browserctl network route /report --body-file report.html --header 'Cache-Control: no-store'`,
		Args:              exactArgs(1, "PATTERN"),
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			if err := checkURLPattern("PATTERN", args[0]); err != nil {
				return nil, err
			}
			q := p
			q.Pattern = args[0]
			fl := func(name string) bool { return c.Flags().Changed(name) }
			if q.Abort {
				for _, n := range []string{"status", "body", "body-file", "header", "content-type"} {
					if fl(n) {
						return nil, usageErrorf("--abort fails the request: it takes no --%s", n)
					}
				}
			}
			if fl("status") {
				if err := checkStatus("--status", q.Status); err != nil {
					return nil, err
				}
			} else {
				q.Status = 0 // left out: the extension's default, 200
			}
			if body != "" && bodyFile != "" {
				return nil, usageErrorf("give --body or --body-file, not both")
			}
			raw := []byte(body)
			if bodyFile != "" {
				st, err := os.Stat(bodyFile)
				if err != nil {
					return nil, usageErrorf("--body-file %s: %v", bodyFile, unwrapPathError(err))
				}
				if !st.Mode().IsRegular() {
					return nil, usageErrorf("--body-file %s: not a regular file", bodyFile)
				}
				if st.Size() > rpc.RouteBodyMax {
					return nil, usageErrorf("--body-file %s is %d bytes: a route's body is at most %d", bodyFile, st.Size(), rpc.RouteBodyMax)
				}
				if raw, err = os.ReadFile(bodyFile); err != nil {
					return nil, usageErrorf("--body-file %s: %v", bodyFile, unwrapPathError(err))
				}
			}
			if len(raw) > rpc.RouteBodyMax {
				return nil, usageErrorf("--body is %d bytes: a route's body is at most %d", len(raw), rpc.RouteBodyMax)
			}
			if len(raw) > 0 {
				q.Body = base64.StdEncoding.EncodeToString(raw)
			}
			for _, h := range headers {
				rh, err := parseRouteHeader(h)
				if err != nil {
					return nil, err
				}
				q.Headers = append(q.Headers, rh)
			}
			if strings.ContainsAny(q.ContentType, "\r\n\x00") {
				return nil, usageErrorf("--content-type holds a line break")
			}
			if delay < 0 || delay > rpc.RouteDelayMax*time.Millisecond {
				return nil, usageErrorf("--delay must be between 0 and %s, got %s", rpc.RouteDelayMax*time.Millisecond, delay)
			}
			q.DelayMs = int(delay / time.Millisecond)
			q.SessionID = sessionOf(f)
			return routesCall(f, rpc.NetworkRoute, q), nil
		}),
		Annotations: replays(),
	}
	c.Flags().IntVar(&p.Status, "status", 200, "the HTTP status to answer with (100..599)")
	c.Flags().StringVar(&body, "body", "", "the response body")
	c.Flags().StringVar(&bodyFile, "body-file", "", "the response body from FILE, exactly (at most 4 MiB)")
	c.Flags().StringArrayVar(&headers, "header", nil, "a response header 'Name: value' (repeatable)")
	c.Flags().StringVar(&p.ContentType, "content-type", "", "the Content-Type header")
	c.Flags().BoolVar(&p.Abort, "abort", false, "fail the requests instead of answering them")
	c.Flags().DurationVar(&delay, "delay", 0, "hold each request this long before answering (at most 1m)")
	return c
}

func unwrapPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// parseRouteHeader reads 'Name: value': Name an HTTP token, the value
// without line breaks.
func parseRouteHeader(s string) (rpc.RouteHeader, error) {
	name, value, ok := strings.Cut(s, ":")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	if !ok || name == "" {
		return rpc.RouteHeader{}, usageErrorf("--header %q must be 'Name: value'", s)
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("!#$%&'*+.^_`|~-", r)) {
			return rpc.RouteHeader{}, usageErrorf("--header %q: the name %q is not an HTTP header name (letters, digits, !#$%%&'*+.^_`|~-)", s, name)
		}
	}
	if strings.ContainsAny(value, "\r\n\x00") {
		return rpc.RouteHeader{}, usageErrorf("--header %q: the value holds a line break", s)
	}
	return rpc.RouteHeader{Name: name, Value: value}, nil
}

// routesCall prints the session's routes the method answers.
func routesCall(f *Factory, method string, params any) *pageCall {
	return &pageCall{Method: method, Params: params, Human: func(raw json.RawMessage) error {
		var r rpc.RoutesResult
		if err := decodeResult(method, raw, &r); err != nil {
			return err
		}
		if len(r.SkippedTabIDs) > 0 {
			warn(f, "tabs %v could not be attached now; they get the routes on their first command", r.SkippedTabIDs)
		}
		if method == rpc.NetworkUnroute {
			done(f, "%d route(s) removed", r.Removed)
		}
		if len(r.Routes) == 0 {
			if f.IO.IsStderrTTY() {
				fmt.Fprintln(f.IO.ErrOut, "no routes")
			}
			return nil
		}
		t := newTable(f, "PATTERN", "ANSWER", "DELAY")
		for _, rt := range r.Routes {
			t.add(safeText(rt.Pattern), routeAnswer(rt), routeDelay(rt))
		}
		return t.print()
	}}
}

func routeAnswer(rt rpc.Route) string {
	if rt.Abort {
		return "abort"
	}
	parts := []string{fmt.Sprint(rt.Status)}
	if rt.ContentType != "" {
		parts = append(parts, safeText(rt.ContentType))
	}
	parts = append(parts, humanBytes(int64(rt.BodySize)))
	for _, h := range rt.Headers {
		parts = append(parts, safeText(h.Name+": "+h.Value))
	}
	return strings.Join(parts, ", ")
}

func routeDelay(rt rpc.Route) string {
	if rt.DelayMs == 0 {
		return "-"
	}
	return (time.Duration(rt.DelayMs) * time.Millisecond).String()
}

func newCmdNetworkRoutes(f *Factory, runF func(*pageCall) error) *cobra.Command {
	return &cobra.Command{
		Use:   "routes",
		Short: "List the session's routes (network block's patterns too, as abort)",
		Long: `List the session's routes: pattern, answer (status, content type, body
size, headers; or abort) and delay, oldest first (the newest matching route
answers a request). network block's patterns are listed as abort routes.`,
		Example:           "  browserctl network routes\n  browserctl network routes --json",
		Args:              noArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			return routesCall(f, rpc.NetworkRoutes, rpc.SessionIDParams{SessionID: sessionOf(f)}), nil
		}),
		Annotations: notReplayed(readsOnly),
	}
}

func newCmdNetworkUnroute(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var all bool
	c := &cobra.Command{
		Use:   "unroute PATTERN | --all",
		Short: "Remove the route of PATTERN (or every route): the requests reach the network again",
		Long: `Remove the route whose pattern is PATTERN, exactly as network route (or
network block) was given it, or with --all every route of the session.
A PATTERN no route has is exit 2, naming the routes there are.`,
		Example:           "  browserctl network unroute /api/user\n  browserctl network unroute --all",
		Args:              cobra.MaximumNArgs(1),
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			if all == (len(args) == 1) {
				return usageErrorf("give a PATTERN or --all, one of them")
			}
			p := rpc.UnrouteParams{SessionID: sessionOf(f), All: all}
			if len(args) == 1 {
				if err := checkURLPattern("PATTERN", args[0]); err != nil {
					return err
				}
				p.Pattern = args[0]
			}
			pc := routesCall(f, rpc.NetworkUnroute, p)
			if runF != nil {
				return runF(pc)
			}
			err := pc.run(c.Context(), f)
			return asUsage(err) // an unknown id or pattern: the caller's mistake, exit 2
		},
		Annotations: replays(),
	}
	c.Flags().BoolVar(&all, "all", false, "remove every route of the session")
	return c
}
