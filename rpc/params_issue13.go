package rpc

// ExtensionInfoResult is the result of extension.info (issue 13).
type ExtensionInfoResult struct {
	ProtocolVersion int    `json:"protocolVersion" doc:"compare auth_ok's version"`
	Version         string `json:"version" doc:"the manifest's"`
	ID              string `json:"id"`
	UserAgent       string `json:"userAgent"`
}

// DurableTargetParams are the params of pages.durableTarget (issue 13).
// Without Ref the call only names the tab's current document.
type DurableTargetParams struct {
	PageParams
	Ref string `json:"ref,omitempty" doc:"none: only the tab's document"`
}

// DurableTargetResult is the result of pages.durableTarget: the tab's URL
// and document (a string that changes with every new document), and with
// a ref its target, `role=ROLE[name="NAME"]` or a CSS selector.
type DurableTargetResult struct {
	URL      string `json:"url"`
	Document string `json:"document" doc:"changes with every new document: navigation, reload"`
	Target   string `json:"target,omitempty" doc:"with a ref: role=ROLE[name=\"NAME\"] or a CSS selector"`
	Role     string `json:"role,omitempty"`
	Name     string `json:"name,omitempty"`
}
