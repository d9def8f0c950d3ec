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
		Summary: "open a new tab in the session", ResultDoc: "the new tab, in the session's group",
		Commands: []Command{{
			Path: "tab open", Args: []Arg{{Name: "URL", Member: "url", Complete: "default"}}, Needs: "a URL",
			Flags:   []Flag{{Name: "background", Member: "active", Value: "false", Help: "do not make the new tab active"}},
			Short:   "Open a tab in the session's group",
			Example: "  browserctl tab open https://example.com\n  browserctl tab open --background https://example.org",
			Printer: PrintTab, Replay: Replayed + OpensPage,
		}}},
	{Wire: TabList, Session: SessionRequired, Params: SessionIDParams{}, Result: TabListResult{},
		Summary: "list the session's tabs",
		Commands: []Command{{
			Path: "tab list", Aliases: []string{"ls"},
			Short: "List the session's tabs", Example: "  browserctl tab list",
			Printer: PrintTabs, Replay: Skips + ReadsOnly,
		}}},
	{Wire: TabUserList, Session: NoSession, Params: BrowserParams{}, Result: TabListResult{},
		Summary: "list all of the user's tabs", ResultDoc: "every tab of every normal window",
		NoTool: "the person's tabs outside the agent's sessions: an MCP client is confined to its own (a capability is refused it too); the person shares a session with `browserctl mcp --session`",
		Commands: []Command{{
			Path: "tab user-list", Flags: []Flag{BrowserFlag},
			Short: "List every tab of every normal window", Example: "  browserctl tab user-list",
			Printer: PrintTabs, Replay: Skips + ReadsOnly,
		}}},
	{Wire: TabAttach, Session: SessionRequired, Params: TabIDParams{}, Result: Tab{},
		Summary: "bring an existing tab into the session", ResultDoc: "moved into the session's group",
		NoTool: "takes a tab from outside the agent's sessions, the person's: an MCP client is confined to its own (a capability is refused it too)",
		Commands: []Command{{
			Path: "tab attach", Args: []Arg{{Name: "TAB", Member: "tabId", Complete: "user-tabs", Invalid: "tab id must be a number, got %[1]q"}},
			Needs: "a tab id",
			Short: "Bring an existing tab into the session's group", Example: "  browserctl tab attach 102",
			Printer: PrintTab, Replay: Skips + "it takes a tab of the user's, whose id differs on a replay",
		}}},
	{Wire: TabActive, Session: SessionOptional, Params: SessionIDParams{}, Result: Tab{},
		Summary: "the active tab", ResultDoc: "the session's active tab; without a session, the user's active tab",
		Commands: []Command{{
			Path:    "tab active",
			Short:   "Show the session's active tab (without a session: the user's active tab)",
			Example: "  browserctl tab active\n  browserctl tab active --json",
			Printer: PrintTab, Replay: Skips + ReadsOnly,
		}}},
	{Wire: TabActivate, Session: SessionRequired, Params: TabIDParams{}, Result: Tab{},
		Summary: "switch the active tab",
		Commands: []Command{{
			Path: "tab activate", Args: []Arg{{Name: "TAB|URL", Member: "tabId", Complete: "tabs", TabOrURL: true}},
			Needs: "a tab id",
			Short: "Make a tab of the session the active one (by id, or by its exact URL)", Example: "  browserctl tab activate 102",
			Printer: PrintTab, Replay: Replayed + TabArg,
		}}},
	{Wire: TabClose, Session: SessionRequired, Params: TabIDParams{}, Result: TabCloseResult{},
		Tool: &Tool{Name: "browser_close", Title: "Close the tab",
			Description: "Close the current tab of this client's session.", Answer: AnswerClose},
		Summary: "close a tab",
		Commands: []Command{{
			Path: "tab close", Args: []Arg{{Name: "TAB|URL", Member: "tabId", Complete: "tabs", TabOrURL: true}},
			Needs: "a tab id",
			Short: "Close a tab of the session (by id, or by its exact URL)", Example: "  browserctl tab close 102",
			Done: "closed tab {.tabId}", Replay: Replayed + TabArg,
		}}},
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
