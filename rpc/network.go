package rpc

// Network: blocking requests, one request whole, waiting for a response.
// network.* does not start with "pages.": the hub does not serialize it
// behind a session's page calls.

// Wire names of the network.* methods.
const (
	NetworkBlock    = "network.block"
	NetworkUnblock  = "network.unblock"
	NetworkRequest  = "network.request"
	NetworkWaitResp = "network.waitResponse"
	NetworkFence    = "network.fence"
)

// networkMethods are the network.* rows of Methods; a new network.*
// method's row goes here.
var networkMethods = []Method{
	{Wire: NetworkBlock, Session: SessionRequired, Params: BlockParams{}, Result: BlockResult{},
		Summary: "fail requests matching patterns in the session's tabs", ResultDoc: "the session's block list after the call",
		Commands: []Command{{
			Path: "network block", Args: []Arg{{Name: "PATTERN", Member: "patterns", Rest: true}},
			Needs: "at least one PATTERN", Check: CheckPatterns, Printer: PrintBlocklist,
			Short:   blockShort,
			Long:    blockShort + blockLong,
			Example: "  browserctl network block ads.example.com\n  browserctl network block '*://*/*.png' '*analytics*'",
			Replay:  Replayed,
		}}},
	{Wire: NetworkUnblock, Session: SessionRequired, Params: BlockParams{}, Result: BlockResult{},
		Summary: "stop failing requests matching patterns", ResultDoc: "the session's block list after the call",
		NoTool: "browser_unroute removes blocked patterns as it removes routes (network.unroute does both)",
		Commands: []Command{{
			Path: "network unblock", Args: []Arg{{Name: "PATTERN", Member: "patterns", Rest: true}},
			Needs: "at least one PATTERN", Check: CheckPatterns, Printer: PrintBlocklist,
			Short:   "Stop blocking PATTERN",
			Long:    "Stop blocking PATTERN" + blockLong,
			Example: "  browserctl network unblock ads.example.com",
			Replay:  Replayed,
		}}},
	{Wire: NetworkFence, Session: SessionRequired, Params: FenceParams{}, Result: FenceResult{},
		Summary:   "limit the session's tabs to origins: requests elsewhere fail, navigations elsewhere are refused (origin_not_allowed)",
		ResultDoc: "the session's fence after the call; [] lifts it",
		CallOnly:  "the hub sets it for a session whose capability is limited to origins (`session grant --origins`); a capability may not call it",
		NoTool:    "set by the hub from a capability, never by a caller"},
	{Wire: NetworkWaitResp, Session: SessionRequired, Params: WaitResponseParams{}, Result: WaitResponseResult{},
		Summary: "wait until a response whose URL matches arrives in the tab", ResultDoc: "responses from the call on; none within timeoutMs: 4102"},
	{Wire: NetworkRequest, Session: SessionRequired, Params: NetworkRequestParams{}, Result: RequestDetail{},
		Summary: "one request of a tab whole: headers, bodies, timing", ResultDoc: "an id not recorded (never, or dropped as older than the newest 1000): -32602; a body gone from the browser says so in its note",
		Commands: []Command{{
			Path: "network request", Args: []Arg{{Name: "ID", Member: "id"}}, Needs: "ID",
			Flags:   []Flag{{Name: "output", Short: "o", Help: "save the response body to FILE, exactly"}, OverwriteFlag},
			Check:   CheckRequestID,
			Short:   "Print one request whole: status, timing, headers and bodies",
			Long:    requestLong,
			Printer: PrintRequest, InvalidIsUsage: true,
			Example: `  browserctl network requests --filter /api/
  browserctl network request 12
  browserctl network request 12 -o body.json
  browserctl network request 12 --json`,
			Replay: Skips + ReadsOnly,
		}}},
}

// URLPatternHelp is the one description of the URL patterns network
// block, route, unroute and wait --response take.
const URLPatternHelp = `A PATTERN without * or ? matches every URL that contains it; with them it
is a wildcard pattern over the whole URL: * any characters, ? one, \ makes
the next character plain (\* a star). So api.example.com/v1 matches any
URL with that in it, '*://*/*.png' every PNG URL (and no other), and
'https://example.com/?' the page one letter after the slash. Quote
patterns with * or ? from the shell.`

const (
	blockShort = "Make requests whose URL matches PATTERN fail, in every tab of the session"
	blockLong  = `. The short form of network route PATTERN --abort: a
blocked request fails with net::ERR_BLOCKED_BY_CLIENT and shows as
"blocked" in network requests; network routes lists the patterns as abort
routes and network unroute removes them too. The block list lives in the
extension until its service worker restarts. Prints the session's block
list after the change.

` + URLPatternHelp
	requestLong = `Print the request with that ID (the first column of network requests):
method, URL, status and status text, resource type, timing (start, time to
first byte, total), the request headers and body, the response headers and
body. A body is shown as text when it is text, else as its size and type;
-o FILE saves the response body exactly as received.

What is kept: the headers and timing of the newest 1500 requests per tab
(the 1000 the listing keeps and up to 500 in flight), a request body up to
64 KiB as sent. Bodies are read from the browser's buffer when asked for
(at most 10 MiB); a body the browser no longer has, or a tab detached
since, is reported as such instead of failing.

--json carries id, method, url, status, statusText, type, requestHeaders,
requestBody, responseHeaders, responseBody (base64 with base64Encoded:
true when binary) and timing {start, ttfbMs, totalMs}. An unknown ID is
exit 2.`
)

// BlockParams are the params of network.block and network.unblock.
type BlockParams struct {
	SessionID string   `json:"sessionId,omitempty"`
	Patterns  []string `json:"patterns" doc:"non-empty strings"`
}

// FenceParams are the params of network.fence.
type FenceParams struct {
	SessionID string   `json:"sessionId,omitempty"`
	Origins   []string `json:"origins" doc:"scheme://host[:port], the host may start with *. for its subdomains; [] lifts the fence"`
}

// FenceResult is the session's fence after the call.
type FenceResult struct {
	Origins       []string `json:"origins"`
	SkippedTabIDs []int    `json:"skippedTabIds,omitempty"`
}

// BlockResult is the session's block list after the call.
type BlockResult struct {
	Patterns      []string `json:"patterns"`
	SkippedTabIDs []int    `json:"skippedTabIds,omitempty"`
}

// NetworkRequestParams are the params of network.request.
type NetworkRequestParams struct {
	PageParams
	ID string `json:"id" doc:"the request's id as logs.network lists it"`
}

// RequestTiming is when a request started and how long it took.
type RequestTiming struct {
	Start   int64 `json:"start" doc:"wall clock, ms since the epoch"`
	TTFBMs  int64 `json:"ttfbMs" doc:"ms from the start to the response's headers; -1 without a response"`
	TotalMs int64 `json:"totalMs" doc:"ms from the start to the last byte; -1 while in flight"`
}

// RequestDetail is one request whole: network.request's result.
type RequestDetail struct {
	ID              string            `json:"id"`
	Method          string            `json:"method"`
	URL             string            `json:"url"`
	Status          int               `json:"status" doc:"0 without a response"`
	StatusText      string            `json:"statusText"`
	Type            string            `json:"type" doc:"the resource type: Document, Fetch, XHR, Script, Image, ..."`
	MimeType        string            `json:"mimeType"`
	Failure         string            `json:"failure" doc:"the net error, or empty"`
	RequestHeaders  map[string]string `json:"requestHeaders"`
	RequestBody     *string           `json:"requestBody" ts:"string | null" doc:"the POST/PUT data as text; null without a body"`
	RequestBodySize int64             `json:"requestBodySize" doc:"bytes of the request body"`
	RequestBodyNote string            `json:"requestBodyNote,omitempty" doc:"why the request body is not here though the request had one"`
	ResponseHeaders map[string]string `json:"responseHeaders"`
	ResponseBody    *string           `json:"responseBody" ts:"string | null" doc:"text, or base64 when base64Encoded; null when not available"`
	Base64Encoded   bool              `json:"base64Encoded"`
	ResponseSize    int64             `json:"responseBodySize" doc:"bytes of the decoded body, when known"`
	ResponseNote    string            `json:"responseBodyNote,omitempty" doc:"why the body is not here: none yet, gone from the browser's buffer, over the size cap"`
	Timing          RequestTiming     `json:"timing"`
}

// WaitResponseParams are the params of network.waitResponse.
type WaitResponseParams struct {
	PageParams
	Pattern string `json:"pattern" doc:"network block's syntax: without * or ? a URL substring, with them a wildcard pattern over the whole URL"`
	Status  int    `json:"status,omitempty" min:"100" doc:"only a response with this HTTP status"`
}

// WaitResponseResult is the response network.waitResponse waited for.
type WaitResponseResult struct {
	ID         string `json:"id" doc:"the request's id for network.request"`
	URL        string `json:"url"`
	Status     int    `json:"status"`
	StatusText string `json:"statusText"`
	Waited     int64  `json:"waited" doc:"ms"`
}
