package rpc

import "encoding/json"

// Params and results of issue 8's methods: navigation, waits, dialogs
// (docs/protocol.md section 4). Their timeoutMs is PageParams'.

// NavigateParams are the params of pages.navigate.
type NavigateParams struct {
	PageParams
	URL       string `json:"url" doc:"a URL without a scheme gets https://"`
	WaitUntil string `json:"waitUntil,omitempty" enum:"WaitUntil" default:"\"load\""`
}

// HistoryParams are the params of pages.back, pages.forward and pages.reload.
type HistoryParams struct {
	PageParams
	WaitUntil string `json:"waitUntil,omitempty" enum:"WaitUntil" default:"\"load\""`
}

// NavResult is the result of pages.navigate, back, forward and reload.
type NavResult struct {
	URL   string `json:"url" doc:"the final URL"`
	Title string `json:"title"`
}

// WaitForParams are the params of pages.waitFor: exactly one of Text,
// Selector, URL, Fn (the extension checks; each is optional here).
type WaitForParams struct {
	PageParams
	Text     string `json:"text,omitempty" doc:"exactly one of text, selector, url, fn; visible on the page, whitespace runs compared as one space"`
	Selector string `json:"selector,omitempty" doc:"CSS: a matching element is visible"`
	URL      string `json:"url,omitempty" doc:"the tab's URL contains it, or matches it as a glob"`
	Fn       string `json:"fn,omitempty" doc:"a JavaScript expression, truthy; promises awaited"`
	Gone     bool   `json:"gone,omitempty" default:"false" doc:"with text or selector: until it is no longer visible"`
}

// WaitForResult is the result of pages.waitFor.
type WaitForResult struct {
	Waited int             `json:"waited"`
	URL    string          `json:"url,omitempty" doc:"url: the URL that matched"`
	Value  json.RawMessage `json:"value,omitempty" doc:"fn: its truthy JSON value"`
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
