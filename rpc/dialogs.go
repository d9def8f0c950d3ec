package rpc

// JavaScript dialogs (alert, confirm, prompt, beforeunload): the open
// one, and the session's policy for answering them (docs/protocol.md
// "Dialogs").

// Wire names of the dialog methods.
const (
	PageDialog             = "pages.dialog"
	SessionSetDialogPolicy = "sessions.setDialogPolicy"
)

// dialogMethods are the dialog rows of Methods.
var dialogMethods = []Method{
	{Wire: SessionSetDialogPolicy, Session: SessionRequired, Params: SetDialogPolicyParams{}, Result: SetDialogPolicyResult{},
		Summary: "set the session's JavaScript dialog policy", ResultDoc: "how the session's tabs answer JavaScript dialogs from now on (see \"Dialogs\" below)",
		Commands: []Command{{
			Path: "dialog policy", Args: []Arg{{Name: "MODE", Member: "policy"}}, Needs: "a MODE: accept, dismiss or hold",
			Short:   "Set how the session answers dialogs (hold: confirm and prompt wait for you)",
			Example: "  browserctl dialog policy accept\n  browserctl dialog policy hold",
			Done:    "dialog policy {MODE}", Replay: Replayed,
		}}},
	{Wire: PageDialog, Session: SessionRequired, Params: DialogParams{}, Result: DialogResult{},
		Summary:   "the open JavaScript dialog: status, accept, dismiss",
		ResultDoc: "`status`: `open`, `policy` and the open dialog; `accept`/`dismiss`: the dialog, `accepted` and a prompt's `text`; nothing open: 4110",
		Commands: []Command{{
			Path: "dialog status", Set: map[string]string{"action": "status"},
			Short:   "Print the open dialog (type, message, a prompt's default text), or that none is open",
			Example: "  browserctl dialog status\n  browserctl dialog status --json",
			Printer: PrintDialog, Replay: Skips + ReadsOnly,
		}, {
			Path: "dialog accept", Set: map[string]string{"action": "accept"},
			Args: []Arg{{Name: "TEXT", Member: "text", Optional: true}}, Needs: "an optional TEXT",
			Short:   "Accept the open dialog; TEXT answers a prompt",
			Example: "  browserctl dialog accept\n  browserctl dialog accept 'Ada Lovelace'",
			Done:    `accepted {.type} "{.message}"`, Replay: Replayed,
		}, {
			Path: "dialog dismiss", Set: map[string]string{"action": "dismiss"},
			Short:   "Dismiss the open dialog (confirm() returns false, prompt() null)",
			Example: "  browserctl dialog dismiss",
			Done:    `dismissed {.type} "{.message}"`, Replay: Replayed,
		}}},
}

// DialogParams are the params of pages.dialog.
type DialogParams struct {
	PageParams
	Action string  `json:"action" enum:"DialogAction"`
	Text   *string `json:"text,omitempty" doc:"accept: a prompt's answer; default its default text"`
}

// DialogResult is the result of pages.dialog: Open and Policy (and the
// dialog when one is open) for status; Type, Message, Accepted and Text
// (a prompt's) for accept and dismiss.
type DialogResult struct {
	Open          bool   `json:"open,omitempty" doc:"status (false is sent)"`
	Type          string `json:"type,omitempty"`
	Message       string `json:"message,omitempty"`
	DefaultPrompt string `json:"defaultPrompt,omitempty" doc:"a prompt's"`
	Policy        string `json:"policy,omitempty" enum:"DialogPolicy" doc:"status"`
	Accepted      *bool  `json:"accepted,omitempty" doc:"accept and dismiss"`
	Text          string `json:"text,omitempty" doc:"accept of a prompt: the answer sent"`
}

// SetDialogPolicyParams are the params of sessions.setDialogPolicy.
type SetDialogPolicyParams struct {
	SessionID string `json:"sessionId,omitempty"`
	Policy    string `json:"policy" enum:"DialogPolicy"`
}

// SetDialogPolicyResult is the result of sessions.setDialogPolicy.
type SetDialogPolicyResult struct {
	SessionID string `json:"sessionId"`
	Policy    string `json:"policy" enum:"DialogPolicy"`
}

// DialogReport is the `dialog` member a pages.* result carries when a
// JavaScript dialog opened during the call (added by the extension's
// pages/call.ts around every handler, so no result type declares it).
type DialogReport struct {
	Type          string `json:"type"`
	Message       string `json:"message"`
	DefaultPrompt string `json:"defaultPrompt,omitempty" doc:"a prompt's"`
	State         string `json:"state" ts:"\"open\" | \"accepted\" | \"dismissed\""`
}
