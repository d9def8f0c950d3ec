package cmd

// state save / state load (declared on state.save and state.load): a
// session's cookies and storage in a file, written by statefile.

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/internal/storagestate"
	"browserctl/rpc"
)

func newCmdState(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:         "state",
		Annotations: cmdutil.NotReplayed(rpc.GroupOnly),
		Short:       "Save the session's cookies and storage to a file, or load them back",
		Long:        rpc.StateHelp,
		Example: `  browserctl state save auth.json
  browserctl state load auth.json`,
		Args: cmdutil.NoArgs,
	}
}

func init() {
	// state save FILE: the result written to FILE (mode 0600); --json
	// prints where and how much.
	cmdutil.Printers[rpc.PrintStateSave] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, _ rpc.Command, args map[string]string) {
		path, force := args["FILE"], args["--force"] == "true"
		pc.Post = func(raw json.RawMessage) (json.RawMessage, error) {
			var st rpc.State
			if err := cmdutil.DecodeResult(rpc.StateSave, raw, &st); err != nil {
				return nil, err
			}
			if err := storagestate.Write(path, st, force); err != nil {
				return nil, err
			}
			return json.Marshal(map[string]any{"path": path, "cookies": len(st.Cookies), "origins": len(st.Origins)})
		}
		pc.Human = func(json.RawMessage) error {
			cmdutil.Done(f, "saved the session's state to %s", cmdutil.SafeText(path))
			return nil
		}
	}
	// state load FILE: the file read into the params; one that is not a
	// state is a usage error.
	cmdutil.Preparers[rpc.PrepareStateLoad] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, args []string) error {
		st, err := storagestate.Read(args[0])
		var ie *storagestate.InvalidError
		if errors.As(err, &ie) {
			return &cmdutil.UsageError{Err: ie}
		}
		p := pc.Params.(rpc.StateLoadParams)
		p.State = st
		pc.Params = p
		return err
	}
	cmdutil.Printers[rpc.PrintStateLoad] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, _ rpc.Command, _ map[string]string) {
		pc.Human = func(raw json.RawMessage) error {
			var r rpc.StateLoadResult
			if err := cmdutil.DecodeResult(rpc.StateLoad, raw, &r); err != nil {
				return err
			}
			cmdutil.Done(f, "loaded %d cookies and the storage of %d origins", r.Cookies, len(r.Origins))
			for _, o := range r.Pending {
				fmt.Fprintf(f.IO.ErrOut, "%s: no tab shows it; its storage is written when the session first opens it\n", cmdutil.SafeText(o))
			}
			return nil
		}
	}
}
