// Package completions holds browserctl's dynamic completion candidates
// (refs from the last snapshot, tab ids, session ids), used by both the
// shell completion of `browserctl completion SHELL` (through cobra's
// ValidArgsFunction) and the REPL's completer.
package completions

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"browserctl/rpc"
)

// RefsFile is the state folder file caching the refs of the last snapshot
// of each session.
const RefsFile = "last-refs.json"

// Timeout bounds the calls made for candidates: completion must feel
// instant and never hang a shell.
const Timeout = 2 * time.Second

// Candidate is one completion: a value and what it is.
type Candidate struct {
	Value       string
	Description string
}

// refCache is the content of RefsFile. Sessions stay raw: a snapshot
// rewrites its own session's entry and copies the others' bytes as they are
// (decoding a long snapshot's refs of another session costs a one-shot
// snapshot a millisecond for nothing); completion decodes the one it reads.
type refCache struct {
	Last     string                     `json:"last"` // the session of the newest snapshot
	Sessions map[string]json.RawMessage `json:"sessions"`
}

type sessionRef struct {
	URL   string    `json:"url"`
	Title string    `json:"title"`
	TabID int       `json:"tabId"`
	Refs  []rpc.Ref `json:"refs"`
}

// SaveRefs records a snapshot's refs for session ("" for the hub's current
// session) in dir.
func SaveRefs(dir, session string, snap rpc.SnapshotResult) error {
	path := filepath.Join(dir, RefsFile)
	c := load(path)
	type numbered struct {
		n   int // the ref's number (e12: 12), -1 when it has none
		ref rpc.Ref
	}
	refs := make([]numbered, 0, len(snap.Refs))
	for k, r := range snap.Refs {
		if r.Ref == "" {
			r.Ref = k
		}
		refs = append(refs, numbered{refNumber(r.Ref), r})
	}
	sort.Slice(refs, func(i, j int) bool {
		a, b := refs[i], refs[j]
		if a.n >= 0 && b.n >= 0 && a.n != b.n {
			return a.n < b.n
		}
		return a.ref.Ref < b.ref.Ref
	})
	entry := sessionRef{URL: snap.URL, Title: snap.Title, TabID: snap.TabID, Refs: make([]rpc.Ref, len(refs))}
	for i, r := range refs {
		entry.Refs[i] = r.ref
	}
	mine, err := json.Marshal(entry)
	if err != nil {
		return err
	}
	c.Sessions[session] = mine
	c.Last = session
	b, err := json.Marshal(c)
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// refNumber is a ref's number after its leading letters (e12: 12), so
// that e2 sorts before e10; -1 when the rest is not a number.
func refNumber(ref string) int {
	i := 0
	for i < len(ref) && ref[i] >= 'a' && ref[i] <= 'z' {
		i++
	}
	n, err := strconv.Atoi(ref[i:])
	if err != nil {
		return -1
	}
	return n
}

func load(path string) refCache {
	c := refCache{Sessions: map[string]json.RawMessage{}}
	b, err := os.ReadFile(path)
	if err == nil {
		_ = json.Unmarshal(b, &c)
	}
	if c.Sessions == nil {
		c.Sessions = map[string]json.RawMessage{}
	}
	return c
}

// Refs are the refs of session's last snapshot; for session "" those of
// the newest snapshot of any session.
func Refs(dir, session string) []Candidate {
	c := load(filepath.Join(dir, RefsFile))
	raw, ok := c.Sessions[session]
	if !ok && session == "" {
		raw, ok = c.Sessions[c.Last]
	}
	var s sessionRef
	if !ok || json.Unmarshal(raw, &s) != nil {
		return nil
	}
	out := make([]Candidate, 0, len(s.Refs))
	for _, r := range s.Refs {
		d := r.Role
		if r.Name != "" {
			d += " " + strconv.Quote(r.Name)
		}
		out = append(out, Candidate{Value: r.Ref, Description: d})
	}
	return out
}

// TabIDs are the session's tabs (tabs.list), or with user every tab of the
// user's windows (tabs.userList).
func TabIDs(ctx context.Context, c rpc.Caller, session string, user bool) ([]Candidate, error) {
	if c == nil {
		return nil, errors.New("no hub")
	}
	method, params := rpc.TabList, any(rpc.SessionIDParams{SessionID: session})
	if user {
		method, params = rpc.TabUserList, struct{}{}
	}
	raw, err := c.Call(ctx, method, params, Timeout)
	if err != nil {
		return nil, err
	}
	var res rpc.TabListResult
	if err := json.Unmarshal(raw, &res); err != nil {
		return nil, err
	}
	out := make([]Candidate, 0, len(res.Tabs))
	for _, t := range res.Tabs {
		d := t.Title
		if d == "" {
			d = t.URL
		}
		out = append(out, Candidate{Value: strconv.Itoa(t.TabID), Description: d})
	}
	return out, nil
}

// SessionIDs are the sessions of sessions.list.
func SessionIDs(ctx context.Context, c rpc.Caller) ([]Candidate, error) {
	if c == nil {
		return nil, errors.New("no hub")
	}
	raw, err := c.Call(ctx, rpc.SessionList, struct{}{}, Timeout)
	if err != nil {
		return nil, err
	}
	var res rpc.SessionListResult
	if err := json.Unmarshal(raw, &res); err != nil {
		return nil, err
	}
	out := make([]Candidate, 0, len(res.Sessions))
	for _, s := range res.Sessions {
		out = append(out, Candidate{Value: s.SessionID, Description: s.Name})
	}
	return out, nil
}

// Filter keeps the candidates starting with prefix.
func Filter(cands []Candidate, prefix string) []Candidate {
	var out []Candidate
	for _, c := range cands {
		if strings.HasPrefix(c.Value, prefix) {
			out = append(out, c)
		}
	}
	return out
}
