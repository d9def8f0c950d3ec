package cmd

// The network group. network requests (printed by logs.go), block,
// unblock, routes, unroute, request and har start are declared on their
// methods' rows (rpc/logs.go, rpc/network*.go); their printers and checks
// are here. route, har stop and ws are written by hand in
// network_route.go, network_har.go and network_ws.go.

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/cmd/internal/logview"
	"browserctl/cmd/internal/netargs"
	"browserctl/rpc"
)

func newCmdNetwork(f *cmdutil.Factory) *cobra.Command {
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
		Args: cmdutil.NoArgs,

		Annotations: cmdutil.NotReplayed(rpc.GroupOnly),
	}
	c.AddCommand(newCmdNetworkRoute(f, nil), newCmdNetworkHAR(f), newCmdNetworkWS(f))
	return c
}

// The declared network commands' checks and printers.
func init() {
	// block, unblock: no empty PATTERN.
	cmdutil.Checks[rpc.CheckPatterns] = func(params any, _ map[string]string) error {
		for _, a := range params.(*rpc.BlockParams).Patterns {
			if strings.TrimSpace(a) == "" {
				return cmdutil.UsageErrorf("a PATTERN must not be empty")
			}
		}
		return nil
	}
	// unroute: a PATTERN or --all, one of them.
	cmdutil.Checks[rpc.CheckUnroute] = func(params any, args map[string]string) error {
		p := params.(*rpc.UnrouteParams)
		pattern, given := args["PATTERN"]
		if p.All == given {
			return cmdutil.UsageErrorf("give a PATTERN or --all, one of them")
		}
		if given {
			return netargs.CheckPattern("PATTERN", pattern)
		}
		return nil
	}
	// request: an id as network requests lists it.
	cmdutil.Checks[rpc.CheckRequestID] = func(params any, _ map[string]string) (err error) {
		p := params.(*rpc.NetworkRequestParams)
		p.ID, err = netargs.RequestID(p.ID)
		return err
	}
	// block, unblock: the session's block list after the change.
	cmdutil.Printers[rpc.PrintBlocklist] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, _ rpc.Command, _ map[string]string) {
		pc.Human = func(raw json.RawMessage) error {
			var r rpc.BlockResult
			if err := cmdutil.DecodeResult(pc.Method, raw, &r); err != nil {
				return err
			}
			if len(r.SkippedTabIDs) > 0 {
				warn(f, "tabs %v could not be attached now; they get the list on their first command", r.SkippedTabIDs)
			}
			if len(r.Patterns) == 0 && f.IO.IsStderrTTY() {
				fmt.Fprintln(f.IO.ErrOut, "nothing is blocked")
			}
			for _, pat := range r.Patterns {
				fmt.Fprintln(f.IO.Out, cmdutil.SafeText(pat))
			}
			return nil
		}
	}
	// routes, unroute (and route, written by hand): the session's routes.
	cmdutil.Printers[rpc.PrintRoutes] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, _ rpc.Command, _ map[string]string) {
		pc.Human = func(raw json.RawMessage) error { return printRoutes(f, pc.Method, raw) }
	}
	// har start: recording, or that it already was.
	cmdutil.Printers[rpc.PrintHarStart] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, _ rpc.Command, _ map[string]string) {
		pc.Human = func(raw json.RawMessage) error {
			var r rpc.HARStartResult
			if err := cmdutil.DecodeResult(pc.Method, raw, &r); err != nil {
				return err
			}
			if !r.Started {
				warn(f, "a HAR recording was already running in this session: it goes on")
				return nil
			}
			cmdutil.Done(f, "recording requests (the newest %d are kept); network har stop FILE writes them", r.MaxEntries)
			return nil
		}
	}
	// request: the request whole; with -o FILE its response body saved.
	cmdutil.Printers[rpc.PrintRequest] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, _ rpc.Command, args map[string]string) {
		out, force := args["--output"], args["--force"] == "true"
		pc.Human = func(raw json.RawMessage) error {
			var d rpc.RequestDetail
			if err := cmdutil.DecodeResult(pc.Method, raw, &d); err != nil {
				return err
			}
			logview.WriteRequest(f.IO.Out, f.IO.ColorScheme(), d, out != "")
			return nil
		}
		if out != "" {
			pc.Post = func(raw json.RawMessage) (json.RawMessage, error) {
				var d rpc.RequestDetail
				if err := cmdutil.DecodeResult(pc.Method, raw, &d); err != nil {
					return nil, err
				}
				return raw, netargs.SaveBody(out, d, force)
			}
		}
	}
}

// printRoutes prints the session's routes the method answers.
func printRoutes(f *cmdutil.Factory, method string, raw json.RawMessage) error {
	var r rpc.RoutesResult
	if err := cmdutil.DecodeResult(method, raw, &r); err != nil {
		return err
	}
	if len(r.SkippedTabIDs) > 0 {
		warn(f, "tabs %v could not be attached now; they get the routes on their first command", r.SkippedTabIDs)
	}
	if method == rpc.NetworkUnroute {
		cmdutil.Done(f, "%d route(s) removed", r.Removed)
	}
	if len(r.Routes) == 0 {
		if f.IO.IsStderrTTY() {
			fmt.Fprintln(f.IO.ErrOut, "no routes")
		}
		return nil
	}
	t := cmdutil.NewTable(f, logview.RouteHeader...)
	for _, rt := range r.Routes {
		t.Add(logview.RouteCells(rt)...)
	}
	return t.Print()
}
