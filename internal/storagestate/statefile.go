// Package storagestate reads and writes the files of `state save` / `state
// load`: a session's cookies and storage, Playwright's storageState format
// plus sessionStorage. The files hold secrets: they are written with mode
// 0600 and never readable by others, not even for a moment.
package storagestate

import (
	"encoding/json"
	"fmt"
	"os"

	"browserctl/internal/safefile"
	"browserctl/rpc"
)

// Write writes st to path with mode 0600 (safefile: a new file beside it,
// published by a link or a rename, never through a symlink); an existing
// file is replaced only with overwrite.
func Write(path string, st rpc.State, overwrite bool) error {
	b, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return err
	}
	return safefile.WriteFile(path, append(b, '\n'), safefile.Private, overwrite)
}

// InvalidError is a file that is not a state file (the caller's mistake).
type InvalidError struct{ Err error }

func (e *InvalidError) Error() string { return e.Err.Error() }
func (e *InvalidError) Unwrap() error { return e.Err }

func invalid(format string, args ...any) error {
	return &InvalidError{Err: fmt.Errorf(format, args...)}
}

// Read reads a state file (ours or Playwright's storageState), filling in
// what Playwright leaves out; one that is not a state is an *InvalidError.
func Read(path string) (rpc.State, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return rpc.State{}, err
	}
	return Parse(path, b)
}

// Parse is Read of the file's bytes; name is for the messages.
func Parse(name string, b []byte) (rpc.State, error) {
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(b, &probe); err != nil {
		return rpc.State{}, invalid("%s is not a state file (a JSON object with \"cookies\" and \"origins\"): %v", name, err)
	}
	if _, ok := probe["cookies"]; !ok {
		if _, ok := probe["origins"]; !ok {
			return rpc.State{}, invalid("%s is not a state file: it has neither \"cookies\" nor \"origins\"", name)
		}
	}
	var st rpc.State
	if err := json.Unmarshal(b, &st); err != nil {
		return rpc.State{}, invalid("%s is not a state file: %v", name, err)
	}
	for i := range st.Cookies {
		c := &st.Cookies[i]
		if c.Name == "" || c.Domain == "" {
			return rpc.State{}, invalid("%s: cookie %d needs a name and a domain", name, i)
		}
		if c.SameSite == "" {
			c.SameSite = "Lax"
		}
		if c.Path == "" {
			c.Path = "/"
		}
	}
	for i := range st.Origins {
		if st.Origins[i].Origin == "" {
			return rpc.State{}, invalid("%s: origin %d has no \"origin\"", name, i)
		}
		if st.Origins[i].LocalStorage == nil {
			st.Origins[i].LocalStorage = []rpc.StorageEntry{}
		}
	}
	if st.Cookies == nil {
		st.Cookies = []rpc.Cookie{}
	}
	if st.Origins == nil {
		st.Origins = []rpc.OriginState{}
	}
	return st, nil
}
