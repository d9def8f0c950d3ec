package rpc

// ExtensionInfoResult is the result of extension.info (issue 13).
type ExtensionInfoResult struct {
	ProtocolVersion int    `json:"protocolVersion" doc:"compare auth_ok's version"`
	Version         string `json:"version" doc:"the manifest's"`
	ID              string `json:"id"`
	UserAgent       string `json:"userAgent"`
}
