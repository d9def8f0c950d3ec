package cmdutil

// Exit codes and error reports are the failure package's; the names here
// are the ones the commands use.

import "browserctl/cmd/internal/failure"

// ExitCode is browserctl's exit status (failure.ExitCode).
type ExitCode = failure.ExitCode

// The exit codes; see failure.ExitCode.
const (
	ExitOK        = failure.ExitOK
	ExitError     = failure.ExitError
	ExitUsage     = failure.ExitUsage
	ExitNoBrowser = failure.ExitNoBrowser
	ExitRetry     = failure.ExitRetry
)

// UsageError is a bad command line: exit 2.
type UsageError = failure.UsageError

// ReportedError carries an exit code for an error already reported.
type ReportedError = failure.ReportedError

// ErrHubNotAnswering: a program at --server accepts connections and never
// answers: retryable, exit 4.
var ErrHubNotAnswering = failure.ErrHubNotAnswering

// ExitCodeFor maps an error to the process's exit status.
func ExitCodeFor(err error) ExitCode { return failure.ExitCodeFor(err) }

// UsageErrorf makes a UsageError.
func UsageErrorf(format string, args ...any) error { return failure.Usagef(format, args...) }
