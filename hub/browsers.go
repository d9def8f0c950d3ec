package hub

// The browser table: every browser that connected, by its id, with its
// current connection (last-wins per browser, spec section 7, per slot), the
// order they connected in (the default browser is the one connected
// first), and which browser each session lives on, so every call of a
// session goes to its browser.

import (
	"slices"
	"strings"
	"sync"

	"browserctl/hub/hubapi"
)

// seedBrowserID is the slot of every peer that names no browser (a peer
// that follows the seed): they share one slot, so they replace each other
// exactly as the seed's one connection did.
const seedBrowserID = "seed"

// maxGoneBrowsers bounds the browsers the table remembers after they went
// away (to name them in browser_gone); the oldest is forgotten first, with
// its sessions.
const maxGoneBrowsers = 64

// browserSlot is one browser: its current connection, or none while it is
// away.
type browserSlot struct {
	info  hubapi.Browser // who it is; Since, Pending, Sessions filled on demand
	conn  *conn          // nil while it is gone
	order uint64         // when its current run of connections began: the default is the lowest
	// listed is the connection whose sessions.list answer the table
	// holds: while it is the current one, a session not in the table is
	// not on this browser.
	listed  *conn
	goneWhy string
}

// browserTable is guarded by its own mutex; Hub.mu is taken before it when
// both are (attach, detach, shutdown).
type browserTable struct {
	mu       sync.Mutex
	slots    map[string]*browserSlot // by id
	sessions map[string]string       // session id -> the id of the browser it lives on
	// clash holds the session ids two connected browsers both answered: a
	// call naming one cannot be routed.
	clash map[string][]string
	seq   uint64
	gone  []string // ids of gone slots, oldest first
}

func (t *browserTable) init() {
	t.slots = map[string]*browserSlot{}
	t.sessions = map[string]string{}
	t.clash = map[string][]string{}
}

// install makes c its browser's connection and answers the one it
// replaces (last-wins per browser), nil when there was none. A name another
// connected browser holds gets the id's tail.
func (t *browserTable) install(c *conn) (old *conn) {
	t.mu.Lock()
	defer t.mu.Unlock()
	id := c.browser.ID
	s := t.slots[id]
	if s == nil {
		s = &browserSlot{}
		t.slots[id] = s
	}
	if s.conn == nil {
		t.seq++
		s.order = t.seq
		t.gone = slices.DeleteFunc(t.gone, func(g string) bool { return g == id })
	}
	old, s.conn, s.goneWhy = s.conn, c, ""
	c.browser.Name = t.uniqueName(id, c.browser.Name)
	s.info = c.browser
	return old
}

// uniqueName is name, or name and the id's tail when another connected
// browser has it.
func (t *browserTable) uniqueName(id, name string) string {
	taken := func(n string) bool {
		for oid, o := range t.slots {
			if oid != id && o.conn != nil && strings.EqualFold(o.info.Name, n) {
				return true
			}
		}
		return false
	}
	if !taken(name) {
		return name
	}
	tail := id
	if len(tail) > 4 {
		tail = tail[len(tail)-4:]
	}
	if n := name + "-" + tail; !taken(n) {
		return n
	}
	return name + "-" + id
}

// remove marks c's browser gone when c is still its connection; it
// answers whether it did.
func (t *browserTable) remove(c *conn, why string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := t.slots[c.browser.ID]
	if s == nil || s.conn != c {
		return false
	}
	s.conn, s.listed, s.goneWhy = nil, nil, why
	t.gone = append(t.gone, c.browser.ID)
	if len(t.gone) > maxGoneBrowsers {
		t.forget(t.gone[0])
		t.gone = t.gone[1:]
	}
	return true
}

// forget drops a gone slot and its sessions.
func (t *browserTable) forget(id string) {
	delete(t.slots, id)
	for sid, b := range t.sessions {
		if b == id {
			delete(t.sessions, sid)
		}
	}
}

// first is the connection of the browser connected first, nil for none.
func (t *browserTable) first() *conn {
	t.mu.Lock()
	defer t.mu.Unlock()
	var best *browserSlot
	for _, s := range t.slots {
		if s.conn != nil && (best == nil || s.order < best.order) {
			best = s
		}
	}
	if best == nil {
		return nil
	}
	return best.conn
}

// live answers the connected browsers' connections, in the order they
// connected.
func (t *browserTable) live() []*conn {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.liveLocked()
}

func (t *browserTable) liveLocked() []*conn {
	var ss []*browserSlot
	for _, s := range t.slots {
		if s.conn != nil {
			ss = append(ss, s)
		}
	}
	slices.SortFunc(ss, func(a, b *browserSlot) int { return int(a.order) - int(b.order) })
	out := make([]*conn, len(ss))
	for i, s := range ss {
		out[i] = s.conn
	}
	return out
}

// liveCount is how many browsers are connected.
func (t *browserTable) liveCount() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := 0
	for _, s := range t.slots {
		if s.conn != nil {
			n++
		}
	}
	return n
}

// named finds a browser by its name or id: its connection (nil when it is
// gone) and what the table knows of it.
func (t *browserTable) named(want string) (*conn, hubapi.Browser, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if s := t.slots[want]; s != nil {
		return s.conn, s.info, true
	}
	var gone *browserSlot
	for _, s := range t.slots {
		if strings.EqualFold(s.info.Name, want) {
			if s.conn != nil {
				return s.conn, s.info, true
			}
			gone = s
		}
	}
	if gone != nil {
		return nil, gone.info, true
	}
	return nil, hubapi.Browser{}, false
}

// sessionRoute is what the table knows of a session's browser.
type sessionRoute struct {
	known   bool
	conn    *conn          // nil when its browser is gone
	browser hubapi.Browser // its browser
	goneWhy string
	clash   []string // the names of the browsers that both have it
	live    int      // connected browsers
}

func (t *browserTable) route(sid string) sessionRoute {
	t.mu.Lock()
	defer t.mu.Unlock()
	r := sessionRoute{clash: t.clash[sid]}
	for _, s := range t.slots {
		if s.conn != nil {
			r.live++
		}
	}
	if id, ok := t.sessions[sid]; ok {
		s := t.slots[id]
		r.known, r.conn, r.browser, r.goneWhy = true, s.conn, s.info, s.goneWhy
	}
	return r
}

// unlisted are the connected browsers whose sessions the table does not
// know in full (no sessions.list answer from their connection).
func (t *browserTable) unlisted() []*conn {
	t.mu.Lock()
	defer t.mu.Unlock()
	var out []*conn
	for _, s := range t.slots {
		if s.conn != nil && s.listed != s.conn {
			out = append(out, s.conn)
		}
	}
	return out
}

// claim records that session sid lives on c's browser. It answers the
// connected browser that already has a session of that id, if one does
// (the ids clash).
func (t *browserTable) claim(c *conn, sid string) (other *conn) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.claimLocked(c, sid)
}

func (t *browserTable) claimLocked(c *conn, sid string) *conn {
	id := c.browser.ID
	if cur, ok := t.sessions[sid]; ok && cur != id {
		if o := t.slots[cur]; o != nil && o.conn != nil {
			names := []string{o.info.Name, c.browser.Name}
			t.clash[sid] = names
			return o.conn
		}
	}
	t.sessions[sid] = id
	return nil
}

// listed records a browser's whole list of sessions (its sessions.list
// answer): the sessions it no longer has leave the table.
func (t *browserTable) listed(c *conn, sids []string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := t.slots[c.browser.ID]
	if s == nil || s.conn != c {
		return // it went away or was replaced meanwhile: what it said is stale
	}
	for sid, b := range t.sessions {
		if b == c.browser.ID && !slices.Contains(sids, sid) {
			delete(t.sessions, sid)
			delete(t.clash, sid)
		}
	}
	for _, sid := range sids {
		t.claimLocked(c, sid)
	}
	s.listed = c
}

// ended forgets a session that was closed or released.
func (t *browserTable) ended(sid string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.sessions, sid)
	delete(t.clash, sid)
}

// browsers answers every connected browser for Status, in the order they
// connected, each with its sessions and pending calls.
func (t *browserTable) browsers() []hubapi.Browser {
	t.mu.Lock()
	conns := t.liveLocked()
	out := make([]hubapi.Browser, len(conns))
	for i, c := range conns {
		b := t.slots[c.browser.ID].info
		b.Sessions = nil
		for sid, id := range t.sessions {
			if id == b.ID {
				b.Sessions = append(b.Sessions, sid)
			}
		}
		slices.Sort(b.Sessions)
		b.Default = i == 0
		out[i] = b
	}
	t.mu.Unlock()
	for i, c := range conns {
		out[i].Pending = c.pendingCount()
	}
	return out
}

// names lists the connected browsers for an error message.
func (t *browserTable) names() string {
	var ns []string
	for _, c := range t.live() {
		ns = append(ns, c.browser.Label())
	}
	if len(ns) == 0 {
		return "none is connected"
	}
	return "connected: " + strings.Join(ns, ", ")
}
