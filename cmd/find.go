package cmd

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

func newCmdFind(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.FindParams
	c := &cobra.Command{
		Use:   "find --role ROLE [--name NAME] | --text TEXT | --label LABEL",
		Short: "Print the elements that match, with fresh refs to act on",
		Long: `Find elements by accessibility role (and name), by visible text, or by
the label of a form field, and print one line per element, as snapshot
does:
  - role "name" [ref=eN]
The refs work with every command that takes a REF. Matching ignores case
and runs of spaces and takes a substring; --exact wants the whole text.
--text gives the innermost elements that hold the text. Exit 1 when
nothing matches. --json prints [{"ref","role","name"}, ...].`,
		Example: `  browserctl find --role button --name "Sign in"
  browserctl find --text Welcome
  browserctl find --label Email --json
  browserctl click "$(browserctl find --role link --name Docs --json | jq -r '.[0].ref')"`,
		Args: noArgs,
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID = sessionOf(f)
			n := 0
			for _, v := range []string{p.Role, p.Text, p.Label} {
				if v != "" {
					n++
				}
			}
			if n != 1 {
				return nil, usageErrorf("find needs exactly one of --role, --text or --label")
			}
			if p.Name != "" && p.Role == "" {
				return nil, usageErrorf("--name goes with --role")
			}
			if p.Limit < 0 {
				return nil, usageErrorf("--limit must be >= 1, got %d", p.Limit)
			}
			return &pageCall{Method: rpc.PageFind, Params: p, Result: func(raw json.RawMessage) error {
				return printFound(f, raw)
			}}, nil
		}),
		Annotations: notReplayed(readsOnly),
	}
	c.Flags().StringVar(&p.Role, "role", "", "accessibility role: button, link, textbox, checkbox, heading, ...")
	c.Flags().StringVar(&p.Name, "name", "", "with --role: the accessible name contains NAME")
	c.Flags().StringVar(&p.Text, "text", "", "elements whose visible text contains TEXT")
	c.Flags().StringVar(&p.Label, "label", "", "form fields whose label contains LABEL")
	c.Flags().BoolVar(&p.Exact, "exact", false, "match the whole name, text or label (still ignoring case)")
	c.Flags().IntVar(&p.Limit, "limit", 0, "at most this many elements (default 100)")
	_ = c.RegisterFlagCompletionFunc("role", cobra.FixedCompletions([]string{"button", "link", "textbox", "checkbox", "radio",
		"combobox", "heading", "img", "listitem", "menuitem", "tab", "searchbox", "switch", "option", "row", "cell"}, cobra.ShellCompDirectiveNoFileComp))
	addTabFlag(c, f, &p.TabID)
	return c
}

// printFound prints the elements as snapshot lines, or the array with
// --json; nothing found is exit 1.
func printFound(f *Factory, raw json.RawMessage) error {
	var res rpc.FindResult
	if err := decodeResult(rpc.PageFind, raw, &res); err != nil {
		return err
	}
	if res.Elements == nil {
		res.Elements = []rpc.Ref{}
	}
	if f.Globals.JSON {
		if err := marshalJSON(f, res.Elements); err != nil {
			return err
		}
	} else {
		cs := f.IO.ColorScheme()
		var b strings.Builder
		for _, e := range res.Elements {
			// As snapshot lines; raw already went through printable, so
			// page text reaches the terminal escaped.
			fmt.Fprintf(&b, "- %s \"%s\" %s\n", cs.Magenta(e.Role), e.Name, cs.Cyan("[ref="+e.Ref+"]"))
		}
		if _, err := fmt.Fprint(f.IO.Out, b.String()); err != nil {
			return err
		}
	}
	if len(res.Elements) == 0 {
		return &ReportedError{Code: ExitError, Err: fmt.Errorf("no element matches")}
	}
	return nil
}
