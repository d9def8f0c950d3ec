package rpc

import "strings"

// Enum is a closed set of string values a param takes. A params struct
// member names it in its `enum` tag; the CLI validates and completes its
// flags and arguments from Values, and the extension gets them as a
// generated const array named after it (MouseButton: MOUSE_BUTTONS,
// DialogPolicy: DIALOG_POLICIES).
type Enum struct {
	Name   string // Go-style name, also the TypeScript type's name
	Values []string
}

// Every enum of the protocol.
var (
	MouseButton     = Enum{"MouseButton", []string{"left", "right", "middle"}}
	ScrollDirection = Enum{"ScrollDirection", []string{"up", "down", "left", "right"}}
	MouseAction     = Enum{"MouseAction", []string{"move", "down", "up", "click", "wheel"}}
	GetWhat         = Enum{"GetWhat", []string{"title", "url", "text", "value", "html", "box"}}
	LoadState       = Enum{"LoadState", []string{"load", "domcontentloaded", "networkidle"}}

	// an element's state (pages.is)
	ElementState = Enum{"ElementState", []string{"visible", "enabled", "checked"}}
	// navigation and dialogs
	WaitUntil    = Enum{"WaitUntil", []string{"load", "domcontentloaded", "networkidle", "none"}}
	DialogAction = Enum{"DialogAction", []string{"status", "accept", "dismiss"}}
	DialogPolicy = Enum{"DialogPolicy", []string{"accept", "dismiss", "hold"}}
	// storage and logs
	StorageKind  = Enum{"StorageKind", []string{"local", "session"}}
	ConsoleLevel = Enum{"ConsoleLevel", []string{"debug", "log", "info", "warning", "error"}}
	// what a session asks the person before (sessions.setPolicy)
	ConfirmKind = Enum{"ConfirmKind", []string{"submit", "upload", "download", "navigate-offsite", "eval", "close"}}
)

// Enums lists every Enum, for the generator and the tag lookup.
var Enums = []Enum{MouseButton, ScrollDirection, MouseAction, GetWhat, LoadState, ElementState, StorageKind, ConsoleLevel,
	WaitUntil, DialogAction, DialogPolicy, ImageFormat, ConfirmKind}

// Has reports whether v is one of the values.
func (e Enum) Has(v string) bool {
	for _, x := range e.Values {
		if x == v {
			return true
		}
	}
	return false
}

// Or lists the values for people: "left, right or middle".
func (e Enum) Or() string {
	n := len(e.Values)
	if n < 2 {
		return strings.Join(e.Values, "")
	}
	return strings.Join(e.Values[:n-1], ", ") + " or " + e.Values[n-1]
}
