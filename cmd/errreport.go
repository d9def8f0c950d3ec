package cmd

// What a failure tells its caller: for people two lines on stderr, for
// scripts (--json) one JSON object on stderr:
//
//	{"error":{"code":4109,"name":"page_ref_not_found","message":"...","retryable":true,"hint":"...","reason":"stale_ref"}}
//
// reason is the extension's data.reason (rpc.Reasons); people see it after
// the name: `error 4110 page_operation_failed (covered): ...`.
//
// Errors of the browser or the hub keep their wire code and name (spec
// section 5). Local errors get a code of three digits whose first is the
// exit code, so a script can branch on either:
//
//	code  name               exit  when
//	100   failed             1     a local failure (a file, launching Chromium, ...)
//	200   usage              2     a bad command, flag, argument or BROWSERCTL_* variable
//	300   no_hub             3     no hub at --server, and none could be started
//	301   not_a_hub          3     another program answers at --server
//	302   token_refused      3     the hub holds another token
//	400   hub_not_answering  4     something accepts connections at --server but never answers

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"browserctl/hubclient"
	"browserctl/rpc"
	"browserctl/termsafe"
)

// Local error codes; see the table above.
const (
	localFailed          = 100
	localUsage           = 200
	localNoHub           = 300
	localNotAHub         = 301
	localTokenRefused    = 302
	localHubNotAnswering = 400
)

// ErrHubNotAnswering: a program at --server accepts connections and never
// answers (a stopped or wedged hub, or anything else): retryable, exit 4.
var ErrHubNotAnswering = errors.New("no answer from the hub")

// hubNotAnswering says whether err is a hub that accepted and never
// answered: ErrHubNotAnswering, or the daemon's status probe timing out
// (hubclient.StatusOf words it as hubclient.ErrNotAHub "no answer to GET /status").
func hubNotAnswering(err error) bool {
	return errors.Is(err, ErrHubNotAnswering) ||
		errors.Is(err, hubclient.ErrNotAHub) && strings.Contains(err.Error(), "no answer to ")
}

// refusalFixSep is where the hub's "extension not connected" message puts
// the fix of the refusal it names (hub.notConnected).
const refusalFixSep = "; fix: "

// errorReport is one failure as scripts read it.
type errorReport struct {
	Code      int    `json:"code"`
	Name      string `json:"name"`
	Message   string `json:"message"`
	Retryable bool   `json:"retryable"`
	Hint      string `json:"hint"`
	// Reason is the extension's data.reason (rpc.Reasons), when it gave one.
	Reason  string `json:"reason,omitempty"`
	browser bool   // a browser or hub error: `error CODE NAME:` for people
}

// describeError is err as a report. server is --server, for messages.
func describeError(cmdPath, server string, err error) errorReport {
	var be *rpc.BrowserError
	if errors.As(err, &be) {
		r := errorReport{Code: int(be.Code), Name: be.Code.Name(), Message: be.Message,
			Retryable: be.Retryable, Hint: hintFor(be), Reason: string(be.Reason), browser: true}
		var nce *hubclient.NotConnectedError
		if errors.As(err, &nce) && nce.Hint != "" {
			r.Hint = nce.Hint // the hub refused the extension: its own fix
		}
		if msg, fix, ok := strings.Cut(r.Message, refusalFixSep); ok && be.Code == rpc.CodeExtensionNotConnected {
			// the hub's own 4101 names a refused handshake and its fix
			r.Message, r.Hint = msg, fix
		}
		return r
	}
	r := errorReport{Code: localFailed, Name: "failed", Message: err.Error()}
	var ue *UsageError
	switch {
	case errors.As(err, &ue):
		r.Code, r.Name = localUsage, "usage"
		if cmdPath != "" {
			r.Hint = fmt.Sprintf("Run '%s --help' for usage.", cmdPath)
		}
	case hubNotAnswering(err):
		r.Code, r.Name, r.Retryable = localHubNotAnswering, "hub_not_answering", true
		if !errors.Is(err, ErrHubNotAnswering) {
			// the daemon's probe words it as "not a browserctl hub: no answer ..."
			r.Message = fmt.Sprintf("%s: %s accepted the connection but sent nothing within %s", ErrHubNotAnswering, server, hubclient.StatusTimeout)
		}
		r.Hint = "a hub that is stopped (SIGSTOP), wedged or overloaded: retry in a moment; if it stays silent end it (`browserctl stop`, or kill the pid in daemon.pid in the state folder) and run the command again"
	case errors.Is(err, hubclient.ErrUnauthorized):
		r.Code, r.Name = localTokenRefused, "token_refused"
	case errors.Is(err, hubclient.ErrNotAHub):
		r.Code, r.Name = localNotAHub, "not_a_hub"
	case errors.Is(err, hubclient.ErrNoHub):
		r.Code, r.Name = localNoHub, "no_hub"
	}
	if r.Hint == "" {
		r.Hint = hubHint(err)
	}
	return r
}

// printErrorJSON writes the report as one JSON object and a newline.
func printErrorJSON(f *Factory, r errorReport) {
	b, err := json.Marshal(map[string]errorReport{"error": r})
	if err != nil {
		return
	}
	f.IO.ErrOut.Write(append(termsafe.JSON(b), '\n'))
}

// printErrorHuman writes the report for people: the error line, then the
// hint (a usage error's hint is the `Run '... --help'` line as it is).
// Messages may carry page text (an eval's exception, a title): escaped.
func printErrorHuman(f *Factory, r errorReport) {
	cs := f.IO.ErrColorScheme()
	w := f.IO.ErrOut
	msg := termsafe.String(r.Message)
	if r.browser && r.Reason != "" {
		fmt.Fprintln(w, cs.Red(fmt.Sprintf("error %d %s (%s): %s", r.Code, r.Name, r.Reason, msg)))
	} else if r.browser {
		fmt.Fprintln(w, cs.Red(fmt.Sprintf("error %d %s: %s", r.Code, r.Name, msg)))
	} else {
		fmt.Fprintln(w, cs.Red("error: "+msg))
	}
	switch {
	case r.Hint == "":
	case r.Code == localUsage && !r.browser:
		fmt.Fprintln(w, inREPLWords(f, r.Hint))
	default:
		fmt.Fprintln(w, cs.Dim("hint: "+inREPLWords(f, termsafe.String(r.Hint))))
	}
}

// jsonRequested says whether errors go out as JSON: --json set (or
// $BROWSERCTL_JSON), or --json among args when parsing stopped before it.
func jsonRequested(f *Factory, args []string) bool {
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

// hubHint is the line after a failure to reach a hub.
func hubHint(err error) string {
	switch {
	case errors.Is(err, hubclient.ErrUnauthorized):
		return "the hub holds another token than ours (`browserctl token`, $BROWSERCTL_TOKEN): use the same one, or `browserctl stop` that hub and retry"
	case errors.Is(err, hubclient.ErrNotAHub):
		return "another program holds this address: pick another with --server ($BROWSERCTL_SERVER)"
	case errors.Is(err, hubclient.ErrNoHub):
		return "any browser command starts a hub at --server; or run `browserctl serve`"
	}
	return ""
}

// hintFor is the line that tells the user what to do next.
func hintFor(be *rpc.BrowserError) string {
	switch {
	case be.Code == rpc.CodeSessionRequired:
		return "pick a session first: `browserctl session create`, `browserctl session attach-current`, or `browserctl session use ID` (or --session ID); `browserctl open URL` makes one"
	case be.Code == rpc.CodePageRefNotFound && (be.Reason == "" || be.Reason == rpc.ReasonStaleRef):
		return "the ref is stale: take a new snapshot (`browserctl snapshot`) and retry with its refs"
	case be.Retryable && rpc.IsTimeout(be):
		return "timed out: the call may or may not have taken effect in the page; check the page's state, then retry, or give it longer with --timeout"
	case be.Retryable && be.Code == rpc.CodeExtensionNotConnected:
		return "the extension's connection was lost during the call: it may or may not have taken effect; `browserctl status --wait 30s`, check the page's state, then retry"
	case be.Retryable:
		return "retryable: take a new snapshot (`browserctl snapshot`) and retry"
	case be.Code == rpc.CodeExtensionNotConnected:
		return "no extension is connected: `browserctl launch`, or `browserctl extension install DIR` and load it in chrome://extensions"
	case be.Code == rpc.CodeSessionNotFound:
		return "`browserctl session list` shows the sessions"
	case be.Reason == rpc.ReasonCovered:
		return "another element takes the press (named above): close it, or scroll; `--force` presses anyway"
	case be.Reason == rpc.ReasonNotFound:
		return "nothing matches the target: check it with `browserctl find` or `browserctl snapshot -i`, or give it longer with --timeout"
	}
	return ""
}
