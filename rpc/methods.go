// Package rpc is the wire between browserctl and its extension: the
// JSON-RPC 2.0 envelopes and control frames of the transport protocol, the
// table of every method, the table of every error code, and the Caller
// interface through which commands reach a browser.
//
// The tables here are the one source of the protocol. `go generate ./...`
// turns them into the extension's declarations
// (extension/src/background/protocol.gen.ts) and the method and error
// tables of docs/protocol.md; the CLI reads the enums (Enum) directly and
// builds the commands declared on the rows (Command). A test
// (internal/protogen) fails when a generated file is stale; another
// (cmd's TestEveryMethodIsComplete) when a method lacks a handler, a docs
// row, a command or a save declaration.
//
// The methods live in one file per domain (sessions.go, tabs.go,
// snapshot.go, input.go, read.go, targets.go, navigation.go, dialogs.go,
// files.go, storage.go, logs.go, network.go, evidence.go, handoff.go,
// extension.go, emulation.go): the wire names, a slice of Methods rows,
// and the params and results, together. Methods (below) joins the slices.
//
// # How to add a method
//
// A method is one row in its domain's file plus its handler in the
// extension; docs/adding-a-method.md walks through a real one (get style).
//
//  1. In the domain's file, write its params (and, unless an existing one
//     fits, its result) as structs. A member without `omitempty` is
//     required; add `enum:"Name"` for a member that takes one of an Enum's
//     values (the enum goes in enums.go), `default:"..."` and `doc:"..."`
//     as the docs row says. Embed PageParams for a pages.* method: it
//     brings sessionId, tabId and timeoutMs (the caller's budget; read by
//     the handler through pages/core/deadline.ts's budgetOf when the method
//     waits). A result object the docs should name rather than spell out
//     (Download, Cookie) goes into Objects (params.go). An enum's values
//     reach the extension as a const array (WaitUntil: WAIT_UNTILS).
//  2. Add its row to the file's slice: the wire name as a constant, its
//     Session use, Params and Result (zero values of the structs), a
//     Summary and, when the result needs words, ResultDoc; and its CLI
//     command in Commands (see Command): Path, Args and Flags naming the
//     params members they fill (TargetArg for a ref or selector), Short,
//     Example, Replay (what the REPL's save does with its lines), and how
//     it prints: by default a one-member result's value; Done for a line
//     that says it worked; Printer to name a printer registered from cmd/
//     into cmdutil.Printers when neither will do. cmdutil builds the cobra command,
//     its usage line, completion and --json output from this; a Path of
//     two words hangs under the first (get style under get). When agents
//     should have it too, its MCP tool in Tool (see Tool): Name, Title,
//     Description, Effect, the members it hides, and its answer: a Done
//     line (with Page for where the page is after an action), or Answer
//     naming a handler in mcpserver's answers table. The tool's input
//     schema is the params type's; mcpserver registers it
//     (mcpserver/declared.go).
//  3. Run `go generate ./...`: the extension no longer compiles until its
//     handler exists (the router's table wants every method once); write
//     the handler, then `cd extension && npm test && npm run build`. A
//     handler is registered in the file where it is written, in the table
//     that file exports: a pages.* one `satisfies PageHandlers`, joined by
//     pages/index.ts and run through pages/core/call.ts (a held dialog fails
//     it with 4110, a closed tab with 4104, a dialog during it adds a
//     `dialog` member to its result); one of files, storage, logs or network
//     `satisfies ToolHandlers`, joined by pages/tools.ts. A pages.* method
//     that is one in-page read of its target is declared with its in-page
//     function instead (src/injected/elements/read.ts's elementReads). A
//     method of a new group gets a handler object annotated
//     Handlers<GroupMethod> (see sessions.ts), joined into the router's
//     table in handler-table.ts, and a pair of GENERATED markers in
//     docs/protocol.md (the generator names the lines to add).
//  4. Test it end to end in e2e/, checking what the page did independently
//     of the extension. The docs row appears in docs/protocol.md by
//     itself; write any prose around it by hand. Members of an embedded
//     PageParams are left out of the row (the prose above a table says what
//     all of its methods take); those of another embedded struct
//     (LogCursor) are listed.
//
// The generator wants a group's rows together; Methods orders the rows by
// group for it, so a domain's slice may hold rows of several groups
// (dialogs.go: sessions.setDialogPolicy and pages.dialog). A command that
// also works on this machine (writes a file) names a Hook in cmd/ (see
// Command). One that needs more than a declaration (it follows a stream,
// asks the person) is written by hand in cmd/; its method's row then has no
// Commands, and CalledBy or CallOnly when cmd/ does not name its wire
// constant. Where a handler reads a member only in some cases (a target:
// ref or selector), make it optional here and let the handler check it.
//
// For example, pages.getStyle's docs row
//
//	| `pages.getStyle` | `ref?` (string, or selector), `selector?` (string, CSS, instead of ref), `name` (string, a CSS property: color, font-size, a custom --property) | `{value: string}`: as getComputedStyle resolves it ... | the computed value of an element's CSS property |
//
// and its command `browserctl get style REF PROPERTY` are, in read.go,
//
//	type GetStyleParams struct {
//		PageParams
//		Ref      string `json:"ref,omitempty" doc:"or selector"`
//		Selector string `json:"selector,omitempty" doc:"CSS, instead of ref"`
//		Name     string `json:"name" doc:"a CSS property: color, font-size, a custom --property"`
//	}
//
//	type GetStyleResult struct {
//		Value string `json:"value" doc:"empty for a custom property the element does not have"`
//	}
//
// and the row, in readMethods,
//
//	{Wire: PageGetStyle, Session: SessionRequired, Params: GetStyleParams{}, Result: GetStyleResult{},
//		Summary:   "the computed value of an element's CSS property",
//		ResultDoc: "as getComputedStyle resolves it (colours as rgb(), lengths in px); ...",
//		Commands: []Command{{
//			Path: "get style", Args: []Arg{TargetArg, {Name: "PROPERTY", Member: "name"}},
//			Needs:   "a REF (or CSS selector) and a CSS PROPERTY",
//			Short:   "Print the computed value of an element's CSS property (color, display, --custom ...)",
//			Example: "  browserctl get style e5 color ...",
//			Replay:  Skips + ReadsOnly,
//		}}},
//
// A method's MCP tool is on its row too. pages.scroll's, in input.go,
//
//	{Wire: PageScroll, Session: SessionRequired, Params: ScrollParams{}, Result: ScrollResult{},
//		Tool: &Tool{Name: "browser_scroll", Title: "Scroll",
//			Description: "Scroll the page by amount CSS pixels.", Effect: ReadOnly,
//			Done: "Scrolled {direction}; the page is at x={.scrollX}, y={.scrollY}", Page: true},
//		...
//
// is listed to agents with ScrollParams' members as its input, less the
// ones the server fills (sessionId, tabId, timeoutMs),
//
//	{"type":"object","properties":{"direction":{"type":"string","enum":["up","down","left","right"]},
//	 "amount":{"type":"integer","description":"CSS px","default":500}},"required":["direction"],
//	 "additionalProperties":false}
//
// and answers "Scrolled down; the page is at x=0, y=500" and the page's
// URL, title and snapshot. A tool whose input is not its method's params
// (Playwright MCP's shapes: browser_click's element and doubleClick,
// browser_type's fill-or-type) is written by hand in mcpserver.
package rpc

import (
	"slices"
	"strings"
	"sync"
)

//go:generate go run browserctl/internal/protogen/gen -root ..

// ProtocolVersion is sent in auth_ok (spec section 2, RPC_VERSION).
const ProtocolVersion = 1

// SessionScopedPrefix names the methods that are serialized per session
// (spec section 6, SESSION_SCOPED_PREFIX).
const SessionScopedPrefix = "pages."

// SessionUse says whether a method acts inside a session, and so whether the
// hub fills in its current session when the caller gave none.
type SessionUse int

const (
	// NoSession methods never take a sessionId.
	NoSession SessionUse = iota
	// SessionOptional methods use a sessionId when there is one.
	SessionOptional
	// SessionRequired methods fail with 4103 without one.
	SessionRequired
)

// Method is one row of the METHODS table (spec section 4).
type Method struct {
	Wire    string // the method string on the wire
	Session SessionUse
	// Params and Result are zero values of the structs the members are
	// read from (json tags; see params.go for the other tags).
	Params  any
	Result  any
	Summary string
	// ResultDoc is what docs/protocol.md says about the result besides
	// its shape.
	ResultDoc string
	// Commands are the CLI commands that call the method, declared here
	// (see Command); none when its command is written by hand in cmd/.
	Commands []Command
	// Tool is the method's MCP tool (see Tool); nil when its tool is
	// written by hand in mcpserver, or it has none.
	Tool *Tool
	// CalledBy names the command written by hand that calls the method
	// through another package (trace stop: internal/evidence/), where cmd/'s test
	// that every method has a command does not look.
	CalledBy string
	// CallOnly, for a method no command calls, says why: `browserctl call
	// METHOD` is then its only way from the shell.
	CallOnly string
	// NoTool, for a method no MCP tool reaches (Tool nil and no tool of
	// mcpserver names its wire constant), says why agents go without it.
	// mcpserver's TestEveryMethodHasAnMCPFace fails on a row with neither.
	NoTool string
}

// Methods is the complete METHODS table: the spec's 27 methods (section 4)
// and browserctl's own, one slice per domain file, in the order of
// methodGroups (the generator wants a group's rows together); within a
// group the spec's methods come first, in the spec's order (specOrder),
// then the others in the order of the slices here.
//
// It is built by init, not by its var's initializer: emulationMethods and
// inGroupOrder are calls, and once a var's initializer calls a function
// the compiler builds every later var that copies another at start instead
// of laying the tables out as data (a third of a one-shot command's start
// went to that).
var Methods []Method

func init() {
	Methods = inGroupOrder(
		sessionMethods,
		tabMethods,
		snapshotMethods,
		inputMethods,
		readMethods,
		targetMethods,
		evidenceMethods,
		recordActionMethods,
		navigationMethods,
		dialogMethods,
		fileMethods,
		storageMethods,
		handoffMethods,
		extensionMethods,
		logMethods,
		networkMethods,
		networkRouteMethods,
		emulationMethods,
	)
}

// methodGroups is the order of the groups (the wire name's prefix) in
// Methods, docs/protocol.md and the extension's declarations. A group not
// named here goes last.
var methodGroups = []string{"sessions", "tabs", "pages", "extension", "logs", "network", "downloads",
	"record", "trace", "emulation", "state", "initScripts"}

// specOrder is the METHODS table of spec section 4, in its order.
var specOrder = []string{
	SessionCreate, SessionAttachCurrent, SessionList, SessionRename, SessionRelease, SessionClose,
	TabOpen, TabList, TabUserList, TabAttach, TabActive, TabActivate, TabClose,
	PageSnapshot, PageClick, PageHover, PageFill, PageType, PageSelect, PageScrollIntoView,
	PagePress, PageScroll, PageMouse, PageGet, PageScreenshot, PageWait, PageEval,
}

// inGroupOrder concatenates the domains' rows and orders them by group,
// the spec's methods first in each; the others keep their order.
func inGroupOrder(domains ...[]Method) []Method {
	group := func(m Method) int {
		g, _, _ := strings.Cut(m.Wire, ".")
		if i := slices.Index(methodGroups, g); i >= 0 {
			return i
		}
		return len(methodGroups)
	}
	spec := func(m Method) int {
		if i := slices.Index(specOrder, m.Wire); i >= 0 {
			return i
		}
		return len(specOrder)
	}
	// each row's key once, then each row copied once, from its domain's
	// table into its place: sorting the rows themselves looked their keys
	// up and moved 152 bytes at every step
	type at struct{ group, spec, domain, row int }
	var order []at
	for d, rows := range domains {
		for r, m := range rows {
			order = append(order, at{group(m), spec(m), d, r})
		}
	}
	slices.SortStableFunc(order, func(a, b at) int {
		if d := a.group - b.group; d != 0 {
			return d
		}
		return a.spec - b.spec
	})
	out := make([]Method, len(order))
	for i, o := range order {
		out[i] = domains[o.domain][o.row]
	}
	return out
}

// byWire indexes Methods by wire name, made at the first lookup.
var byWire = sync.OnceValue(func() map[string]int {
	idx := make(map[string]int, len(Methods))
	for i, m := range Methods {
		idx[m.Wire] = i
	}
	return idx
})

// LookupWire finds a method by its wire name.
func LookupWire(wire string) (Method, bool) {
	i, ok := byWire()[wire]
	if !ok {
		return Method{}, false
	}
	return Methods[i], true
}
