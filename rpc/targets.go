package rpc

// Targets: a target is a ref or a CSS selector ("ref" or "selector",
// never both; the extension checks that, so both are optional here).
// Finding elements with fresh refs, and turning a ref into a target that
// survives a reload (for the script the REPL saves).

// Wire names of the target methods.
const (
	PageFind          = "pages.find"
	PageDurableTarget = "pages.durableTarget"
)

// targetMethods are the target rows of Methods.
var targetMethods = []Method{
	{Wire: PageFind, Session: SessionRequired, Params: FindParams{}, Result: FindResult{},
		Tool: &Tool{Name: "browser_find", Title: "Find elements",
			Description: "Find elements by role (and name), text or label: refs to act on, cheaper than a snapshot.",
			Effect:      ReadOnly, Answer: AnswerFind},
		Summary: "find elements by role and name, text or label, with fresh refs", ResultDoc: "in document order; none found: `[]`",
		Commands: []Command{{
			Path: "find", Use: "--role ROLE [--name NAME] | --text TEXT | --label LABEL",
			Flags: []Flag{
				{Name: "role", Member: "role", Help: "accessibility role: button, link, textbox, checkbox, heading, ...",
					Suggest: []string{"button", "link", "textbox", "checkbox", "radio", "combobox", "heading", "img",
						"listitem", "menuitem", "tab", "searchbox", "switch", "option", "row", "cell"}},
				{Name: "name", Member: "name", Help: "with --role: the accessible name contains NAME"},
				{Name: "text", Member: "text", Help: "elements whose visible text contains TEXT"},
				{Name: "label", Member: "label", Help: "form fields whose label contains LABEL"},
				{Name: "exact", Member: "exact", Help: "match the whole name, text or label (still ignoring case)"},
				{Name: "limit", Member: "limit", Default: "0", Help: "at most this many elements (default 100)"},
			},
			OneOf: []string{"role", "text", "label"}, With: map[string]string{"name": "role"},
			Short: "Print the elements that match, with fresh refs to act on",
			Long: `Find elements by accessibility role (and name), by visible text, or by
the label of a form field, and print one line per element, as snapshot
does:
  - role "name" [ref=eN]
The refs work with every command that takes a REF. Matching ignores case
and runs of spaces and takes a substring; --exact wants the whole text.
--text gives the innermost elements that hold the text. Exit 1 when
nothing matches. --json prints [{"ref","role","name"}, ...].`,
			Example: `  browserctl find --role button --name "Sign in"
  browserctl find --text Welcome
  browserctl find --label Email --json
  browserctl click "$(browserctl find --role link --name Docs --json | jq -r '.[0].ref')"`,
			Printer: PrintFound, Replay: Skips + ReadsOnly,
		}}},
	{Wire: PageDurableTarget, Session: SessionRequired, Params: DurableTargetParams{}, Result: DurableTargetResult{},
		Tool: &Tool{Name: "browser_durable_target", Title: "Durable target",
			Description: "A ref as a target that survives a reload (role=ROLE[name=\"NAME\"] or CSS), as `save` writes it for scripts (JSON).",
			Effect:      ReadOnly, Done: "{.}",
			Describe: map[string]string{"ref": "a ref from a snapshot or browser_find; none: only the tab's URL and document"}},
		Summary: "a ref as a target that survives a reload; the tab's document", ResultDoc: "`target` (and `role`, `name`) only with a ref"},
}

// TargetArg is the argument of a command that acts on one element: a ref
// from the last snapshot or a CSS selector (role=, text= ...).
var TargetArg = Arg{Name: "REF", Member: "ref", Target: true}

// ForceFlag is --force of a pointer action: no hit-test, no stability wait.
var ForceFlag = Flag{Name: "force", Member: "force"}

// OverwriteFlag is --force of a command that writes a file the person
// names: without it an existing file is refused (a symlink always is).
var OverwriteFlag = Flag{Name: "force", Kind: "bool", Help: "replace the output file if it exists (never through a symlink)"}

// RefParams are the params of pages.hover, pages.scrollIntoView and
// pages.focus: a target, ref or selector, never both.
type RefParams struct {
	PageParams
	Ref      string `json:"ref,omitempty" doc:"or selector"`
	Selector string `json:"selector,omitempty" doc:"CSS, instead of ref"`
}

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

// DurableTargetParams are the params of pages.durableTarget.
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
	Target   string `json:"target,omitempty" doc:"with a ref: role=ROLE[name=\"NAME\"] or a CSS selector, after frame=FRAME >> for an element in a frame"`
	Role     string `json:"role,omitempty"`
	Name     string `json:"name,omitempty"`
}
