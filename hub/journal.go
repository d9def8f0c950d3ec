package hub

// The sessions' journal: every call of a session that reached the browser,
// with who sent it, what it named, how it ended and how long it took, so the
// person can see what each caller did (GET /journal, `browserctl log`).
// Typed values are never kept, only their length. Bounded: the newest
// JournalLimit entries per session.

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// JournalLimit is how many entries each session keeps (oldest dropped).
const JournalLimit = 10_000

type journal struct {
	mu      sync.Mutex
	seq     int64
	bySess  map[string]*entryRing
	waiters map[chan struct{}]struct{} // closed when an entry is added
	keeper  *journalKeeper             // the entries on disk too (Options.JournalDir); nil: memory only
}

type entryRing struct {
	buf   []hubapi.JournalEntry
	start int // index of the oldest when full
}

func (r *entryRing) add(e hubapi.JournalEntry) {
	if len(r.buf) < JournalLimit {
		r.buf = append(r.buf, e)
		return
	}
	r.buf[r.start] = e
	r.start = (r.start + 1) % JournalLimit
}

// each visits the entries oldest first.
func (r *entryRing) each(fn func(hubapi.JournalEntry)) {
	for i := range r.buf {
		fn(r.buf[(r.start+i)%len(r.buf)])
	}
}

func (j *journal) add(e hubapi.JournalEntry) {
	j.mu.Lock()
	if j.bySess == nil {
		j.bySess = map[string]*entryRing{}
	}
	e = j.push(e)
	for w := range j.waiters {
		close(w)
		delete(j.waiters, w)
	}
	k := j.keeper
	j.mu.Unlock()
	if k != nil {
		k.keep(e) // outside the lock: a full queue holds up only this call
	}
}

// since answers the entries after seq (of session, or every session), in
// order, and a channel closed at the next add.
func (j *journal) since(session string, after int64) ([]hubapi.JournalEntry, <-chan struct{}) {
	j.mu.Lock()
	defer j.mu.Unlock()
	var out []hubapi.JournalEntry
	for sid, r := range j.bySess {
		if session != "" && sid != session {
			continue
		}
		r.each(func(e hubapi.JournalEntry) {
			if e.Seq > after {
				out = append(out, e)
			}
		})
	}
	if session == "" && len(j.bySess) > 1 {
		sortBySeq(out)
	}
	if j.waiters == nil {
		j.waiters = map[chan struct{}]struct{}{}
	}
	w := make(chan struct{})
	j.waiters[w] = struct{}{}
	return out, w
}

// restore takes the entries a kept journal held (oldest first) as the
// first ones, numbered anew.
func (j *journal) restore(es []hubapi.JournalEntry) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.bySess == nil {
		j.bySess = map[string]*entryRing{}
	}
	for _, e := range es {
		j.push(e)
	}
}

// push numbers e and adds it to its session's ring; j.mu is held.
func (j *journal) push(e hubapi.JournalEntry) hubapi.JournalEntry {
	j.seq++
	e.Seq = j.seq
	r := j.bySess[e.Session]
	if r == nil {
		r = &entryRing{}
		j.bySess[e.Session] = r
	}
	r.add(e)
	return e
}

// keepOn makes the journal write its entries to dir too (and read back
// what dir holds).
func (h *Hub) keepOn(dir string) {
	k, kept, err := openKeeper(dir, h.opts.Logf)
	if err != nil {
		h.logf("journal: %v; the journal stays in memory only", err)
		return
	}
	h.journal.restore(kept)
	h.journal.mu.Lock()
	h.journal.keeper = k
	h.journal.mu.Unlock()
}

func (j *journal) forget(w <-chan struct{}) {
	j.mu.Lock()
	defer j.mu.Unlock()
	for c := range j.waiters {
		if c == w {
			delete(j.waiters, c)
		}
	}
}

func sortBySeq(es []hubapi.JournalEntry) {
	// insertion sort: the per-session runs are each in order already
	for i := 1; i < len(es); i++ {
		for k := i; k > 0 && es[k].Seq < es[k-1].Seq; k-- {
			es[k], es[k-1] = es[k-1], es[k]
		}
	}
}

// record notes one call of session sid that reached the browser, with its
// answer a.
func (h *Hub) record(ctx context.Context, method, sid string, params json.RawMessage, a answer, took time.Duration) {
	res, err := a.result, a.err
	if sid == "" {
		sid = rpc.ParamsSession(res) // sessions.create and attachCurrent name theirs in the answer
	}
	if sid == "" {
		return
	}
	caller, ok := hubapi.CallerFrom(ctx)
	if !ok {
		caller = hubapi.Caller{Kind: "in-process"}
	}
	e := hubapi.JournalEntry{
		Time: time.Now().Add(-took), Session: sid, Caller: caller, Method: method,
		Target: targetOf(params, res), DurationMs: float64(took.Microseconds()) / 1000,
		URL: pageURL(res, a.page),
	}
	if n, ok := valueLength(params); ok {
		e.ValueLength = &n
	}
	if err != nil {
		if be, ok := err.(*rpc.BrowserError); ok {
			e.Code, e.Reason, e.Message = int(be.Code), string(be.Reason), be.Message
		} else {
			e.Message = err.Error()
		}
	} else {
		e.OK = true
	}
	h.journal.add(e)
}

// targetOf names what a call acted on: the element its answer names
// (`button "Pay now" [e3]`), else the ref, selector, key or URL it was
// given.
func targetOf(params, res json.RawMessage) string {
	if t, ok := rpc.Member(res, "target"); ok {
		var el struct{ Ref, Role, Name string }
		if json.Unmarshal(t, &el) == nil && (el.Role != "" || el.Ref != "") {
			s := el.Role
			if el.Name != "" {
				s += fmt.Sprintf(" %q", el.Name)
			}
			if el.Ref != "" {
				s += " [" + el.Ref + "]"
			}
			return strings.TrimSpace(s)
		}
	}
	for _, m := range []string{"ref", "selector", "url", "key", "direction", "what"} {
		if v := stringMember(params, m); v != "" {
			if len(v) > 200 {
				v = v[:200] + "…"
			}
			return v
		}
	}
	return ""
}

// pageURL is the page's URL for an entry: the answer's own (a navigation's),
// the navigation a click set off, else the URL the extension named beside
// the answer (its "page" member, beyond the spec).
func pageURL(res, page json.RawMessage) string {
	if u := stringMember(res, "url"); u != "" {
		return u
	}
	if nav, ok := rpc.Member(res, "navigation"); ok {
		if u := stringMember(nav, "url"); u != "" {
			return u
		}
	}
	return stringMember(page, "url")
}

// valueLength is the length in characters of what a call types, never
// the text itself.
func valueLength(params json.RawMessage) (int, bool) {
	for _, m := range []string{"value", "text"} {
		if v, ok := rpc.Member(params, m); ok {
			var s string
			if json.Unmarshal(v, &s) == nil {
				return utf8.RuneCountInString(s), true
			}
		}
	}
	return 0, false
}

func stringMember(raw json.RawMessage, name string) string {
	v, ok := rpc.Member(raw, name)
	if !ok {
		return ""
	}
	var s string
	_ = json.Unmarshal(v, &s)
	return s
}

// Journal implements hubapi.JournalReader in process.
func (h *Hub) Journal(ctx context.Context, session string, after int64, follow bool) (<-chan hubapi.JournalEntry, error) {
	out := make(chan hubapi.JournalEntry, 64)
	h.mu.Lock()
	closed := h.closed
	if !closed {
		h.wg.Add(1)
	}
	h.mu.Unlock()
	if closed {
		close(out)
		return out, nil
	}
	go func() {
		defer h.wg.Done()
		defer close(out)
		for {
			es, more := h.journal.since(session, after)
			for _, e := range es {
				select {
				case out <- e:
					after = e.Seq
				case <-ctx.Done():
					h.journal.forget(more)
					return
				case <-h.closing:
					h.journal.forget(more)
					return
				}
			}
			if !follow {
				h.journal.forget(more)
				return
			}
			select {
			case <-more:
			case <-ctx.Done():
				h.journal.forget(more)
				return
			case <-h.closing:
				h.journal.forget(more)
				return
			}
		}
	}()
	return out, nil
}
