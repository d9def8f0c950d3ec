// Package har writes a HAR 1.2 file around the entries the extension's
// recording collected (network.harStop): the log, its creator and a
// comment for the entries the bound dropped.
package har

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"

	"browserctl/internal/safefile"
	"browserctl/rpc"
)

// File is a HAR 1.2 document.
type File struct {
	Log Log `json:"log"`
}

// Log is a HAR 1.2 log.
type Log struct {
	Version string         `json:"version"`
	Creator Creator        `json:"creator"`
	Pages   []any          `json:"pages"`
	Entries []rpc.HAREntry `json:"entries"`
	Comment string         `json:"comment,omitempty"`
}

// Creator names the program that wrote the file.
type Creator struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// Document wraps a recording's entries in HAR 1.2's log; the creator is
// browserctl at the binary's module version ("devel" for a local build).
func Document(r rpc.HARStopResult) File {
	entries := r.Entries
	if entries == nil {
		entries = []rpc.HAREntry{}
	}
	for i := range entries {
		if entries[i].Cache == nil {
			entries[i].Cache = map[string]string{}
		}
	}
	log := Log{Version: "1.2", Creator: Creator{Name: "browserctl", Version: version()}, Pages: []any{}, Entries: entries}
	if r.Dropped > 0 {
		log.Comment = fmt.Sprintf("%d older requests were dropped (the newest %d are kept)", r.Dropped, rpc.HAREntriesMax)
	}
	return File{Log: log}
}

func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}

// CheckFolder refuses a path whose folder does not exist, so that a typo
// is found before the recording is stopped (the CLI makes it a usage
// error).
func CheckFolder(path string) error {
	if dir := filepath.Dir(path); dir != "" {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return fmt.Errorf("cannot write %s: the folder %s does not exist", path, dir)
		}
	}
	return nil
}

// Write writes doc to path (0600, safefile: a HAR holds cookies and
// bodies), indented; it answers the bytes written. An existing file is
// replaced only with overwrite.
func Write(path string, doc File, overwrite bool) (int, error) {
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return 0, err
	}
	b = append(b, '\n')
	if err := safefile.WriteFile(path, b, safefile.Private, overwrite); err != nil {
		if _, ok := err.(*safefile.ExistsError); ok {
			return 0, err
		}
		if _, ok := err.(*safefile.SymlinkError); ok {
			return 0, err
		}
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the path is said once
		}
		return 0, fmt.Errorf("cannot write %s: %v", path, err)
	}
	return len(b), nil
}
