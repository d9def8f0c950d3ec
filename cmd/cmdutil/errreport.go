package cmdutil

// How a failure is printed: for people two lines on stderr, for scripts
// (--json) one JSON object on stderr (failure.Report).

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"browserctl/cmd/internal/failure"
	"browserctl/internal/termsafe"
	"browserctl/rpc"
)

// PrintErrorJSON writes the report as one JSON object and a newline.
func PrintErrorJSON(f *Factory, r failure.Report) {
	b, err := json.Marshal(map[string]failure.Report{"error": r})
	if err != nil {
		return
	}
	f.IO.ErrOut.Write(append(termsafe.JSON(b), '\n'))
}

// PrintErrorHuman writes the report for people: the error line, then the
// hint (a usage error's hint is the `Run '... --help'` line as it is).
// Messages may carry page text (an eval's exception, a title): escaped.
func PrintErrorHuman(f *Factory, r failure.Report) {
	cs := f.IO.ErrColorScheme()
	w := f.IO.ErrOut
	msg := termsafe.String(r.Message)
	if r.Browser && r.Reason != "" {
		fmt.Fprintln(w, cs.Red(fmt.Sprintf("error %d %s (%s): %s", r.Code, r.Name, r.Reason, msg)))
	} else if r.Browser {
		fmt.Fprintln(w, cs.Red(fmt.Sprintf("error %d %s: %s", r.Code, r.Name, msg)))
	} else {
		fmt.Fprintln(w, cs.Red("error: "+msg))
	}
	switch {
	case r.Hint == "":
	case r.Code == failure.CodeUsage && !r.Browser:
		fmt.Fprintln(w, InREPLWords(f, r.Hint))
	default:
		fmt.Fprintln(w, cs.Dim("hint: "+InREPLWords(f, termsafe.String(r.Hint))))
	}
}

// JSONRequested says whether errors go out as JSON: --json set (or
// $BROWSERCTL_JSON), or --json among args when parsing stopped before it.
func JSONRequested(f *Factory, args []string) bool {
	if f.Globals.JSON {
		return true
	}
	want := false // the last --json or --json=V wins, as in flag parsing
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "--json" {
			want = true
		}
		if v, ok := strings.CutPrefix(a, "--json="); ok {
			want = v == "true" || v == "1" || v == "t" || v == "TRUE" || v == "True" || v == "T"
		}
	}
	return want
}

// AsUsage makes an invalid-params answer of the extension a usage error
// (exit 2): an unknown id, pattern or value is the caller's mistake.
func AsUsage(err error) error {
	var be *rpc.BrowserError
	if errors.As(err, &be) && be.Code == rpc.CodeInvalidParams {
		return &UsageError{Err: errors.New(strings.TrimPrefix(be.Message, "invalid params: "))}
	}
	return err
}
