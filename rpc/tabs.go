package rpc

// Tabs of a session, and the user's own tabs (tabs.*).

// Wire names of the tabs.* methods.
const (
	TabOpen     = "tabs.open"
	TabList     = "tabs.list"
	TabUserList = "tabs.userList"
	TabAttach   = "tabs.attach"
	TabActive   = "tabs.active"
	TabActivate = "tabs.activate"
	TabClose    = "tabs.close"
)

// tabMethods are the tabs.* rows of Methods.
var tabMethods = []Method{
	{Wire: TabOpen, Session: SessionRequired, Params: TabOpenParams{}, Result: Tab{},
		Summary: "open a new tab in the session", ResultDoc: "the new tab, in the session's group"},
	{Wire: TabList, Session: SessionRequired, Params: SessionIDParams{}, Result: TabListResult{},
		Summary: "list the session's tabs"},
	{Wire: TabUserList, Session: NoSession, Params: NoParams{}, Result: TabListResult{},
		Summary: "list all of the user's tabs", ResultDoc: "every tab of every normal window"},
	{Wire: TabAttach, Session: SessionRequired, Params: TabIDParams{}, Result: Tab{},
		Summary: "bring an existing tab into the session", ResultDoc: "moved into the session's group"},
	{Wire: TabActive, Session: SessionOptional, Params: SessionIDParams{}, Result: Tab{},
		Summary: "the active tab", ResultDoc: "the session's active tab; without a session, the user's active tab"},
	{Wire: TabActivate, Session: SessionRequired, Params: TabIDParams{}, Result: Tab{},
		Summary: "switch the active tab"},
	{Wire: TabClose, Session: SessionRequired, Params: TabIDParams{}, Result: TabCloseResult{},
		Tool: &Tool{Name: "browser_close", Title: "Close the tab",
			Description: "Close the current tab of this client's session.", Answer: "close"},
		Summary: "close a tab"},
}

// Tab is one browser tab.
type Tab struct {
	TabID     int    `json:"tabId"`
	WindowID  int    `json:"windowId"`
	URL       string `json:"url"`
	Title     string `json:"title"`
	Active    bool   `json:"active"`
	GroupID   int    `json:"groupId"`
	SessionID string `json:"sessionId"`
}

// TabOpenParams are the params of tabs.open.
type TabOpenParams struct {
	SessionID string `json:"sessionId,omitempty"`
	URL       string `json:"url"`
	Active    *bool  `json:"active,omitempty" default:"true"`
}

// TabIDParams are the params of tabs.attach, tabs.activate and tabs.close.
type TabIDParams struct {
	SessionID string `json:"sessionId,omitempty"`
	TabID     int    `json:"tabId" min:"0"`
}

// TabCloseResult is the result of tabs.close.
type TabCloseResult struct {
	TabID  int  `json:"tabId"`
	Closed bool `json:"closed"`
}

// TabListResult is the result of tabs.list and tabs.userList.
type TabListResult struct {
	Tabs []Tab `json:"tabs"`
}
