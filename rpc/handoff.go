package rpc

// Handing the session's tab to the person at the browser: the agent waits
// for their Done.

// PageHandoff hands the tab to the person and waits for their Done.
const PageHandoff = "pages.handoff"

// handoffMethods are the handoff's rows of Methods.
var handoffMethods = []Method{
	{Wire: PageHandoff, Session: SessionRequired, Params: HandoffParams{}, Result: HandoffResult{},
		Tool: &Tool{Name: "browser_handoff", Title: "Hand over to the person",
			Description: "Ask the person at the browser to do what you must not or cannot (2FA login, CAPTCHA, consent): shows message in the tab with a Done button; returns when they press it.",
			Answer:      "handoff"},
		Summary:   "bring the tab to the front, show the message in the page and the popup with a Done button, mark the tab group, wait for Done",
		ResultDoc: "`done` false when `timeoutMs` ran out; the page's `url` and `title` either way"},
}

// HandoffParams are the params of pages.handoff. PageParams' timeoutMs is
// how long to wait for the person (the hub's timeout must be longer).
type HandoffParams struct {
	PageParams
	Message string `json:"message" doc:"what the person should do"`
}

// HandoffResult is the result of pages.handoff.
type HandoffResult struct {
	Done     bool   `json:"done" doc:"the person pressed Done; false: timeoutMs ran out"`
	URL      string `json:"url"`
	Title    string `json:"title"`
	TabID    int    `json:"tabId"`
	WaitedMs int    `json:"waitedMs"`
}
