package rpc

import "encoding/json"

// Typed params and results of every method (docs/protocol.md section 4).
// Optional members carry omitempty so a command sends exactly what its user
// gave; an empty SessionID is left out so the hub fills in its current session.

// Session is a session: a Chrome tab group.
type Session struct {
	SessionID   string `json:"sessionId"`
	Name        string `json:"name"`
	GroupID     int    `json:"groupId"`
	TabIDs      []int  `json:"tabIds"`
	ActiveTabID int    `json:"activeTabId"`
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

// Ref is one element a snapshot referenced.
type Ref struct {
	Ref  string `json:"ref"`
	Role string `json:"role"`
	Name string `json:"name"`
}

// Box is an element's box in CSS pixels, viewport coordinates.
type Box struct {
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

// ---- sessions.* ----

// SessionCreateParams are the params of sessions.create.
type SessionCreateParams struct {
	Name string `json:"name,omitempty"`
	URL  string `json:"url,omitempty"`
}

// SessionAttachCurrentParams are the params of sessions.attachCurrent.
type SessionAttachCurrentParams struct {
	Name string `json:"name,omitempty"`
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

// SessionListResult is the result of sessions.list.
type SessionListResult struct {
	Sessions []Session `json:"sessions"`
}

// ---- tabs.* ----

// TabOpenParams are the params of tabs.open.
type TabOpenParams struct {
	SessionID string `json:"sessionId,omitempty"`
	URL       string `json:"url"`
	Active    *bool  `json:"active,omitempty"`
}

// TabIDParams are the params of tabs.attach, tabs.activate and tabs.close.
type TabIDParams struct {
	SessionID string `json:"sessionId,omitempty"`
	TabID     int    `json:"tabId"`
}

// TabListResult is the result of tabs.list and tabs.userList.
type TabListResult struct {
	Tabs []Tab `json:"tabs"`
}

// ---- pages.* ----

// PageParams are the members every pages.* method takes.
type PageParams struct {
	SessionID string `json:"sessionId,omitempty"`
	TabID     int    `json:"tabId,omitempty"`
}

// SnapshotParams are the params of pages.snapshot.
type SnapshotParams struct {
	PageParams
	Interactive bool `json:"interactive,omitempty"`
	Compact     bool `json:"compact,omitempty"`
	Depth       *int `json:"depth,omitempty"`
	// Issue 9: the reader's size.
	Selector string `json:"selector,omitempty"` // a ref or a CSS selector: that subtree only
	Viewport bool   `json:"viewport,omitempty"` // only what is in the viewport
	MaxChars *int   `json:"maxChars,omitempty"` // at most this many characters
	Diff     bool   `json:"diff,omitempty"`     // only what changed since the previous snapshot
}

// SnapshotResult is the result of pages.snapshot.
type SnapshotResult struct {
	Snapshot string         `json:"snapshot"`
	Refs     map[string]Ref `json:"refs"`
	URL      string         `json:"url"`
	Title    string         `json:"title"`
	TabID    int            `json:"tabId"`
}

// RefParams are the params of pages.hover and pages.scrollIntoView.
type RefParams struct {
	PageParams
	Ref      string `json:"ref,omitempty"`
	Selector string `json:"selector,omitempty"` // issue 8: a CSS selector instead of a ref
}

// ClickParams are the params of pages.click.
type ClickParams struct {
	PageParams
	Ref        string `json:"ref,omitempty"`
	Selector   string `json:"selector,omitempty"` // issue 8: a CSS selector instead of a ref
	Button     string `json:"button,omitempty"`
	ClickCount int    `json:"clickCount,omitempty"`
}

// FillParams are the params of pages.fill.
type FillParams struct {
	PageParams
	Ref      string `json:"ref,omitempty"`
	Selector string `json:"selector,omitempty"` // issue 8: a CSS selector instead of a ref
	Value    string `json:"value"`
}

// TypeParams are the params of pages.type.
type TypeParams struct {
	PageParams
	Ref      string `json:"ref,omitempty"`
	Selector string `json:"selector,omitempty"` // issue 8: a CSS selector instead of a ref
	Text     string `json:"text"`
}

// SelectParams are the params of pages.select.
type SelectParams struct {
	PageParams
	Ref      string   `json:"ref,omitempty"`
	Selector string   `json:"selector,omitempty"` // issue 8: a CSS selector instead of a ref
	Values   []string `json:"values"`
}

// SelectResult is the result of pages.select.
type SelectResult struct {
	Selected []string `json:"selected"`
}

// PressParams are the params of pages.press.
type PressParams struct {
	PageParams
	Key string `json:"key"`
}

// ScrollParams are the params of pages.scroll.
type ScrollParams struct {
	PageParams
	Direction string `json:"direction"`
	Amount    int    `json:"amount,omitempty"`
}

// ScrollResult is the result of pages.scroll.
type ScrollResult struct {
	ScrollX float64 `json:"scrollX"`
	ScrollY float64 `json:"scrollY"`
}

// MouseParams are the params of pages.mouse.
type MouseParams struct {
	PageParams
	Action string  `json:"action"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Button string  `json:"button,omitempty"`
	DeltaX float64 `json:"deltaX,omitempty"`
	DeltaY float64 `json:"deltaY,omitempty"`
}

// GetParams are the params of pages.get.
type GetParams struct {
	PageParams
	What     string `json:"what"`
	Ref      string `json:"ref,omitempty"`
	Selector string `json:"selector,omitempty"` // issue 8: a CSS selector instead of a ref
}

// ValueResult is the result of pages.get and pages.eval: any JSON value.
type ValueResult struct {
	Value json.RawMessage `json:"value"`
}

// ScreenshotParams are the params of pages.screenshot.
type ScreenshotParams struct {
	PageParams
	Ref      string `json:"ref,omitempty"`
	Selector string `json:"selector,omitempty"` // issue 8: a CSS selector instead of a ref
	FullPage bool   `json:"fullPage,omitempty"`
}

// ScreenshotResult is the result of pages.screenshot.
type ScreenshotResult struct {
	Data   string `json:"data"`
	Format string `json:"format"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
}

// WaitParams are the params of pages.wait: MS or State.
type WaitParams struct {
	PageParams
	MS      *int   `json:"ms,omitempty"`
	State   string `json:"state,omitempty"`
	Timeout int    `json:"timeout,omitempty"`
}

// WaitResult is the result of pages.wait.
type WaitResult struct {
	Waited int `json:"waited"`
}

// EvalParams are the params of pages.eval.
type EvalParams struct {
	PageParams
	Expression string `json:"expression"`
	// TimeoutMS is how long the extension waits for the value (default
	// 30000): the call's --timeout.
	TimeoutMS int `json:"timeoutMs,omitempty"`
}

// OKResult is the result of the pages.* actions that answer {"ok":true}.
type OKResult struct {
	OK bool `json:"ok"`
}
