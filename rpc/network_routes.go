package rpc

// Network: answering requests (routes), HAR recording, WebSocket frames.

// Wire names of the network methods beyond logs.network, block and request.
const (
	NetworkRoute           = "network.route"
	NetworkUnroute         = "network.unroute"
	NetworkRoutes          = "network.routes"
	NetworkHARStart        = "network.harStart"
	NetworkHARStop         = "network.harStop"
	NetworkWebSockets      = "network.webSockets"
	NetworkWebSocketFrames = "network.webSocketFrames"
)

// Bounds the extension keeps (also said in the commands' help).
const (
	// RouteBodyMax is the largest body a route answers with, in bytes.
	RouteBodyMax = 4 << 20
	// RouteDelayMax is the longest --delay, in ms.
	RouteDelayMax = 60_000
	// HAREntriesMax is how many entries a HAR recording keeps per session (the newest).
	HAREntriesMax = 1000
	// HARTextMax is the largest response body a HAR entry carries as content.text.
	HARTextMax = 64 << 10
	// HARBodiesMax is how many body bytes a recording keeps in all; later bodies are left out.
	HARBodiesMax = 16 << 20
	// WebSocketFramesMax is how many frames are kept per connection (the newest).
	WebSocketFramesMax = 200
	// WebSocketPayloadMax is how many characters of a frame's payload are kept.
	WebSocketPayloadMax = 4 << 10
)

// RouteHeader is one response header a route answers with.
type RouteHeader struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// RouteParams are the params of network.route: matching requests of every
// tab of the session are answered with this response (or failed).
type RouteParams struct {
	SessionID   string        `json:"sessionId,omitempty"`
	Pattern     string        `json:"pattern" doc:"network block's syntax: without * or ? a URL substring, with them a wildcard pattern over the whole URL"`
	Status      int           `json:"status,omitempty" min:"100" default:"200" doc:"HTTP status, 100..599"`
	Body        string        `json:"body,omitempty" doc:"base64, at most 4 MiB decoded"`
	Headers     []RouteHeader `json:"headers,omitempty"`
	ContentType string        `json:"contentType,omitempty" doc:"the Content-Type header"`
	Abort       bool          `json:"abort,omitempty" default:"false" doc:"fail the request (net::ERR_BLOCKED_BY_CLIENT) instead"`
	DelayMs     int           `json:"delayMs,omitempty" min:"0" default:"0" doc:"hold the request this long before answering, at most 60000"`
}

// Route is one route of a session as network.routes lists it.
type Route struct {
	Pattern     string        `json:"pattern"`
	Status      int           `json:"status" doc:"0 for abort"`
	Headers     []RouteHeader `json:"headers"`
	ContentType string        `json:"contentType"`
	BodySize    int           `json:"bodySize" doc:"bytes"`
	Abort       bool          `json:"abort"`
	DelayMs     int           `json:"delayMs"`
}

// UnrouteParams are the params of network.unroute.
type UnrouteParams struct {
	SessionID string `json:"sessionId,omitempty"`
	Pattern   string `json:"pattern,omitempty" doc:"the route's pattern as given; absent: all"`
	All       bool   `json:"all,omitempty" default:"false" doc:"remove every route (pattern must be absent)"`
}

// RoutesResult is the session's routes after the call, newest last (the
// newest matching route answers a request).
type RoutesResult struct {
	Routes        []Route `json:"routes"`
	Removed       int     `json:"removed,omitempty" doc:"network.unroute: how many routes went"`
	SkippedTabIDs []int   `json:"skippedTabIds,omitempty" doc:"tabs that could not be attached now: they get the routes on their first command"`
}

// HARStartResult is the result of network.harStart.
type HARStartResult struct {
	Started    bool `json:"started" doc:"false: a recording was already running (it goes on)"`
	MaxEntries int  `json:"maxEntries"`
}

// HARStopResult is what a HAR recording collected: the entries of HAR 1.2's
// log, the caller writes the file around them.
type HARStopResult struct {
	Entries []HAREntry `json:"entries" doc:"oldest first"`
	Dropped int        `json:"dropped" doc:"older entries dropped by the bound"`
	Started int64      `json:"started" doc:"ms since the epoch"`
}

// HAREntry is one request of a HAR 1.2 log.
type HAREntry struct {
	StartedDateTime string            `json:"startedDateTime" doc:"ISO 8601"`
	Time            float64           `json:"time" doc:"ms, total"`
	Request         HARRequest        `json:"request"`
	Response        HARResponse       `json:"response"`
	Cache           map[string]string `json:"cache" doc:"always empty"`
	Timings         HARTimings        `json:"timings"`
	ServerIPAddress string            `json:"serverIPAddress,omitempty"`
	Comment         string            `json:"comment,omitempty" doc:"the failure, or why a body is left out"`
}

// HARNameValue is a header, query parameter or cookie of a HAR entry.
type HARNameValue struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// HARPostData is a request's body in a HAR entry.
type HARPostData struct {
	MimeType string `json:"mimeType"`
	Text     string `json:"text"`
}

// HARRequest is the request half of a HAR entry.
type HARRequest struct {
	Method      string         `json:"method"`
	URL         string         `json:"url"`
	HTTPVersion string         `json:"httpVersion"`
	Headers     []HARNameValue `json:"headers"`
	QueryString []HARNameValue `json:"queryString"`
	Cookies     []HARNameValue `json:"cookies"`
	PostData    *HARPostData   `json:"postData,omitempty"`
	HeadersSize int            `json:"headersSize" doc:"-1: unknown"`
	BodySize    int            `json:"bodySize"`
}

// HARContent is a response body in a HAR entry.
type HARContent struct {
	Size     int64  `json:"size"`
	MimeType string `json:"mimeType"`
	Text     string `json:"text,omitempty" doc:"small text bodies only"`
	Encoding string `json:"encoding,omitempty" doc:"base64 when text is"`
}

// HARResponse is the response half of a HAR entry (status 0: none came).
type HARResponse struct {
	Status      int            `json:"status"`
	StatusText  string         `json:"statusText"`
	HTTPVersion string         `json:"httpVersion"`
	Headers     []HARNameValue `json:"headers"`
	Cookies     []HARNameValue `json:"cookies"`
	Content     HARContent     `json:"content"`
	RedirectURL string         `json:"redirectURL"`
	HeadersSize int            `json:"headersSize"`
	BodySize    int64          `json:"bodySize"`
}

// HARTimings are the phases of a HAR entry, ms, -1 where not known.
type HARTimings struct {
	Blocked float64 `json:"blocked"`
	DNS     float64 `json:"dns"`
	Connect float64 `json:"connect"`
	Send    float64 `json:"send"`
	Wait    float64 `json:"wait"`
	Receive float64 `json:"receive"`
	SSL     float64 `json:"ssl"`
}

// WebSocketsParams are the params of network.webSockets.
type WebSocketsParams struct {
	PageParams
}

// WebSocketInfo is one WebSocket connection of a tab.
type WebSocketInfo struct {
	ID      string `json:"id" doc:"for network.webSocketFrames"`
	URL     string `json:"url"`
	State   string `json:"state" doc:"connecting, open or closed"`
	Frames  int    `json:"frames" doc:"frames seen, sent and received"`
	Created int64  `json:"created" doc:"ms since the epoch"`
	Error   string `json:"error,omitempty" doc:"the last frame error"`
}

// WebSocketsResult is the tab's WebSocket connections, oldest first.
type WebSocketsResult struct {
	Sockets []WebSocketInfo `json:"sockets"`
}

// WebSocketFramesParams are the params of network.webSocketFrames.
type WebSocketFramesParams struct {
	PageParams
	ID     string `json:"id" doc:"the connection's id as network.webSockets lists it"`
	After  int64  `json:"after,omitempty" min:"0" default:"0" doc:"only frames after this seq (the last next)"`
	WaitMs int    `json:"waitMs,omitempty" min:"0" default:"0" doc:"with none newer, wait up to this long for one (at most 20000)"`
}

// WebSocketFrame is one frame of a connection.
type WebSocketFrame struct {
	Seq       int64  `json:"seq"`
	Direction string `json:"direction" doc:"sent or received"`
	Time      int64  `json:"time" doc:"ms since the epoch"`
	Opcode    int    `json:"opcode" doc:"1 text, 2 binary"`
	Text      string `json:"text,omitempty" doc:"a text frame's payload, cut at 4096 characters"`
	Size      int    `json:"size" doc:"bytes of the payload"`
	Truncated bool   `json:"truncated,omitempty"`
}

// WebSocketFramesResult is a connection's frames after the cursor.
type WebSocketFramesResult struct {
	Frames  []WebSocketFrame `json:"frames"`
	Next    int64            `json:"next" doc:"the cursor to pass as after"`
	Dropped int              `json:"dropped" doc:"older frames dropped by the bound"`
	State   string           `json:"state"`
}

// networkRouteMethods are routes, the HAR recording and WebSocket frames:
// network.* rows after networkMethods'.
var networkRouteMethods = []Method{
	{Wire: NetworkRoute, Session: SessionRequired, Params: RouteParams{}, Result: RoutesResult{},
		Summary: "answer (or fail) requests matching a pattern in every tab of the session, tabs opened later too", ResultDoc: "the session's routes after the call; the same pattern again replaces its route"},
	{Wire: NetworkUnroute, Session: SessionRequired, Params: UnrouteParams{}, Result: RoutesResult{},
		Summary: "remove a route, or all of them", ResultDoc: "a pattern no route has: -32602",
		Commands: []Command{{
			Path: "network unroute", Args: []Arg{{Name: "PATTERN", Member: "pattern", Optional: true}},
			Flags: []Flag{{Name: "all", Member: "all", Help: "remove every route of the session"}},
			Use:   "PATTERN | --all", Needs: "a PATTERN or --all", Check: CheckUnroute, Printer: PrintRoutes, InvalidIsUsage: true,
			Short: "Remove the route of PATTERN (or every route): the requests reach the network again",
			Long: `Remove the route whose pattern is PATTERN, exactly as network route (or
network block) was given it, or with --all every route of the session.
A PATTERN no route has is exit 2, naming the routes there are.`,
			Example: "  browserctl network unroute /api/user\n  browserctl network unroute --all",
			Replay:  Replayed,
		}}},
	{Wire: NetworkRoutes, Session: SessionRequired, Params: SessionIDParams{}, Result: RoutesResult{},
		Summary: "the session's routes",
		Commands: []Command{{
			Path: "network routes", Printer: PrintRoutes,
			Short: "List the session's routes (network block's patterns too, as abort)",
			Long: `List the session's routes: pattern, answer (status, content type, body
size, headers; or abort) and delay, oldest first (the newest matching route
answers a request). network block's patterns are listed as abort routes.`,
			Example: "  browserctl network routes\n  browserctl network routes --json",
			Replay:  Skips + ReadsOnly,
		}}},
	{Wire: NetworkHARStart, Session: SessionRequired, Params: SessionIDParams{}, Result: HARStartResult{},
		Summary: "start recording the session's requests for a HAR file", ResultDoc: "the newest 1000 entries are kept",
		Commands: []Command{{
			Path: "network har start", Printer: PrintHarStart,
			Short:   "Start recording the session's requests for a HAR file",
			Example: "  browserctl network har start",
			Replay:  Replayed,
		}}},
	{Wire: NetworkHARStop, Session: SessionRequired, Params: SessionIDParams{}, Result: HARStopResult{},
		Summary: "stop the session's HAR recording and hand over its entries", ResultDoc: "no recording: -32602"},
	{Wire: NetworkWebSockets, Session: SessionRequired, Params: WebSocketsParams{}, Result: WebSocketsResult{},
		Tool: &Tool{Name: "browser_websockets", Title: "WebSocket connections",
			Description: "The current tab's WebSocket connections, with the ids browser_websocket_frames takes (JSON).",
			Effect:      ReadOnly, Done: "### WebSockets\n{.}"},
		Summary: "the tab's WebSocket connections"},
	{Wire: NetworkWebSocketFrames, Session: SessionRequired, Params: WebSocketFramesParams{}, Result: WebSocketFramesResult{},
		Tool: &Tool{Name: "browser_websocket_frames", Title: "WebSocket frames",
			Description: "A WebSocket connection's frames after a seq, waiting up to waitMs for one (JSON; next is the seq to pass as after).",
			Effect:      ReadOnly, Done: "### Frames\n{.}"},
		Summary: "a WebSocket connection's frames (long poll with waitMs)", ResultDoc: "an unknown id: -32602"},
}
