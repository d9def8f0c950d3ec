package rpc

import "encoding/json"

// Params and results of issue 8's methods: navigation, waits, dialogs
// (docs/protocol.md section 4).

// WaitUntilValues are what pages.navigate/back/forward/reload wait for.
var WaitUntilValues = []string{"load", "domcontentloaded", "networkidle", "none"}

// DialogPolicies are the values of sessions.setDialogPolicy's policy.
var DialogPolicies = []string{"accept", "dismiss", "hold"}

// NavigateParams are the params of pages.navigate.
type NavigateParams struct {
	PageParams
	URL       string `json:"url"`
	WaitUntil string `json:"waitUntil,omitempty"`
	TimeoutMS int    `json:"timeoutMs,omitempty"`
}

// HistoryParams are the params of pages.back, pages.forward and pages.reload.
type HistoryParams struct {
	PageParams
	WaitUntil string `json:"waitUntil,omitempty"`
	TimeoutMS int    `json:"timeoutMs,omitempty"`
}

// NavResult is the result of pages.navigate, back, forward and reload.
type NavResult struct {
	URL   string `json:"url"`
	Title string `json:"title"`
}

// WaitForParams are the params of pages.waitFor: one of Text, Selector,
// URL, Fn.
type WaitForParams struct {
	PageParams
	Text      string `json:"text,omitempty"`
	Selector  string `json:"selector,omitempty"`
	URL       string `json:"url,omitempty"`
	Fn        string `json:"fn,omitempty"`
	Gone      bool   `json:"gone,omitempty"`
	TimeoutMS int    `json:"timeoutMs,omitempty"`
}

// WaitForResult is the result of pages.waitFor.
type WaitForResult struct {
	Waited int             `json:"waited"`
	URL    string          `json:"url,omitempty"`   // url: the URL that matched
	Value  json.RawMessage `json:"value,omitempty"` // fn: its truthy value
}

// DialogParams are the params of pages.dialog.
type DialogParams struct {
	PageParams
	Action string  `json:"action"` // status, accept, dismiss
	Text   *string `json:"text,omitempty"`
}

// DialogResult is the result of pages.dialog: Open/Policy for status,
// Accepted/Text for accept and dismiss.
type DialogResult struct {
	Open          bool   `json:"open"`
	Type          string `json:"type"`
	Message       string `json:"message"`
	DefaultPrompt string `json:"defaultPrompt"`
	Policy        string `json:"policy"`
	Accepted      *bool  `json:"accepted"`
	Text          string `json:"text"`
}

// SetDialogPolicyParams are the params of sessions.setDialogPolicy.
type SetDialogPolicyParams struct {
	SessionID string `json:"sessionId,omitempty"`
	Policy    string `json:"policy"`
}

// DialogReport is the `dialog` member a pages.* result carries when a
// JavaScript dialog opened during the call.
type DialogReport struct {
	Type          string `json:"type"`
	Message       string `json:"message"`
	DefaultPrompt string `json:"defaultPrompt,omitempty"`
	State         string `json:"state"` // open, accepted, dismissed
}
