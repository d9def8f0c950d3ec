package rpc

// The keys a command row names its printer, hook, check and Prepare step
// by (Command.Printer, .Hook, .Check, .Prepare). cmd/ registers the code
// under the same key (cmdutil.Printers[rpc.PrintClick] = ...): a row
// naming a step that is not declared here does not compile, jumping to a
// key's definition and then to its references finds the code, and
// cmd/cmdutil's test fails on a key that no code is registered under.

// PrinterKey names a command's printer step (cmdutil.Printers).
type PrinterKey struct{ name string }

// String is the key's name, for a panic or a test's message.
func (k PrinterKey) String() string { return k.name }

var (
	PrintBlocklist = PrinterKey{"blocklist"}
	PrintCheck     = PrinterKey{"check"}
	PrintClick     = PrinterKey{"click"}
	PrintConsole   = PrinterKey{"console"}
	PrintCookies   = PrinterKey{"cookies"}
	PrintDialog    = PrinterKey{"dialog"}
	PrintEmulation = PrinterKey{"emulation"}
	PrintErrors    = PrinterKey{"errors"}
	PrintEvents    = PrinterKey{"events"}
	PrintFound     = PrinterKey{"found"}
	PrintHandoff   = PrinterKey{"handoff"}
	PrintHarStart  = PrinterKey{"harStart"}
	PrintIs        = PrinterKey{"is"}
	PrintNav       = PrinterKey{"nav"}
	PrintPress     = PrinterKey{"press"}
	PrintRequest   = PrinterKey{"request"}
	PrintRequests  = PrinterKey{"requests"}
	PrintRoutes    = PrinterKey{"routes"}
	PrintScripts   = PrinterKey{"scripts"}
	PrintScroll    = PrinterKey{"scroll"}
	PrintSelect    = PrinterKey{"select"}
	PrintSession   = PrinterKey{"session"}
	PrintSessions  = PrinterKey{"sessions"}
	PrintSnapshot  = PrinterKey{"snapshot"}
	PrintStateLoad = PrinterKey{"state load"}
	PrintStateSave = PrinterKey{"state save"}
	PrintStorage   = PrinterKey{"storage"}
	PrintTab       = PrinterKey{"tab"}
	PrintTabs      = PrinterKey{"tabs"}
	PrintValue     = PrinterKey{"value"}
	PrintVitals    = PrinterKey{"vitals"}
)

// HookKey names a command's hook step (cmdutil.Hooks).
type HookKey struct{ name string }

// String is the key's name, for a panic or a test's message.
func (k HookKey) String() string { return k.name }

var (
	HookDownload    = HookKey{"download"}
	HookDownloads   = HookKey{"downloads"}
	HookHighlight   = HookKey{"highlight"}
	HookPdf         = HookKey{"pdf"}
	HookRecordStart = HookKey{"record start"}
	HookRecordStop  = HookKey{"record stop"}
	HookScreenshot  = HookKey{"screenshot"}
	HookTraceStart  = HookKey{"trace start"}
	HookTraceStop   = HookKey{"trace stop"}
)

// CheckKey names a command's check step (cmdutil.Checks).
type CheckKey struct{ name string }

// String is the key's name, for a panic or a test's message.
func (k CheckKey) String() string { return k.name }

var (
	CheckPatterns  = CheckKey{"patterns"}
	CheckRequestID = CheckKey{"requestID"}
	CheckUnroute   = CheckKey{"unroute"}
)

// PrepareKey names a command's prepare step (cmdutil.Preparers).
type PrepareKey struct{ name string }

// String is the key's name, for a panic or a test's message.
func (k PrepareKey) String() string { return k.name }

var (
	PrepareInitScriptAdd  = PrepareKey{"init-script add"}
	PrepareSetCredentials = PrepareKey{"set credentials"}
	PrepareSetPermissions = PrepareKey{"set permissions"}
	PrepareSetReset       = PrepareKey{"set reset"}
	PrepareSetThrottle    = PrepareKey{"set throttle"}
	PrepareStateLoad      = PrepareKey{"state load"}
	PrepareStorage        = PrepareKey{"storage"}
)

// AnswerKey names the mcpserver handler a tool row is answered by
// (Tool.Answer; mcpserver's answers table). A key no handler is registered
// under panics as the server builds its tools, which every mcpserver test
// does.
type AnswerKey struct{ name string }

// String is the key's name, for a panic or a test's message.
func (k AnswerKey) String() string { return k.name }

var (
	AnswerClose           = AnswerKey{"close"}
	AnswerCookies         = AnswerKey{"cookies"}
	AnswerDownload        = AnswerKey{"download"}
	AnswerFind            = AnswerKey{"find"}
	AnswerHandoff         = AnswerKey{"handoff"}
	AnswerNetworkRequests = AnswerKey{"network requests"}
	AnswerPdf             = AnswerKey{"pdf"}
	AnswerPress           = AnswerKey{"press"}
	AnswerScreenshot      = AnswerKey{"screenshot"}
	AnswerScroll          = AnswerKey{"scroll"}
	AnswerStateLoad       = AnswerKey{"state load"}
	AnswerStateSave       = AnswerKey{"state save"}
	AnswerStorage         = AnswerKey{"storage"}
	AnswerTraceStart      = AnswerKey{"trace start"}
	AnswerTraceStop       = AnswerKey{"trace stop"}
)
