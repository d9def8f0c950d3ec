package rpc

// Reason is the one word in an extension error's data.reason that says why
// a call failed, beside the spec's code (which stays as section 5 has it).
// A script branches on the reason; the code's name is too coarse (4110 is
// "no such element", "covered" and "navigation failed" alike).
type Reason string

// Every reason the extension answers.
const (
	ReasonNotFound         Reason = "not_found"
	ReasonNotVisible       Reason = "not_visible"
	ReasonNotEnabled       Reason = "not_enabled"
	ReasonNotEditable      Reason = "not_editable"
	ReasonNotCheckable     Reason = "not_checkable"
	ReasonCovered          Reason = "covered"
	ReasonMissed           Reason = "missed"
	ReasonNotStable        Reason = "not_stable"
	ReasonDetached         Reason = "detached"
	ReasonStaleRef         Reason = "stale_ref"
	ReasonDialogOpen       Reason = "dialog_open"
	ReasonNavigationFailed Reason = "navigation_failed"
	ReasonTimeout          Reason = "timeout"
	ReasonBadInput         Reason = "bad_input"
	ReasonTabClosed        Reason = "tab_closed"
	ReasonNoSession        Reason = "no_session"
	ReasonNoSuchMethod     Reason = "no_such_method"
	ReasonPageError        Reason = "page_error"
	ReasonBrowserError     Reason = "browser_error"
	ReasonForbidden        Reason = "forbidden"
	ReasonOriginNotAllowed Reason = "origin_not_allowed"
	ReasonPathNotAllowed   Reason = "path_not_allowed"
	ReasonStoppedByPerson  Reason = "stopped_by_person"
	ReasonBrowserGone      Reason = "browser_gone"
	ReasonDenied           Reason = "denied"
	ReasonApprovalTimeout  Reason = "approval_timeout"
	ReasonApprovalPending  Reason = "approval_pending"
	ReasonFailed           Reason = "failed"
)

// ReasonInfo is one row of the reason table.
type ReasonInfo struct {
	Reason  Reason
	Meaning string
	// Retryable: the same call may succeed when sent again as it is.
	Retryable bool
	// Default is the code whose errors get this reason when the site that
	// threw one named none (0: no code defaults to it).
	Default Code
}

// Reasons is the complete reason table, in the order docs/protocol.md
// lists it.
var Reasons = []ReasonInfo{
	{Reason: ReasonNotFound, Meaning: "no element matches the target after the call's wait (a selector, role= or text= target)"},
	{Reason: ReasonNotVisible, Meaning: "the element has no box to act on: display:none, visibility:hidden, zero size"},
	{Reason: ReasonNotEnabled, Meaning: "the element is disabled (disabled, aria-disabled, a disabled fieldset)"},
	{Reason: ReasonNotEditable, Meaning: "the element cannot take text: read-only, or not an input, textarea or contenteditable"},
	{Reason: ReasonNotCheckable, Meaning: "the element is not a checkbox, radio or switch, or a radio cannot be unchecked"},
	{Reason: ReasonCovered, Meaning: "another element would receive the press (the message names it); waited until the call's timeout"},
	{Reason: ReasonMissed, Meaning: "the press was sent but the element's own window never saw it at the element (the message names what was at the point); tried again until the call's timeout"},
	{Reason: ReasonNotStable, Meaning: "the element kept moving until the call's timeout"},
	{Reason: ReasonDetached, Meaning: "the element left the document while the call waited for it"},
	{Reason: ReasonStaleRef, Meaning: "the ref belongs to an older document or a removed node: snapshot again", Retryable: true, Default: CodePageRefNotFound},
	{Reason: ReasonDialogOpen, Meaning: "a JavaScript dialog is open in the tab: answer it with `dialog`"},
	{Reason: ReasonNavigationFailed, Meaning: "the browser could not load the URL (its reason is in the message)"},
	{Reason: ReasonTimeout, Meaning: "the call ran out of its time (a wait, a load, a page that does not answer)", Retryable: true},
	{Reason: ReasonBadInput, Meaning: "the params are wrong: a missing or malformed value", Default: CodeInvalidParams},
	{Reason: ReasonTabClosed, Meaning: "the tab is gone or was closed during the call", Default: CodeTabNotFound},
	{Reason: ReasonNoSession, Meaning: "no session was given, or it does not exist", Default: CodeSessionRequired},
	{Reason: ReasonNoSuchMethod, Meaning: "the extension has no such method", Default: CodeMethodNotFound},
	{Reason: ReasonPageError, Meaning: "the page's own code threw (an eval, a handler)"},
	{Reason: ReasonBrowserError, Meaning: "Chrome refused or failed a command", Default: CodePageOperationFailed},
	{Reason: ReasonForbidden, Meaning: "the caller may not reach that: another session or a tab outside its group (a capability, an MCP client's own sessions), another site's cookies without anySite, a read-only capability's change, or a tab that shows an extension's page"},
	{Reason: ReasonStoppedByPerson, Meaning: "the person at the browser stopped the session (the popup's Stop, or session stop): nothing runs in it until Resume; tell your user"},
	{Reason: ReasonDenied, Meaning: "the person at the browser denied the action when asked (the session's policy asks before it: session policy --confirm); nothing was done; tell your user"},
	{Reason: ReasonApprovalTimeout, Meaning: "the session's policy asks the person before this action, and nobody answered within the call's timeout; nothing was done", Retryable: true},
	{Reason: ReasonApprovalPending, Meaning: "the session waits for the person to allow or deny another action: no input reaches its tabs meanwhile", Retryable: true},
	{Reason: ReasonOriginNotAllowed, Meaning: "the URL is outside the origins the session may reach (a capability granted with --origins)"},
	{Reason: ReasonPathNotAllowed, Meaning: "the file is outside the folders an MCP server may write (--output-dir) or read (--allow-read, the client's roots): a `..`, an absolute path elsewhere, or a symlink leading out; nothing was read or written"},
	{Reason: ReasonBrowserGone, Meaning: "the browser the call was for (its session's, or the one named) went away (the message names it): a call pending then may or may not have run and is never sent again (retryable: the caller decides); a new call fails until that browser connects again; the other browsers carry on (hub side, with code 4101)"},
	{Reason: ReasonFailed, Meaning: "any other failure", Default: CodeOperationFailed},
}

// LookupReason finds a reason's row.
func LookupReason(r Reason) (ReasonInfo, bool) {
	for _, x := range Reasons {
		if x.Reason == r {
			return x, true
		}
	}
	return ReasonInfo{}, false
}

// DefaultReason is the reason of an error of code c that names none.
func DefaultReason(c Code) Reason {
	for _, x := range Reasons {
		if x.Default == c {
			return x.Reason
		}
	}
	switch c {
	case CodeInvalidRequest:
		return ReasonBadInput
	case CodeSessionNotFound:
		return ReasonNoSession
	}
	return ReasonFailed
}
