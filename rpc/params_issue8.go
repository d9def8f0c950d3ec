package rpc

// Params and results of the methods issue 8 added (docs/protocol.md). A
// target is a ref or a CSS selector: "ref" or "selector", never both; the
// extension checks that (both optional here).

// FindParams are the params of pages.find: exactly one of Role, Text or
// Label; Name only with Role.
type FindParams struct {
	PageParams
	Role  string `json:"role,omitempty" doc:"an accessibility role as snapshot prints it; exactly one of role, text, label"`
	Name  string `json:"name,omitempty" doc:"only with role"`
	Text  string `json:"text,omitempty"`
	Label string `json:"label,omitempty"`
	Exact bool   `json:"exact,omitempty" default:"false"`
	Limit int    `json:"limit,omitempty" min:"1" default:"100"`
}

// FindResult is the result of pages.find.
type FindResult struct {
	Elements []Ref `json:"elements"`
}

// CheckParams are the params of pages.check.
type CheckParams struct {
	PageParams
	Ref      string `json:"ref,omitempty" doc:"or selector"`
	Selector string `json:"selector,omitempty" doc:"CSS, instead of ref"`
	Checked  *bool  `json:"checked,omitempty" default:"true"`
	Force    bool   `json:"force,omitempty" default:"false" doc:"skip the hit-test and the stability wait"`
}

// CheckResult is the result of pages.check.
type CheckResult struct {
	Checked bool     `json:"checked" doc:"the state now"`
	Target  *ActedOn `json:"target,omitempty" doc:"the element clicked, when it was clicked"`
}

// DragParams are the params of pages.drag: the source and the destination.
type DragParams struct {
	PageParams
	Ref        string `json:"ref,omitempty" doc:"the source, or selector"`
	Selector   string `json:"selector,omitempty" doc:"CSS, instead of ref"`
	ToRef      string `json:"toRef,omitempty" doc:"the destination, or toSelector"`
	ToSelector string `json:"toSelector,omitempty" doc:"CSS, instead of toRef"`
	Force      bool   `json:"force,omitempty" default:"false" doc:"skip the hit-tests and the stability waits"`
}

// KeyboardTypeParams are the params of pages.keyboardType.
type KeyboardTypeParams struct {
	PageParams
	Text string `json:"text"`
}

// IsParams are the params of pages.is.
type IsParams struct {
	PageParams
	State    string `json:"state" enum:"ElementState"`
	Ref      string `json:"ref,omitempty" doc:"or selector"`
	Selector string `json:"selector,omitempty" doc:"CSS, instead of ref"`
}

// IsResult is the result of pages.is.
type IsResult struct {
	Value bool `json:"value"`
}

// GetAttributeParams are the params of pages.getAttribute.
type GetAttributeParams struct {
	PageParams
	Ref      string `json:"ref,omitempty" doc:"or selector"`
	Selector string `json:"selector,omitempty" doc:"CSS, instead of ref"`
	Name     string `json:"name"`
}

// GetAttributeResult is the result of pages.getAttribute: nil when the
// element has no such attribute.
type GetAttributeResult struct {
	Value *string `json:"value" ts:"string | null"`
}

// CountParams are the params of pages.count.
type CountParams struct {
	PageParams
	Selector string `json:"selector" doc:"CSS"`
}

// CountResult is the result of pages.count.
type CountResult struct {
	Count int `json:"count"`
}
