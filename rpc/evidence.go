package rpc

// Evidence: what a page did, for a person or a model to look at afterwards.
// Screenshot formats and annotations (pages.screenshot's optional members),
// a screencast recording (record.*), a Chrome trace (trace.*), the page's
// Web Vitals (pages.vitals) and an outline drawn on an element
// (pages.highlight).

// PageScreenshot is the wire name of pages.screenshot.
const PageScreenshot = "pages.screenshot"

// evidenceMethods are the evidence rows of Methods.
var evidenceMethods = []Method{
	{Wire: PageScreenshot, Session: SessionRequired, Params: ScreenshotParams{}, Result: ScreenshotResult{},
		Tool: &Tool{Name: "browser_take_screenshot", Title: "Screenshot",
			Description: "Take a screenshot (PNG, JPEG or WebP) of the viewport, the full page, or one element by its ref. With annotate, the refs are drawn onto it and listed, so you can tell which ref is which element; you still act with the refs, not the picture.",
			Effect:      ReadOnly, Hide: []string{"selector", "maxWidth"}, Answer: AnswerScreenshot,
			Describe: map[string]string{
				"ref":      "the element's ref; without one, the viewport",
				"annotate": "draw the interactive refs' boxes and labels (e1, e2, ...) onto the image and list them with role, name and box",
			}},
		Summary: "screenshot (base64 PNG)", ResultDoc: "`width` and `height` in CSS pixels of the shot",
		Commands: []Command{{
			Path: "screenshot", Args: []Arg{{Name: "REF", Member: "ref", Target: true, Optional: true}}, Needs: "an optional REF",
			Flags: []Flag{
				{Name: "output", Short: "o", Help: "file to write (default screenshot-YYYYMMDD-HHMMSS.png, .jpg or .webp)"},
				OverwriteFlag,
				{Name: "full", Member: "fullPage", Help: "the whole page, not just the viewport"},
				{Name: "format", Member: "format", Help: "image format: png, jpeg or webp (default: -o's extension, else png)"},
				{Name: "quality", Member: "quality", Help: "jpeg/webp quality, 0-100 (default: the browser's)"},
				{Name: "max-width", Member: "maxWidth", Help: "scale down to at most this many pixels wide, aspect kept"},
				{Name: "annotate", Member: "annotate", Help: "draw the refs' boxes and labels onto the image and list them"},
			},
			Short: "Save a PNG, JPEG or WebP of the viewport, the full page or one element, and print its path",
			Long: `Save a screenshot and print the file's path. Without -o the file is
screenshot-YYYYMMDD-HHMMSS.png (.jpg, .webp) in the current folder; without
--format the format follows -o's extension (.png, .jpg/.jpeg, .webp), else png.
--quality (0-100) is for jpeg and webp; --max-width scales the image down to
that many pixels wide, keeping its aspect.

--annotate draws the interactive refs of what the shot covers onto it (their
boxes and labels e1, e2 ...) and prints them after the path, one per line:
ref, role, name, box (x,y wxh in image pixels), so that a person or a model
can tell which ref is which element. Annotated WebP is encoded by ffmpeg (on
PATH); png and jpeg need nothing.

With --json the result is printed with its base64 "data", the "path" it was
saved to and, with --annotate, the "annotations".`,
			Example: `  browserctl screenshot
  browserctl screenshot --full -o page.png
  browserctl screenshot e12 -o button.png
  browserctl screenshot --format jpeg --quality 70 --max-width 800
  browserctl screenshot --annotate -o refs.png`,
			Hook: HookScreenshot, Replay: Skips + WritesOutput,
		}}},
	{Wire: PageVitals, Session: SessionRequired, Params: VitalsParams{}, Result: VitalsResult{},
		Tool: &Tool{Name: "browser_vitals", Title: "Web Vitals",
			Description: "The page's Web Vitals (LCP and its element, CLS and what shifted, INP, FCP, TTFB) and navigation timing, in ms.",
			Done:        "### Web Vitals\n{.}"},
		Summary: "the page's Web Vitals and navigation timing", ResultDoc: "from the browser's PerformanceObserver entries (buffered), in ms",
		Commands: []Command{{
			Path:  "vitals",
			Flags: []Flag{{Name: "reload", Member: "reload", Help: "reload the tab and measure the fresh load"}},
			Short: "Print the page's Web Vitals (LCP, CLS, INP, FCP, TTFB) and navigation timing",
			Long: `Print the page's Web Vitals from the browser's own performance entries
(PerformanceObserver, buffered): LCP and its element, CLS (the largest
session window of layout shifts) and the elements that shifted, INP of the
interactions the browser kept (event entries of 104 ms and more, and the
first input) when there was input, FCP, TTFB, and the navigation's timing
phases. Times are ms from the navigation's start. --reload reloads the tab
and measures the fresh load.`,
			Example: "  browserctl vitals\n  browserctl vitals --reload --json",
			Printer: PrintVitals, Replay: Skips + ReadsOnly,
		}}},
	{Wire: PageHighlight, Session: SessionRequired, Params: HighlightParams{}, Result: HighlightResult{},
		Tool: &Tool{Name: "browser_highlight", Title: "Highlight",
			Description: "Outline an element for the person watching (durationMs, 0: until cleared), or clear the outline; the page's layout does not change.",
			Effect:      Additive, Element: true, Optional: []string{"ref"}, Done: "Highlight: {.}"},
		Summary: "outline an element for a person to see, or clear the outline", ResultDoc: "drawn by the browser's overlay: the page's layout does not change",
		Commands: []Command{{
			Path: "highlight", Args: []Arg{{Name: "TARGET", Member: "ref", Target: true, Optional: true}},
			Needs: "a TARGET (a REF or a CSS selector), or --clear",
			Flags: []Flag{
				{Name: "duration", Kind: "duration", Default: "2s", Help: "how long the outline stays; 0: until highlight --clear"},
				{Name: "clear", Member: "clear", Help: "hide the outline"},
			},
			Short: "Outline an element in the page for a person to see, or --clear the outline",
			Long: `Outline an element in the page for a person watching the browser, for
--duration (default 2s; 0 keeps it until highlight --clear). The outline is
the browser's inspector overlay: the page's DOM and layout do not change.

{target}`,
			Example: "  browserctl highlight e12\n  browserctl highlight 'role=button[name=\"Save\"]' --duration 10s\n  browserctl highlight --clear",
			Hook:    HookHighlight, Replay: Skips + ShowsOnly,
		}}},
	{Wire: RecordStart, Session: SessionRequired, Params: RecordStartParams{}, Result: RecordStartResult{},
		Summary: "start recording the session's active tab (screencast frames)", ResultDoc: "one recording per session; follows the session's active tab",
		Commands: []Command{{
			Path: "record start", Args: []Arg{{Name: "FILE", Optional: true, File: true}}, Needs: "an optional FILE",
			Flags: []Flag{
				{Name: "quality", Member: "quality", Help: "JPEG quality of the frames, 0-100 (default 70)"},
				{Name: "max-width", Member: "maxWidth", Help: "scale frames down to this many pixels wide"},
				OverwriteFlag,
			},
			Short:   "Start recording the session's active tab into FILE (.webm, .mp4, .gif, .png)",
			Example: "  browserctl record start\n  browserctl record start run.gif --max-width 800",
			Done:    "recording tab {.tabId} into {FILE} (record stop writes it)",
			Hook:    HookRecordStart, Replay: Replayed,
		}}},
	{Wire: RecordStop, Session: SessionRequired, Params: SessionIDParams{}, Result: RecordStopResult{},
		Summary: "stop the session's recording", ResultDoc: "no recording: -32602",
		Commands: []Command{{
			Path: "record stop", Flags: []Flag{OverwriteFlag},
			Short:   "Stop the session's recording, write its file and print the path",
			Example: "  browserctl record stop\n  browserctl record stop --json",
			Hook:    HookRecordStop, Replay: Replayed,
		}}},
	{Wire: RecordFrames, Session: SessionRequired, Params: RecordFramesParams{}, Result: RecordFramesResult{},
		Summary: "the frames of the session's stopped recording, a chunk at a time", CalledBy: "record stop"},
	{Wire: TraceStart, Session: SessionRequired, Params: TraceStartParams{}, Result: TraceStartResult{},
		Tool: &Tool{Name: "browser_start_trace", Title: "Start a performance trace",
			Description: "Start a Chrome performance trace of the current tab (CDP Tracing). Stop it with browser_stop_trace, which writes the file.",
			Answer:      AnswerTraceStart,
			Describe: map[string]string{
				"categories":  "trace categories (default: the ones DevTools' Performance panel records); -NAME excludes",
				"screenshots": "the tab's frames as DevTools' screenshots too",
			}},
		Summary: "start a Chrome trace of the session's active tab (CDP Tracing)",
		Commands: []Command{{
			Path: "trace start",
			Flags: []Flag{
				{Name: "categories", Member: "categories", Help: "trace categories, comma-separated; -NAME excludes (default: DevTools' Performance panel's)"},
				{Name: "screenshots", Member: "screenshots", Help: "add screenshots of the page to the trace (its screencast, JPEG 500 px wide; DevTools' filmstrip)"},
			},
			Short:   "Start tracing the session's active tab",
			Example: "  browserctl trace start\n  browserctl trace start --categories devtools.timeline,v8.execute --screenshots",
			Done:    "tracing tab {.tabId} (trace stop FILE writes it)",
			Hook:    HookTraceStart, Replay: Replayed,
		}}},
	{Wire: TraceStop, Session: SessionRequired, Params: SessionIDParams{}, Result: TraceStopResult{},
		Tool: &Tool{Name: "browser_stop_trace", Title: "Stop the performance trace",
			Description: "Stop the trace browser_start_trace began and write its JSON ({\"traceEvents\": [...]}) to path.",
			Answer:      AnswerTraceStop},
		Summary: "end the session's trace", ResultDoc: "no trace: -32602; read the JSON with trace.read",
		Commands: []Command{{
			Path: "trace stop", Args: []Arg{{Name: "FILE", File: true}}, Needs: "FILE", Flags: []Flag{OverwriteFlag},
			Short:   "Stop the session's trace and write its JSON to FILE",
			Example: "  browserctl trace stop trace.json",
			Hook:    HookTraceStop, Replay: Replayed,
		}}},
	{Wire: TraceRead, Session: SessionRequired, Params: TraceReadParams{}, Result: TraceReadResult{},
		Summary: "the next chunk of a stopped trace's JSON", CalledBy: "trace stop"},
	{Wire: TraceShots, Session: SessionRequired, Params: TraceShotsParams{}, Result: TraceShotsResult{},
		Summary: "the screencast frames of a stopped trace started with screenshots, a chunk at a time", ResultDoc: "the CLI inserts them into the trace as DevTools' Screenshot events",
		CalledBy: "trace stop"},
}

// evidenceGroups are the groups of the evidence commands.
var evidenceGroups = []Group{{
	Path:  "record",
	Short: "Record a video of the session's active tab (record start [FILE], record stop), or the person's actions as a script (record actions)",
	Needs: "start, stop or actions",
	Long: `record start begins recording the session's active tab; record stop ends it,
writes the file and prints its path. The recording follows the session's
active tab (tab switches), goes on across navigations, and holds what the
page painted at its own pace (the browser's screencast sends a frame when
the page repaints; a still page sends few).

The container follows FILE's extension:
  .webm, .mp4   encoded by ffmpeg, which must be on PATH:
                ffmpeg -f concat -i FRAMES.txt -vf scale=W:H,format=yuv420p -fps_mode cfr -r 30 (.webm: -c:v libvpx -deadline realtime -cpu-used 8 -crf 10 -b:v 2M; .mp4: -c:v libx264 -preset veryfast -crf 23) FILE
  .gif          written by browserctl (252 colours)
  .png, .apng   an animated PNG, written by browserctl
Without FILE: recording-YYYYMMDD-HHMMSS.mp4 with ffmpeg, else .gif.

The frames wait in the extension until record stop (at most 200 MB of
frames or 30 minutes: past that the recording stops taking frames and
record stop says it was truncated). A recording ends with its session; record
stop still writes what was recorded, also after its tab closed.`,
	Example: "  browserctl record start run.mp4\n  browserctl click e3\n  browserctl record stop",
}, {
	Path:  "trace",
	Short: "Record a Chrome performance trace: trace start, trace stop FILE",
	Long: `trace start begins a Chrome trace of the session's active tab (CDP Tracing,
by default the categories DevTools' Performance panel records); trace stop
FILE ends it and writes the trace's JSON ({"traceEvents": [...]}) to FILE,
which DevTools' Performance panel ("Load profile") and ui.perfetto.dev open.

--screenshots adds the page's screencast frames (JPEG, 500 px wide, at most
64 MB of them) as DevTools' Screenshot events, placed on the trace's clock
by console.timeStamp marks the page gets every 2 s; trace stop inserts them
when it writes FILE, and fails (with FILE written without them) when they
cannot be placed.

The trace is kept by the browser while it runs (its own buffer bounds it). A
trace ends with its session; a tab that closes while it is traced takes the
trace with it (trace stop then says so).`,
	Example: "  browserctl trace start --screenshots\n  browserctl click e3\n  browserctl trace stop run.json",
}}

// Wire names of the evidence methods. record.* and trace.* do not start
// with "pages.": the hub does not serialize them behind the session's page
// calls, so pulling a recording never holds up a click.
const (
	PageVitals    = "pages.vitals"
	PageHighlight = "pages.highlight"
	RecordStart   = "record.start"
	RecordStop    = "record.stop"
	RecordFrames  = "record.frames"
	TraceStart    = "trace.start"
	TraceStop     = "trace.stop"
	TraceRead     = "trace.read"
	TraceShots    = "trace.screenshots"
)

// ImageFormat is what pages.screenshot encodes.
var ImageFormat = Enum{"ImageFormat", []string{"png", "jpeg", "webp"}}

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

// Annotation is one ref drawn onto an annotated screenshot: its box in the
// image's pixels (after any scaling).
type Annotation struct {
	Ref  string `json:"ref"`
	Role string `json:"role"`
	Name string `json:"name"`
	Box  Box    `json:"box" doc:"image pixels"`
}

// VitalsParams are the params of pages.vitals.
type VitalsParams struct {
	PageParams
	Reload bool `json:"reload,omitempty" default:"false" doc:"reload and measure the fresh load"`
}

// LCP is the largest contentful paint and its element.
type LCP struct {
	MS      float64 `json:"ms"`
	Element string  `json:"element" doc:"a CSS-like description; empty when the element is gone"`
	Size    float64 `json:"size" doc:"painted area, CSS px²"`
	URL     string  `json:"url,omitempty" doc:"an image's URL"`
}

// LayoutShift is one layout-shift entry that counted towards CLS.
type LayoutShift struct {
	Value    float64  `json:"value"`
	AtMS     float64  `json:"atMs"`
	Elements []string `json:"elements"`
}

// CLS is the cumulative layout shift: the largest session window.
type CLS struct {
	Value  float64       `json:"value"`
	Shifts []LayoutShift `json:"shifts"`
}

// INP is the interaction to next paint of the interactions Chrome kept.
type INP struct {
	MS           float64 `json:"ms"`
	Event        string  `json:"event"`
	Target       string  `json:"target"`
	Interactions int     `json:"interactions"`
}

// NavTiming is the navigation timing phases, in ms from the navigation's start.
type NavTiming struct {
	Type             string  `json:"type" doc:"navigate, reload, back_forward or prerender"`
	Redirect         float64 `json:"redirect"`
	DNS              float64 `json:"dns"`
	Connect          float64 `json:"connect"`
	TLS              float64 `json:"tls"`
	Request          float64 `json:"request" doc:"request sent to the first byte"`
	Response         float64 `json:"response" doc:"first byte to the last"`
	DOMInteractive   float64 `json:"domInteractive"`
	DOMContentLoaded float64 `json:"domContentLoaded"`
	Load             float64 `json:"load"`
	TransferSize     float64 `json:"transferSize"`
}

// VitalsResult is the result of pages.vitals: every number from the
// browser's own performance entries.
type VitalsResult struct {
	URL        string     `json:"url"`
	TTFB       float64    `json:"ttfb"`
	FCP        *float64   `json:"fcp" doc:"null before the first paint"`
	LCP        *LCP       `json:"lcp" doc:"null when nothing was painted"`
	CLS        CLS        `json:"cls"`
	INP        *INP       `json:"inp" doc:"null without input"`
	Navigation *NavTiming `json:"navigation" doc:"null for a page without a navigation entry"`
}

// HighlightParams are the params of pages.highlight: a target, or clear.
type HighlightParams struct {
	PageParams
	Ref        string `json:"ref,omitempty" doc:"or selector"`
	Selector   string `json:"selector,omitempty" doc:"CSS, instead of ref"`
	DurationMS *int   `json:"durationMs,omitempty" min:"0" default:"2000" doc:"0: until cleared"`
	Clear      bool   `json:"clear,omitempty" default:"false" doc:"instead of a target: hide the outline"`
}

// HighlightResult is the result of pages.highlight.
type HighlightResult struct {
	Target string `json:"target,omitempty" doc:"the ref or selector outlined"`
	Box    *Box   `json:"box,omitempty"`
	Clear  bool   `json:"cleared,omitempty"`
}

// RecordStartParams are the params of record.start.
type RecordStartParams struct {
	SessionID string `json:"sessionId,omitempty"`
	Path      string `json:"path,omitempty" doc:"kept and answered by record.stop (the CLI's output file)"`
	Quality   *int   `json:"quality,omitempty" min:"0" default:"70" doc:"JPEG quality of the frames"`
	MaxWidth  int    `json:"maxWidth,omitempty" min:"0" doc:"scale frames down to this width"`
}

// RecordStartResult is the result of record.start.
type RecordStartResult struct {
	TabID     int     `json:"tabId" doc:"the tab recorded first"`
	StartedAt float64 `json:"startedAt" doc:"epoch ms"`
}

// RecordStopResult is the result of record.stop: the frames stay in the
// extension for record.frames until the next record.start or 5 minutes.
type RecordStopResult struct {
	Path       string  `json:"path"`
	Frames     int     `json:"frames"`
	Bytes      int     `json:"bytes"`
	DurationMS float64 `json:"durationMs"`
	Truncated  bool    `json:"truncated" doc:"the memory bound stopped the recording early"`
	Tabs       []int   `json:"tabs" doc:"the tabs recorded, in order"`
}

// RecordFramesParams are the params of record.frames.
type RecordFramesParams struct {
	SessionID string `json:"sessionId,omitempty"`
	From      int    `json:"from,omitempty" min:"0" default:"0" doc:"index of the first frame"`
}

// VideoFrame is one screencast frame.
type VideoFrame struct {
	Data string  `json:"data" doc:"base64 JPEG"`
	MS   float64 `json:"ms" doc:"since the recording started"`
}

// RecordFramesResult is the result of record.frames: frames from From on,
// at most a few MB of them.
type RecordFramesResult struct {
	Frames []VideoFrame `json:"frames"`
	Next   int          `json:"next" doc:"the From of the next call"`
	Done   bool         `json:"done"`
}

// TraceStartParams are the params of trace.start.
type TraceStartParams struct {
	SessionID   string   `json:"sessionId,omitempty"`
	Categories  []string `json:"categories,omitempty" doc:"default: DevTools' Performance panel's"`
	Screenshots bool     `json:"screenshots,omitempty" default:"false"`
}

// TraceStartResult is the result of trace.start.
type TraceStartResult struct {
	TabID      int      `json:"tabId"`
	Categories []string `json:"categories"`
}

// TraceStopResult is the result of trace.stop: the browser's stream of the
// trace's JSON, for trace.read.
type TraceStopResult struct {
	TabID  int    `json:"tabId"`
	Stream string `json:"stream"`
	// With screenshots: how many screencast frames trace.screenshots hands
	// out, and the clock marks that place them on the trace's clock.
	Screenshots          int              `json:"screenshots,omitempty" doc:"frames for trace.screenshots"`
	ScreenshotsTruncated bool             `json:"screenshotsTruncated,omitempty" doc:"the memory bound stopped taking frames early"`
	Clock                []TraceClockMark `json:"clock,omitempty" doc:"console.timeStamp marks put into the page during the trace"`
}

// TraceClockMark is one console.timeStamp the extension ran in the traced
// page: the trace holds a TimeStamp event with Label as its message; WallMS
// is the page's Date.now() around the call (the clock of the screencast
// frames' timestamps).
type TraceClockMark struct {
	Label  string  `json:"label"`
	WallMS float64 `json:"wallMs" doc:"epoch ms"`
}

// TraceShotsParams are the params of trace.screenshots.
type TraceShotsParams struct {
	SessionID string `json:"sessionId,omitempty"`
	From      int    `json:"from,omitempty" min:"0" default:"0" doc:"index of the first frame"`
}

// TraceShot is one screencast frame taken during a trace.
type TraceShot struct {
	Data   string  `json:"data" doc:"base64 JPEG"`
	WallMS float64 `json:"wallMs" doc:"epoch ms (the frame's own timestamp)"`
}

// TraceShotsResult is the result of trace.screenshots: frames from From
// on, at most a few MB of them, oldest first.
type TraceShotsResult struct {
	Frames []TraceShot `json:"frames"`
	Next   int         `json:"next" doc:"the From of the next call"`
	Done   bool        `json:"done"`
}

// TraceReadParams are the params of trace.read.
type TraceReadParams struct {
	SessionID string `json:"sessionId,omitempty"`
	Stream    string `json:"stream"`
}

// TraceReadResult is the result of trace.read: the next chunk.
type TraceReadResult struct {
	Data string `json:"data"`
	EOF  bool   `json:"eof"`
}
