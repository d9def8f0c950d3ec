package cmd

// state save / state load: a session's cookies and storage in a file
// (state.save / state.load).

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"browserctl/rpc"
	"browserctl/statefile"
)

const stateLong = `Save the session's logged-in state to a file, or put it back: the cookies
of the sites its tabs show (HttpOnly ones too) and the localStorage and
sessionStorage of its tabs' origins. A script logs in once, saves, and later
runs load the file and start logged in.

The file holds secrets (session cookies, tokens): it is written with mode
0600, readable by you only; keep it out of version control. Its format is
Playwright's storageState ({"cookies": [...], "origins": [{"origin",
"localStorage": [{"name", "value"}]}]}) with a sessionStorage list per
origin; Playwright's own files load too.

Cookies go into the browser profile's cookie jar, which every tab shares.
An origin's storage is written in a tab of the session that shows it; one
that no tab shows is written as the session's first document of that
origin starts (load prints which).`

func newCmdState(f *Factory) *cobra.Command {
	c := &cobra.Command{
		Use:         "state",
		Annotations: notReplayed(groupOnly),
		Short:       "Save the session's cookies and storage to a file, or load them back",
		Long:        stateLong,
		Example: `  browserctl state save auth.json
  browserctl state load auth.json`,
		Args: noArgs,
	}
	c.AddCommand(newCmdStateSave(f, nil), newCmdStateLoad(f, nil))
	return c
}

func newCmdStateSave(f *Factory, runF func(*pageCall) error) *cobra.Command {
	return &cobra.Command{
		Use:         "save FILE",
		Annotations: notReplayed(writesOutput),
		Short:       "Write the session's cookies and storage to FILE (mode 0600: it holds secrets)",
		Long:        stateLong,
		Example:     "  browserctl state save auth.json",
		Args:        exactArgs(1, "a FILE"),
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			path := args[0]
			return &pageCall{Method: rpc.StateSave, Params: rpc.SessionIDParams{SessionID: sessionOf(f)},
				Post: func(raw json.RawMessage) (json.RawMessage, error) {
					var st rpc.State
					if err := decodeResult(rpc.StateSave, raw, &st); err != nil {
						return nil, err
					}
					if err := statefile.Write(path, st); err != nil {
						return nil, err
					}
					return json.Marshal(map[string]any{"path": path, "cookies": len(st.Cookies), "origins": len(st.Origins)})
				},
				Human: func(json.RawMessage) error {
					done(f, "saved the session's state to %s", safeText(path))
					return nil
				}}, nil
		}),
	}
}

// readStateFile reads a state file; one that is not a state is a usage error.
func readStateFile(path string) (rpc.State, error) {
	st, err := statefile.Read(path)
	var ie *statefile.InvalidError
	if errors.As(err, &ie) {
		return st, &UsageError{Err: ie}
	}
	return st, err
}

func newCmdStateLoad(f *Factory, runF func(*pageCall) error) *cobra.Command {
	return &cobra.Command{
		Use:         "load FILE",
		Annotations: replays(fileArgs),
		Short:       "Put the cookies and storage of a state file (ours or Playwright's) back into the session",
		Long:        stateLong,
		Example:     "  browserctl state load auth.json",
		Args:        exactArgs(1, "a FILE"),
		RunE: emulationRunE(f, runF, func(args []string) (*pageCall, error) {
			st, err := readStateFile(args[0])
			if err != nil {
				return nil, err
			}
			return &pageCall{Method: rpc.StateLoad, Params: rpc.StateLoadParams{SessionID: sessionOf(f), State: st},
				Human: func(raw json.RawMessage) error {
					var r rpc.StateLoadResult
					if err := decodeResult(rpc.StateLoad, raw, &r); err != nil {
						return err
					}
					done(f, "loaded %d cookies and the storage of %d origins", r.Cookies, len(r.Origins))
					for _, o := range r.Pending {
						fmt.Fprintf(f.IO.ErrOut, "%s: no tab shows it; its storage is written when the session first opens it\n", safeText(o))
					}
					return nil
				}}, nil
		}),
	}
}
