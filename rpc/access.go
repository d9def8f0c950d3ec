package rpc

import "encoding/json"

// What each method does to the browser: only read, or change something (a
// page, a tab, a session, the profile, what the person sees). A read-only
// capability (`session grant --read-only`) is allowed the readers alone.
// Every row of Methods is in exactly one of the two lists (a test walks the
// table), so a new method cannot slip past a read-only caller undeclared.

// readerMethods only read. A method whose params can make it change
// something names a check that says, for given params, whether this call
// only reads (nil: it always does).
var readerMethods = map[string]func(params json.RawMessage) bool{
	SessionList:            nil,
	TabList:                nil,
	TabActive:              nil,
	PageSnapshot:           nil,
	PageGet:                nil,
	PageScreenshot:         nil,
	PageWait:               nil,
	PageIs:                 nil,
	PageGetAttribute:       nil,
	PageCount:              nil,
	PageGetStyle:           nil,
	PageFind:               nil,
	PageDurableTarget:      nil,
	PageVitals:             func(p json.RawMessage) bool { return !boolMember(p, "reload") },
	PageWaitFor:            nil,
	PageDialog:             func(p json.RawMessage) bool { return stringMember(p, "action") == "status" },
	PageCookies:            nil,
	PageStorage:            nil,
	ExtensionInfo:          nil,
	ExtensionCallTiming:    nil,
	LogsConsole:            func(p json.RawMessage) bool { return !boolMember(p, "clear") },
	LogsErrors:             func(p json.RawMessage) bool { return !boolMember(p, "clear") },
	LogsNetwork:            func(p json.RawMessage) bool { return !boolMember(p, "clear") },
	NetworkWaitResp:        nil,
	LogsEvents:             nil,
	NetworkRequest:         nil,
	NetworkRoutes:          nil,
	NetworkWebSockets:      nil,
	NetworkWebSocketFrames: nil,
	DownloadsList:          nil,
	EmulationShow:          nil,
	InitScriptsList:        nil,
	StateSave:              nil,
	TraceRead:              nil,
	TraceShots:             nil,
	RecordFrames:           nil,
	PagePDF:                nil, // prints what the page shows; the page is left as it was
	// without confirm or detachWhenIdleMs it only answers the policy
	SessionSetPolicy: func(p json.RawMessage) bool { return !hasMember(p, "confirm") && !hasMember(p, "detachWhenIdleMs") },
}

// changerMethods may change something whatever their params.
var changerMethods = []string{
	SessionCreate, SessionAttachCurrent, SessionRename, SessionRelease, SessionClose, SessionSetDialogPolicy, SessionStop, SessionResume,
	TabOpen, TabUserList, TabAttach, TabActivate, TabClose,
	PageClick, PageHover, PageFill, PageType, PageSelect, PageScrollIntoView, PagePress, PageScroll,
	PageMouse, PageEval, PageCheck, PageFocus, PageDrag, PageKeyboardType, PageHighlight,
	PageNavigate, PageBack, PageForward, PageReload, PageUpload, PageDownload,
	PageSetCookie, PageClearCookies, PageSetStorage, PageClearStorage, PageHandoff,
	NetworkBlock, NetworkUnblock, NetworkFence, NetworkRoute, NetworkUnroute, NetworkHARStart, NetworkHARStop,
	RecordStart, RecordStop, TraceStart, TraceStop,
	// the person's typing is in the lines: a read-only capability reads none
	RecordActionsStart, RecordActionsStop, RecordActionsLines,
	EmulationSet, EmulationReset, StateLoad, InitScriptsAdd, InitScriptsRemove,
}

// OnlyReads reports whether a call of method with params changes nothing.
// An unknown method is taken to change something.
func OnlyReads(method string, params json.RawMessage) bool {
	check, ok := readerMethods[method]
	if !ok {
		return false
	}
	return check == nil || check(params)
}

func boolMember(raw json.RawMessage, name string) bool {
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return true // unreadable params: assume the worst
	}
	v, ok := m[name]
	return ok && string(v) != "false" && string(v) != "null"
}

// hasMember says whether an object has the member (unreadable params: yes).
func hasMember(raw json.RawMessage, name string) bool {
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return len(raw) > 0 && string(raw) != "null"
	}
	v, ok := m[name]
	return ok && string(v) != "null"
}

func stringMember(raw json.RawMessage, name string) string {
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return ""
	}
	var s string
	_ = json.Unmarshal(m[name], &s)
	return s
}
