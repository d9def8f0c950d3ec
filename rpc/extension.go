package rpc

// What the extension is and what it measured: for `browserctl doctor`
// and `browserctl -v`.

// Wire names of the extension.* methods.
const (
	ExtensionInfo       = "extension.info"
	ExtensionCallTiming = "extension.callTiming"
)

// extensionMethods are the extension.* rows of Methods.
var extensionMethods = []Method{
	{Wire: ExtensionInfo, Session: NoSession, Params: NoParams{}, Result: ExtensionInfoResult{},
		Summary: "the extension's protocol version, version and id",
		NoTool:  "the extension's own version and id, for `browserctl doctor` and `status`: nothing an agent acts on, and serverInfo names browserctl's"},
	{Wire: ExtensionCallTiming, Session: NoSession, Params: CallTimingParams{}, Result: CallTimingResult{},
		Summary: "where a recent call's time went in the extension (its handler, each CDP method): for `browserctl -v`", ResultDoc: "only the last 64 calls are kept: an older or unknown id is 4102",
		NoTool: "timing of the CLI's own calls, for `browserctl -v`; an agent's calls are not timed through it"},
}

// ExtensionInfoResult is the result of extension.info.
type ExtensionInfoResult struct {
	ProtocolVersion int    `json:"protocolVersion" doc:"compare auth_ok's version"`
	Version         string `json:"version" doc:"the manifest's"`
	ID              string `json:"id"`
	UserAgent       string `json:"userAgent"`
}
