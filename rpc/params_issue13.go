package rpc

// DurableTargetParams are the params of pages.durableTarget (issue 13).
// Without Ref the call only names the tab's current document.
type DurableTargetParams struct {
	PageParams
	Ref string `json:"ref,omitempty"`
}

// DurableTargetResult is the result of pages.durableTarget: the tab's URL
// and document (a string that changes with every new document), and with
// a ref its target, `role=ROLE[name="NAME"]` or a CSS selector.
type DurableTargetResult struct {
	URL      string `json:"url"`
	Document string `json:"document"`
	Target   string `json:"target,omitempty"`
	Role     string `json:"role,omitempty"`
	Name     string `json:"name,omitempty"`
}
