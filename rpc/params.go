package rpc

import "encoding/json"

// Typed params and results of every method (docs/protocol.md section 4),
// read by the generator (internal/protogen) through these tags:
//
//	json:"name"            the member; without omitempty it is required
//	json:"name,omitempty"  optional: a command sends exactly what its user gave
//	enum:"MouseButton"     one of that Enum's values (enums.go)
//	default:"500"          the value the extension uses when it is absent
//	min:"0"                the smallest int allowed
//	doc:"..."              words for docs/protocol.md
//	ts:"string | Box"      the TypeScript type, where Go's says too little
//
// sessionId is required or not by the method's SessionUse; an empty
// SessionID is left out so the hub fills in its current session.

// Objects are the shapes several methods share (docs/protocol.md's
// "Objects"); the generator declares them for the extension.
var Objects = []any{Session{}, Tab{}, Ref{}, Box{}, Download{}, Cookie{}, ConsoleEntry{}, ErrorEntry{}, RequestEntry{},
	DialogReport{}, ActedOn{}, Navigation{}, Popup{}}

// Ref is one element a snapshot referenced.
type Ref struct {
	Ref  string `json:"ref"`
	Role string `json:"role"`
	Name string `json:"name"`
}

// Box is an element's box in CSS pixels, viewport coordinates.
type Box struct {
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

// NoParams are the params of the methods that take none.
type NoParams struct{}

// PageParams are the members every pages.* method takes.
type PageParams struct {
	SessionID string `json:"sessionId,omitempty"`
	TabID     int    `json:"tabId,omitempty" min:"0" doc:"default: the session's active tab"`
	// TimeoutMS is the caller's timeout for the call (docs/protocol.md
	// "timeoutMs"): no CDP command of the call is cut off
	// before it, and for the methods that wait it is their whole budget.
	TimeoutMS int `json:"timeoutMs,omitempty" min:"0" doc:"ms, at most 3600000, default 30000"`
}

// ValueResult is the result of pages.eval: any JSON value.
type ValueResult struct {
	Value json.RawMessage `json:"value"`
}

// OKResult is the result of the pages.* actions that answer {"ok":true}.
type OKResult struct {
	OK bool `json:"ok" ts:"true"`
}
