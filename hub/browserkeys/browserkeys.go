// Package browserkeys holds the keys of remote browsers: each browser on
// another machine authenticates at /ws/browser with a key of its own (never
// the control token, never this machine's extension key), bound to its id
// and name. `browserctl extension install --server wss://... --name NAME`
// makes (or rotates) one and writes it into that browser's config.json;
// the hub keeps only its SHA-256, the key of the mutual proof
// (rpc.SecretKey), 0600 in the state folder, and reads the file again when
// it changes, so a browser installed while the hub runs is known at once
// and a revoked one is refused.
package browserkeys

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"browserctl/internal/safefile"
	"browserctl/rpc"
)

// FileName is the keys' file in the state folder.
const FileName = "remote-browsers.json"

// Prefix starts every remote browser key, so it is never taken for the
// control token or a capability.
const Prefix = "bkey_"

// IDPrefix starts every remote browser's id.
const IDPrefix = "r"

// Entry is what is kept of one remote browser: never its key.
type Entry struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	KeySum  string    `json:"keySha256"` // hex SHA-256 of the key: the proof's key
	Created time.Time `json:"created"`
}

// Sum is the entry's key hash as the proof's key.
func (e Entry) Sum() ([32]byte, bool) {
	var k [32]byte
	raw, err := hex.DecodeString(e.KeySum)
	if err != nil || len(raw) != len(k) {
		return k, false
	}
	copy(k[:], raw)
	return k, true
}

// Store is the set of remote browsers of one state folder.
type Store struct {
	path string

	mu      sync.Mutex
	entries []Entry
	read    fs.FileInfo // the file when it was read: a rename puts another in its place
}

// Open loads the store at path; a missing file is an empty store.
func Open(path string) (*Store, error) {
	s := &Store{path: path}
	if err := s.reload(); err != nil {
		return nil, err
	}
	return s, nil
}

// reload reads the file again when it changed since it was read.
func (s *Store) reload() error {
	st, err := os.Stat(s.path)
	if errors.Is(err, fs.ErrNotExist) {
		s.entries, s.read = []Entry{}, nil
		return nil
	}
	if err != nil {
		return fmt.Errorf("remote browsers: %w", err)
	}
	if s.read != nil && os.SameFile(s.read, st) && st.ModTime().Equal(s.read.ModTime()) && st.Size() == s.read.Size() {
		return nil
	}
	data, err := os.ReadFile(s.path)
	if err != nil {
		return fmt.Errorf("remote browsers: %w", err)
	}
	var entries []Entry
	if err := json.Unmarshal(data, &entries); err != nil {
		return fmt.Errorf("remote browsers file %s: %w", s.path, err)
	}
	entries = slices.DeleteFunc(entries, func(e Entry) bool { _, ok := e.Sum(); return !ok || rpc.ValidBrowserID(e.ID) != nil })
	s.entries, s.read = entries, st
	if s.entries == nil {
		s.entries = []Entry{}
	}
	return nil
}

// fresh is the entries as the file has them now; on a read error the ones
// read last (a file being replaced is read again next time).
func (s *Store) fresh() []Entry {
	_ = s.reload()
	return s.entries
}

// List is every remote browser, by name.
func (s *Store) List() []Entry {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := slices.Clone(s.fresh())
	slices.SortFunc(out, func(a, b Entry) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// ByID is the remote browser of id.
func (s *Store) ByID(id string) (Entry, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, e := range s.fresh() {
		if e.ID == id {
			return e, true
		}
	}
	return Entry{}, false
}

// Match is the remote browser whose key is secret (the seed's plain auth
// frame), comparing every entry in constant time.
func (s *Store) Match(secret string) (Entry, bool) {
	sum := rpc.SecretKey(secret)
	s.mu.Lock()
	defer s.mu.Unlock()
	var found Entry
	ok := 0
	for _, e := range s.fresh() {
		k, _ := e.Sum()
		if subtle.ConstantTimeCompare(k[:], sum[:]) == 1 {
			found, ok = e, 1
		}
	}
	return found, ok == 1
}

// Add makes a key for the remote browser name and answers it with its
// entry: a new browser, or a new key for the one of that name (its id
// stays; its old key stops working).
func (s *Store) Add(name string) (string, Entry, error) {
	if rpc.CleanBrowserName(name) != name || name == "" {
		return "", Entry{}, fmt.Errorf("a remote browser's name is letters, digits, '-', '_' and '.', got %q", name)
	}
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", Entry{}, err
	}
	secret := Prefix + hex.EncodeToString(b[:])
	sum := sha256.Sum256([]byte(secret))
	s.mu.Lock()
	defer s.mu.Unlock()
	entries := slices.Clone(s.fresh())
	e := Entry{Name: name, KeySum: hex.EncodeToString(sum[:]), Created: time.Now().UTC()}
	if i := slices.IndexFunc(entries, func(x Entry) bool { return x.Name == name }); i >= 0 {
		e.ID = entries[i].ID
		entries[i] = e
	} else {
		e.ID = IDPrefix + rpc.NewNonce()[:12]
		entries = append(entries, e)
	}
	if err := s.saveLocked(entries); err != nil {
		return "", Entry{}, err
	}
	return secret, e, nil
}

// Remove forgets the remote browser of that name (or id): its key is
// refused from now on. It answers whether there was one.
func (s *Store) Remove(nameOrID string) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	entries := slices.Clone(s.fresh())
	n := len(entries)
	entries = slices.DeleteFunc(entries, func(e Entry) bool { return e.Name == nameOrID || e.ID == nameOrID })
	if len(entries) == n {
		return false, nil
	}
	return true, s.saveLocked(entries)
}

func (s *Store) saveLocked(entries []Entry) error {
	data, err := json.MarshalIndent(entries, "", "  ")
	if err != nil {
		return err
	}
	if err := safefile.WriteFile(s.path, append(data, '\n'), safefile.Private, true); err != nil {
		return fmt.Errorf("remote browsers: writing %s: %w", s.path, err)
	}
	s.read = nil // read back what was written
	return s.reload()
}
