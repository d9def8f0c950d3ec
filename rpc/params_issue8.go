package rpc

// Params and results of the methods issue 8 added (docs/protocol.md). A
// target is a ref or a CSS selector: "ref" or "selector", never both.

// FindParams are the params of pages.find: exactly one of Role, Text or
// Label; Name only with Role.
type FindParams struct {
	PageParams
	Role  string `json:"role,omitempty"`
	Name  string `json:"name,omitempty"`
	Text  string `json:"text,omitempty"`
	Label string `json:"label,omitempty"`
	Exact bool   `json:"exact,omitempty"`
	Limit int    `json:"limit,omitempty"`
}

// FindResult is the result of pages.find.
type FindResult struct {
	Elements []Ref `json:"elements"`
}

// CheckParams are the params of pages.check.
type CheckParams struct {
	PageParams
	Ref      string `json:"ref,omitempty"`
	Selector string `json:"selector,omitempty"`
	Checked  bool   `json:"checked"`
}

// CheckResult is the result of pages.check.
type CheckResult struct {
	Checked bool `json:"checked"`
}

// DragParams are the params of pages.drag: the source and the destination.
type DragParams struct {
	PageParams
	Ref        string `json:"ref,omitempty"`
	Selector   string `json:"selector,omitempty"`
	ToRef      string `json:"toRef,omitempty"`
	ToSelector string `json:"toSelector,omitempty"`
}

// KeyboardTypeParams are the params of pages.keyboardType.
type KeyboardTypeParams struct {
	PageParams
	Text string `json:"text"`
}

// IsParams are the params of pages.is.
type IsParams struct {
	PageParams
	State    string `json:"state"`
	Ref      string `json:"ref,omitempty"`
	Selector string `json:"selector,omitempty"`
}

// IsResult is the result of pages.is.
type IsResult struct {
	Value bool `json:"value"`
}

// GetAttributeParams are the params of pages.getAttribute.
type GetAttributeParams struct {
	PageParams
	Ref      string `json:"ref,omitempty"`
	Selector string `json:"selector,omitempty"`
	Name     string `json:"name"`
}

// CountParams are the params of pages.count.
type CountParams struct {
	PageParams
	Selector string `json:"selector"`
}

// CountResult is the result of pages.count.
type CountResult struct {
	Count int `json:"count"`
}
