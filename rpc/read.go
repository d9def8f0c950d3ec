package rpc

import "encoding/json"

// Reading the page: its title, URL, text and values, an element's
// attributes and state, a JavaScript expression's value.

// Wire names of the methods that read the page.
const (
	PageGet          = "pages.get"
	PageEval         = "pages.eval"
	PageIs           = "pages.is"
	PageGetAttribute = "pages.getAttribute"
	PageCount        = "pages.count"
	PageGetStyle     = "pages.getStyle"
)

// readMethods are the rows of Methods that read the page.
var readMethods = []Method{
	{Wire: PageGet, Session: SessionRequired, Params: GetParams{}, Result: GetResult{},
		Summary: "read title/url/text/value/html/box", ResultDoc: "a string; for `box` a `Box`"},
	{Wire: PageEval, Session: SessionRequired, Params: EvalParams{}, Result: ValueResult{},
		Summary: "evaluate JavaScript in the page", ResultDoc: "the expression's JSON value (a function is called and its value answered; a Date, Map, Set, element or window as its text, an array or an object); a thrown exception answers 4110 with its text",
		Commands: []Command{{
			// The extension waits --timeout for the value (its default is
			// the spec's 30 s, so that is not sent); the hub a little longer.
			Path: "eval", Args: []Arg{{Name: "JS", Member: "expression", Rest: true}}, Use: "JS", Slack: true,
			Needs: "a JavaScript expression",
			Short: "Evaluate JavaScript in the page and print its JSON value (promises are awaited)",
			Long: `Evaluate a JavaScript expression in the page's main world and print its
value as JSON (a string as it is). A promise is awaited; a function is
called and its value printed, so Playwright's ` + "`() => ...`" + ` form works too.
Values JSON has no form of print as a person reads them in the page: a
Date as its ISO time, a Map as an object, a Set or a NodeList as an array,
an element as its HTML (its opening tag when long), a window as its URL.
A thrown exception fails with exit 1 and its text.`,
			Example: `  browserctl eval document.title
  browserctl eval 'document.querySelectorAll("a").length'
  browserctl eval '() => [...document.links].map(a => a.href)'`,
			Printer: PrintValue, Replay: Replayed,
		}}},
	{Wire: PageIs, Session: SessionRequired, Params: IsParams{}, Result: IsResult{},
		Tool: &Tool{Name: "browser_is", Title: "Element state",
			Description: "Whether an element is visible, enabled or checked: true or false.",
			Effect:      ReadOnly, Element: true, Done: "{element} {state}: {.value}"},
		Summary: "whether an element is visible, enabled or checked",
		Commands: []Command{{
			Path: "is", Needs: "a state (visible, enabled, checked) and a REF or CSS selector",
			Args:  []Arg{{Name: "STATE", Member: "state", Invalid: "cannot ask whether it is %[1]q: %[2]s"}, TargetArg},
			Short: "Whether an element is visible, enabled or checked: prints true/false, exit 0/1",
			Long: `Ask the page whether an element is visible, enabled or checked. Prints
true or false and exits 0 for true, 1 for false, so a script can write
` + "`if browserctl is visible '#banner'; then ...`" + `.

is visible with a selector is whether any match is visible (false when
nothing matches); enabled and checked look at the first visible match, else
the first match.

{target}`,
			Example: `  browserctl is visible '#cookie-banner'
  browserctl is enabled e12
  browserctl is checked 'input[name=terms]' --json`,
			Printer: PrintIs, Replay: Skips + ReadsOnly,
		}}},
	{Wire: PageGetAttribute, Session: SessionRequired, Params: GetAttributeParams{}, Result: GetAttributeResult{},
		Summary: "an element's attribute", ResultDoc: "`null` when the element has no such attribute",
		Commands: []Command{{
			Path: "get attr", Args: []Arg{TargetArg, {Name: "NAME", Member: "name"}},
			Needs:   "a REF (or CSS selector) and an attribute NAME",
			Short:   "Print an attribute of an element (nothing when it has none; --json gives null)",
			Example: "  browserctl get attr e5 href\n  browserctl get attr 'img.logo' alt --json",
			Replay:  Skips + ReadsOnly,
		}}},
	{Wire: PageCount, Session: SessionRequired, Params: CountParams{}, Result: CountResult{},
		Summary: "how many elements match a CSS selector", ResultDoc: "visible or not",
		Commands: []Command{{
			Path: "get count", Args: []Arg{{Name: "SELECTOR", Member: "selector"}}, Needs: "one CSS SELECTOR",
			Short:   "Print how many elements match a CSS selector, visible or not",
			Example: "  browserctl get count 'ul.results > li'",
			Replay:  Skips + ReadsOnly,
		}}},
	{Wire: PageGetStyle, Session: SessionRequired, Params: GetStyleParams{}, Result: GetStyleResult{},
		Summary:   "the computed value of an element's CSS property",
		ResultDoc: "as getComputedStyle resolves it (colours as rgb(), lengths in px); a property the browser does not know: -32602",
		Commands: []Command{{
			Path: "get style", Args: []Arg{TargetArg, {Name: "PROPERTY", Member: "name"}},
			Needs:   "a REF (or CSS selector) and a CSS PROPERTY",
			Short:   "Print the computed value of an element's CSS property (color, display, --custom ...)",
			Example: "  browserctl get style e5 color\n  browserctl get style '#banner' display\n  browserctl get style e3 font-size --json\n  browserctl get style e3 -- --brand-color   # a custom property after --",
			Replay:  Skips + ReadsOnly,
		}}},
}

// GetParams are the params of pages.get.
type GetParams struct {
	PageParams
	What     string `json:"what" enum:"GetWhat"`
	Ref      string `json:"ref,omitempty" doc:"or selector; one is required for value and box; for text and html without one: the whole document"`
	Selector string `json:"selector,omitempty" doc:"CSS, instead of ref"`
}

// GetResult is the result of pages.get: a string, or a Box for "box".
// Its members are ValueResult's, so commands decode it as one.
type GetResult struct {
	Value json.RawMessage `json:"value" ts:"string | Box"`
}

// EvalParams are the params of pages.eval.
type EvalParams struct {
	PageParams
	Expression string `json:"expression" doc:"awaited if it returns a promise"`
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

// GetStyleParams are the params of pages.getStyle.
type GetStyleParams struct {
	PageParams
	Ref      string `json:"ref,omitempty" doc:"or selector"`
	Selector string `json:"selector,omitempty" doc:"CSS, instead of ref"`
	Name     string `json:"name" doc:"a CSS property: color, font-size, a custom --property"`
}

// GetStyleResult is the result of pages.getStyle.
type GetStyleResult struct {
	Value string `json:"value" doc:"empty for a custom property the element does not have"`
}
