package rpc

// Sessions: a session is a Chrome tab group the caller drives (sessions.*).

// Wire names of the sessions.* methods.
const (
	SessionCreate        = "sessions.create"
	SessionAttachCurrent = "sessions.attachCurrent"
	SessionList          = "sessions.list"
	SessionRename        = "sessions.rename"
	SessionRelease       = "sessions.release"
	SessionClose         = "sessions.close"
	SessionStop          = "sessions.stop"
	SessionResume        = "sessions.resume"
	SessionSetPolicy     = "sessions.setPolicy"
)

// sessionMethods are the sessions.* rows of Methods.
var sessionMethods = []Method{
	{Wire: SessionCreate, Session: NoSession, Params: SessionCreateParams{}, Result: Session{},
		Summary: "create a session (a new Chrome tab group)", ResultDoc: "with a tab at `url`, default `about:blank`",
		Commands: []Command{{
			Path: "session create",
			Flags: []Flag{{Name: "name", Member: "name", Help: "the tab group's title"},
				{Name: "url", Member: "url", Help: "the first tab's URL (default about:blank)"},
				BrowserFlag},
			Short:   "Create a session: a new tab group with one tab; it becomes the current session",
			Example: "  browserctl session create --name work --url https://example.com",
			Printer: PrintSession, Replay: Replayed + OpensPage,
		}}},
	{Wire: SessionAttachCurrent, Session: NoSession, Params: SessionAttachCurrentParams{}, Result: Session{},
		Summary: "take over the user's active tab as a new session", ResultDoc: "holding the user's active tab",
		NoTool: "takes the person's active tab: an MCP client is confined to the sessions it creates (a capability is refused it too); the person shares a session with `browserctl mcp --session`",
		Commands: []Command{{
			Path:    "session attach-current",
			Flags:   []Flag{{Name: "name", Member: "name", Help: "the tab group's title"}, BrowserFlag},
			Short:   "Take over the user's active tab as a new session; it becomes the current session",
			Example: "  browserctl session attach-current --name mine",
			Printer: PrintSession, Replay: Skips + "it takes the tab in front, which differs on a replay",
		}}},
	{Wire: SessionList, Session: NoSession, Params: BrowserParams{}, Result: SessionListResult{},
		Summary: "list sessions", ResultDoc: "with several browsers on the hub, every browser's, each session naming its browser",
		Commands: []Command{{
			Path: "session list", Aliases: []string{"ls"}, Flags: []Flag{BrowserFlag},
			Short:   "List sessions",
			Example: "  browserctl session list\n  browserctl session list --json",
			Printer: PrintSessions, Replay: Skips + ReadsOnly,
		}}},
	{Wire: SessionRename, Session: SessionRequired, Params: SessionRenameParams{}, Result: Session{},
		Summary: "rename a session",
		Commands: []Command{{
			Path: "session rename", Args: []Arg{{Name: "ID", Member: "sessionId", Complete: "sessions"}, {Name: "NAME", Member: "name"}},
			Needs:   "a session ID and a NAME",
			Short:   "Rename a session",
			Example: "  browserctl session rename s1 shopping",
			Printer: PrintSession, Replay: Skips + IDsDiffer,
		}}},
	{Wire: SessionRelease, Session: SessionRequired, Params: SessionIDParams{}, Result: SessionReleaseResult{},
		Summary: "release control of a session, keeping its tabs", ResultDoc: "debugger detached, group and tabs stay",
		Commands: []Command{{
			Path: "session release", Args: []Arg{{Name: "ID", Member: "sessionId", Complete: "sessions", Optional: true}},
			Needs:   "at most one session ID",
			Short:   "Release a session: detach the debugger, keep its tab group and tabs (default: --session, else the current session)",
			Example: "  browserctl session release s1\n  browserctl session release",
			Done:    "released session {.sessionId}", Replay: Skips + IDsDiffer,
		}}},
	{Wire: SessionClose, Session: SessionRequired, Params: SessionIDParams{}, Result: SessionCloseResult{},
		Summary: "close a session's whole tab group", ResultDoc: "the group's tabs are closed",
		Commands: []Command{{
			Path: "session close", Args: []Arg{{Name: "ID", Member: "sessionId", Complete: "sessions", Optional: true}},
			Needs:   "at most one session ID",
			Short:   "Close a session: close its tab group's tabs (default: --session, else the current session)",
			Example: "  browserctl session close s1\n  browserctl session close",
			Done:    "closed session {.sessionId}", Replay: Skips + IDsDiffer,
		}}},
	{Wire: SessionStop, Session: SessionRequired, Params: SessionIDParams{}, Result: SessionStopResult{},
		Summary:   "stop a session for the person: its calls in flight fail and new ones are refused (stopped_by_person) until sessions.resume; the debugger lets go of its tabs, which stay",
		ResultDoc: "what the popup's Stop does",
		Commands: []Command{{
			Path: "session stop", Args: []Arg{{Name: "ID", Member: "sessionId", Complete: "sessions", Optional: true}},
			Needs: "at most one session ID",
			Short: "Stop a session as the popup's Stop does: its calls fail with stopped_by_person until resumed; its tabs stay",
			Long: `Stop the session (default: --session, else the current session) as the
person's Stop button in the extension's popup does: calls of the session in
flight fail with reason stopped_by_person, new ones are refused with it
(not retryable) until ` + "`session resume`" + ` or the popup's Resume, and the
debugger lets go of its tabs (the tabs and the group stay).`,
			Example: "  browserctl session stop s1\n  browserctl session resume s1",
			Done:    "stopped session {.sessionId}", Replay: Skips + IDsDiffer,
		}}},
	{Wire: SessionResume, Session: SessionRequired, Params: SessionIDParams{}, Result: SessionStopResult{},
		Summary: "let a stopped session run calls again",
		NoTool:  "the person's Stop is undone by the person (the popup) or the shell, never by the agent it stopped",
		Commands: []Command{{
			Path: "session resume", Args: []Arg{{Name: "ID", Member: "sessionId", Complete: "sessions", Optional: true}},
			Needs:   "at most one session ID",
			Short:   "Resume a stopped session: its calls run again",
			Example: "  browserctl session resume s1",
			Done:    "resumed session {.sessionId}", Replay: Skips + IDsDiffer,
		}}},
	{Wire: SessionSetPolicy, Session: SessionRequired, Params: SessionPolicyParams{}, Result: SessionPolicy{},
		Summary:   "set what the person is asked before in a session (confirm) and how long its tabs stay attached without a call (detachWhenIdleMs); without either, answer the policy",
		ResultDoc: "the policy now; a capability may read it, never change it",
		NoTool:    "the person's rules for a session: set by the person (`session policy`) or whoever starts the server (`mcp --confirm`), never by the agent they bind"},
}

// Session is a session: a Chrome tab group.
type Session struct {
	SessionID   string `json:"sessionId"`
	Name        string `json:"name"`
	GroupID     int    `json:"groupId"`
	TabIDs      []int  `json:"tabIds"`
	ActiveTabID int    `json:"activeTabId" ts:"number | null" doc:"null (0 in Go) when the group has no tab"`
	Stopped     bool   `json:"stopped,omitempty" doc:"the person stopped it (sessions.stop, the popup's Stop)"`
	Browser     string `json:"browser,omitempty" doc:"hub side: the name of the browser it lives on (the hub adds it)"`
	BrowserID   string `json:"browserId,omitempty" doc:"hub side: that browser's id"`
	// The person's side of the session (sessions.list fills these).
	StoppedAt        float64  `json:"stoppedAt,omitempty" doc:"ms since the epoch: when it was stopped (while stopped)"`
	ResumedAt        float64  `json:"resumedAt,omitempty" doc:"ms since the epoch: when it was last resumed"`
	Confirm          []string `json:"confirm,omitempty" doc:"what the person is asked before (sessions.setPolicy)"`
	DetachWhenIdleMs int      `json:"detachWhenIdleMs,omitempty" doc:"its tabs let go of the debugger after this long without a call"`
	AttachedTabIDs   []int    `json:"attachedTabIds,omitempty" doc:"its tabs the debugger is attached to now"`
}

// SessionPolicyParams are the params of sessions.setPolicy: a member left
// out keeps its value.
type SessionPolicyParams struct {
	SessionID        string    `json:"sessionId,omitempty"`
	Confirm          *[]string `json:"confirm,omitempty" enum:"ConfirmKind" ts:"ConfirmKind[]" doc:"the actions the person is asked to allow first; [] none; replaces the list"`
	DetachWhenIdleMs *int      `json:"detachWhenIdleMs,omitempty" min:"0" doc:"detach the session's tabs after this long without a call, attach again at the next; 0 never"`
}

// SessionPolicy is the result of sessions.setPolicy: the session's policy.
type SessionPolicy struct {
	SessionID        string   `json:"sessionId"`
	Confirm          []string `json:"confirm"`
	DetachWhenIdleMs int      `json:"detachWhenIdleMs"`
	FirstSite        string   `json:"firstSite,omitempty" doc:"the site navigate-offsite compares with: the host of the session's first page"`
}

// SessionStopResult is the result of sessions.stop and sessions.resume.
type SessionStopResult struct {
	SessionID      string `json:"sessionId"`
	Stopped        bool   `json:"stopped" ts:"boolean"`
	DetachedTabIDs []int  `json:"detachedTabIds,omitempty"`
}

// SessionCreateParams are the params of sessions.create.
type SessionCreateParams struct {
	Name    string `json:"name,omitempty"`
	URL     string `json:"url,omitempty"`
	Browser string `json:"browser,omitempty" doc:"hub side: the browser (name or id) to create it in; default: the only one, else the one connected first; the hub removes it"`
}

// SessionAttachCurrentParams are the params of sessions.attachCurrent.
type SessionAttachCurrentParams struct {
	Name    string `json:"name,omitempty"`
	Browser string `json:"browser,omitempty" doc:"hub side: the browser (name or id) whose active tab to take; default: the one connected first; the hub removes it"`
}

// SessionIDParams are the params of sessions.release, sessions.close and tabs.list.
type SessionIDParams struct {
	SessionID string `json:"sessionId,omitempty"`
}

// SessionRenameParams are the params of sessions.rename.
type SessionRenameParams struct {
	SessionID string `json:"sessionId,omitempty"`
	Name      string `json:"name"`
}

// SessionReleaseResult is the result of sessions.release.
type SessionReleaseResult struct {
	SessionID string `json:"sessionId"`
	Released  bool   `json:"released"`
}

// SessionCloseResult is the result of sessions.close.
type SessionCloseResult struct {
	SessionID string `json:"sessionId"`
	Closed    bool   `json:"closed"`
}

// SessionListResult is the result of sessions.list.
type SessionListResult struct {
	Sessions []Session `json:"sessions"`
	// Unreachable are the browsers that did not answer the hub's
	// sessions.list (their sessions are missing above).
	Unreachable []UnreachableBrowser `json:"unreachable,omitempty" doc:"hub side: browsers that did not answer; their sessions are missing"`
}

// UnreachableBrowser is a browser the hub could not list the sessions of.
type UnreachableBrowser struct {
	Browser string `json:"browser"`
	ID      string `json:"browserId"`
	Error   string `json:"error"`
}
