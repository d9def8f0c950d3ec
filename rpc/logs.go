package rpc

// Logs of a tab since it joined the session: console messages, uncaught
// errors, network requests. logs.* does not start with "pages.": the hub
// does not serialize them behind a session's page calls, so `console
// --follow` in one terminal never holds up `click` in another.

// Wire names of the logs.* methods.
const (
	LogsConsole = "logs.console"
	LogsErrors  = "logs.errors"
	LogsNetwork = "logs.network"
	LogsEvents  = "logs.events"
)

// logMethods are the logs.* rows of Methods.
var logMethods = []Method{
	{Wire: LogsConsole, Session: SessionRequired, Params: ConsoleParams{}, Result: ConsoleResult{},
		Summary: "console messages of a tab since attach (long poll with waitMs)", ResultDoc: "`next` is the cursor to pass as `after`",
		Commands: []Command{{
			Path: "console", Printer: PrintConsole,
			Flags: []Flag{
				{Name: "level", Member: "level", Help: "lowest level to show: debug, log, info, warning, error", Invalid: "--level must be one of %[3]s, got %[1]q"},
				{Name: "clear", Member: "clear", Help: "empty the log after printing it"},
				{Name: "last", Member: "limit", Help: "only the newest N messages"},
			},
			Follow: "keep printing new messages until Ctrl-C",
			Short:  "Print the tab's console messages since it joined the session (--follow to stream)",
			Long: `Print the console messages (level, text, source location) of the tab,
kept from the moment the tab joined the session (create, attach-current,
tab open, a tab its page opened): the newest 1000, oldest
dropped first. --level L keeps L and the levels above it (debug < log, info <
warning < error). --clear empties the log after printing it. --follow keeps
printing new messages until Ctrl-C (in the REPL too).`,
			Example: `  browserctl console
  browserctl console --level warning
  browserctl console --follow
  browserctl console --clear --json`,
			Replay: Skips + ReadsOnly,
		}}},
	{Wire: LogsErrors, Session: SessionRequired, Params: ErrorsParams{}, Result: ErrorsResult{},
		Summary: "uncaught exceptions and unhandled rejections of a tab",
		Commands: []Command{{
			Path: "errors", Printer: PrintErrors,
			Flags:  []Flag{{Name: "clear", Member: "clear", Help: "empty the log after printing it"}},
			Follow: "keep printing new errors until Ctrl-C",
			Short:  "Print the tab's uncaught exceptions and unhandled promise rejections (--follow to stream)",
			Long: `Print the uncaught exceptions and unhandled promise rejections of the tab
since the tab joined the session (the newest 200, oldest dropped first), with
their source location; --json carries the stack too. --clear empties the
log after printing it; --follow keeps printing new ones until Ctrl-C.`,
			Example: `  browserctl errors
  browserctl errors --follow
  browserctl errors --clear --json`,
			Replay: Skips + ReadsOnly,
		}}},
	{Wire: LogsNetwork, Session: SessionRequired, Params: NetworkLogParams{}, Result: NetworkResult{},
		Tool: &Tool{Name: "browser_network_requests", Title: "Network requests",
			Description: "The current tab's network requests since browserctl attached: id, method, URL, status or failure, type; with id, that request whole (status text, timing, request and response headers and bodies, base64 when binary).",
			Effect:      ReadOnly, Hide: []string{"after", "waitMs", "clear"}, Answer: AnswerNetworkRequests},
		Summary: "network requests of a tab", ResultDoc: "`inflight` (not finished yet) only when `after` is absent",
		Commands: []Command{{
			Path: "network requests", Printer: PrintRequests,
			Flags: []Flag{
				{Name: "filter", Member: "filter", Help: "only URLs containing TEXT"},
				{Name: "failed", Member: "failed", Help: "only failed requests and HTTP errors (status >= 400)"},
				{Name: "clear", Member: "clear", Help: "empty the log after printing it"},
			},
			Follow: "keep printing requests as they finish until Ctrl-C",
			Short:  "List the tab's requests: method, status or failure, type, size, time, URL",
			Long: `List the requests the tab made since it joined the session (the newest
1000 finished ones, oldest dropped first, then the ones still in flight):
a short id (for network request ID), method, status (or the failure reason: net::ERR_..., "blocked" for a
request network block failed), resource type, bytes received, time taken
and URL. --filter keeps URLs containing TEXT (any case); --failed keeps
failures and HTTP statuses >= 400. --follow prints each request as it
finishes, until Ctrl-C.`,
			Example: `  browserctl network requests
  browserctl network requests --failed
  browserctl network requests --filter api --follow --json`,
			Replay: Skips + ReadsOnly,
		}}},
	{Wire: LogsEvents, Session: SessionOptional, Params: EventsParams{}, Result: EventsResult{},
		Tool: &Tool{Name: "browser_events", Title: "Events",
			Description: "What happened in this session's tabs, as events does: navigations, popups, dialogs, downloads, console errors, failed requests, handoffs, the person's input, approvals; after a seq, waiting up to waitMs for one (JSON; next is the seq to pass as after).",
			Effect:      ReadOnly, Done: "### Events\n{.}"},
		Summary:   "the event stream of a session's tabs (every session's without one): navigation, popup, dialog, download, console error, failed request, handoff, session stopped/resumed/released/closed/gone, approval asked/answered, the person's input (long poll with waitMs)",
		ResultDoc: "`next` is the cursor to pass as `after`; the newest 2000 events are kept",
		Commands: []Command{{
			Path: "events", Printer: PrintEvents,
			Follow: "keep printing events as they come until Ctrl-C",
			Short:  "One event stream for scripts: what happened in the session's tabs, a line an event",
			Long: `Print the events of the session's tabs (with --session, else the current
session's) as they happened: navigation, popup_opened, dialog_opened,
download_started, download_finished, console_error, request_failed,
handoff_done, session_stopped, session_resumed, session_released,
session_closed, session_gone (its tab group closed in the browser),
approval_asked and approval_answered (the sentence the person saw, and
their answer), person_input (the person clicked or typed in a tab: "a
click" or "typing"), tab_kept_out (a popup or a tab outside the session's
origin fence, taken out of its group). --follow prints each new one until Ctrl-C; --json prints
one JSON object a line ({seq, time, type, sessionId, tabId, url, text}),
for a shell loop:

  browserctl events --follow --json | while read -r ev; do ...; done`,
			Example: `  browserctl events
  browserctl events --follow --json`,
			Replay: Skips + ReadsOnly,
		}}},
}

// EventsParams are the params of logs.events.
type EventsParams struct {
	SessionID string `json:"sessionId,omitempty" doc:"the session's events; none: every session's"`
	After     *int64 `json:"after,omitempty" min:"0" doc:"seq: events after it only"`
	WaitMs    int    `json:"waitMs,omitempty" min:"0" default:"0" doc:"ms, at most 30000: with none newer, wait this long for one"`
}

// Event is one entry of the event stream.
type Event struct {
	Seq       int64  `json:"seq"`
	Time      int64  `json:"time" doc:"ms since the epoch"`
	Type      string `json:"type"`
	SessionID string `json:"sessionId"`
	TabID     int    `json:"tabId,omitempty"`
	URL       string `json:"url,omitempty"`
	Text      string `json:"text,omitempty" doc:"the dialog's type and message, the error, the file name (page text: escape it)"`
}

// EventsResult is the result of logs.events.
type EventsResult struct {
	Events []Event `json:"events"`
	Next   int64   `json:"next"`
}

// LogCursor are the members every logs.* method takes: where to read from,
// how long to wait, how many.
type LogCursor struct {
	After  *int64 `json:"after,omitempty" min:"0" doc:"seq: entries after it only"`
	WaitMs int    `json:"waitMs,omitempty" min:"0" default:"0" doc:"ms, at most 20000: with none newer, wait this long for one"`
	Clear  bool   `json:"clear,omitempty" default:"false" doc:"empty the log after reading"`
	Limit  int    `json:"limit,omitempty" min:"1" doc:"the newest N"`
}

// ConsoleParams are the params of logs.console.
type ConsoleParams struct {
	PageParams
	LogCursor
	Level string `json:"level,omitempty" enum:"ConsoleLevel" doc:"that level and above; log = info"`
}

// ErrorsParams are the params of logs.errors.
type ErrorsParams struct {
	PageParams
	LogCursor
}

// NetworkLogParams are the params of logs.network.
type NetworkLogParams struct {
	PageParams
	LogCursor
	Filter string `json:"filter,omitempty" doc:"URL substring, any case"`
	Failed bool   `json:"failed,omitempty" default:"false" doc:"failures and status >= 400 only"`
}

// ConsoleEntry is one console message.
type ConsoleEntry struct {
	Seq    int64  `json:"seq"`
	Level  string `json:"level"`
	Text   string `json:"text"`
	Source string `json:"source"`
	URL    string `json:"url"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Time   int64  `json:"time"`
}

// ErrorEntry is one uncaught exception or unhandled rejection.
type ErrorEntry struct {
	Seq    int64  `json:"seq"`
	Kind   string `json:"kind"`
	Text   string `json:"text"`
	Stack  string `json:"stack"`
	URL    string `json:"url"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Time   int64  `json:"time"`
}

// RequestEntry is one network request.
type RequestEntry struct {
	Seq        int64  `json:"seq"`
	ID         string `json:"id" doc:"short id for network.request, unique in the extension's run"`
	RequestID  string `json:"requestId"`
	Method     string `json:"method"`
	URL        string `json:"url"`
	Type       string `json:"type"`
	Status     int    `json:"status"`
	StatusText string `json:"statusText"`
	MimeType   string `json:"mimeType"`
	Failure    string `json:"failure"`
	Blocked    bool   `json:"blocked"`
	Size       int64  `json:"size"`
	Started    int64  `json:"started"`
	DurationMs int64  `json:"durationMs"`
}

// ConsoleResult is the result of logs.console.
type ConsoleResult struct {
	Entries []ConsoleEntry `json:"entries"`
	Next    int64          `json:"next"`
	Dropped int            `json:"dropped"`
}

// ErrorsResult is the result of logs.errors.
type ErrorsResult struct {
	Entries []ErrorEntry `json:"entries"`
	Next    int64        `json:"next"`
	Dropped int          `json:"dropped"`
}

// NetworkResult is the result of logs.network.
type NetworkResult struct {
	Requests []RequestEntry `json:"requests"`
	Inflight []RequestEntry `json:"inflight"`
	Next     int64          `json:"next"`
	Dropped  int            `json:"dropped"`
}
