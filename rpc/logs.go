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
)

// logMethods are the logs.* rows of Methods.
var logMethods = []Method{
	{Wire: LogsConsole, Session: SessionRequired, Params: ConsoleParams{}, Result: ConsoleResult{},
		Summary: "console messages of a tab since attach (long poll with waitMs)", ResultDoc: "`next` is the cursor to pass as `after`"},
	{Wire: LogsErrors, Session: SessionRequired, Params: ErrorsParams{}, Result: ErrorsResult{},
		Summary: "uncaught exceptions and unhandled rejections of a tab"},
	{Wire: LogsNetwork, Session: SessionRequired, Params: NetworkLogParams{}, Result: NetworkResult{},
		Tool: &Tool{Name: "browser_network_requests", Title: "Network requests",
			Description: "The current tab's network requests since browserctl attached: id, method, URL, status or failure, type; with id, that request whole (status text, timing, request and response headers and bodies, base64 when binary).",
			Effect:      ReadOnly, Hide: []string{"after", "waitMs", "clear"}, Answer: "network requests"},
		Summary: "network requests of a tab", ResultDoc: "`inflight` (not finished yet) only when `after` is absent"},
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
