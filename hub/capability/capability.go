// Package capability holds per-session capabilities: secrets that reach one
// session's tab group and nothing else, optionally read-only or for a
// limited time. The hub keeps only their hashes (in memory and, 0600, in the
// state folder, so they survive a restart) and decides every call made with
// one (Authorize): the session is filled in or must match, methods outside
// a session are refused, and a read-only one is allowed the readers alone.
package capability

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"browserctl/internal/safefile"
	"browserctl/rpc"
)

// Prefix starts every capability, so that a program holding one knows it
// is not the control token (a capability never starts or holds a hub).
const Prefix = "bcap_"

// IDOf is the public id of the capability secret is: what `session
// grants` lists and GET /hello asks with.
func IDOf(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:6])
}

// Is reports whether secret is written as a capability.
func Is(secret string) bool { return strings.HasPrefix(secret, Prefix) }

// Grant is what the hub keeps of a capability: never the secret itself.
type Grant struct {
	// ID names the capability in lists and in `session revoke` without
	// being the secret: its hash's first 12 hex digits.
	ID        string `json:"id"`
	Hash      string `json:"hash"` // hex SHA-256 of the secret
	SessionID string `json:"sessionId"`
	ReadOnly  bool   `json:"readOnly,omitempty"`
	// AnySite lets its cookie calls reach sites the session's tabs do not
	// show (anySite); without it such a call is refused.
	AnySite bool `json:"anySite,omitempty"`
	// Origins, when set, are the only origins its session's tabs may reach
	// while it lives (network.fence; normalized by ParseOrigin).
	Origins []string `json:"origins,omitempty"`
	// Files are the folders (absolute) whose files its uploads may give a
	// page; without one it gives none. The browser reads what an upload
	// names, so this is the only way a capability reads this machine's
	// files (file: URLs are never loaded for one).
	Files   []string  `json:"files,omitempty"`
	Expires time.Time `json:"expires,omitzero"`
	Created time.Time `json:"created"`
}

// Cap is a live capability as a call sees it: its grant, and Done, closed
// the moment it is revoked or expires (calls in flight end then).
type Cap struct {
	Grant
	done chan struct{}
	once sync.Once
}

// Done is closed when the capability ends.
func (c *Cap) Done() <-chan struct{} { return c.done }

func (c *Cap) end() { c.once.Do(func() { close(c.done) }) }

// Store is the hub's set of capabilities.
type Store struct {
	mu     sync.Mutex
	path   string // "" keeps them in memory only
	bySum  map[[32]byte]*Cap
	timers map[[32]byte]*time.Timer
	now    func() time.Time
	// onEnd hears of every capability that ended (revoked, expired, its
	// session gone), outside the lock.
	onEnd func(Grant)
	// stale are the sessions of origin-limited capabilities that expired
	// while no hub ran: their fences are still to lift.
	stale []string
}

// OnEnd sets what hears of each capability that ends.
func (s *Store) OnEnd(fn func(Grant)) {
	s.mu.Lock()
	s.onEnd = fn
	s.mu.Unlock()
}

// ended tells onEnd of gs; called without the lock.
func (s *Store) ended(gs []Grant) {
	s.mu.Lock()
	fn := s.onEnd
	s.mu.Unlock()
	if fn != nil {
		for _, g := range gs {
			fn(g)
		}
	}
}

// FencedSessions are the sessions whose fence the hub must (re)send: those
// with a live origin-limited capability, and those whose last one expired
// while no hub ran.
func (s *Store) FencedSessions() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	seen := map[string]bool{}
	var out []string
	for _, c := range s.bySum {
		if len(c.Origins) > 0 && !seen[c.SessionID] {
			seen[c.SessionID] = true
			out = append(out, c.SessionID)
		}
	}
	for _, sid := range s.stale {
		if !seen[sid] {
			seen[sid] = true
			out = append(out, sid)
		}
	}
	sort.Strings(out)
	return out
}

// FenceDone forgets a stale session once its fence was lifted.
func (s *Store) FenceDone(sessionID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stale = slices.DeleteFunc(s.stale, func(x string) bool { return x == sessionID })
}

// FenceOf is the origins the session may reach: the union of its live
// capabilities' origins, nil when none of them is limited.
func (s *Store) FenceOf(sessionID string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, c := range s.bySum {
		if c.SessionID != sessionID {
			continue
		}
		for _, o := range c.Origins {
			if !slices.Contains(out, o) {
				out = append(out, o)
			}
		}
	}
	sort.Strings(out)
	return out
}

// FileName is the capabilities file in the state folder.
const FileName = "capabilities.json"

// Open loads the store kept at path ("" for one in memory only); a missing
// file is an empty store.
func Open(path string) (*Store, error) {
	s := &Store{path: path, bySum: map[[32]byte]*Cap{}, timers: map[[32]byte]*time.Timer{}, now: time.Now}
	if path == "" {
		return s, nil
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return nil, fmt.Errorf("capabilities: %w", err)
	}
	var grants []Grant
	if err := json.Unmarshal(data, &grants); err != nil {
		return nil, fmt.Errorf("capabilities file %s: %w", path, err)
	}
	for _, g := range grants {
		raw, err := hex.DecodeString(g.Hash)
		if err != nil || len(raw) != sha256.Size {
			return nil, fmt.Errorf("capabilities file %s: a bad hash for %s", path, g.ID)
		}
		var sum [32]byte
		copy(sum[:], raw)
		if !g.Expires.IsZero() && !s.now().Before(g.Expires) {
			if len(g.Origins) > 0 {
				s.stale = append(s.stale, g.SessionID)
			}
			continue
		}
		s.add(sum, g)
	}
	return s, nil
}

func (s *Store) add(sum [32]byte, g Grant) *Cap {
	c := &Cap{Grant: g, done: make(chan struct{})}
	s.bySum[sum] = c
	if !g.Expires.IsZero() {
		s.timers[sum] = time.AfterFunc(g.Expires.Sub(s.now()), func() {
			s.mu.Lock()
			mine := s.bySum[sum] == c
			if mine {
				s.removeLocked(sum)
				_ = s.saveLocked()
			}
			s.mu.Unlock()
			if mine {
				s.ended([]Grant{c.Grant})
			}
		})
	}
	return c
}

func (s *Store) removeLocked(sum [32]byte) {
	if c := s.bySum[sum]; c != nil {
		c.end()
	}
	delete(s.bySum, sum)
	if t := s.timers[sum]; t != nil {
		t.Stop()
		delete(s.timers, sum)
	}
}

// Terms are what a capability is granted (Grant's fields as asked).
type Terms struct {
	SessionID string
	ReadOnly  bool
	AnySite   bool
	Origins   []string
	Files     []string      // absolute folders
	TTL       time.Duration // 0: until revoked or the session ends
}

// New mints a capability on terms t: the secret (shown once, never kept)
// and its grant.
func (s *Store) New(t Terms) (string, Grant, error) {
	sessionID, readOnly, anySite, ttl := t.SessionID, t.ReadOnly, t.AnySite, t.TTL
	if sessionID == "" {
		return "", Grant{}, errors.New("a capability needs a session")
	}
	if ttl < 0 {
		return "", Grant{}, errors.New("a capability's time to live must be positive")
	}
	var files []string
	for _, d := range t.Files {
		if !filepath.IsAbs(d) {
			return "", Grant{}, fmt.Errorf("a capability's folder must be an absolute path, not %q", d)
		}
		if d = filepath.Clean(d); !slices.Contains(files, d) {
			files = append(files, d)
		}
	}
	var norm []string
	for _, o := range t.Origins {
		n, err := ParseOrigin(o)
		if err != nil {
			return "", Grant{}, err
		}
		if !slices.Contains(norm, n) {
			norm = append(norm, n)
		}
	}
	var raw [32]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return "", Grant{}, err
	}
	secret := Prefix + base64.RawURLEncoding.EncodeToString(raw[:])
	sum := sha256.Sum256([]byte(secret))
	g := Grant{ID: IDOf(secret), Hash: hex.EncodeToString(sum[:]), SessionID: sessionID, ReadOnly: readOnly, AnySite: anySite, Origins: norm, Files: files, Created: s.now().UTC().Truncate(time.Second)}
	if ttl > 0 {
		g.Expires = s.now().Add(ttl).UTC()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.add(sum, g)
	if err := s.saveLocked(); err != nil {
		s.removeLocked(sum)
		return "", Grant{}, err
	}
	return secret, g, nil
}

// Lookup finds the live capability a secret is. Only the secret's hash is
// compared, so the lookup tells nothing of the secrets it holds.
func (s *Store) Lookup(secret string) (*Cap, bool) {
	if !Is(secret) {
		return nil, false
	}
	sum := sha256.Sum256([]byte(secret))
	s.mu.Lock()
	c, ok := s.bySum[sum]
	if ok && !c.Expires.IsZero() && !s.now().Before(c.Expires) {
		s.removeLocked(sum)
		_ = s.saveLocked()
		s.mu.Unlock()
		s.ended([]Grant{c.Grant})
		return nil, false
	}
	s.mu.Unlock()
	return c, ok
}

// Revoke ends the capability that is secret, or whose ID it is; it answers
// how many ended (0 or 1).
func (s *Store) Revoke(secretOrID string) (int, error) {
	s.mu.Lock()
	want := sha256.Sum256([]byte(secretOrID))
	for sum, c := range s.bySum {
		if sum == want || (!Is(secretOrID) && c.ID == secretOrID) {
			s.removeLocked(sum)
			err := s.saveLocked()
			s.mu.Unlock()
			s.ended([]Grant{c.Grant})
			return 1, err
		}
	}
	s.mu.Unlock()
	return 0, nil
}

// RevokeSession ends every capability of sessionID.
func (s *Store) RevokeSession(sessionID string) (int, error) {
	s.mu.Lock()
	var gone []Grant
	for sum, c := range s.bySum {
		if c.SessionID == sessionID {
			s.removeLocked(sum)
			gone = append(gone, c.Grant)
		}
	}
	if len(gone) == 0 {
		s.mu.Unlock()
		return 0, nil
	}
	err := s.saveLocked()
	s.mu.Unlock()
	s.ended(gone)
	return len(gone), err
}

// List is every live grant, oldest first.
func (s *Store) List() []Grant {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Grant, 0, len(s.bySum))
	for _, c := range s.bySum {
		out = append(out, c.Grant)
	}
	sort.Slice(out, func(i, j int) bool {
		return out[i].Created.Before(out[j].Created) || out[i].Created.Equal(out[j].Created) && out[i].ID < out[j].ID
	})
	return out
}

// saveLocked writes the grants (hashes, never secrets) 0600 through a
// temporary file renamed into place.
func (s *Store) saveLocked() error {
	if s.path == "" {
		return nil
	}
	grants := make([]Grant, 0, len(s.bySum))
	for _, c := range s.bySum {
		grants = append(grants, c.Grant)
	}
	sort.Slice(grants, func(i, j int) bool { return grants[i].ID < grants[j].ID })
	data, err := json.MarshalIndent(grants, "", "  ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(s.path), ".capabilities-*")
	if err != nil {
		return fmt.Errorf("capabilities: %w", err)
	}
	defer os.Remove(tmp.Name())
	if err = tmp.Chmod(0o600); err == nil {
		_, err = tmp.Write(append(data, '\n'))
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), s.path)
	}
	if err != nil {
		return fmt.Errorf("capabilities: writing %s: %w", s.path, err)
	}
	return nil
}

// Forbidden is the error of a call a capability does not allow: code 4001,
// reason forbidden, not retryable.
func Forbidden(why string) error {
	return &rpc.BrowserError{Code: rpc.CodeUnauthorized, Reason: rpc.ReasonForbidden, Message: "forbidden: " + why}
}

// sessionFreeReaders are the methods outside any session a capability may
// call: they show nothing of other sessions (sessions.list is filtered to
// the capability's own by FilterSessions).
var sessionFreeReaders = map[string]bool{
	rpc.SessionList:         true,
	rpc.ExtensionInfo:       true,
	rpc.ExtensionCallTiming: true,
}

// Authorize decides a call of method with params (a JSON object, or empty)
// made with c: the params to send, with the capability's session filled in,
// or a Forbidden error. It runs where the call lands, before anything is
// sent to the browser.
func (c *Cap) Authorize(method string, params json.RawMessage) (json.RawMessage, error) {
	select {
	case <-c.done:
		return nil, Forbidden("the capability was revoked")
	default:
	}
	m, known := rpc.LookupWire(method)
	if !known {
		return nil, Forbidden(method + " is not a method a capability may call")
	}
	if !c.AnySite && anySiteAsked(params) {
		return nil, Forbidden(method + " with anySite: this capability reaches only the sites its session's tabs show")
	}
	if c.ReadOnly && !rpc.OnlyReads(method, params) {
		return nil, Forbidden(method + " changes something, and this capability is read-only")
	}
	// The browser reads the files a call names: a capability reads this
	// machine's files only from the folders it was granted.
	if flagAsked(params, "allowFile") {
		return nil, Forbidden(method + " with allowFile: a file: URL reads this machine's files, and a capability never loads one")
	}
	if method == rpc.PageUpload {
		if outside := fileOutside(params, c.Files); outside != "" {
			return nil, Forbidden(outside)
		}
	}
	switch method {
	case rpc.NetworkFence:
		return nil, Forbidden("network.fence is the hub's: a capability cannot move its own fence")
	case rpc.SessionResume:
		return nil, Forbidden("a stopped session is resumed by the person (the popup) or the control token, not by a capability")
	case rpc.SessionSetPolicy:
		if !rpc.OnlyReads(method, params) {
			return nil, Forbidden("a session's policy (what the person is asked before, when its tabs detach) is the person's: a capability may read it, not change it")
		}
	case rpc.PageNavigate, rpc.TabOpen:
		if len(c.Origins) > 0 {
			if u := stringMember(params, "url"); u != "" && !OriginAllowed(u, c.Origins) {
				return nil, &rpc.BrowserError{Code: rpc.CodePageOperationFailed, Reason: rpc.ReasonOriginNotAllowed,
					Message: "page operation failed: " + strconv.Quote(u) + " is outside the origins this capability may reach (" + strings.Join(c.Origins, ", ") + ")"}
			}
		}
	}
	if method == rpc.StateLoad && !c.AnySite {
		if d := cookieDomainOutside(params, c.Origins); d != "" {
			return nil, Forbidden("state.load would set a cookie for " + strconv.Quote(d) + " in the person's profile: a capability sets cookies only for the origins it was granted (--origins), or anywhere with --any-site")
		}
	}
	switch method {
	case rpc.TabAttach:
		// Attaching pulls a tab from outside the group into it: every such
		// tab is outside what the capability was given.
		return nil, Forbidden("tabs.attach takes a tab from outside session " + c.SessionID)
	}
	if m.Session == rpc.NoSession {
		if sessionFreeReaders[method] {
			return params, nil
		}
		return nil, Forbidden(method + " reaches beyond session " + c.SessionID)
	}
	// The params are read and written again here, so that what the
	// extension reads is what was checked: a second "sessionId" member
	// (JSON.parse keeps the last one) cannot hide behind the first.
	members := map[string]json.RawMessage{}
	if len(params) > 0 && string(params) != "null" {
		if err := json.Unmarshal(params, &members); err != nil {
			return nil, &rpc.BrowserError{Code: rpc.CodeInvalidParams, Reason: rpc.ReasonBadInput, Message: "invalid params: params must be a JSON object"}
		}
	}
	if raw, ok := members["sessionId"]; ok && string(raw) != "null" {
		var sid string
		if json.Unmarshal(raw, &sid) != nil {
			return nil, &rpc.BrowserError{Code: rpc.CodeInvalidParams, Reason: rpc.ReasonBadInput, Message: `invalid params: "sessionId" must be a string`}
		}
		if sid != "" && sid != c.SessionID {
			return nil, Forbidden("session " + sid + " is not the capability's (" + c.SessionID + ")")
		}
	}
	members["sessionId"], _ = json.Marshal(c.SessionID)
	out, err := json.Marshal(members)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// fileOutside says why an upload's files are not all inside the granted
// folders ("" when they are). A path is judged as the MCP server judges
// its clients' (safefile.Confine): no ".." element, and through its
// symlinks (a link in a granted folder to a file elsewhere is elsewhere).
func fileOutside(params json.RawMessage, folders []string) string {
	var p struct {
		Files []string `json:"files"`
	}
	if json.Unmarshal(params, &p) != nil {
		return "pages.upload params unreadable"
	}
	if len(folders) == 0 {
		return "pages.upload gives a page this machine's files, and this capability was granted no folder to read (session grant --files DIR)"
	}
	for _, f := range p.Files {
		if !filepath.IsAbs(f) {
			return fmt.Sprintf("pages.upload of %q: a capability's upload names an absolute path", f)
		}
		if _, err := safefile.Confine(f, folders); err != nil {
			return fmt.Sprintf("pages.upload of %s: %v (the folders this capability may read)", f, err)
		}
	}
	return ""
}

// FilterSessions keeps, of a sessions.list result, the capability's own
// session alone; a result it cannot read becomes an empty list.
func (c *Cap) FilterSessions(result json.RawMessage) json.RawMessage {
	var r struct {
		Sessions []json.RawMessage `json:"sessions"`
	}
	keep := []json.RawMessage{}
	if json.Unmarshal(result, &r) == nil {
		for _, s := range r.Sessions {
			if rpc.ParamsSession(s) == c.SessionID {
				keep = append(keep, s)
			}
		}
	}
	out, _ := json.Marshal(map[string]any{"sessions": keep})
	return out
}

// anySiteAsked reports whether params ask for anySite (unreadable params
// count as asking: they are refused either way).
func anySiteAsked(params json.RawMessage) bool { return flagAsked(params, "anySite") }

// flagAsked says whether params set the flag member to anything but false
// or null (unreadable params: yes, the worst is assumed).
func flagAsked(params json.RawMessage, name string) bool {
	if len(params) == 0 || string(params) == "null" {
		return false
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(params, &m) != nil {
		return true
	}
	v, ok := m[name]
	return ok && string(v) != "false" && string(v) != "null"
}

func stringMember(params json.RawMessage, name string) string {
	var m map[string]json.RawMessage
	if json.Unmarshal(params, &m) != nil {
		return ""
	}
	var v string
	_ = json.Unmarshal(m[name], &v)
	return v
}

// ParseOrigin reads an allowed origin: scheme://host[:port] (http, https,
// ws, wss), the host optionally "*." for its subdomains too; it answers
// the form the extension's fence compares (lower case, no default port).
func ParseOrigin(s string) (string, error) {
	in := strings.TrimSuffix(strings.TrimSpace(s), "/")
	scheme, rest, ok := strings.Cut(in, "://")
	scheme = strings.ToLower(scheme)
	if !ok || (scheme != "http" && scheme != "https" && scheme != "ws" && scheme != "wss") || rest == "" || strings.ContainsAny(rest, "/?#@ ") {
		return "", fmt.Errorf("%q is not an origin: scheme://host[:port], where the host may start with *. for its subdomains", s)
	}
	wild := strings.HasPrefix(rest, "*.")
	rest = strings.TrimPrefix(rest, "*.")
	host, port := rest, ""
	if i := strings.LastIndex(rest, ":"); i >= 0 && !strings.HasSuffix(rest, "]") {
		host, port = rest[:i], rest[i+1:]
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
			return "", fmt.Errorf("%q is not an origin: a bad port", s)
		}
	}
	host = strings.ToLower(host)
	if host == "" || strings.Contains(host, "*") {
		return "", fmt.Errorf("%q is not an origin: scheme://host[:port], where the host may start with *. for its subdomains", s)
	}
	if (port == "443" && (scheme == "https" || scheme == "wss")) || (port == "80" && (scheme == "http" || scheme == "ws")) {
		port = ""
	}
	out := scheme + "://"
	if wild {
		out += "*."
	}
	out += host
	if port != "" {
		out += ":" + port
	}
	return out, nil
}

// cookieDomainOutside is the first cookie domain of a state.load whose
// host none of origins names (its scheme and port aside: cookies know
// neither), or "" when every one is inside. With no origins, every cookie
// is outside. Unreadable params answer a placeholder: refused, not waved on.
func cookieDomainOutside(params json.RawMessage, origins []string) string {
	var p struct {
		State struct {
			Cookies []struct {
				Domain string `json:"domain"`
			} `json:"cookies"`
		} `json:"state"`
	}
	if json.Unmarshal(params, &p) != nil {
		return "(unreadable params)"
	}
	for _, ck := range p.State.Cookies {
		host := strings.ToLower(strings.TrimPrefix(ck.Domain, "."))
		inside := false
		for _, a := range origins {
			_, rest, _ := strings.Cut(a, "://")
			wild := strings.HasPrefix(rest, "*.")
			rest = strings.TrimPrefix(rest, "*.")
			h, _, _ := strings.Cut(rest, ":")
			if host == h || (wild && strings.HasSuffix(host, "."+h)) {
				inside = true
				break
			}
		}
		if !inside {
			return ck.Domain
		}
	}
	return ""
}

// OriginAllowed is the extension's fence rule (network/fence.ts) for a URL
// a capability's call names: its scheme, host and port among allowed. A
// URL without a scheme is read as https://, as the navigation will be.
func OriginAllowed(raw string, allowed []string) bool {
	if !strings.Contains(raw, "://") && !strings.HasPrefix(raw, "about:") && !strings.HasPrefix(raw, "data:") {
		raw = "https://" + raw
	}
	u, err := url.Parse(raw)
	if err != nil {
		return false
	}
	switch u.Scheme {
	case "about", "data":
		return true
	}
	host, port := strings.ToLower(u.Hostname()), u.Port()
	if (port == "443" && (u.Scheme == "https" || u.Scheme == "wss")) || (port == "80" && (u.Scheme == "http" || u.Scheme == "ws")) {
		port = ""
	}
	for _, a := range allowed {
		scheme, rest, _ := strings.Cut(a, "://")
		wild := strings.HasPrefix(rest, "*.")
		rest = strings.TrimPrefix(rest, "*.")
		h, p, _ := strings.Cut(rest, ":")
		same := scheme == u.Scheme || (scheme == "https" && u.Scheme == "wss") || (scheme == "http" && u.Scheme == "ws")
		hostOK := host == h || (wild && strings.HasSuffix(host, "."+h))
		if same && hostOK && p == port {
			return true
		}
	}
	return false
}
