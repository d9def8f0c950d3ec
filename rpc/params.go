package rpc

import "encoding/json"

// Typed params and results of every method (docs/protocol.md section 4),
// read by the generator (internal/protogen) through these tags:
//
//	json:"name"            the member; without omitempty it is required
//	json:"name,omitempty"  optional: a command sends exactly what its user gave
//	enum:"MouseButton"     one of that Enum's values (enums.go)
//	default:"500"          the value the extension uses when it is absent
//	min:"0"                the smallest int allowed
//	doc:"..."              words for docs/protocol.md
//	ts:"string | Box"      the TypeScript type, where Go's says too little
//
// sessionId is required or not by the method's SessionUse; an empty
// SessionID is left out so the hub fills in its current session.

// Objects are the shapes several methods share (docs/protocol.md's
// "Objects"); the generator declares them for the extension.
var Objects = []any{Session{}, Tab{}, Ref{}, Box{}, Download{}, Cookie{}, ConsoleEntry{}, ErrorEntry{}, RequestEntry{},
	DialogReport{}, ActedOn{}, Navigation{}, Popup{}}

// Session is a session: a Chrome tab group.
type Session struct {
	SessionID   string `json:"sessionId"`
	Name        string `json:"name"`
	GroupID     int    `json:"groupId"`
	TabIDs      []int  `json:"tabIds"`
	ActiveTabID int    `json:"activeTabId" ts:"number | null" doc:"null (0 in Go) when the group has no tab"`
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

// NoParams are the params of the methods that take none.
type NoParams struct{}

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
}

// ---- tabs.* ----

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

// ---- pages.* ----

// PageParams are the members every pages.* method takes.
type PageParams struct {
	SessionID string `json:"sessionId,omitempty"`
	TabID     int    `json:"tabId,omitempty" min:"0" doc:"default: the session's active tab"`
	// TimeoutMS is the caller's timeout for the call (issue 8,
	// docs/protocol.md "timeoutMs"): no CDP command of the call is cut off
	// before it, and for the methods that wait it is their whole budget.
	TimeoutMS int `json:"timeoutMs,omitempty" min:"0" doc:"ms, at most 3600000, default 30000"`
}

// SnapshotParams are the params of pages.snapshot.
type SnapshotParams struct {
	PageParams
	Interactive bool `json:"interactive,omitempty" default:"false"`
	Compact     bool `json:"compact,omitempty" default:"false"`
	Depth       *int `json:"depth,omitempty" min:"0" doc:"none = unlimited"`
	// Issue 9: the reader's size.
	Selector string `json:"selector,omitempty" doc:"a ref such as e12 or f2e5, or a CSS selector of the main frame: that element's subtree only"`
	Viewport bool   `json:"viewport,omitempty" default:"false" doc:"only what intersects the viewport"`
	MaxChars *int   `json:"maxChars,omitempty" min:"200" doc:"cut at a line; the last line says what was left out and the offset to continue from"`
	Offset   int    `json:"offset,omitempty" min:"0" default:"0" doc:"start at this line of the snapshot's body (after title and url): the rest of a cut snapshot"`
	Diff     bool   `json:"diff,omitempty" default:"false" doc:"only the lines changed since this tab's previous snapshot with the same options"`
	Settle   bool   `json:"settle,omitempty" default:"false" doc:"first wait (at most 10 s) until no frame is navigating or loading: the snapshot after an action that navigated the page or an iframe"`
}

// SnapshotResult is the result of pages.snapshot.
type SnapshotResult struct {
	Snapshot string         `json:"snapshot"`
	Refs     map[string]Ref `json:"refs"`
	URL      string         `json:"url"`
	Title    string         `json:"title"`
	TabID    int            `json:"tabId"`
	// Cut: the page was too large to walk within the snapshot's time budget
	// (or its line limit); Snapshot is its first part and ends with a note.
	Cut bool `json:"cut,omitempty"`
}

// RefParams are the params of pages.hover, pages.scrollIntoView and
// pages.focus: a target, ref or selector (issue 8), never both.
type RefParams struct {
	PageParams
	Ref      string `json:"ref,omitempty" doc:"or selector"`
	Selector string `json:"selector,omitempty" doc:"CSS, instead of ref"`
}

// ClickParams are the params of pages.click.
type ClickParams struct {
	PageParams
	Ref        string `json:"ref,omitempty" doc:"or selector"`
	Selector   string `json:"selector,omitempty" doc:"CSS, instead of ref"`
	Button     string `json:"button,omitempty" enum:"MouseButton" default:"\"left\""`
	ClickCount int    `json:"clickCount,omitempty" default:"1"`
	Force      bool   `json:"force,omitempty" default:"false" doc:"skip the hit-test and the stability wait"`
}

// FillParams are the params of pages.fill.
type FillParams struct {
	PageParams
	Ref      string `json:"ref,omitempty" doc:"or selector"`
	Selector string `json:"selector,omitempty" doc:"CSS, instead of ref"`
	Value    string `json:"value"`
}

// TypeParams are the params of pages.type.
type TypeParams struct {
	PageParams
	Ref      string `json:"ref,omitempty" doc:"or selector"`
	Selector string `json:"selector,omitempty" doc:"CSS, instead of ref"`
	Text     string `json:"text"`
}

// SelectParams are the params of pages.select.
type SelectParams struct {
	PageParams
	Ref      string   `json:"ref,omitempty" doc:"or selector"`
	Selector string   `json:"selector,omitempty" doc:"CSS, instead of ref"`
	Values   []string `json:"values" doc:"non-empty; each matches an option's value, else its label"`
}

// SelectResult is the result of pages.select.
type SelectResult struct {
	Selected []string `json:"selected"`
}

// PressParams are the params of pages.press.
type PressParams struct {
	PageParams
	Key string `json:"key" doc:"a key name with optional modifiers: Enter, a, Control+a, Shift+Tab, Meta+ArrowLeft"`
}

// ScrollParams are the params of pages.scroll.
type ScrollParams struct {
	PageParams
	Direction string `json:"direction" enum:"ScrollDirection"`
	Amount    int    `json:"amount,omitempty" default:"500" doc:"CSS px"`
}

// ScrollResult is the result of pages.scroll.
type ScrollResult struct {
	ScrollX float64 `json:"scrollX"`
	ScrollY float64 `json:"scrollY"`
}

// MouseParams are the params of pages.mouse.
type MouseParams struct {
	PageParams
	Action string  `json:"action" enum:"MouseAction"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Button string  `json:"button,omitempty" enum:"MouseButton" default:"\"left\""`
	DeltaX float64 `json:"deltaX,omitempty" doc:"wheel"`
	DeltaY float64 `json:"deltaY,omitempty" doc:"wheel"`
}

// GetParams are the params of pages.get.
type GetParams struct {
	PageParams
	What     string `json:"what" enum:"GetWhat"`
	Ref      string `json:"ref,omitempty" doc:"or selector; one is required for value and box; for text and html without one: the whole document"`
	Selector string `json:"selector,omitempty" doc:"CSS, instead of ref"`
}

// ValueResult is the result of pages.eval: any JSON value.
type ValueResult struct {
	Value json.RawMessage `json:"value"`
}

// GetResult is the result of pages.get: a string, or a Box for "box".
// Its members are ValueResult's, so commands decode it as one.
type GetResult struct {
	Value json.RawMessage `json:"value" ts:"string | Box"`
}

// ScreenshotParams are the params of pages.screenshot.
type ScreenshotParams struct {
	PageParams
	Ref      string `json:"ref,omitempty" doc:"or selector"`
	Selector string `json:"selector,omitempty" doc:"CSS, instead of ref"`
	FullPage bool   `json:"fullPage,omitempty" default:"false"`
	// evidence: formats, scaling, annotations
	Format   string `json:"format,omitempty" enum:"ImageFormat" default:"\"png\""`
	Quality  *int   `json:"quality,omitempty" min:"0" doc:"jpeg/webp, 0-100"`
	MaxWidth int    `json:"maxWidth,omitempty" min:"0" doc:"scale down to this many pixels wide, aspect kept"`
	Annotate bool   `json:"annotate,omitempty" default:"false" doc:"answer the refs' boxes in annotations"`
}

// ScreenshotResult is the result of pages.screenshot.
type ScreenshotResult struct {
	Data   string `json:"data"`
	Format string `json:"format"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	// evidence: the refs to draw, with Annotate
	Annotations []Annotation `json:"annotations,omitempty" doc:"with annotate: the interactive refs in view"`
}

// WaitParams are the params of pages.wait: MS or State.
type WaitParams struct {
	PageParams
	MS      *int   `json:"ms,omitempty" min:"0" doc:"ms or state, one of them"`
	State   string `json:"state,omitempty" enum:"LoadState"`
	Timeout int    `json:"timeout,omitempty" default:"30000" doc:"ms, for state"`
}

// WaitResult is the result of pages.wait.
type WaitResult struct {
	Waited int `json:"waited"`
}

// EvalParams are the params of pages.eval.
type EvalParams struct {
	PageParams
	Expression string `json:"expression" doc:"awaited if it returns a promise"`
}

// OKResult is the result of the pages.* actions that answer {"ok":true}.
type OKResult struct {
	OK bool `json:"ok" ts:"true"`
}
