// Package rpc is the wire between browserctl and its extension: the
// JSON-RPC 2.0 envelopes and control frames of the transport protocol, the
// table of every method, the table of every error code, and the Caller
// interface through which commands reach a browser.
package rpc

import "sort"

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
	Key     string // Go-friendly key, as protocol.py's METHODS keys
	Wire    string // the method string on the wire
	Summary string
	Session SessionUse
}

// Wire names of every method in spec section 4.
const (
	SessionCreate        = "sessions.create"
	SessionAttachCurrent = "sessions.attachCurrent"
	SessionList          = "sessions.list"
	SessionRename        = "sessions.rename"
	SessionRelease       = "sessions.release"
	SessionClose         = "sessions.close"

	TabOpen     = "tabs.open"
	TabList     = "tabs.list"
	TabUserList = "tabs.userList"
	TabAttach   = "tabs.attach"
	TabActive   = "tabs.active"
	TabActivate = "tabs.activate"
	TabClose    = "tabs.close"

	PageSnapshot       = "pages.snapshot"
	PageClick          = "pages.click"
	PageHover          = "pages.hover"
	PageFill           = "pages.fill"
	PageType           = "pages.type"
	PageSelect         = "pages.select"
	PageScrollIntoView = "pages.scrollIntoView"
	PagePress          = "pages.press"
	PageScroll         = "pages.scroll"
	PageMouse          = "pages.mouse"
	PageGet            = "pages.get"
	PageScreenshot     = "pages.screenshot"
	PageWait           = "pages.wait"
	PageEval           = "pages.eval"
)

// Issue 13: what the extension is, for `browserctl doctor`.
const (
	ExtensionInfo = "extension.info"
)

// Methods of issue 8 beyond the spec's 27 (targets, find, more actions).
const (
	PageFind         = "pages.find"
	PageCheck        = "pages.check"
	PageFocus        = "pages.focus"
	PageDrag         = "pages.drag"
	PageKeyboardType = "pages.keyboardType"
	PageIs           = "pages.is"
	PageGetAttribute = "pages.getAttribute"
	PageCount        = "pages.count"
)

// Issue 10: files, logs, network, cookies, storage, PDF. logs.*, network.*
// and downloads.* do not start with "pages.": the hub does not serialize
// them behind a session's page calls, so `console --follow` in one terminal
// never holds up `click` in another.
const (
	PageUpload       = "pages.upload"
	PageDownload     = "pages.download"
	PagePDF          = "pages.pdf"
	PageCookies      = "pages.cookies"
	PageSetCookie    = "pages.setCookie"
	PageClearCookies = "pages.clearCookies"
	PageStorage      = "pages.storage"
	PageSetStorage   = "pages.setStorage"
	PageClearStorage = "pages.clearStorage"
	LogsConsole      = "logs.console"
	LogsErrors       = "logs.errors"
	LogsNetwork      = "logs.network"
	NetworkBlock     = "network.block"
	NetworkUnblock   = "network.unblock"
	DownloadsList    = "downloads.list"
)

// Wire names added by issue 8 (navigation, waits, dialogs).
const (
	SessionSetDialogPolicy = "sessions.setDialogPolicy"
	PageNavigate           = "pages.navigate"
	PageBack               = "pages.back"
	PageForward            = "pages.forward"
	PageReload             = "pages.reload"
	PageWaitFor            = "pages.waitFor"
	PageDialog             = "pages.dialog"
)

// Issue 13: durable targets for the script the REPL saves.
const (
	PageDurableTarget = "pages.durableTarget"
)

// Methods is the complete METHODS table, in the order of spec section 4.
var Methods = []Method{
	{"session_create", SessionCreate, "create a session (a new Chrome tab group)", NoSession},
	{"session_attach_current", SessionAttachCurrent, "take over the user's active tab as a new session", NoSession},
	{"session_list", SessionList, "list sessions", NoSession},
	{"session_rename", SessionRename, "rename a session", SessionRequired},
	{"session_release", SessionRelease, "release control of a session, keeping its tabs", SessionRequired},
	{"session_close", SessionClose, "close a session's whole tab group", SessionRequired},

	{"tab_open", TabOpen, "open a new tab in the session", SessionRequired},
	{"tab_list", TabList, "list the session's tabs", SessionRequired},
	{"tab_user_list", TabUserList, "list all of the user's tabs", NoSession},
	{"tab_attach", TabAttach, "bring an existing tab into the session", SessionRequired},
	{"tab_active", TabActive, "the active tab", SessionOptional},
	{"tab_activate", TabActivate, "switch the active tab", SessionRequired},
	{"tab_close", TabClose, "close a tab", SessionRequired},

	{"page_snapshot", PageSnapshot, "accessibility tree and ref map", SessionRequired},
	{"page_click", PageClick, "click an element by ref", SessionRequired},
	{"page_hover", PageHover, "hover an element by ref", SessionRequired},
	{"page_fill", PageFill, "replace an input's value by ref", SessionRequired},
	{"page_type", PageType, "type text into an element by ref", SessionRequired},
	{"page_select", PageSelect, "select options of a <select> by ref", SessionRequired},
	{"page_scroll_into_view", PageScrollIntoView, "scroll an element into view by ref", SessionRequired},
	{"page_press", PagePress, "press a key", SessionRequired},
	{"page_scroll", PageScroll, "scroll in a direction", SessionRequired},
	{"page_mouse", PageMouse, "mouse event at coordinates", SessionRequired},
	{"page_get", PageGet, "read title/url/text/value/html/box", SessionRequired},
	{"page_screenshot", PageScreenshot, "screenshot (base64 PNG)", SessionRequired},
	{"page_wait", PageWait, "wait for milliseconds or a load state", SessionRequired},
	{"page_eval", PageEval, "evaluate JavaScript in the page", SessionRequired},

	// issue 13
	{"extension_info", ExtensionInfo, "the extension's protocol version, version and id", NoSession},
	// issue 8: targets, find, more actions
	{"page_find", PageFind, "find elements by role and name, text or label, with fresh refs", SessionRequired},
	{"page_check", PageCheck, "check or uncheck a checkbox, radio or switch", SessionRequired},
	{"page_focus", PageFocus, "focus an element", SessionRequired},
	{"page_drag", PageDrag, "drag one element onto another", SessionRequired},
	{"page_keyboard_type", PageKeyboardType, "type text into whatever has focus", SessionRequired},
	{"page_is", PageIs, "whether an element is visible, enabled or checked", SessionRequired},
	{"page_get_attribute", PageGetAttribute, "an element's attribute", SessionRequired},
	{"page_count", PageCount, "how many elements match a CSS selector", SessionRequired},

	// issue 10
	{"page_upload", PageUpload, "set the files of a file input, or answer the open file chooser", SessionRequired},
	{"page_download", PageDownload, "click by ref and wait for the download it starts", SessionRequired},
	{"page_pdf", PagePDF, "print the page to PDF (base64)", SessionRequired},
	{"page_cookies", PageCookies, "the cookies a request to a URL would send", SessionRequired},
	{"page_set_cookie", PageSetCookie, "set a cookie", SessionRequired},
	{"page_clear_cookies", PageClearCookies, "delete the cookies of a URL", SessionRequired},
	{"page_storage", PageStorage, "read the page origin's localStorage or sessionStorage", SessionRequired},
	{"page_set_storage", PageSetStorage, "set a localStorage or sessionStorage key", SessionRequired},
	{"page_clear_storage", PageClearStorage, "clear localStorage or sessionStorage", SessionRequired},
	{"logs_console", LogsConsole, "console messages of a tab since attach (long poll with waitMs)", SessionRequired},
	{"logs_errors", LogsErrors, "uncaught exceptions and unhandled rejections of a tab", SessionRequired},
	{"logs_network", LogsNetwork, "network requests of a tab", SessionRequired},
	{"network_block", NetworkBlock, "fail requests matching patterns in the session's tabs", SessionRequired},
	{"network_unblock", NetworkUnblock, "stop failing requests matching patterns", SessionRequired},
	{"downloads_list", DownloadsList, "downloads started in the session's tabs", SessionRequired},

	// issue 8: navigation, waits, dialogs
	{"session_set_dialog_policy", SessionSetDialogPolicy, "set the session's JavaScript dialog policy", SessionRequired},
	{"page_navigate", PageNavigate, "send a tab to a URL and wait for it to load", SessionRequired},
	{"page_back", PageBack, "go back in the tab's history", SessionRequired},
	{"page_forward", PageForward, "go forward in the tab's history", SessionRequired},
	{"page_reload", PageReload, "reload the tab", SessionRequired},
	{"page_wait_for", PageWaitFor, "wait for text, a selector, a URL or a JavaScript condition", SessionRequired},
	{"page_dialog", PageDialog, "the open JavaScript dialog: status, accept, dismiss", SessionRequired},

	// issue 13: the REPL's saved script
	{"page_durable_target", PageDurableTarget, "a ref as a target that survives a reload; the tab's document", SessionRequired},
}

var (
	byWire = map[string]Method{}
	byKey  = map[string]Method{}
)

func init() {
	for _, m := range Methods {
		byWire[m.Wire] = m
		byKey[m.Key] = m
	}
}

// LookupWire finds a method by its wire name.
func LookupWire(wire string) (Method, bool) {
	m, ok := byWire[wire]
	return m, ok
}

// LookupKey finds a method by its Go-friendly key.
func LookupKey(key string) (Method, bool) {
	m, ok := byKey[key]
	return m, ok
}

// WireNames lists every wire method name, sorted.
func WireNames() []string {
	names := make([]string, 0, len(Methods))
	for _, m := range Methods {
		names = append(names, m.Wire)
	}
	sort.Strings(names)
	return names
}
