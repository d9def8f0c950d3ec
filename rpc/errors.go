package rpc

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Code is a JSON-RPC error code (spec section 5).
type Code int

// Every error code of spec section 5.
const (
	CodeInvalidRequest        Code = -32600
	CodeMethodNotFound        Code = -32601
	CodeInvalidParams         Code = -32602
	CodeInternalError         Code = -32603
	CodeUnauthorized          Code = 4001
	CodeExtensionNotConnected Code = 4101
	CodeOperationFailed       Code = 4102
	CodeSessionRequired       Code = 4103
	CodeTabNotFound           Code = 4104
	CodeSessionNotFound       Code = 4107
	CodePageRefNotFound       Code = 4109
	CodePageOperationFailed   Code = 4110
)

// ErrorInfo is one row of the error table (spec section 5).
type ErrorInfo struct {
	Code    Code
	Name    string
	Meaning string
	// Retryable: a caller may retry when the extension answers this code.
	Retryable bool
	// RetryDoc replaces "yes"/"no" in docs/protocol.md for the codes the
	// hub makes itself, whose retryability depends on the case.
	RetryDoc string
}

// Errors is the complete error table, in the order of spec section 5.
var Errors = []ErrorInfo{
	{Code: CodeInvalidRequest, Name: "invalid_request", Meaning: "invalid request"},
	{Code: CodeMethodNotFound, Name: "method_not_found", Meaning: "unknown method"},
	{Code: CodeInvalidParams, Name: "invalid_params", Meaning: "bad params"},
	{Code: CodeInternalError, Name: "internal_error", Meaning: "internal error"},
	{Code: CodeUnauthorized, Name: "unauthorized", Meaning: "auth failed (also the WS close code)"},
	{Code: CodeExtensionNotConnected, Name: "extension_not_connected", Meaning: "no extension / replaced / disconnected",
		RetryDoc: "not when none was connected; yes when a pending call lost its connection"},
	{Code: CodeOperationFailed, Name: "operation_failed", Meaning: "generic failure / timeout",
		RetryDoc: "yes for timeouts and failed sends"},
	{Code: CodeSessionRequired, Name: "session_required", Meaning: "no session given"},
	{Code: CodeTabNotFound, Name: "tab_not_found", Meaning: "no such tab"},
	{Code: CodeSessionNotFound, Name: "session_not_found", Meaning: "no such session"},
	{Code: CodePageRefNotFound, Name: "page_ref_not_found", Meaning: "stale ref (navigation, reload, removed node)",
		Retryable: true, RetryDoc: "yes: snapshot again, then retry"},
	{Code: CodePageOperationFailed, Name: "page_operation_failed", Meaning: "CDP operation failed"},
}

// lookupError finds a code's row.
func lookupError(c Code) (ErrorInfo, bool) {
	for _, e := range Errors {
		if e.Code == c {
			return e, true
		}
	}
	return ErrorInfo{}, false
}

// Name is the code's name from the table, or "error_<code>" for a code the
// spec does not list (a newer peer may send one).
func (c Code) Name() string {
	if e, ok := lookupError(c); ok {
		return e.Name
	}
	return "error_" + strconv.Itoa(int(c))
}

// BrowserError is every failure of a call: an error the extension answered,
// or one the hub made (no connection, timeout, lost connection).
type BrowserError struct {
	Message   string
	Code      Code
	Retryable bool
	// Reason is the extension's data.reason (reasons.go), "" for the
	// hub's own errors and an extension that sends none.
	Reason Reason
	// OnlyRead: the call that failed only reads (OnlyReads), so a timeout
	// or a cut-off changed nothing. Set by the caller's client, not sent.
	OnlyRead bool `json:"-"`
}

func (e *BrowserError) Error() string {
	if e.Reason != "" {
		return fmt.Sprintf("error %d %s (%s): %s", int(e.Code), e.Code.Name(), e.Reason, e.Message)
	}
	return fmt.Sprintf("error %d %s: %s", int(e.Code), e.Code.Name(), e.Message)
}

// Is makes errors.Is compare codes: errors.Is(err, &BrowserError{Code: CodePageRefNotFound}).
func (e *BrowserError) Is(target error) bool {
	var t *BrowserError
	if errors.As(target, &t) {
		return t.Code == e.Code
	}
	return false
}

// ---- Retryability: the one place that decides it. ----
//
// The spec makes every failure caused by the transport retryable (timeout,
// failed send, a connection replaced or lost), except calling when no
// extension is connected at all. Of the errors the extension answers, only a
// stale ref is (Errors' Retryable): a new snapshot gives new refs and the
// call can be retried.

// TimedOutPrefix starts the message of a 4102 the extension answers when a
// call ran out of its time (a wait, an eval): a timeout, so retryable like
// the hub's own.
const TimedOutPrefix = "timed out"

// FromWire turns an error object the extension answered into a BrowserError.
// A timeout the extension reports (4102 "timed out ...", "... did not answer
// within ...") is retryable like the hub's own: the spec makes every
// timeout retryable, and a caller must not read it as a final failure.
// data is the error's "data" member (may be empty): its "reason", when it
// is one of Reasons, decides retryability (a 4109 whose reason is not
// stale_ref, say not_found after the wait, is not retryable: sending it
// again finds nothing again).
func FromWire(code int, message string, data []byte) *BrowserError {
	c := Code(code)
	info, _ := lookupError(c)
	be := &BrowserError{Message: message, Code: c, Retryable: info.Retryable || (c == CodeOperationFailed && timeoutWords(message))}
	if r := ReasonOf(data); r != "" {
		be.Reason = r
		if ri, ok := LookupReason(r); ok {
			be.Retryable = ri.Retryable
		}
	}
	return be
}

// ReasonOf is the "reason" string of an error's data object, "" when there
// is none. A reason outside Reasons is kept as it is (a newer extension).
func ReasonOf(data []byte) Reason {
	if len(data) == 0 {
		return ""
	}
	raw, ok := Member(data, "reason")
	if !ok {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) != nil || len(s) > 40 {
		return ""
	}
	for _, ch := range s {
		if !(ch >= 'a' && ch <= 'z' || ch == '_') {
			return ""
		}
	}
	return Reason(s)
}

// IsTimeout says whether err is a call that ran out of time: 4102
// operation_failed worded as the hub's ErrTimeout ("... timed out after
// 30s") or as the extension's timeouts ("timed out after 5000 ms waiting
// for load", "... did not answer within 10000 ms"). The wire has no timeout
// flag; these words are the contract (extension/src keeps them).
func IsTimeout(err error) bool {
	var be *BrowserError
	return errors.As(err, &be) && be.Code == CodeOperationFailed && timeoutWords(be.Message)
}

func timeoutWords(message string) bool {
	return strings.Contains(message, TimedOutPrefix) || strings.Contains(message, "did not answer within")
}

// ErrNotConnected: a call made while no extension is connected.
func ErrNotConnected() *BrowserError {
	return &BrowserError{Message: "extension not connected", Code: CodeExtensionNotConnected, Retryable: false}
}

// ErrConnectionLost: the connection carrying a pending call was replaced
// (last-wins) or went away.
func ErrConnectionLost(reason string) *BrowserError {
	return &BrowserError{Message: "extension connection lost: " + reason, Code: CodeExtensionNotConnected, Retryable: true}
}

// ErrTimeout: no response within the call's timeout.
func ErrTimeout(method string, d time.Duration) *BrowserError {
	return &BrowserError{Message: fmt.Sprintf("%s timed out after %s", method, d), Code: CodeOperationFailed, Retryable: true}
}

// ErrCanceled is a call whose wait for an answer was canceled (the caller
// went away) before any answer came.
func ErrCanceled(method string, err error) *BrowserError {
	return &BrowserError{Message: method + " canceled: " + err.Error(), Code: CodeOperationFailed}
}

// ErrSendFailed: the request could not be written to the connection.
func ErrSendFailed(err error) *BrowserError {
	return &BrowserError{Message: "send failed: " + err.Error(), Code: CodeOperationFailed, Retryable: true}
}
