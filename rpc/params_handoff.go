package rpc

// Params and result of pages.handoff: the agent hands the session's tab
// to the person at the browser and waits for them.

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
