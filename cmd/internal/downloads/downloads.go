// Package downloads owns where the browser's downloads end up. The browser
// saves a download in its own download folder (an extension may not choose
// another: see extension/src/background/pages/downloads.ts); the command
// that learns a download finished moves the file into --download-dir (or
// -o), never replacing a file there (place.go), and notes the move in the
// state folder's downloads.json, so `downloads` shows where each file is
// now. Browser and CLI share a machine.
package downloads

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"sync"

	"browserctl/internal/safefile"
	"browserctl/rpc"
)

// Folder is where downloads go.
type Folder struct {
	// Given is --download-dir; "" means the state folder's downloads/.
	Given string
	// StateDir is the state folder, which holds the ledger.
	StateDir func() (string, error)
	// BrowserDirs are the browser's download folders, the only ones a
	// file is moved out of; nil: BrowserFolders().
	BrowserDirs []string
	// Warn says what went wrong without failing the move (the ledger could
	// not be written).
	Warn func(format string, args ...any)
}

// Path is the folder downloads are moved into: Given made absolute, else
// the state folder's downloads/.
func (f Folder) Path() (string, error) {
	if f.Given != "" {
		return filepath.Abs(f.Given)
	}
	dir, err := f.StateDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "downloads"), nil
}

// Save moves a finished download from where the browser saved it to out (a
// file, or a folder to put it in), else into the folder, and records the
// move. It answers the new path, or "" when there is nothing to move yet
// (still in progress). In a folder it never replaces a file: the name the
// page chose gets " (1)", " (2)" ... as Chrome does; -o FILE is the
// caller's own choice of name, replaced only with overwrite (--force).
//
// The path is the extension's word, so it is checked (source.go): the file
// is moved only from the browser's download folder and only when it is the
// download the extension saw finish (its id, size and end time); another
// file is copied, and one in a dot-folder or the state folder is refused.
func (f Folder) Save(d *rpc.Download, out string, overwrite bool) (string, error) {
	if d.State != "complete" || d.Path == "" {
		return "", nil
	}
	var dest string
	unique := true
	if out != "" {
		abs, err := filepath.Abs(out)
		if err != nil {
			return "", err
		}
		dest = abs
		if st, err := os.Stat(abs); err == nil && st.IsDir() {
			dest = filepath.Join(abs, filepath.Base(d.Path))
		} else {
			unique = false
		}
	} else {
		dir, err := f.Path()
		if err != nil {
			return "", err
		}
		dest = filepath.Join(dir, filepath.Base(d.Path))
	}
	if dest == d.Path {
		return dest, nil
	}
	move, err := f.mayMove(d)
	if err != nil {
		return "", err
	}
	if err := safefile.MkdirAll(filepath.Dir(dest)); err != nil {
		return "", err
	}
	dest, err = place(d.Path, dest, unique, move, overwrite)
	if err != nil {
		return "", err
	}
	if err := f.record(d.GUID, dest); err != nil && f.Warn != nil {
		f.Warn("could not note the download in the state folder: %v", err)
	}
	return dest, nil
}

// Settle points each download of list at where its file is now: where it
// was moved before, or, for a finished one not moved yet, where it is moved
// now (a failed move leaves it where the browser saved it).
func (f Folder) Settle(list []rpc.Download) {
	ledger := f.Moved()
	for i := range list {
		d := &list[i]
		if moved, ok := ledger[d.GUID]; ok {
			d.Path = moved
		} else if path, err := f.Save(d, "", false); err == nil && path != "" {
			d.Path = path
		}
	}
}

// SettleDownload moves the finished download a result names (the
// "download" of pages.click's, pages.press's or pages.navigate's) into the
// folder, and answers the result with the download's path where it is now
// and the browser's as browserPath. A result without a download comes back
// as it came; one whose move failed too, said through Warn.
func (f Folder) SettleDownload(raw json.RawMessage) json.RawMessage {
	var a struct {
		Download *rpc.Download `json:"download"`
	}
	if json.Unmarshal(raw, &a) != nil || a.Download == nil {
		return raw
	}
	path, err := f.Save(a.Download, "", false)
	if err != nil {
		if f.Warn != nil {
			f.Warn("the download stays at %s: %v", a.Download.Path, err)
		}
		return raw
	}
	var m map[string]any
	if json.Unmarshal(raw, &m) != nil {
		return raw
	}
	if dl, ok := m["download"].(map[string]any); ok && path != "" {
		dl["browserPath"], dl["path"] = dl["path"], path
	}
	out, err := json.Marshal(m)
	if err != nil {
		return raw
	}
	return out
}

// Moved is the ledger: download guid -> where the file was moved. A
// missing or damaged ledger is empty.
func (f Folder) Moved() map[string]string {
	m, _, _ := f.load()
	return m
}

// The ledger: download guid -> where the CLI moved the file.
const ledgerName = "downloads.json"

// ledgerLimit bounds the ledger; the browser forgets its downloads too.
const ledgerLimit = 1000

var ledgerMu sync.Mutex

func (f Folder) load() (map[string]string, string, error) {
	dir, err := f.StateDir()
	if err != nil {
		return nil, "", err
	}
	path := filepath.Join(dir, ledgerName)
	m := map[string]string{}
	b, err := os.ReadFile(path)
	if err == nil {
		_ = json.Unmarshal(b, &m) // a damaged ledger only loses old paths
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, "", err
	}
	return m, path, nil
}

func (f Folder) record(guid, path string) error {
	if guid == "" {
		return nil
	}
	ledgerMu.Lock()
	defer ledgerMu.Unlock()
	m, file, err := f.load()
	if err != nil {
		return err
	}
	if len(m) >= ledgerLimit {
		m = map[string]string{}
	}
	m[guid] = path
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return safefile.WriteFile(file, b, safefile.Private, true)
}
