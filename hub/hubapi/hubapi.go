// Package hubapi is what the hub (hub/) and its clients (hub/hubclient/) share:
// the control API's answers (Status, Event), the header that marks a hub's
// answers, and Controller, what a command needs from a hub in this process
// or another. It imports nothing of either side, so each can import it.
package hubapi

import (
	"context"
	"time"

	"browserctl/rpc"
)

// HubHeader is set on every answer of a hub, so a client can tell a hub from
// anything else listening at the address.
const HubHeader = "Browserctl-Hub"

// Status is what GET /status answers.
type Status struct {
	Connected bool      `json:"connected"`
	Since     time.Time `json:"since,omitzero"` // when the current connection authenticated (or dropped)
	Version   int       `json:"version"`        // protocol version
	Pending   int       `json:"pending"`        // calls waiting for the extension
	Session   string    `json:"session"`        // the hub's current session, "" for none
	Addr      string    `json:"addr"`           // the listening address
	PID       int       `json:"pid"`            // the process holding the listener

	// Browser is who is connected, when one is: with several browsers,
	// the default one (the one connected first), which calls that name
	// no session or browser go to.
	Browser *Browser `json:"browser,omitempty"`
	// Browsers are every connected browser, the default one first.
	Browsers []Browser `json:"browsers,omitempty"`

	// Refusals are the last connections to /ws/browser the hub refused,
	// oldest first (a bounded list; the same refusal again from the same
	// place is counted, not repeated). Never holds a token.
	Refusals []Refusal `json:"refusals,omitempty"`
}

// Browser is a connected extension's browser: who it said it was in its
// auth frame, and what its WebSocket upgrade request showed.
type Browser struct {
	// ID is its stable id (the extension keeps it in its storage; a
	// remote browser's is its key's); "seed" for a peer that named none.
	ID string `json:"id,omitempty"`
	// Name is what --browser takes: the name it gave, else one the hub
	// made (the host's name, the seed peer's origin), unique among the
	// connected browsers.
	Name        string `json:"name,omitempty"`
	Profile     string `json:"profile,omitempty"`     // as the extension named it
	Version     string `json:"version,omitempty"`     // the extension's version
	UserAgent   string `json:"userAgent"`             // the upgrade request's User-Agent
	ExtensionID string `json:"extensionId,omitempty"` // from its chrome-extension:// Origin
	Remote      string `json:"remote"`                // its address
	// Key says which secret it proved: "extension" (this machine's
	// extension key) or "own" (a remote browser's own key).
	Key      string    `json:"key,omitempty"`
	Since    time.Time `json:"since,omitzero"`     // when this connection authenticated
	Sessions []string  `json:"sessions,omitempty"` // the sessions the hub routes to it
	Pending  int       `json:"pending,omitempty"`  // calls waiting for it
	Default  bool      `json:"default,omitempty"`  // calls naming no session or browser go to it
}

// Label is how messages name a browser: its name, and its id when the
// name is not it.
func (b Browser) Label() string {
	switch {
	case b.Name == "":
		return b.ID
	case b.ID == "" || b.ID == b.Name:
		return b.Name
	}
	return b.Name + " (" + b.ID + ")"
}

// Event types: what the REPL prints above its prompt.
const (
	EventConnected    = "connected"
	EventDisconnected = "disconnected"
	EventReplaced     = "replaced" // a new connection replaced the old one (last-wins)
	EventSession      = "session"  // the current session changed
)

// Event is a change in the hub's state.
type Event struct {
	Type    string    `json:"type"`
	Time    time.Time `json:"time"`
	Remote  string    `json:"remote,omitempty"`  // the peer's address, for connect events
	Browser string    `json:"browser,omitempty"` // the browser's name, for connect events
	Session string    `json:"session,omitempty"` // for EventSession
}

// Controller is what a command needs from a hub, whether it is in this
// process (*hub.Hub) or another (*hubclient.Client).
type Controller interface {
	rpc.Caller
	// Status reports the connection and the current session.
	Status(ctx context.Context) (Status, error)
	// UseSession sets the current session ("" clears it).
	UseSession(ctx context.Context, sessionID string) (Status, error)
	// Events streams state changes until ctx is done; the channel is closed
	// then, or when the hub goes away.
	Events(ctx context.Context) (<-chan Event, error)
}

// ownSessionKey marks a context whose calls come from a caller holding its
// own session.
type ownSessionKey struct{}

// WithOwnSession marks the calls made with ctx as a caller's that holds its
// own session (a REPL, a batch run, an MCP client): the hub fills in its
// current session for none of them, so a call that names no session acts on
// none (4103) rather than on a shell's session. Over the control API the
// mark is POST /rpc's "ownSession": true.
func WithOwnSession(ctx context.Context) context.Context {
	return context.WithValue(ctx, ownSessionKey{}, true)
}

// OwnSession says whether ctx carries WithOwnSession's mark.
func OwnSession(ctx context.Context) bool {
	v, _ := ctx.Value(ownSessionKey{}).(bool)
	return v
}

// GrantRequest asks the hub for a capability of one session (POST
// /capabilities, control token only).
type GrantRequest struct {
	SessionID string   `json:"sessionId"`
	ReadOnly  bool     `json:"readOnly,omitempty"`
	AnySite   bool     `json:"anySite,omitempty"` // its cookie calls may reach other sites
	Origins   []string `json:"origins,omitempty"` // the only origins its session may reach (network.fence)
	Files     []string `json:"files,omitempty"`   // the folders (absolute) its uploads may read
	TTLMs     int64    `json:"ttlMs,omitempty"`   // 0: until revoked or the session ends
}

// Grant is what the hub tells of a capability: never its secret.
type Grant struct {
	ID        string    `json:"id"`
	SessionID string    `json:"sessionId"`
	ReadOnly  bool      `json:"readOnly,omitempty"`
	AnySite   bool      `json:"anySite,omitempty"`
	Origins   []string  `json:"origins,omitempty"`
	Files     []string  `json:"files,omitempty"`
	Expires   time.Time `json:"expires,omitzero"`
	Created   time.Time `json:"created"`
}

// Granted answers a GrantRequest: the secret, shown this once.
type Granted struct {
	Capability string `json:"capability"`
	Grant      Grant  `json:"grant"`
}

// GrantList answers GET /capabilities.
type GrantList struct {
	Grants []Grant `json:"grants"`
}

// RevokeRequest ends a capability (by its secret or id) or all of a
// session's (POST /capabilities/revoke).
type RevokeRequest struct {
	Capability string `json:"capability,omitempty"`
	SessionID  string `json:"sessionId,omitempty"`
}

// RevokeResult says how many capabilities ended.
type RevokeResult struct {
	Revoked int `json:"revoked"`
}

// Granter is a hub that mints and ends capabilities: the hub in process and
// the client of one in another process.
type Granter interface {
	Grant(ctx context.Context, req GrantRequest) (Granted, error)
	Revoke(ctx context.Context, req RevokeRequest) (RevokeResult, error)
	Grants(ctx context.Context) (GrantList, error)
}

// Caller says who made a call, for the session's journal: the kind of
// front ("shell", "repl", "batch", "mcp"), a name where it has one (the
// batch file, the MCP client's name from initialize) and its process.
type Caller struct {
	Kind string `json:"kind"`
	Name string `json:"name,omitempty"`
	PID  int    `json:"pid,omitempty"`
}

func (c Caller) String() string {
	s := c.Kind
	if s == "" {
		s = "unknown"
	}
	if c.Name != "" {
		s += " " + c.Name
	}
	return s
}

type callerKey struct{}

// WithCaller names who makes the calls made with ctx.
func WithCaller(ctx context.Context, c Caller) context.Context {
	return context.WithValue(ctx, callerKey{}, c)
}

// CallerFrom is the caller WithCaller put in ctx.
func CallerFrom(ctx context.Context) (Caller, bool) {
	c, ok := ctx.Value(callerKey{}).(Caller)
	return c, ok
}

// JournalEntry is one call that reached the browser, as the session's
// journal keeps it (GET /journal). Values typed into fields are never
// kept: ValueLength is their length in characters.
type JournalEntry struct {
	Seq         int64     `json:"seq"`
	Time        time.Time `json:"time"`
	Session     string    `json:"session"`
	Caller      Caller    `json:"caller"`
	Method      string    `json:"method"`
	Target      string    `json:"target,omitempty"` // `button "Pay now" [e3]`, a selector, a URL
	URL         string    `json:"url,omitempty"`    // the page's, when the answer names it
	ValueLength *int      `json:"valueLength,omitempty"`
	OK          bool      `json:"ok"`
	Code        int       `json:"code,omitempty"`
	Reason      string    `json:"reason,omitempty"`
	Message     string    `json:"message,omitempty"`
	DurationMs  float64   `json:"durationMs"`
}

// JournalReader is a hub whose journal can be read: in process, or over
// GET /journal.
type JournalReader interface {
	// Journal answers the entries of session ("" for every session the
	// caller may see) with Seq > after, then, when follow, sends each new
	// one until ctx ends. The channel closes at the end.
	Journal(ctx context.Context, session string, after int64, follow bool) (<-chan JournalEntry, error)
}

// Hello is the hub's answer to GET /hello?nonce=N[&id=CAPABILITY-ID]: its
// own nonce and its proof (rpc.Proof, role rpc.ProofHubControl) that it
// holds the secret the caller is about to send.
type Hello struct {
	Nonce string `json:"nonce"`
	Proof string `json:"proof"`
}
