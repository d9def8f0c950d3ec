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
			Answer:      AnswerHandoff},
		Summary:   "bring the tab to the front, show the message in the page and the popup with a Done button, mark the tab group, wait for Done",
		ResultDoc: "`done` false when `timeoutMs` ran out; the page's `url` and `title` either way",
		Commands: []Command{{
			Path: "handoff", Args: []Arg{{Name: "MESSAGE", Member: "message", Parse: handoffMessage}},
			Needs: "a MESSAGE for the person",
			Short: "Hand the session's tab to the person at the browser and wait until they press Done",
			Long: `Bring the session's tab to the front, show MESSAGE in the page and in the
extension's popup with a Done button, mark the session's tab group, and wait
until the person presses Done (or --timeout, default 5m here): for a login
with 2FA, a CAPTCHA, a consent the agent must not give. Prints the page's URL
and title then. Not pressed in time: exit 1.`,
			Example: `  browserctl handoff "Please sign in, then press Done"
  browserctl --timeout 15m handoff "Solve the CAPTCHA" --json`,
			// the printer "handoff" waits as long as the person may take
			Printer: PrintHandoff,
			Replay:  Replayed, // a replay that needed the person needs them again
		}}},
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

// handoffMessage refuses an empty MESSAGE.
func handoffMessage(s string) (string, error) { return nonEmpty(s, "the MESSAGE must not be empty") }
