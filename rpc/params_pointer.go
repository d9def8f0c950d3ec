package rpc

// The pointer actions' options and what they answer (docs/protocol.md
// "Pointer actions"): every press is hit-tested first unless force is set.

// HoverParams are the params of pages.hover.
type HoverParams struct {
	PageParams
	Ref      string `json:"ref,omitempty" doc:"or selector"`
	Selector string `json:"selector,omitempty" doc:"CSS, role=, text=, instead of ref"`
	Force    bool   `json:"force,omitempty" default:"false" doc:"skip the hit-test and the stability wait"`
}

// ActedOn names the element a pointer action pressed.
type ActedOn struct {
	Ref  string `json:"ref,omitempty" doc:"when the target was a ref"`
	Role string `json:"role"`
	Name string `json:"name"`
}

// PointerResult is the result of pages.hover and pages.drag.
type PointerResult struct {
	OK     bool     `json:"ok" ts:"true"`
	Target *ActedOn `json:"target,omitempty" doc:"the element pressed (drag: the source)"`
	To     *ActedOn `json:"to,omitempty" doc:"drag: the destination"`
}

// Navigation is the main-frame navigation a click started.
type Navigation struct {
	URL string `json:"url"`
}

// Popup is a tab a click opened (window.open, a target=_blank link).
type Popup struct {
	TabID int `json:"tabId"`
}
