package cmd

// call: any method with raw JSON params.

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/rpc"
)

type callOptions struct {
	Method string
	Params json.RawMessage
}

func newCmdCall(f *cmdutil.Factory, runF func(*callOptions) error) *cobra.Command {
	c := &cobra.Command{
		Use:   "call METHOD [JSON]",
		Short: "Send any method with raw JSON params; print the raw result or error object",
		Long: `Send one JSON-RPC call as it is, for debugging the extension. Prints the
result JSON, or the error object {"code", "message", "data": {"name",
"retryable"}} with the exit code of that error. --session adds a sessionId
the params lack; otherwise the hub fills in its current session.`,
		Example: `  browserctl call tabs.userList
  browserctl call pages.get '{"what":"title"}'
  browserctl call pages.click '{"ref":"e99"}'`,
		Args: cmdutil.RangeArgs(1, 2, "a METHOD and optional JSON params"),
		ValidArgsFunction: func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			var out []cobra.Completion
			for _, m := range rpc.Methods {
				if len(toComplete) <= len(m.Wire) && m.Wire[:len(toComplete)] == toComplete {
					out = append(out, cobra.CompletionWithDesc(m.Wire, m.Summary))
				}
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			opts := &callOptions{Method: args[0], Params: json.RawMessage(`{}`)}
			if len(args) == 2 {
				opts.Params = json.RawMessage(args[1])
			}
			var obj map[string]json.RawMessage
			if err := json.Unmarshal(opts.Params, &obj); err != nil {
				return cmdutil.UsageErrorf("params must be a JSON object: %v", err)
			}
			if obj == nil {
				// null decodes into a nil map without an error
				return cmdutil.UsageErrorf("params must be a JSON object, not %s", bytes.TrimSpace(opts.Params))
			}
			if s := cmdutil.SessionOf(f); s != "" {
				if _, ok := obj["sessionId"]; !ok {
					obj["sessionId"], _ = json.Marshal(s)
					opts.Params, _ = json.Marshal(obj)
				}
			}
			if runF != nil {
				return runF(opts)
			}
			// the raw answer, not cmdutil.CallHub's printable one: cmdutil.PrintJSON
			// escapes it as JSON does
			var raw json.RawMessage
			h, err := f.Hub()
			if err == nil {
				raw, err = h.Call(c.Context(), opts.Method, opts.Params, f.Globals.Timeout)
			}
			var be *rpc.BrowserError
			if errors.As(err, &be) {
				if perr := cmdutil.MarshalJSON(f, wireError(be)); perr != nil {
					return perr
				}
				return &cmdutil.ReportedError{Code: cmdutil.ExitCodeFor(be)}
			}
			if err != nil {
				return err
			}
			return cmdutil.PrintJSON(f, raw)
		},
		Annotations: cmdutil.NotReplayed(rpc.RawCall),
	}
	return c
}

// wireErrorObject is the error member of a control API response.
type wireErrorObject struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    struct {
		Name      string `json:"name"`
		Retryable bool   `json:"retryable"`
	} `json:"data"`
}

func wireError(be *rpc.BrowserError) map[string]wireErrorObject {
	e := wireErrorObject{Code: int(be.Code), Message: be.Message}
	e.Data.Name, e.Data.Retryable = be.Code.Name(), be.Retryable
	return map[string]wireErrorObject{"error": e}
}
