package cmd

import (
	"errors"
	"fmt"

	"browserctl/hubclient"
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
// (errreport.go): {"error":{"code","name","message","retryable","hint"}}.
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

// usageErrorf makes a UsageError.
func usageErrorf(format string, args ...any) error {
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
