package rpc

// Recording what the person does in a session's tabs as a `batch` script:
// their clicks, typing, keys, choices, navigations, uploads, downloads,
// dialogs and tab switches become lines that replay with `browserctl batch`
// (record.actionsStart, record.actionsStop, record.actionsLines). These are
// browserctl's own methods, beyond the spec's table. They are changers
// (access.go): a read-only capability may neither start a recording nor
// read what the person typed.

// Wire names of the action recording.
const (
	RecordActionsStart = "record.actionsStart"
	RecordActionsStop  = "record.actionsStop"
	RecordActionsLines = "record.actionsLines"
)

// ActionLinesMax bounds a recording: past it the recorder keeps the lines it
// has, takes no more, and the script says it was cut.
const ActionLinesMax = 10_000

// recordActionMethods are the action recording's rows of Methods. Their
// commands (`record actions start|stop`) are written by hand in cmd/: start
// follows a second method with --follow, stop writes a file or stdout; so
// are their MCP tools (browser_start_recording, browser_stop_recording in
// mcpserver), which take no params of the rows'.
var recordActionMethods = []Method{
	{Wire: RecordActionsStart, Session: SessionRequired, Params: ActionsStartParams{}, Result: ActionsStartResult{},
		Summary:   "record what the person does in the session's tabs, from now on, as batch lines",
		ResultDoc: "one recording per session (a second start: -32602); tabs that join the session later are recorded too; input that arrives while one of browserctl's own calls runs on the tab is not the person's and is left out"},
	{Wire: RecordActionsStop, Session: SessionRequired, Params: SessionIDParams{}, Result: ActionsStopResult{},
		Summary:   "end the session's recording of the person's actions and answer the script",
		ResultDoc: "no recording: -32602; a session closed while recording keeps its lines, and its stop answers them"},
	{Wire: RecordActionsLines, Session: SessionRequired, Params: ActionsLinesParams{}, Result: ActionsLinesResult{},
		Summary:   "the recorded lines after `after`, waiting up to waitMs for one (long poll, for --follow)",
		ResultDoc: "no recording: -32602; `recording` false once it stopped",
		NoTool:    "an agent reads the script when browser_stop_recording answers it"},
}

// ActionsStartParams are the params of record.actionsStart.
type ActionsStartParams struct {
	SessionID string `json:"sessionId,omitempty"`
	WorkDir   string `json:"workDir,omitempty" doc:"an absolute folder: a file the person uploads from inside it is written by its path relative to it, one from elsewhere as $UPLOAD_N"`
}

// ActionsStartResult is the result of record.actionsStart.
type ActionsStartResult struct {
	Tabs      []int   `json:"tabs" doc:"the session's tabs recorded from now on"`
	URL       string  `json:"url" doc:"the page the session's active tab shows: the script opens it first"`
	StartedAt float64 `json:"startedAt" doc:"epoch ms"`
}

// ActionsStopResult is the result of record.actionsStop.
type ActionsStopResult struct {
	Script        string         `json:"script" doc:"the batch script, each line ending in a newline"`
	Lines         int            `json:"lines" doc:"command lines (comments aside)"`
	Actions       int            `json:"actions" doc:"the person's inputs the lines came from"`
	Targets       map[string]int `json:"targets" doc:"how many element targets of each kind: role, text, testid, id, css"`
	Secrets       []string       `json:"secrets,omitempty" doc:"the variables the script takes from the environment ($PASSWORD_1, $SECRET_1, $UPLOAD_1 ...)"`
	Truncated     bool           `json:"truncated,omitempty" doc:"the recording reached ActionLinesMax lines and took no more"`
	SessionClosed bool           `json:"sessionClosed,omitempty" doc:"the session was closed while recording: the lines up to then"`
}

// ActionsLinesParams are the params of record.actionsLines.
type ActionsLinesParams struct {
	SessionID string `json:"sessionId,omitempty"`
	After     int64  `json:"after,omitempty" min:"0" default:"0" doc:"the number of the last line seen (0: from the first)"`
	WaitMs    int    `json:"waitMs,omitempty" min:"0" default:"0" doc:"wait up to this long for a line (at most 30000)"`
}

// ActionsLinesResult is the result of record.actionsLines.
type ActionsLinesResult struct {
	Lines     []string `json:"lines" doc:"the settled lines after after (a line may still change for a moment: a click that turns into a double click or a download)"`
	Next      int64    `json:"next" doc:"the number of the last line answered, for the next after"`
	Recording bool     `json:"recording" doc:"false once the recording stopped or its session closed"`
	Tabs      []int    `json:"tabs" doc:"the tabs whose recorder runs (a tab that joined is in once its recorder started)"`
}
