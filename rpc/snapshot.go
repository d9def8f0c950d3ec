package rpc

// The page's accessibility tree, with the refs (e1, e2, ...) other methods act on.

// PageSnapshot is the wire name of pages.snapshot.
const PageSnapshot = "pages.snapshot"

// snapshotMethods are the snapshot's rows of Methods.
var snapshotMethods = []Method{
	{Wire: PageSnapshot, Session: SessionRequired, Params: SnapshotParams{}, Result: SnapshotResult{},
		Summary: "accessibility tree and ref map", ResultDoc: "`snapshot` is the text below, `refs` maps each ref in it"},
}

// SnapshotParams are the params of pages.snapshot.
type SnapshotParams struct {
	PageParams
	Interactive bool `json:"interactive,omitempty" default:"false"`
	Compact     bool `json:"compact,omitempty" default:"false"`
	Depth       *int `json:"depth,omitempty" min:"0" doc:"none = unlimited"`
	// What part of the page, and how much of it, the reader gets.
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
