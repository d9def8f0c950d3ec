// Package failure is what a failed browserctl command tells its caller:
// the exit code chosen in one place (ExitCodeFor), and the report of the
// error (Describe) with its code, name, retryability and a hint saying what
// to do next. The cmd package prints the report; the MCP server sends it to
// agents.
package failure

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
	"errors"
	"fmt"
	"strings"

	"browserctl/hub/hubclient"
	"browserctl/rpc"
)

// ExitCode is browserctl's exit status, chosen in one place (ExitCodeFor):
//
//	code  name          when
//	0     ExitOK        success
//	1     ExitError     the operation failed: a browser error that is not
//	                    retryable (4102 failures, 4103, 4104, 4107, 4110,
//	                    -326xx), or a local failure (file, flag value, launch)
//	2     ExitUsage     bad command line: unknown command or flag, wrong
//	                    number of arguments, invalid argument value
//	3     ExitNoBrowser nothing to talk to: no hub (and none could be
//	                    started), the address held by another program, a wrong
//	                    token, or no extension connected (4101, not retryable;
//	                    also `status` when the extension is not connected)
//	4     ExitRetry     retryable: a stale ref (4109, take a new snapshot), a
//	                    timeout of the hub or the extension or a failed send
//	                    (4102, see rpc.IsTimeout), a connection lost or
//	                    replaced under a pending call (4101 retryable), a
//	                    program at --server that accepts and never answers
//	                    (ErrHubNotAnswering)
//
// A one-shot command killed by SIGINT or SIGTERM dies by the signal (the
// shell reports 130 or 143); only serve and the REPL catch them.
//
// What goes to stderr on failure (PrintError), one line and maybe a second:
//
//	error CODE NAME: MESSAGE      a browser error: the extension's or the
//	hint: WHAT TO DO              hub's (4101 extension_not_connected also
//	                              when no extension connected within --wait,
//	                              and from `status`), as `call` prints it
//	error: MESSAGE                anything else: no hub (hubclient.ErrNoHub), not
//	hint: WHAT TO DO              a hub (hubclient.ErrNotAHub), a refused token
//	                              (hubclient.ErrUnauthorized), a local failure
//	error: MESSAGE                a usage error, then
//	Run 'browserctl CMD --help' for usage.
//
// With --json the same failure is one JSON object on stderr instead
// (Describe): {"error":{"code","name","message","retryable","hint"}}.
//
// Scripts read the exit code first; the first line's `error CODE NAME:` or
// `error:` prefix tells a browser error from a local one, and no hint line
// starts with `error`.
type ExitCode int

// The exit codes; see ExitCode.
const (
	ExitOK        ExitCode = 0
	ExitError     ExitCode = 1
	ExitUsage     ExitCode = 2
	ExitNoBrowser ExitCode = 3
	ExitRetry     ExitCode = 4
)

// UsageError is a bad command line: exit 2.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// Usagef makes a UsageError.
func Usagef(format string, args ...any) error {
	return &UsageError{Err: fmt.Errorf(format, args...)}
}

// ReportedError carries an exit code for an error already reported (for example
// `status` printing the state, `call` printing the error object): Main
// prints nothing more, or only Err when it is set (`status` adds the
// not-connected error line after the state).
type ReportedError struct {
	Code ExitCode
	Err  error // may be nil
}

func (e *ReportedError) Error() string {
	if e.Err == nil {
		return fmt.Sprintf("exit %d", e.Code)
	}
	return e.Err.Error()
}
func (e *ReportedError) Unwrap() error { return e.Err }

// ExitCodeFor maps an error to the process's exit status.
func ExitCodeFor(err error) ExitCode {
	if err == nil {
		return ExitOK
	}
	var ee *ReportedError
	if errors.As(err, &ee) {
		return ee.Code
	}
	var ue *UsageError
	if errors.As(err, &ue) {
		return ExitUsage
	}
	var be *rpc.BrowserError
	if errors.As(err, &be) {
		switch {
		case be.Retryable:
			return ExitRetry
		case be.Code == rpc.CodeExtensionNotConnected:
			return ExitNoBrowser
		default:
			return ExitError
		}
	}
	if hubNotAnswering(err) {
		return ExitRetry // a timeout: retry, the hub may be busy
	}
	var nc *hubclient.NotConnectedError
	if errors.As(err, &nc) ||
		errors.Is(err, hubclient.ErrNoHub) || errors.Is(err, hubclient.ErrNotAHub) || errors.Is(err, hubclient.ErrUnauthorized) {
		return ExitNoBrowser
	}
	return ExitError
}

// Local error codes; see the table above.
const (
	CodeFailed          = 100
	CodeUsage           = 200
	CodeNoHub           = 300
	CodeNotAHub         = 301
	CodeTokenRefused    = 302
	CodeHubNotAnswering = 400
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

// Report is one failure as scripts read it (--json) and people see it.
type Report struct {
	Code      int    `json:"code"`
	Name      string `json:"name"`
	Message   string `json:"message"`
	Retryable bool   `json:"retryable"`
	Hint      string `json:"hint"`
	// Reason is the extension's data.reason (rpc.Reasons), when it gave one.
	Reason  string `json:"reason,omitempty"`
	Browser bool   `json:"-"` // a browser or hub error: `error CODE NAME:` for people
}

// Describe is err as a report. cmdPath is the command that failed (for
// the usage hint), server is --server, for messages.
func Describe(cmdPath, server string, err error) Report {
	var be *rpc.BrowserError
	if errors.As(err, &be) {
		r := Report{Code: int(be.Code), Name: be.Code.Name(), Message: be.Message,
			Retryable: be.Retryable, Hint: HintFor(be), Reason: string(be.Reason), Browser: true}
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
	r := Report{Code: CodeFailed, Name: "failed", Message: err.Error()}
	var ue *UsageError
	switch {
	case errors.As(err, &ue):
		r.Code, r.Name = CodeUsage, "usage"
		if cmdPath != "" {
			r.Hint = fmt.Sprintf("Run '%s --help' for usage.", cmdPath)
		}
	case hubNotAnswering(err):
		r.Code, r.Name, r.Retryable = CodeHubNotAnswering, "hub_not_answering", true
		if !errors.Is(err, ErrHubNotAnswering) {
			// the daemon's probe words it as "not a browserctl hub: no answer ..."
			r.Message = fmt.Sprintf("%s: %s accepted the connection but sent nothing within %s", ErrHubNotAnswering, server, hubclient.StatusTimeout)
		}
		r.Hint = "a hub that is stopped (SIGSTOP), wedged or overloaded: retry in a moment; if it stays silent end it (`browserctl stop`, or kill the pid in daemon.pid in the state folder) and run the command again"
	case errors.Is(err, hubclient.ErrUnauthorized):
		r.Code, r.Name = CodeTokenRefused, "token_refused"
	case errors.Is(err, hubclient.ErrNotAHub):
		r.Code, r.Name = CodeNotAHub, "not_a_hub"
	case errors.Is(err, hubclient.ErrNoHub):
		r.Code, r.Name = CodeNoHub, "no_hub"
	}
	if r.Hint == "" {
		r.Hint = HubHint(err)
	}
	return r
}

// HubHint is the line after a failure to reach a hub.
func HubHint(err error) string {
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

// HintFor is the line that tells the user what to do next.
func HintFor(be *rpc.BrowserError) string {
	switch {
	case be.Code == rpc.CodeSessionRequired:
		return "pick a session first: `browserctl session create`, `browserctl session attach-current`, or `browserctl session use ID` (or --session ID); `browserctl open URL` makes one"
	case be.Code == rpc.CodePageRefNotFound && (be.Reason == "" || be.Reason == rpc.ReasonStaleRef):
		return "the ref is stale: take a new snapshot (`browserctl snapshot`) and retry with its refs"
	case be.Retryable && rpc.IsTimeout(be) && be.OnlyRead:
		return "timed out: the call only reads, so it changed nothing; check the page's state, then retry, or give it longer with --timeout"
	case be.Retryable && rpc.IsTimeout(be):
		return "timed out: the call may or may not have taken effect in the page; check the page's state, then retry, or give it longer with --timeout"
	case be.Reason == rpc.ReasonBrowserGone && be.Retryable:
		return "that browser went away during the call: it may or may not have taken effect there, and was not sent again; `browserctl browsers` shows which are connected"
	case be.Reason == rpc.ReasonBrowserGone:
		return "that browser is not connected: start it again (its sessions come back with it if it kept them), or make a session on another one (`browserctl browsers`, `session create --browser NAME`)"
	case be.Retryable && be.Code == rpc.CodeExtensionNotConnected:
		return "the extension's connection was lost during the call: it may or may not have taken effect; `browserctl status --wait 30s`, check the page's state, then retry"
	case be.Retryable:
		return "retryable: take a new snapshot (`browserctl snapshot`) and retry"
	case be.Code == rpc.CodeExtensionNotConnected && strings.HasPrefix(be.Message, "no browser named"):
		return "`browserctl browsers` lists the connected browsers: name one of them, or start that one (`browserctl launch --profile NAME`)"
	case be.Code == rpc.CodeExtensionNotConnected:
		return "no extension is connected: `browserctl launch`, or `browserctl extension install DIR` and load it in chrome://extensions"
	case be.Code == rpc.CodeSessionNotFound:
		return "`browserctl session list` shows the sessions"
	case be.Reason == rpc.ReasonCovered:
		return "another element takes the press (named above): close it, or scroll; `--force` presses anyway"
	case be.Reason == rpc.ReasonMissed:
		return "the press went elsewhere (named above) each time it was tried: check the page's state (something else may have been pressed), then retry, or give it longer with --timeout"
	case be.Reason == rpc.ReasonNotFound:
		return "nothing matches the target: check it with `browserctl find` or `browserctl snapshot -i`, or give it longer with --timeout"
	}
	return ""
}
