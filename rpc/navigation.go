package rpc

import (
	"encoding/json"
	"fmt"
	"net/http"
)

// Navigation and waits: sending a tab to a URL, history, reload, and
// waiting for time, a load state, text, a selector, a URL or a condition.
// Their timeoutMs is PageParams'.

// Wire names of the navigation and wait methods.
const (
	PageNavigate = "pages.navigate"
	PageBack     = "pages.back"
	PageForward  = "pages.forward"
	PageReload   = "pages.reload"
	PageWait     = "pages.wait"
	PageWaitFor  = "pages.waitFor"
)

// navigationMethods are the navigation and wait rows of Methods.
var navigationMethods = []Method{
	{Wire: PageNavigate, Session: SessionRequired, Params: NavigateParams{}, Result: NavResult{},
		Tool: &Tool{Name: "browser_navigate", Title: "Navigate to a URL",
			Description: "Navigate the current tab to a URL and wait for it to load. Returns the page's URL, title and snapshot.",
			Hide:        []string{"waitUntil", "allowFile", "snapshot"}, Page: true},
		Summary:   "send a tab to a URL and wait for it to load",
		ResultDoc: "once the new document reached `waitUntil`; the browser refused: 4110 with its `net::` reason; `timeoutMs` ran out: 4102",
		Commands: []Command{{
			Path: "open", Args: []Arg{{Name: "URL", Member: "url", NotEmpty: true, Complete: "default"}}, Needs: "a URL",
			Flags: []Flag{waitUntilFlag, {Name: "allow-file", Member: "allowFile", Value: "true", Help: "let a file: URL load"}},
			Waits: true, MakesSession: true,
			Validate: func(params any) error {
				p, ok := params.(*NavigateParams)
				if !ok {
					v, _ := params.(NavigateParams)
					p = &v
				}
				return CheckNavigationURL(p.URL, p.AllowFile)
			},
			Short: "Send the session's tab to URL, wait until it has loaded, print the final URL and title",
			Long: `Navigate the session's active tab (or --tab) to URL and wait until the new
page reached --wait-until (default load; none returns once it started).
A URL without a scheme gets https://. A javascript: URL is refused, and so
is a page of the browser or of an extension (chrome://settings,
chrome-extension://...), which the extension cannot or must not drive; a
file: URL loads only with --allow-file (the extension refuses them too,
and MCP agents never get file:). With no session at all (no
--session, no current session) open makes one first, says which on
stderr, and it becomes the current session. A navigation the browser refuses
(DNS, a refused connection) fails with its reason, for example
net::ERR_CONNECTION_REFUSED. Waiting is bounded by --timeout (exit 4).`,
			Example: `  browserctl open example.com
  browserctl open http://localhost:3000/login --wait-until networkidle
  browserctl open https://example.com --tab 123 --wait-until none`,
			Printer: PrintNav, Replay: Replayed + OpensPage + WaitsItself,
		}}},
	{Wire: PageBack, Session: SessionRequired, Params: HistoryParams{}, Result: NavResult{},
		Tool: &Tool{Name: "browser_navigate_back", Title: "Go back",
			Description: "Go back to the previous page in the current tab's history.",
			Hide:        []string{"waitUntil"}, Done: "Went back", Page: true},
		Summary: "go back in the tab's history", ResultDoc: "as `pages.navigate`; no page before: 4110",
		Commands: []Command{{
			Path: "back", Flags: []Flag{waitUntilFlag}, Waits: true,
			Short:   "Go back one page in the tab's history, wait until it has loaded, print its URL and title",
			Example: "  browserctl back\n  browserctl back --wait-until domcontentloaded",
			Printer: PrintNav, Replay: Replayed + WaitsItself,
		}}},
	{Wire: PageForward, Session: SessionRequired, Params: HistoryParams{}, Result: NavResult{},
		Tool: &Tool{Name: "browser_navigate_forward", Title: "Go forward",
			Description: "Go forward in the current tab's history.",
			Hide:        []string{"waitUntil"}, Done: "Went forward", Page: true},
		Summary: "go forward in the tab's history", ResultDoc: "as `pages.navigate`; no page after: 4110",
		Commands: []Command{{
			Path: "forward", Flags: []Flag{waitUntilFlag}, Waits: true,
			Short:   "Go forward one page in the tab's history, wait until it has loaded, print its URL and title",
			Example: "  browserctl forward",
			Printer: PrintNav, Replay: Replayed + WaitsItself,
		}}},
	{Wire: PageReload, Session: SessionRequired, Params: HistoryParams{}, Result: NavResult{},
		Tool: &Tool{Name: "browser_reload", Title: "Reload",
			Description: "Reload the current tab.",
			Hide:        []string{"waitUntil"}, Done: "Reloaded", Page: true},
		Summary: "reload the tab", ResultDoc: "as `pages.navigate`",
		Commands: []Command{{
			Path: "reload", Flags: []Flag{waitUntilFlag}, Waits: true,
			Short:   "Reload the tab, wait until it has loaded, print its URL and title",
			Example: "  browserctl reload\n  browserctl reload --wait-until networkidle --timeout 60s",
			Printer: PrintNav, Replay: Replayed + WaitsItself,
		}}},
	{Wire: PageWait, Session: SessionRequired, Params: WaitParams{}, Result: WaitResult{},
		Summary: "wait for milliseconds or a load state", ResultDoc: "the milliseconds waited"},
	{Wire: PageWaitFor, Session: SessionRequired, Params: WaitForParams{}, Result: WaitForResult{},
		Summary:   "wait for text, a selector, a URL or a JavaScript condition",
		ResultDoc: "`url` for `url`, `value` for `fn`; `timeoutMs` ran out: 4102 naming what it waited for"},
}

// waitUntilFlag is --wait-until of the commands that navigate.
var waitUntilFlag = Flag{Name: "wait-until", Member: "waitUntil", Help: "load, domcontentloaded, networkidle or none (default load)",
	Invalid: "--wait-until must be %[3]s, got %[1]q"}

// NavigateParams are the params of pages.navigate.
type NavigateParams struct {
	PageParams
	URL       string `json:"url" doc:"a URL without a scheme gets https://; javascript: is refused, file: needs allowFile"`
	WaitUntil string `json:"waitUntil,omitempty" enum:"WaitUntil" default:"\"load\""`
	AllowFile bool   `json:"allowFile,omitempty" doc:"let a file: URL load (never from MCP)"`
	// Snapshot: the page the navigation loaded, read in the same call (what
	// browser_navigate answers with): one round trip to the extension
	// fewer, and url and title read from the page by the snapshot. An
	// extension that does not know it answers no snapshot; the caller then
	// asks pages.snapshot.
	Snapshot bool `json:"snapshot,omitempty" doc:"once loaded (not with waitUntil none), also answer the page's compact snapshot, as pages.snapshot with compact and settle"`
}

// HistoryParams are the params of pages.back, pages.forward and pages.reload.
type HistoryParams struct {
	PageParams
	WaitUntil string `json:"waitUntil,omitempty" enum:"WaitUntil" default:"\"load\""`
}

// NavResult is the result of pages.navigate, back, forward and reload.
type NavResult struct {
	URL   string `json:"url" doc:"the final URL"`
	Title string `json:"title"`
	// Status is the HTTP status the new document came with: a 404 page
	// loads like any other, and this says so.
	Status int `json:"status,omitempty" doc:"the HTTP status of the new document's response (200, 404): absent when none came over HTTP (a page from the back/forward cache, about:, data:, a fragment) or the browser did not say"`
	// ReplacedTab: pages.navigate found its tab stuck in a dialog loop and
	// loaded the URL in a new tab of the same group and session instead.
	ReplacedTab *ReplacedTab    `json:"replacedTab,omitempty" doc:"pages.navigate only: the tab was stuck in a dialog loop and was replaced"`
	Snapshot    *SnapshotResult `json:"snapshot,omitempty" doc:"pages.navigate with snapshot only: the loaded page's compact snapshot"`
	// Download: the URL answered a file, not a page. The browser
	// downloads it and the tab stays where it was (url and title say
	// where), as it does for a person.
	Download *Download `json:"download,omitempty" doc:"pages.navigate only: the URL answered a file, which the browser downloaded (waited for up to 5 s); the tab stays at the page it showed"`
}

// HTTPErrorLine says that a navigation's document came with an HTTP error
// status (400 and above), "" for any other status or none.
func HTTPErrorLine(status int) string {
	if status < 400 || status > 599 {
		return ""
	}
	text := http.StatusText(status)
	if text == "" {
		text = "error"
	}
	return fmt.Sprintf("the server answered HTTP %d %s: the page shown is its error page", status, text)
}

// ReplacedTab says which tab a call replaced with which, and why.
type ReplacedTab struct {
	Old    int    `json:"old" doc:"the tab that was closed"`
	New    int    `json:"new" doc:"the tab in its place: same group, same session, now the session's active tab"`
	Reason string `json:"reason" doc:"dialog_loop"`
}

// WaitParams are the params of pages.wait: MS or State.
type WaitParams struct {
	PageParams
	MS      *int   `json:"ms,omitempty" min:"0" doc:"ms or state, one of them"`
	State   string `json:"state,omitempty" enum:"LoadState"`
	Timeout int    `json:"timeout,omitempty" default:"30000" doc:"ms, for state"`
}

// WaitResult is the result of pages.wait.
type WaitResult struct {
	Waited int `json:"waited"`
}

// WaitForParams are the params of pages.waitFor: exactly one of Text,
// Selector, URL, Fn (the extension checks; each is optional here).
type WaitForParams struct {
	PageParams
	Text     string `json:"text,omitempty" doc:"exactly one of text, selector, url, fn; visible on the page, whitespace runs compared as one space"`
	Selector string `json:"selector,omitempty" doc:"CSS: a matching element is visible"`
	URL      string `json:"url,omitempty" doc:"the tab's URL contains it, or matches it as a glob"`
	Fn       string `json:"fn,omitempty" doc:"a JavaScript expression, truthy; promises awaited"`
	Gone     bool   `json:"gone,omitempty" default:"false" doc:"with text or selector: until it is no longer visible"`
}

// WaitForResult is the result of pages.waitFor.
type WaitForResult struct {
	Waited int             `json:"waited"`
	URL    string          `json:"url,omitempty" doc:"url: the URL that matched"`
	Value  json.RawMessage `json:"value,omitempty" doc:"fn: its truthy JSON value"`
}
