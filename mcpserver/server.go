// Package mcpserver serves browserctl to AI agents over the Model Context
// Protocol: Playwright-MCP-shaped tools (browser_navigate, browser_snapshot,
// browser_click, ...) that turn into the same wire calls the CLI makes, on
// the same hub, extension and sessions.
//
// Each MCP client gets a session (a Chrome tab group) of its own, created on
// its first page tool, unless the server was told to share one: two agents
// never act on each other's tabs, and the user can watch each agent's group.
// The session lives in the server, never in the hub: a client's session
// create, use or release changes no shell's current session.
package mcpserver

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// DefaultMaxSnapshotChars bounds the page part of an action's result (what
// changed, the small page whole, or an outline; pageview.go). The whole
// compact snapshot is 19,220 characters on the median corpus page, and an
// agent that had to read it after every action read more than with
// Playwright MCP, whose action answers carry no page; 2,000 (~500 tokens)
// holds a form's changes, a login or confirmation page whole, or a large
// page's outline (measured with `make bench-agent`).
const DefaultMaxSnapshotChars = 2000

// Options configure a Server.
type Options struct {
	// Caller reaches the hub (the CLI's auto-starting client).
	Caller rpc.Caller
	// Session, when set, is the session every client shares; else each
	// client gets its own. A client reaches only the sessions it created
	// and this one: whoever starts the server chooses to share it.
	Session string
	// Browser, when set, is the browser (name or id) every client's
	// sessions are created in (mcp --browser): one of several on the hub,
	// a cookie jar of its own. A client cannot create one elsewhere.
	Browser string
	// MaxSnapshotChars bounds the page part of an action's result; 0
	// appends none (URL and title only), negative: the whole snapshot.
	MaxSnapshotChars int
	// Timeout bounds each wire call (0: rpc.DefaultTimeout).
	Timeout time.Duration
	// Hint returns the line the CLI prints after an error ("" for none).
	Hint func(error) string
	// Describe reports an error as the CLI does (its code, name, reason
	// and hint); nil: the wire's code, and Hint.
	Describe func(error) ErrorReport
	// Version is browserctl's version, reported to clients.
	Version string
	// SaveDownload moves a finished download into the folder into and
	// answers its new path ("" for unmoved); nil leaves downloads where
	// the browser saved them.
	SaveDownload func(d *rpc.Download, into string) (string, error)
	// DownloadDir is --download-dir, the person's choice of where
	// downloads go; "": the output root's downloads/.
	DownloadDir string
	// OutputDir is the one folder the tools write in (--output-dir); "":
	// a folder per client in StateDir's mcp/.
	OutputDir string
	// StateDir is the state folder.
	StateDir func() (string, error)
	// AllTools lists every tool in tools/list; else the core tools and
	// browser_more, which runs the others (catalog.go).
	AllTools bool
	// AllowRead are the folders besides the output root and the client's
	// roots that the tools may read (browser_file_upload,
	// browser_state_load): --allow-read.
	AllowRead []string
	// Confirm is what the sessions the clients create ask the person
	// before (mcp --confirm: rpc.ConfirmKind's values); none: nothing.
	Confirm []string
}

// Server is browserctl's MCP server.
type Server struct {
	opts Options
	mcp  *mcp.Server

	mu       sync.Mutex
	sessions map[*mcp.ServerSession]*clientState
}

// ownSessionCaller marks every call as made by a caller that holds its own
// session (hubapi.WithOwnSession): the hub fills in no shell's current
// session, and an MCP client's sessions.create moves nobody's.
type ownSessionCaller struct{ rpc.Caller }

func (c ownSessionCaller) Call(ctx context.Context, method string, params any, timeout time.Duration) (json.RawMessage, error) {
	return c.Caller.Call(hubapi.WithOwnSession(ctx), method, params, timeout)
}

// clientState is what the server keeps for one MCP client.
type clientState struct {
	mu        sync.Mutex // serializes session creation
	sessionID string
	created   bool // the server created sessionID for this client (release it at the end)
	// own is every session this client created and still holds: the only
	// ones it may list, use or release besides Options.Session.
	own map[string]bool
	// seen is what the client last saw of each tab, so an action's result
	// can say what changed.
	seen pageMemory
}

// mayReach reports whether the client may see or act on session id: one it
// created, or the one the server was started on (Options.Session). Callers
// hold c.mu.
func (s *Server) mayReach(c *clientState, id string) bool {
	return id != "" && (id == s.opts.Session || c.own[id])
}

// forbidden is the error for a session outside the client's reach. It does
// not say whether the session exists.
func forbidden(id string) error {
	return &rpc.BrowserError{Code: rpc.CodeUnauthorized, Reason: rpc.ReasonForbidden,
		Message: "session " + id + " is not this client's: an MCP client acts only on the sessions it created; start `browserctl mcp --session " + id + "` to share one"}
}

// New builds the server and registers every tool.
func New(opts Options) *Server {
	if opts.Hint == nil {
		opts.Hint = func(error) string { return "" }
	}
	opts.Caller = ownSessionCaller{opts.Caller}
	s := &Server{opts: opts, sessions: map[*mcp.ServerSession]*clientState{}}
	s.mcp = mcp.NewServer(&mcp.Implementation{Name: "browserctl", Title: "browserctl", Version: opts.Version}, &mcp.ServerOptions{
		Instructions: instructions,
	})
	defs := s.toolDefs()
	for _, t := range defs {
		t.add(s.mcp)
	}
	s.mcp.AddReceivingMiddleware(s.approvalProgress) // inside typedToolCalls: its polls carry the client's name
	s.mcp.AddReceivingMiddleware(newCatalog(defs, opts.AllTools).middleware)
	s.mcp.AddReceivingMiddleware(typedToolCalls)
	s.mcp.AddReceivingMiddleware(safeToolText) // outermost: sees every result
	return s
}

// instructions are read once by every agent: what every tool shares, said
// once instead of in each tool's words.
const instructions = `browserctl drives the user's Chrome; your tabs are a tab group the user watches.
target: a ref (e3) from an answer, a snapshot or browser_find; or a CSS selector, role=ROLE[name="N"], text=T; in a frame frame=IFRAME_CSS >> TARGET.
An action answers what changed (+ added, - removed, ~ changed); a new page, its URL, title and content or outline.
A ref that answers page_ref_not_found is stale: read the page again.`

// MCP is the SDK server, for transports and tests.
func (s *Server) MCP() *mcp.Server { return s.mcp }

// Run serves one client on t until it goes, then releases the session
// created for it.
func (s *Server) Run(ctx context.Context, t mcp.Transport) error {
	err := s.mcp.Run(ctx, t)
	s.ReleaseAll(context.WithoutCancel(ctx))
	return err
}

// ReleaseAll releases the sessions the server created for its clients: the
// tab groups stay for the user, the debugger lets go of them.
func (s *Server) ReleaseAll(ctx context.Context) {
	s.mu.Lock()
	clients := s.sessions
	s.sessions = map[*mcp.ServerSession]*clientState{}
	s.mu.Unlock()
	for _, c := range clients {
		c.mu.Lock()
		for id := range c.own {
			if id == s.opts.Session {
				continue // the server was started on it: not ours to end
			}
			ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
			_, _ = s.opts.Caller.Call(ctx, rpc.SessionRelease, &rpc.SessionIDParams{SessionID: id}, 5*time.Second)
			cancel()
		}
		c.mu.Unlock()
	}
}

// client is the state of the client that sent req.
func (s *Server) client(req *mcp.CallToolRequest) *clientState {
	s.mu.Lock()
	defer s.mu.Unlock()
	var key *mcp.ServerSession
	if req != nil {
		key = req.Session
	}
	c := s.sessions[key]
	if c == nil {
		c = &clientState{sessionID: s.opts.Session, own: map[string]bool{}}
		s.sessions[key] = c
	}
	return c
}

// sessionFor is the client's session, created on first use.
func (s *Server) sessionFor(ctx context.Context, req *mcp.CallToolRequest) (string, error) {
	c := s.client(req)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.sessionID != "" {
		return c.sessionID, nil
	}
	sess, err := s.createSession(ctx, &rpc.SessionCreateParams{Name: sessionName(req), Browser: s.opts.Browser})
	if err != nil {
		return "", err
	}
	c.sessionID, c.created = sess.SessionID, true
	c.own[sess.SessionID] = true
	return c.sessionID, nil
}

// setSession makes id the client's session (created: the server made it
// just now for this client). A session the client did not create is
// refused unless the server was started on it.
func (s *Server) setSession(req *mcp.CallToolRequest, id string, created bool) error {
	c := s.client(req)
	c.mu.Lock()
	defer c.mu.Unlock()
	if created {
		c.own[id] = true
	} else if !s.mayReach(c, id) {
		return forbidden(id)
	}
	c.sessionID, c.created = id, created || c.own[id]
	return nil
}

// browserFor is the browser a client's browser_session create goes to:
// the one it named, unless the server was started on another (--browser).
func (s *Server) browserFor(asked string) (string, error) {
	switch {
	case s.opts.Browser == "" || asked == "":
		return cmp.Or(asked, s.opts.Browser), nil
	case strings.EqualFold(asked, s.opts.Browser):
		return asked, nil
	}
	return "", &rpc.BrowserError{Code: rpc.CodeUnauthorized, Reason: rpc.ReasonForbidden,
		Message: "this server makes sessions in browser " + s.opts.Browser + " only (browserctl mcp --browser " + s.opts.Browser + "), not " + asked}
}

// onBrowser is " on browser NAME" for a session the hub marked with its
// browser, "" otherwise.
func onBrowser(se rpc.Session) string {
	if se.Browser == "" {
		return ""
	}
	return " on browser " + se.Browser
}

// sessionName names a client's tab group after the client ("mcp: claude-code").
func sessionName(req *mcp.CallToolRequest) string {
	if name := clientName(req); name != "" {
		return "mcp: " + name
	}
	return "mcp"
}

// call sends method on the client's session with params, a pointer to
// the method's rpc params type (nil: its zero value); the server fills its
// sessionId, and the timeoutMs of a page call left without one.
func (s *Server) call(ctx context.Context, req *mcp.CallToolRequest, method string, params any) (json.RawMessage, error) {
	return s.callTimeout(ctx, req, method, params, s.opts.Timeout)
}

func (s *Server) callTimeout(ctx context.Context, req *mcp.CallToolRequest, method string, params any, timeout time.Duration) (json.RawMessage, error) {
	p, err := wireParams(method, params)
	if err != nil {
		return nil, err
	}
	id, err := s.sessionFor(ctx, req)
	if err != nil {
		return nil, err
	}
	setMember(p, "sessionId", id)
	// A page call's own waits (an element to appear, to be uncovered) end
	// within the hub's timeout, so the answer says why, not "timed out".
	if timeout > 0 && strings.HasPrefix(method, "pages.") && method != rpc.PageWait {
		if m := member(p, "timeoutMs"); m.IsValid() && m.IsZero() {
			m.SetInt(timeout.Milliseconds())
		}
	}
	return s.opts.Caller.Call(ctx, method, p.Addr().Interface(), timeout)
}

// callFree sends a method that names no session, or names its own
// (sessions.*), with params as call takes them.
func (s *Server) callFree(ctx context.Context, method string, params any) (json.RawMessage, error) {
	p, err := wireParams(method, params)
	if err != nil {
		return nil, err
	}
	return s.opts.Caller.Call(ctx, method, p.Addr().Interface(), s.opts.Timeout)
}

// wireParams is params as the method's rpc params struct, which it must
// be: the tools send the types the CLI sends.
func wireParams(method string, params any) (reflect.Value, error) {
	m, ok := rpc.LookupWire(method)
	if !ok {
		return reflect.Value{}, fmt.Errorf("mcpserver: unknown method %s", method)
	}
	want := reflect.TypeOf(m.Params)
	if params == nil {
		return reflect.New(want).Elem(), nil
	}
	v := reflect.ValueOf(params)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Type() != want {
		return reflect.Value{}, fmt.Errorf("mcpserver: %s takes *%s, not %T", method, want, params)
	}
	return v.Elem(), nil
}

// member is the field of struct v (embedded structs searched) whose JSON
// name is name; invalid when there is none.
func member(v reflect.Value, name string) reflect.Value {
	for i := 0; i < v.NumField(); i++ {
		f := v.Type().Field(i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			if m := member(v.Field(i), name); m.IsValid() {
				return m
			}
			continue
		}
		if n, _, _ := strings.Cut(f.Tag.Get("json"), ","); n == name {
			return v.Field(i)
		}
	}
	return reflect.Value{}
}

// setMember sets v's string member name, if it has one.
func setMember(v reflect.Value, name, value string) {
	if m := member(v, name); m.IsValid() && m.Kind() == reflect.String {
		m.SetString(value)
	}
}
