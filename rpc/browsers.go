package rpc

// Several browsers on one hub: who a connecting extension says it is (the
// optional "browser" member of its first auth frame), the hub-side
// "browser" member of the methods that name no session (which browser they
// go to), and the error of a call whose browser went away.

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode"
)

// BrowserHello is the optional "browser" member of the extension's first
// auth frame: its stable id (kept in the extension's storage), the name
// its user gave it, the profile and the extension's version. A peer that
// follows the seed sends none and is one browser, the seed's slot.
type BrowserHello struct {
	ID      string `json:"id,omitempty"`
	Name    string `json:"name,omitempty"`
	Profile string `json:"profile,omitempty"`
	Version string `json:"version,omitempty"`
}

// BrowserMember is the params member, on the methods that name no session
// (sessions.create, sessions.attachCurrent, sessions.list, tabs.userList),
// that names the browser to send them to by its name or id. The hub reads
// and removes it: the extension never sees it.
const BrowserMember = "browser"

// BrowserParams are the params of sessions.list and tabs.userList: which
// browser (all of them for sessions.list, the default one for
// tabs.userList when none is named).
type BrowserParams struct {
	Browser string `json:"browser,omitempty" doc:"hub side: the browser (name or id) to ask; the hub removes it before the extension sees it"`
}

// maxBrowserID and maxBrowserName bound what a peer may call itself.
const (
	maxBrowserID   = 64
	maxBrowserName = 64
)

// ValidBrowserID fails unless id is 1 to 64 of a-z, 0-9, '-' and '_': the
// form the extension gives itself ("b" and base-36), so an id is safe to
// print and to pass as an argument.
func ValidBrowserID(id string) error {
	ok := len(id) >= 1 && len(id) <= maxBrowserID
	for i := 0; ok && i < len(id); i++ {
		c := id[i]
		ok = c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_'
	}
	if !ok {
		return fmt.Errorf("invalid browser id %q: 1 to %d of a-z, 0-9, '-' and '_'", id, maxBrowserID)
	}
	return nil
}

// CleanBrowserName makes a name a peer sent safe to show and to type: its
// letters, digits, '-', '_' and '.', spaces and other characters as '-',
// at most 64; "" when nothing is left.
func CleanBrowserName(name string) string {
	var b strings.Builder
	for _, r := range strings.TrimSpace(name) {
		if b.Len() >= maxBrowserName {
			break
		}
		switch {
		case r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)), r == '-', r == '_', r == '.':
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	return strings.Trim(b.String(), "-")
}

// ErrBrowserGone is a call of a session whose browser went away. A call
// that was pending when it went may have reached the browser: it fails
// retryable (the caller decides; the hub never sends it again), as the
// spec fails every pending call of a lost connection. A new call while the
// browser is away fails not retryable, as a call with no connection does.
func ErrBrowserGone(name, id, why string, pending bool) *BrowserError {
	msg := fmt.Sprintf("browser %s (%s) is gone: its extension is not connected", name, id)
	if why != "" {
		msg += " (its connection ended: " + why + ")"
	}
	if pending {
		msg = fmt.Sprintf("browser %s (%s) is gone: its extension's connection ended (%s); the call may or may not have run there, and was not sent again", name, id, why)
	}
	return &BrowserError{Message: msg, Code: CodeExtensionNotConnected, Retryable: pending, Reason: ReasonBrowserGone}
}

// BrowserFlag is the --browser flag of the commands whose method names no
// session: which browser on the hub they go to.
var BrowserFlag = Flag{Name: "browser", Member: BrowserMember, Complete: "browsers",
	Help: "the browser (name or id, as `browserctl browsers` lists them) to send it to; default: the only one, else the one connected first"}

// TakeBrowser reads and removes the hub-side "browser" member of params:
// the params without it, and its value ("" when there is none). A
// non-string value is invalid params.
func TakeBrowser(raw json.RawMessage) (json.RawMessage, string, error) {
	v, ok := Member(raw, BrowserMember)
	if !ok {
		return raw, "", nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return raw, "", nil // not an object after all: the extension's to refuse
	}
	var name string
	if string(v) != "null" {
		s, ok := jsonString(v)
		if !ok {
			return raw, "", &BrowserError{Code: CodeInvalidParams, Reason: ReasonBadInput, Message: `"browser" must be a browser's name or id (a string)`}
		}
		name = strings.TrimSpace(s)
	}
	delete(m, BrowserMember)
	out, err := json.Marshal(m)
	if err != nil {
		return raw, "", err
	}
	return out, name, nil
}
