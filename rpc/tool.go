package rpc

// Tool is the MCP face of a method, declared on the method's row
// (Method.Tool) beside its CLI command: the tool's name and words, the
// members of the params that make its input, and how its answer reads.
// mcpserver registers every declared tool as a typed tool of the Go SDK;
// rpc knows nothing of MCP.
//
// The input schema is the params type's: its members' names, types,
// required-ness and tags (doc, enum, default, min), less the members the
// server fills for the agent (sessionId, tabId, timeoutMs) and the ones
// named in Hide. A member added to the params reaches the tool; a test
// (mcpserver's TestDeclaredToolSchemasAreTheirParams) fails when the
// listed schema and the params type part.
type Tool struct {
	// Name is the tool's name, Playwright MCP's where it has the tool
	// ("browser_navigate"); Title and Description are what an agent reads.
	// Every byte of them is read by every agent on every start: keep them
	// short.
	Name, Title, Description string
	// Effect is what the tool does to the browser, for its annotations.
	Effect ToolEffect
	// Element: the tool names one element the Playwright MCP way, with
	// "element" (a description for the person watching), "ref" (from the
	// last snapshot) or "target" (a ref, a CSS selector, role= or text=),
	// which fill the params' ref or selector; the params' own selector
	// member is left out.
	Element bool
	// Hide leaves members of the params out of the input (the method's
	// default is then what the tool sends).
	Hide []string
	// Optional makes required members optional: the tool's handler checks
	// them (per action). On an Element tool, "ref" makes the element
	// optional (the method says what it lacks).
	Optional []string
	// Describe gives members a description other than their doc tag.
	Describe map[string]string
	// Done is the first line of the answer: {member} is a member of the
	// params as sent, {member:q} the same quoted (Go's %q), {.member} a
	// member of the result, {element} the element as an Element tool
	// names it. Empty: none, where the page that follows says it (a
	// navigation's URL).
	Done string
	// Page appends where the page is now, as every action tool does: its
	// URL and title, a dialog or download the call set off, and the
	// snapshot within the server's budget.
	Page bool
	// Answer names a handler of mcpserver (its answers table, by a key of
	// command_keys.go) for a tool
	// that does more than one call or reads its result in its own way;
	// the handler may take an input type of its own that embeds the
	// params (an action, a file name beside them). Without it the tool
	// sends the method with the input and answers Done (and Page).
	Answer AnswerKey
}

// ToolEffect says what a tool does to the browser: its MCP annotations.
type ToolEffect int

const (
	// Destructive: may change or lose page state (click, navigate,
	// close). The zero value: MCP's default, which needs no annotation.
	Destructive ToolEffect = iota
	// ReadOnly: reads the page, changes nothing.
	ReadOnly
	// Additive: changes state without destroying any (open a tab).
	Additive
)
