// Package rpc is the wire between browserctl and its extension: the
// JSON-RPC 2.0 envelopes and control frames of the transport protocol, the
// table of every method, the table of every error code, and the Caller
// interface through which commands reach a browser.
//
// The tables here are the one source of the protocol. `go generate ./...`
// turns them into the extension's declarations
// (extension/src/background/protocol.gen.ts) and the method and error
// tables of docs/protocol.md; the CLI reads the enums (Enum) directly. A
// test (internal/protogen) fails when a generated file is stale.
//
// # How to add a method
//
//  1. Write its params (and, unless an existing one fits, its result) as a
//     struct in params.go. A member without `omitempty` is required; add
//     `enum:"Name"` for a member that takes one of an Enum's values (the
//     enum goes in enums.go), `default:"..."` and `doc:"..."` as the docs
//     row says. Embed PageParams for a pages.* method: it brings sessionId,
//     tabId and timeoutMs (the caller's budget; read by the handler through
//     pages/deadline.ts's budgetOf when the method waits). A result object
//     the docs should name rather than spell out (Download, Cookie) goes
//     into Objects (params.go). An enum's values reach the extension as a
//     const array (WaitUntil: WAIT_UNTILS); take them from there.
//  2. Append one row to Methods below: the wire name as a constant, its
//     Session use, Params and Result (zero values of the structs), a
//     Summary and, when the result needs words, ResultDoc.
//  3. Run `go generate ./...`: the extension no longer compiles until its
//     handler exists (the handler tables are exhaustive); write the
//     handler, then `cd extension && npm test && npm run build`. A pages.*
//     handler goes into pages/index.ts's TABLE, which runs it through
//     pages/call.ts (a held dialog fails it with 4110, a closed tab with
//     4104, a dialog during it adds a `dialog` member to its result; issue
//     10's, listed in TOOL_PAGE_METHODS, go into pages/tools.ts's
//     toolHandlers instead); one of a
//     group that has handlers goes next to them (logs.*: tools.ts). A
//     method of a new group gets a handler object annotated
//     Handlers<GroupMethod> (see sessions.ts), spread into the router's
//     table in background.ts, and a pair of GENERATED markers in
//     docs/protocol.md (the generator names the lines to add).
//  4. The docs row appears in docs/protocol.md by itself; write any prose
//     around it by hand. Members of an embedded PageParams are left out of
//     the row (the prose above a table says what all of its methods take);
//     those of another embedded struct (LogCursor) are listed.
//
// Keep a group's rows together (the generator refuses a table that splits
// one): a new pages.* method goes after the last pages.* row, not at the
// end. Where a handler reads a member only in some cases (a target: ref
// or selector), make it optional here and let the handler check it.
//
// For example, pages.check's docs row
//
//	| `pages.check` | `ref?` (string, or selector), `selector?` (string, CSS, instead of ref), `checked?` (boolean, default `true`) | `{checked: boolean}`: the state now | check or uncheck a checkbox, radio or switch |
//
// is, in params_issue8.go,
//
//	type CheckParams struct {
//		PageParams
//		Ref      string `json:"ref,omitempty" doc:"or selector"`
//		Selector string `json:"selector,omitempty" doc:"CSS, instead of ref"`
//		Checked  *bool  `json:"checked,omitempty" default:"true"`
//	}
//
//	type CheckResult struct {
//		Checked bool `json:"checked" doc:"the state now"`
//	}
//
// and, in Methods after the last pages.* row before it,
//
//	{Wire: PageCheck, Session: SessionRequired, Params: CheckParams{}, Result: CheckResult{},
//		Summary: "check or uncheck a checkbox, radio or switch", ResultDoc: "the state now"},
package rpc

//go:generate go run browserctl/internal/protogen/gen -root ..

// ProtocolVersion is sent in auth_ok (spec section 2, RPC_VERSION).
const ProtocolVersion = 1

// SessionScopedPrefix names the methods that are serialized per session
// (spec section 6, SESSION_SCOPED_PREFIX).
const SessionScopedPrefix = "pages."

// SessionUse says whether a method acts inside a session, and so whether the
// hub fills in its current session when the caller gave none.
type SessionUse int

const (
	// NoSession methods never take a sessionId.
	NoSession SessionUse = iota
	// SessionOptional methods use a sessionId when there is one.
	SessionOptional
	// SessionRequired methods fail with 4103 without one.
	SessionRequired
)

// Method is one row of the METHODS table (spec section 4).
type Method struct {
	Wire    string // the method string on the wire
	Session SessionUse
	// Params and Result are zero values of the structs the members are
	// read from (json tags; see params.go for the other tags).
	Params  any
	Result  any
	Summary string
	// ResultDoc is what docs/protocol.md says about the result besides
	// its shape.
	ResultDoc string
}

// Wire names of every method in spec section 4.
const (
	SessionCreate        = "sessions.create"
	SessionAttachCurrent = "sessions.attachCurrent"
	SessionList          = "sessions.list"
	SessionRename        = "sessions.rename"
	SessionRelease       = "sessions.release"
	SessionClose         = "sessions.close"

	TabOpen     = "tabs.open"
	TabList     = "tabs.list"
	TabUserList = "tabs.userList"
	TabAttach   = "tabs.attach"
	TabActive   = "tabs.active"
	TabActivate = "tabs.activate"
	TabClose    = "tabs.close"

	PageSnapshot       = "pages.snapshot"
	PageClick          = "pages.click"
	PageHover          = "pages.hover"
	PageFill           = "pages.fill"
	PageType           = "pages.type"
	PageSelect         = "pages.select"
	PageScrollIntoView = "pages.scrollIntoView"
	PagePress          = "pages.press"
	PageScroll         = "pages.scroll"
	PageMouse          = "pages.mouse"
	PageGet            = "pages.get"
	PageScreenshot     = "pages.screenshot"
	PageWait           = "pages.wait"
	PageEval           = "pages.eval"
)

// Issue 13: what the extension is, for `browserctl doctor`.
const (
	ExtensionInfo = "extension.info"
	// ExtensionCallTiming answers what the extension measured of a recent
	// call (browserctl -v).
	ExtensionCallTiming = "extension.callTiming"
)

// Methods of issue 8 beyond the spec's 27 (targets, find, more actions).
const (
	PageFind         = "pages.find"
	PageCheck        = "pages.check"
	PageFocus        = "pages.focus"
	PageDrag         = "pages.drag"
	PageKeyboardType = "pages.keyboardType"
	PageIs           = "pages.is"
	PageGetAttribute = "pages.getAttribute"
	PageCount        = "pages.count"
)

// Issue 10: files, logs, network, cookies, storage, PDF. logs.*, network.*
// and downloads.* do not start with "pages.": the hub does not serialize
// them behind a session's page calls, so `console --follow` in one terminal
// never holds up `click` in another.
const (
	PageUpload       = "pages.upload"
	PageDownload     = "pages.download"
	PagePDF          = "pages.pdf"
	PageCookies      = "pages.cookies"
	PageSetCookie    = "pages.setCookie"
	PageClearCookies = "pages.clearCookies"
	PageStorage      = "pages.storage"
	PageSetStorage   = "pages.setStorage"
	PageClearStorage = "pages.clearStorage"
	LogsConsole      = "logs.console"
	LogsErrors       = "logs.errors"
	LogsNetwork      = "logs.network"
	NetworkBlock     = "network.block"
	NetworkUnblock   = "network.unblock"
	NetworkRequest   = "network.request"
	NetworkWaitResp  = "network.waitResponse"
	DownloadsList    = "downloads.list"
)

// Wire names added by issue 8 (navigation, waits, dialogs).
const (
	SessionSetDialogPolicy = "sessions.setDialogPolicy"
	PageNavigate           = "pages.navigate"
	PageBack               = "pages.back"
	PageForward            = "pages.forward"
	PageReload             = "pages.reload"
	PageWaitFor            = "pages.waitFor"
	PageDialog             = "pages.dialog"
)

// Issue 13: durable targets for the script the REPL saves.
const (
	PageDurableTarget = "pages.durableTarget"
	// PageHandoff hands the tab to the person and waits for their Done.
	PageHandoff = "pages.handoff"
)

// A session's emulation settings, saved state and init scripts. Not
// "pages.": they act on every tab of the session, never behind one page
// call.
const (
	EmulationSet      = "emulation.set"
	EmulationShow     = "emulation.show"
	EmulationReset    = "emulation.reset"
	StateSave         = "state.save"
	StateLoad         = "state.load"
	InitScriptsAdd    = "initScripts.add"
	InitScriptsList   = "initScripts.list"
	InitScriptsRemove = "initScripts.remove"
)

// Methods is the complete METHODS table, in the order of spec section 4.
var Methods = []Method{
	{Wire: SessionCreate, Session: NoSession, Params: SessionCreateParams{}, Result: Session{},
		Summary: "create a session (a new Chrome tab group)", ResultDoc: "with a tab at `url`, default `about:blank`"},
	{Wire: SessionAttachCurrent, Session: NoSession, Params: SessionAttachCurrentParams{}, Result: Session{},
		Summary: "take over the user's active tab as a new session", ResultDoc: "holding the user's active tab"},
	{Wire: SessionList, Session: NoSession, Params: NoParams{}, Result: SessionListResult{},
		Summary: "list sessions"},
	{Wire: SessionRename, Session: SessionRequired, Params: SessionRenameParams{}, Result: Session{},
		Summary: "rename a session"},
	{Wire: SessionRelease, Session: SessionRequired, Params: SessionIDParams{}, Result: SessionReleaseResult{},
		Summary: "release control of a session, keeping its tabs", ResultDoc: "debugger detached, group and tabs stay"},
	{Wire: SessionClose, Session: SessionRequired, Params: SessionIDParams{}, Result: SessionCloseResult{},
		Summary: "close a session's whole tab group", ResultDoc: "the group's tabs are closed"},
	// issue 8: dialogs
	{Wire: SessionSetDialogPolicy, Session: SessionRequired, Params: SetDialogPolicyParams{}, Result: SetDialogPolicyResult{},
		Summary: "set the session's JavaScript dialog policy", ResultDoc: "how the session's tabs answer JavaScript dialogs from now on (see \"Dialogs\" below)"},

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
		Summary: "close a tab"},

	{Wire: PageSnapshot, Session: SessionRequired, Params: SnapshotParams{}, Result: SnapshotResult{},
		Summary: "accessibility tree and ref map", ResultDoc: "`snapshot` is the text below, `refs` maps each ref in it"},
	{Wire: PageClick, Session: SessionRequired, Params: ClickParams{}, Result: ClickResult{},
		Summary: "click an element by ref", ResultDoc: "`download` and `fileChooser` only when the click set one off (below)"},
	{Wire: PageHover, Session: SessionRequired, Params: HoverParams{}, Result: PointerResult{},
		Summary: "hover an element by ref"},
	{Wire: PageFill, Session: SessionRequired, Params: FillParams{}, Result: OKResult{},
		Summary: "replace an input's value by ref"},
	{Wire: PageType, Session: SessionRequired, Params: TypeParams{}, Result: OKResult{},
		Summary: "type text into an element by ref"},
	{Wire: PageSelect, Session: SessionRequired, Params: SelectParams{}, Result: SelectResult{},
		Summary: "select options of a <select> by ref", ResultDoc: "the values now selected"},
	{Wire: PageScrollIntoView, Session: SessionRequired, Params: RefParams{}, Result: OKResult{},
		Summary: "scroll an element into view by ref"},
	{Wire: PagePress, Session: SessionRequired, Params: PressParams{}, Result: OKResult{},
		Summary: "press a key"},
	{Wire: PageScroll, Session: SessionRequired, Params: ScrollParams{}, Result: ScrollResult{},
		Summary: "scroll in a direction", ResultDoc: "the new scroll position"},
	{Wire: PageMouse, Session: SessionRequired, Params: MouseParams{}, Result: OKResult{},
		Summary: "mouse event at coordinates"},
	{Wire: PageGet, Session: SessionRequired, Params: GetParams{}, Result: GetResult{},
		Summary: "read title/url/text/value/html/box", ResultDoc: "a string; for `box` a `Box`"},
	{Wire: PageScreenshot, Session: SessionRequired, Params: ScreenshotParams{}, Result: ScreenshotResult{},
		Summary: "screenshot (base64 PNG)", ResultDoc: "`width` and `height` in CSS pixels of the shot"},
	{Wire: PageWait, Session: SessionRequired, Params: WaitParams{}, Result: WaitResult{},
		Summary: "wait for milliseconds or a load state", ResultDoc: "the milliseconds waited"},
	{Wire: PageEval, Session: SessionRequired, Params: EvalParams{}, Result: ValueResult{},
		Summary: "evaluate JavaScript in the page", ResultDoc: "the expression's JSON value; a thrown exception answers 4110 with its text"},

	// issue 8: targets, find, more actions (docs/protocol.md says more)
	{Wire: PageFind, Session: SessionRequired, Params: FindParams{}, Result: FindResult{},
		Summary: "find elements by role and name, text or label, with fresh refs", ResultDoc: "in document order; none found: `[]`"},
	{Wire: PageCheck, Session: SessionRequired, Params: CheckParams{}, Result: CheckResult{},
		Summary: "check or uncheck a checkbox, radio or switch", ResultDoc: "the state now"},
	{Wire: PageFocus, Session: SessionRequired, Params: RefParams{}, Result: OKResult{},
		Summary: "focus an element", ResultDoc: "4110 when it cannot take focus"},
	{Wire: PageDrag, Session: SessionRequired, Params: DragParams{}, Result: PointerResult{},
		Summary: "drag one element onto another"},
	{Wire: PageKeyboardType, Session: SessionRequired, Params: KeyboardTypeParams{}, Result: OKResult{},
		Summary: "type text into whatever has focus", ResultDoc: "one key stroke per character"},
	{Wire: PageIs, Session: SessionRequired, Params: IsParams{}, Result: IsResult{},
		Summary: "whether an element is visible, enabled or checked"},
	{Wire: PageGetAttribute, Session: SessionRequired, Params: GetAttributeParams{}, Result: GetAttributeResult{},
		Summary: "an element's attribute", ResultDoc: "`null` when the element has no such attribute"},
	{Wire: PageCount, Session: SessionRequired, Params: CountParams{}, Result: CountResult{},
		Summary: "how many elements match a CSS selector", ResultDoc: "visible or not"},

	// issue 10: files, cookies, storage, PDF
	{Wire: PageUpload, Session: SessionRequired, Params: UploadParams{}, Result: UploadResult{},
		Summary: "set the files of a file input, or answer the open file chooser", ResultDoc: "`target` names what took the files: the ref, the selector or `the open file chooser`"},
	{Wire: PageDownload, Session: SessionRequired, Params: DownloadParams{}, Result: Download{},
		Summary: "click a target (ref or selector) and wait for the download it starts", ResultDoc: "once it is `complete`"},
	{Wire: PagePDF, Session: SessionRequired, Params: PDFParams{}, Result: PDFResult{},
		Summary: "print the page to PDF (base64)", ResultDoc: "a browser that refuses: 4110 naming why"},
	{Wire: PageCookies, Session: SessionRequired, Params: CookiesParams{}, Result: CookiesResult{},
		Summary: "the cookies a request to a URL would send", ResultDoc: "HttpOnly ones too"},
	{Wire: PageSetCookie, Session: SessionRequired, Params: SetCookieParams{}, Result: SetCookieResult{},
		Summary: "set a cookie", ResultDoc: "refused by the browser: 4110"},
	{Wire: PageClearCookies, Session: SessionRequired, Params: CookiesParams{}, Result: ClearCookiesResult{},
		Summary: "delete the cookies of a URL"},
	{Wire: PageStorage, Session: SessionRequired, Params: StorageParams{}, Result: StorageResult{},
		Summary:   "read the page origin's localStorage or sessionStorage",
		ResultDoc: "`entries` without `key`; `key` and `value` (null when absent) with one. An origin without storage (about:blank): 4110"},
	{Wire: PageSetStorage, Session: SessionRequired, Params: SetStorageParams{}, Result: SetStorageResult{},
		Summary: "set a localStorage or sessionStorage key"},
	{Wire: PageClearStorage, Session: SessionRequired, Params: ClearStorageParams{}, Result: ClearStorageResult{},
		Summary: "clear localStorage or sessionStorage"},

	// issue 8: navigation, waits, dialogs (docs/protocol.md says more)
	{Wire: PageNavigate, Session: SessionRequired, Params: NavigateParams{}, Result: NavResult{},
		Summary:   "send a tab to a URL and wait for it to load",
		ResultDoc: "once the new document reached `waitUntil`; the browser refused: 4110 with its `net::` reason; `timeoutMs` ran out: 4102"},
	{Wire: PageBack, Session: SessionRequired, Params: HistoryParams{}, Result: NavResult{},
		Summary: "go back in the tab's history", ResultDoc: "as `pages.navigate`; no page before: 4110"},
	{Wire: PageForward, Session: SessionRequired, Params: HistoryParams{}, Result: NavResult{},
		Summary: "go forward in the tab's history", ResultDoc: "as `pages.navigate`; no page after: 4110"},
	{Wire: PageReload, Session: SessionRequired, Params: HistoryParams{}, Result: NavResult{},
		Summary: "reload the tab", ResultDoc: "as `pages.navigate`"},
	{Wire: PageWaitFor, Session: SessionRequired, Params: WaitForParams{}, Result: WaitForResult{},
		Summary:   "wait for text, a selector, a URL or a JavaScript condition",
		ResultDoc: "`url` for `url`, `value` for `fn`; `timeoutMs` ran out: 4102 naming what it waited for"},
	{Wire: PageDialog, Session: SessionRequired, Params: DialogParams{}, Result: DialogResult{},
		Summary:   "the open JavaScript dialog: status, accept, dismiss",
		ResultDoc: "`status`: `open`, `policy` and the open dialog; `accept`/`dismiss`: the dialog, `accepted` and a prompt's `text`; nothing open: 4110"},

	// issue 13: the REPL's saved script
	{Wire: PageDurableTarget, Session: SessionRequired, Params: DurableTargetParams{}, Result: DurableTargetResult{},
		Summary: "a ref as a target that survives a reload; the tab's document", ResultDoc: "`target` (and `role`, `name`) only with a ref"},
	{Wire: PageHandoff, Session: SessionRequired, Params: HandoffParams{}, Result: HandoffResult{},
		Summary:   "bring the tab to the front, show the message in the page and the popup with a Done button, mark the tab group, wait for Done",
		ResultDoc: "`done` false when `timeoutMs` ran out; the page's `url` and `title` either way"},

	// evidence: Web Vitals, highlight
	{Wire: PageVitals, Session: SessionRequired, Params: VitalsParams{}, Result: VitalsResult{},
		Summary: "the page's Web Vitals and navigation timing", ResultDoc: "from the browser's PerformanceObserver entries (buffered), in ms"},
	{Wire: PageHighlight, Session: SessionRequired, Params: HighlightParams{}, Result: HighlightResult{},
		Summary: "outline an element for a person to see, or clear the outline", ResultDoc: "drawn by the browser's overlay: the page's layout does not change"},

	// issue 13
	{Wire: ExtensionInfo, Session: NoSession, Params: NoParams{}, Result: ExtensionInfoResult{},
		Summary: "the extension's protocol version, version and id"},
	{Wire: ExtensionCallTiming, Session: NoSession, Params: CallTimingParams{}, Result: CallTimingResult{},
		Summary: "where a recent call's time went in the extension (its handler, each CDP method): for `browserctl -v`", ResultDoc: "only the last 64 calls are kept: an older or unknown id is 4102"},

	// issue 10: logs, network blocking, downloads
	{Wire: LogsConsole, Session: SessionRequired, Params: ConsoleParams{}, Result: ConsoleResult{},
		Summary: "console messages of a tab since attach (long poll with waitMs)", ResultDoc: "`next` is the cursor to pass as `after`"},
	{Wire: LogsErrors, Session: SessionRequired, Params: ErrorsParams{}, Result: ErrorsResult{},
		Summary: "uncaught exceptions and unhandled rejections of a tab"},
	{Wire: LogsNetwork, Session: SessionRequired, Params: NetworkLogParams{}, Result: NetworkResult{},
		Summary: "network requests of a tab", ResultDoc: "`inflight` (not finished yet) only when `after` is absent"},
	{Wire: NetworkBlock, Session: SessionRequired, Params: BlockParams{}, Result: BlockResult{},
		Summary: "fail requests matching patterns in the session's tabs", ResultDoc: "the session's block list after the call"},
	{Wire: NetworkUnblock, Session: SessionRequired, Params: BlockParams{}, Result: BlockResult{},
		Summary: "stop failing requests matching patterns", ResultDoc: "the session's block list after the call"},
	{Wire: NetworkWaitResp, Session: SessionRequired, Params: WaitResponseParams{}, Result: WaitResponseResult{},
		Summary: "wait until a response whose URL matches arrives in the tab", ResultDoc: "responses from the call on; none within timeoutMs: 4102"},
	{Wire: NetworkRequest, Session: SessionRequired, Params: NetworkRequestParams{}, Result: RequestDetail{},
		Summary: "one request of a tab whole: headers, bodies, timing", ResultDoc: "an id not recorded (never, or dropped as older than the newest 1000): -32602; a body gone from the browser says so in its note"},
	{Wire: NetworkRoute, Session: SessionRequired, Params: RouteParams{}, Result: RoutesResult{},
		Summary: "answer (or fail) requests matching a pattern in every tab of the session, tabs opened later too", ResultDoc: "the session's routes after the call; the same pattern again replaces its route"},
	{Wire: NetworkUnroute, Session: SessionRequired, Params: UnrouteParams{}, Result: RoutesResult{},
		Summary: "remove a route, or all of them", ResultDoc: "a pattern no route has: -32602"},
	{Wire: NetworkRoutes, Session: SessionRequired, Params: SessionIDParams{}, Result: RoutesResult{},
		Summary: "the session's routes"},
	{Wire: NetworkHARStart, Session: SessionRequired, Params: SessionIDParams{}, Result: HARStartResult{},
		Summary: "start recording the session's requests for a HAR file", ResultDoc: "the newest 1000 entries are kept"},
	{Wire: NetworkHARStop, Session: SessionRequired, Params: SessionIDParams{}, Result: HARStopResult{},
		Summary: "stop the session's HAR recording and hand over its entries", ResultDoc: "no recording: -32602"},
	{Wire: NetworkWebSockets, Session: SessionRequired, Params: WebSocketsParams{}, Result: WebSocketsResult{},
		Summary: "the tab's WebSocket connections"},
	{Wire: NetworkWebSocketFrames, Session: SessionRequired, Params: WebSocketFramesParams{}, Result: WebSocketFramesResult{},
		Summary: "a WebSocket connection's frames (long poll with waitMs)", ResultDoc: "an unknown id: -32602"},
	{Wire: DownloadsList, Session: SessionRequired, Params: SessionIDParams{}, Result: DownloadListResult{},
		Summary: "downloads started in the session's tabs", ResultDoc: "oldest first"},

	// evidence: screencast recording, Chrome trace
	{Wire: RecordStart, Session: SessionRequired, Params: RecordStartParams{}, Result: RecordStartResult{},
		Summary: "start recording the session's active tab (screencast frames)", ResultDoc: "one recording per session; follows the session's active tab"},
	{Wire: RecordStop, Session: SessionRequired, Params: SessionIDParams{}, Result: RecordStopResult{},
		Summary: "stop the session's recording", ResultDoc: "no recording: -32602"},
	{Wire: RecordFrames, Session: SessionRequired, Params: RecordFramesParams{}, Result: RecordFramesResult{},
		Summary: "the frames of the session's stopped recording, a chunk at a time"},
	{Wire: TraceStart, Session: SessionRequired, Params: TraceStartParams{}, Result: TraceStartResult{},
		Summary: "start a Chrome trace of the session's active tab (CDP Tracing)"},
	{Wire: TraceStop, Session: SessionRequired, Params: SessionIDParams{}, Result: TraceStopResult{},
		Summary: "end the session's trace", ResultDoc: "no trace: -32602; read the JSON with trace.read"},
	{Wire: TraceRead, Session: SessionRequired, Params: TraceReadParams{}, Result: TraceReadResult{},
		Summary: "the next chunk of a stopped trace's JSON"},
	{Wire: TraceShots, Session: SessionRequired, Params: TraceShotsParams{}, Result: TraceShotsResult{},
		Summary: "the screencast frames of a stopped trace started with screenshots, a chunk at a time", ResultDoc: "the CLI inserts them into the trace as DevTools' Screenshot events"},
	// emulation, saved state, init scripts (docs/protocol.md says more)
	{Wire: EmulationSet, Session: SessionRequired, Params: EmulationSetParams{}, Result: EmulationResult{},
		Summary: "change the session's emulation settings in every tab, now and later", ResultDoc: "all of the session's settings; a value the browser refuses: -32602 and nothing changed"},
	{Wire: EmulationShow, Session: SessionRequired, Params: SessionIDParams{}, Result: EmulationResult{},
		Summary: "the session's emulation settings and init scripts", ResultDoc: "`unapplied` names what a tab could not take"},
	{Wire: EmulationReset, Session: SessionRequired, Params: EmulationResetParams{}, Result: EmulationResult{},
		Summary: "undo some or all of the session's emulation settings"},
	{Wire: StateSave, Session: SessionRequired, Params: SessionIDParams{}, Result: State{},
		Summary: "the cookies of the session's sites and the storage of its tabs' origins", ResultDoc: "Playwright's storageState, plus sessionStorage"},
	{Wire: StateLoad, Session: SessionRequired, Params: StateLoadParams{}, Result: StateLoadResult{},
		Summary: "put saved cookies and storage back", ResultDoc: "a cookie the browser refuses: -32602 naming it"},
	{Wire: InitScriptsAdd, Session: SessionRequired, Params: InitScriptAddParams{}, Result: InitScriptListResult{},
		Summary: "run a script in every new document of the session, before the page's own", ResultDoc: "the session's scripts, the new one last"},
	{Wire: InitScriptsList, Session: SessionRequired, Params: SessionIDParams{}, Result: InitScriptListResult{},
		Summary: "the session's init scripts"},
	{Wire: InitScriptsRemove, Session: SessionRequired, Params: InitScriptRemoveParams{}, Result: InitScriptListResult{},
		Summary: "stop running an init script", ResultDoc: "an unknown id: -32602"},
}

var byWire = map[string]Method{}

func init() {
	for _, m := range Methods {
		byWire[m.Wire] = m
	}
}

// LookupWire finds a method by its wire name.
func LookupWire(wire string) (Method, bool) {
	m, ok := byWire[wire]
	return m, ok
}
