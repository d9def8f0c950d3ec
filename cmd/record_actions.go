package cmd

// record actions start / record actions stop [FILE]: what the person does
// in the session's tabs, recorded as a script that `browserctl batch`
// replays (record.actionsStart, record.actionsStop, record.actionsLines).
// Written by hand: start --follow follows a second method, and stop checks
// FILE before the recording ends and writes the script through safefile.

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/internal/safefile"
	"browserctl/internal/termsafe"
	"browserctl/rpc"
)

// newCmdRecord is the record group (its help and start/stop are declared
// in rpc/evidence.go) with actions beside its declared subcommands.
func newCmdRecord(f *cmdutil.Factory) *cobra.Command {
	i := slices.IndexFunc(rpc.Groups, func(g rpc.Group) bool { return g.Path == "record" })
	c := cmdutil.NewGroupCmd(rpc.Groups[i])
	c.AddCommand(newCmdRecordActions(f))
	return c
}

func newCmdRecordActions(f *cmdutil.Factory) *cobra.Command {
	c := &cobra.Command{
		Use:   "actions",
		Short: "Record what the person does in the session's tabs as a batch script: actions start, actions stop [FILE]",
		Long: fmt.Sprintf(`actions start records what the person at the browser does in the session's
tabs with the real mouse and keyboard; actions stop ends it and writes the
recording as a script that `+"`browserctl batch -f FILE`"+` replays:

  clicks, double clicks        click TARGET, dblclick TARGET
  typing into a field          fill TARGET VALUE, once per field when the person leaves it
  keys that are not text       press Enter, press Escape, press Control+s
  boxes, choices, files        check/uncheck TARGET, select TARGET VALUE..., upload TARGET PATH...
  a typed URL, back, forward,  open URL, back, forward, reload
    reload
  tabs opened and switched to  tab open URL, tab activate URL
  dialogs, downloads           dialog accept|dismiss, download TARGET

Each element is named by the most durable target that finds it alone, checked
as the line is written: role=ROLE[name="NAME"], else text="TEXT", a test id
([data-testid="..."]), an id that does not look generated, else the shortest
CSS path (with a comment saying so); never a ref. An element in a frame is
written as frame=IFRAME >> TARGET, each frame's iframe named by its name,
title, an id, the path of its src or a CSS path. After a step that
navigated, the script waits for the page the person waited for (wait --url,
wait --load load), never a fixed time. A password is written as $PASSWORD_1
with a comment naming its field; batch takes it from the environment.

Input that arrives while one of browserctl's own commands acts on the tab is
browserctl's, not the person's, and is left out. A session closed while
recording keeps its lines. At most %d lines.`, rpc.ActionLinesMax),
		Example: `  browserctl record actions start
  # ... the person logs in, opens the report, filters it, downloads it ...
  browserctl record actions stop flow.txt
  PASSWORD_1=... browserctl batch -f flow.txt --report`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return cmdutil.UsageErrorf("record actions needs a subcommand: start or stop")
		},
		Annotations: cmdutil.NotReplayed(rpc.GroupOnly),
	}
	c.AddCommand(newCmdRecordActionsStart(f), newCmdRecordActionsStop(f))
	return c
}

// recordsPerson: the lines of record actions are not replayed.
const recordsPerson = "it records the person; record actions stop writes what it recorded"

// invalidAsUsage: the extension's -32602 (nothing recording, or already)
// is the caller's mistake, exit 2.
func invalidAsUsage(err error) error {
	var be *rpc.BrowserError
	if errors.As(err, &be) && be.Code == rpc.CodeInvalidParams {
		return &cmdutil.UsageError{Err: errors.New(strings.TrimPrefix(be.Message, "invalid params: "))}
	}
	return err
}

func newCmdRecordActionsStart(f *cmdutil.Factory) *cobra.Command {
	var following bool
	c := &cobra.Command{
		Use:   "start",
		Short: "Start recording what the person does in the session's tabs",
		Long: `Start recording what the person does in the session's tabs (tabs that join
it later too) as batch lines; record actions stop ends it. A file the person
uploads from inside the current folder is written by its path relative to
it, one from elsewhere as $UPLOAD_1. With --follow the lines are printed as
they are written, until Ctrl-C (the recording goes on) or its stop.`,
		Example: "  browserctl record actions start\n  browserctl record actions start --follow",
		Args:    cmdutil.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			wd, _ := os.Getwd()
			raw, err := cmdutil.CallHub(c.Context(), f, rpc.RecordActionsStart, rpc.ActionsStartParams{SessionID: cmdutil.SessionOf(f), WorkDir: wd})
			if err != nil {
				return invalidAsUsage(err)
			}
			var res rpc.ActionsStartResult
			if err := cmdutil.DecodeResult(rpc.RecordActionsStart, raw, &res); err != nil {
				return err
			}
			if f.Globals.JSON && !following {
				return cmdutil.PrintJSON(f, raw)
			}
			cmdutil.Done(f, "recording the person's actions in %d tab(s); record actions stop [FILE] writes the script", len(res.Tabs))
			if !following {
				return nil
			}
			return cmdutil.RunFollow(c.Context(), f, followLines(f), true)
		},
		Annotations: cmdutil.NotReplayed(recordsPerson),
	}
	c.Flags().BoolVarP(&following, "follow", "f", false, "print the lines as they are written, until Ctrl-C or the recording's stop")
	return c
}

// followLines prints each answer's lines (page text escaped), or with
// --json one {"n", "line"} object a line, until the recording stops.
func followLines(f *cmdutil.Factory) *cmdutil.PageCall {
	pc := &cmdutil.PageCall{Method: rpc.RecordActionsLines, Params: rpc.ActionsLinesParams{SessionID: cmdutil.SessionOf(f)}}
	pc.Result = func(raw json.RawMessage) error {
		var r struct {
			rpc.ActionsLinesResult
			After int64 `json:"-"`
		}
		if err := cmdutil.DecodeResult(pc.Method, raw, &r); err != nil {
			return err
		}
		first := r.Next - int64(len(r.Lines)) + 1
		for i, l := range r.Lines {
			if f.Globals.JSON {
				b, _ := json.Marshal(map[string]any{"n": first + int64(i), "line": l})
				fmt.Fprintf(f.IO.Out, "%s\n", termsafe.JSON(b))
				continue
			}
			fmt.Fprintln(f.IO.Out, termsafe.String(l))
		}
		if !r.Recording {
			return cmdutil.ErrFollowEnd
		}
		return nil
	}
	return pc
}

func newCmdRecordActionsStop(f *cmdutil.Factory) *cobra.Command {
	var force bool
	c := &cobra.Command{
		Use:   "stop [FILE]",
		Short: "Stop recording the person's actions and write the script to FILE (or stdout)",
		Long: `Stop recording the person's actions and write the script to FILE, mode 0600
(it holds what the person typed, passwords aside), never over an existing
file unless --force, never through a symlink; FILE is checked before the
recording stops, so a typo loses nothing. Without FILE (or with -) the
script goes to stdout, control characters shown escaped as all page text
is; FILE keeps it byte for byte. A session closed while recording still
answers the lines it had. Nothing recording: exit 2.`,
		Example: "  browserctl record actions stop flow.txt\n  browserctl record actions stop > flow.txt\n  browserctl record actions stop flow.txt --json",
		Args:    cmdutil.RangeArgs(0, 1, "an optional FILE"),
		RunE: func(c *cobra.Command, args []string) error {
			file := ""
			if len(args) == 1 && args[0] != "-" {
				file = args[0]
				if err := safefile.Check(file, force); err != nil {
					return &cmdutil.UsageError{Err: fmt.Errorf("%w (record actions stop --force overwrites it)", err)}
				}
			}
			raw, err := callRaw(c.Context(), f, rpc.RecordActionsStop, rpc.SessionIDParams{SessionID: cmdutil.SessionOf(f)})
			if err != nil {
				return invalidAsUsage(err)
			}
			var res rpc.ActionsStopResult
			if err := cmdutil.DecodeResult(rpc.RecordActionsStop, raw, &res); err != nil {
				return err
			}
			if file != "" {
				if err := safefile.WriteFile(file, []byte(res.Script), safefile.Private, force); err != nil {
					// the recording is over: its script goes to stdout rather than nowhere
					fmt.Fprint(f.IO.Out, termsafe.String(res.Script))
					return fmt.Errorf("writing %s: %w (the script is on stdout)", file, err)
				}
			}
			return printStopped(f, file, res)
		},
		Annotations: cmdutil.NotReplayed(recordsPerson),
	}
	c.Flags().BoolVar(&force, "force", false, "overwrite FILE if it exists")
	return c
}

func printStopped(f *cmdutil.Factory, file string, res rpc.ActionsStopResult) error {
	if f.Globals.JSON {
		out := map[string]any{"lines": res.Lines, "actions": res.Actions, "targets": res.Targets}
		if file != "" {
			out["file"] = file
		} else {
			out["script"] = res.Script
		}
		if len(res.Secrets) > 0 {
			out["secrets"] = res.Secrets
		}
		if res.Truncated {
			out["truncated"] = true
		}
		if res.SessionClosed {
			out["sessionClosed"] = true
		}
		return cmdutil.MarshalJSON(f, out)
	}
	if file == "" {
		fmt.Fprint(f.IO.Out, termsafe.String(res.Script))
	}
	if res.SessionClosed {
		fmt.Fprintln(f.IO.ErrOut, "note: the session was closed while recording; the script ends there")
	}
	if res.Truncated {
		fmt.Fprintf(f.IO.ErrOut, "warning: the recording reached its bound of %d lines and took no more\n", rpc.ActionLinesMax)
	}
	if len(res.Secrets) > 0 {
		fmt.Fprintf(f.IO.ErrOut, "set before replaying: %s\n", strings.Join(res.Secrets, " "))
	}
	where := "stdout"
	if file != "" {
		where = file
	}
	cmdutil.Done(f, "%d lines from %d actions (targets: role= %d, text= %d, test id %d, id %d, CSS %d) to %s",
		res.Lines, res.Actions, res.Targets["role"], res.Targets["text"], res.Targets["testid"], res.Targets["id"], res.Targets["css"], where)
	return nil
}
