package cmd

// network ws [--frames ID] [--follow]: the tab's WebSocket connections and
// their frames (network.webSockets, network.webSocketFrames; following is
// a long poll like console --follow).

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/cmd/internal/logview"
	"browserctl/rpc"
)

func newCmdNetworkWS(f *cmdutil.Factory) *cobra.Command {
	var (
		tab    int
		id     string
		follow bool
	)
	c := &cobra.Command{
		Use:   "ws",
		Short: "The tab's WebSocket connections; --frames ID their frames, --follow new ones",
		Long: fmt.Sprintf(`List the tab's WebSocket connections since it joined the session: id, state
(connecting, open, closed), frames seen and URL. --frames ID prints that
connection's frames: time, direction (> sent, < received) and the payload,
text escaped for the terminal, binary as its size. --follow keeps printing
new frames until Ctrl-C or the connection closes (without --frames: the
newest connection).

Bounds: the newest 20 connections per tab, the newest %d frames per
connection, a text payload cut at %d KiB (the frame's size says how long
it was).`, rpc.WebSocketFramesMax, rpc.WebSocketPayloadMax>>10),
		Example: `  browserctl network ws
  browserctl network ws --frames w1
  browserctl network ws --frames w1 --follow --json`,
		Args:              cmdutil.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			ctx := c.Context()
			pp := cmdutil.PageParams(f, tab)
			if id == "" {
				raw, r, err := webSockets(ctx, f, pp)
				switch {
				case err != nil:
					return err
				case !follow:
					return printWebSockets(f, raw, r)
				case len(r.Sockets) == 0:
					return cmdutil.UsageErrorf("the tab has no WebSocket connection to follow")
				}
				id = r.Sockets[len(r.Sockets)-1].ID
			}
			pc := framesCall(f, rpc.WebSocketFramesParams{PageParams: pp, ID: strings.TrimSpace(id)}, follow)
			err := cmdutil.RunFollow(ctx, f, pc, follow)
			return cmdutil.AsUsage(err) // an unknown id: the caller's mistake, exit 2
		},
		Annotations: cmdutil.NotReplayed(rpc.ReadsOnly),
	}
	c.Flags().StringVar(&id, "frames", "", "print the frames of connection ID (as the listing names it)")
	c.Flags().BoolVarP(&follow, "follow", "f", false, "keep printing new frames until Ctrl-C")
	cmdutil.AddTabFlag(c, f, &tab)
	return c
}

// webSockets are the tab's connections.
func webSockets(ctx context.Context, f *cmdutil.Factory, pp rpc.PageParams) (json.RawMessage, rpc.WebSocketsResult, error) {
	var r rpc.WebSocketsResult
	raw, err := callRaw(ctx, f, rpc.NetworkWebSockets, rpc.WebSocketsParams{PageParams: pp})
	if err == nil {
		err = cmdutil.DecodeResult(rpc.NetworkWebSockets, raw, &r)
	}
	return raw, r, err
}

// printWebSockets prints the connections as a table.
func printWebSockets(f *cmdutil.Factory, raw json.RawMessage, r rpc.WebSocketsResult) error {
	if f.Globals.JSON {
		return cmdutil.PrintJSON(f, raw)
	}
	if len(r.Sockets) == 0 {
		if f.IO.IsStderrTTY() {
			fmt.Fprintln(f.IO.ErrOut, "no WebSocket connections")
		}
		return nil
	}
	t := cmdutil.NewTable(f, logview.SocketHeader...)
	for _, s := range r.Sockets {
		t.Add(logview.SocketCells(s)...)
	}
	return t.Print()
}

// framesCall prints a connection's frames, a batch a call; following, it
// ends the follow when the connection closed and nothing is left.
func framesCall(f *cmdutil.Factory, p rpc.WebSocketFramesParams, follow bool) *cmdutil.PageCall {
	first := true
	return &cmdutil.PageCall{Method: rpc.NetworkWebSocketFrames, Params: p, Result: func(raw json.RawMessage) error {
		var r rpc.WebSocketFramesResult
		if err := cmdutil.DecodeResult(rpc.NetworkWebSocketFrames, raw, &r); err != nil {
			return err
		}
		if f.Globals.JSON && !follow {
			return cmdutil.PrintJSON(f, raw)
		}
		if err := printEntries(f, raw, true, r.Frames, func(fr rpc.WebSocketFrame) {
			fmt.Fprintln(f.IO.Out, logview.FrameLine(fr))
		}); err != nil {
			return err
		}
		if first && r.Dropped > 0 {
			warn(f, "%d older frames were dropped (the newest %d are kept)", r.Dropped, rpc.WebSocketFramesMax)
		}
		first = false
		if follow && r.State == "closed" && len(r.Frames) == 0 {
			if f.IO.IsStderrTTY() {
				fmt.Fprintln(f.IO.ErrOut, "the connection closed")
			}
			return cmdutil.ErrFollowEnd
		}
		return nil
	}}
}
