package rpc

// The page's accessibility tree, with the refs (e1, e2, ...) other methods act on.

// PageSnapshot is the wire name of pages.snapshot.
const PageSnapshot = "pages.snapshot"

// snapshotMethods are the snapshot's rows of Methods.
var snapshotMethods = []Method{
	{Wire: PageSnapshot, Session: SessionRequired, Params: SnapshotParams{}, Result: SnapshotResult{},
		Summary: "accessibility tree and ref map", ResultDoc: "`snapshot` is the text below, `refs` maps each ref in it",
		Commands: []Command{{
			Path: "snapshot",
			Flags: []Flag{
				{Name: "interactive", Short: "i", Member: "interactive", Help: "only elements a user can act on, flat"},
				{Name: "compact", Short: "c", Member: "compact", Help: "drop unnamed structural nodes"},
				{Name: "depth", Short: "d", Member: "depth", Default: "-1", Help: "cut the tree below this level"},
				{Name: "selector", Short: "s", Member: "selector", Complete: "refs", Help: "only the subtree of this ref or CSS selector (its first match: the page, its shadow roots, then its frames)"},
				{Name: "viewport", Member: "viewport", Help: "only what is inside the viewport now"},
				{Name: "max-chars", Member: "maxChars", Default: "0", Invalid: "--max-chars must be at least 200, not %[1]s",
					Help: "at most N characters, cut at a line (N >= 200); the last line names the --offset of the rest"},
				{Name: "offset", Member: "offset", Help: "start at this line of the tree (after title and url): the rest of a cut snapshot"},
				{Name: "diff", Member: "diff", Help: "only what changed since this tab's previous snapshot"},
			},
			Short: "Print the page's accessibility tree with refs (e1, e2, ...) to act on",
			Long: `Print the page's title and URL, then the page as an indented tree, one
node a line:
  - role "name" [ref=eN] [attributes]
Iframes (cross-origin too) and shadow roots are included; refs inside a
frame read fKeN. Refs name elements for click, fill, get ...: the same
element keeps its ref across snapshots and modes until its document goes.`,
			Example: `  browserctl snapshot
  browserctl snapshot -i                # interactive elements only
  browserctl snapshot -c -d 3           # compact, three levels
  browserctl snapshot -s e12            # only the subtree of e12 (or -s '#main')
  browserctl snapshot --viewport        # only what is on screen
  browserctl snapshot --max-chars 4000  # cut at a line, say what was left out
  browserctl snapshot --max-chars 4000 --offset 180  # the next part, from body line 180
  browserctl snapshot --diff            # what changed since the previous snapshot`,
			Printer: PrintSnapshot, Replay: Skips + ReadsOnly,
		}}},
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
	Settle   bool   `json:"settle,omitempty" default:"false" doc:"first wait (at most 10 s) until no frame is navigating or loading, and after an action (the tab's last call) until the fetch and XMLHttpRequest requests it set off came back (at most 1 s): the snapshot after an action that navigated the page or an iframe, or filled it from a request"`
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
