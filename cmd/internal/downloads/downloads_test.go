package downloads

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"browserctl/rpc"
)

// browserFile writes a file where the browser would have saved it.
func browserFile(t *testing.T, name, body string) *rpc.Download {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	return &rpc.Download{GUID: "g-" + body, ID: 1, State: "complete", Path: p, Bytes: int64(len(body)), Ended: st.ModTime().UnixMilli()}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestSaveIntoTheStateFolder(t *testing.T) {
	state := t.TempDir()
	var warned []string
	f := Folder{BrowserDirs: []string{os.TempDir()}, StateDir: func() (string, error) { return state, nil }, Warn: func(format string, a ...any) { warned = append(warned, format) }}
	if dir, err := f.Path(); err != nil || dir != filepath.Join(state, "downloads") {
		t.Fatalf("Path = %s, %v", dir, err)
	}
	first, second := browserFile(t, "report.pdf", "one"), browserFile(t, "report.pdf", "two")
	p1, err := f.Save(first, "", false)
	if err != nil {
		t.Fatal(err)
	}
	p2, err := f.Save(second, "", false)
	if err != nil {
		t.Fatal(err)
	}
	if p1 != filepath.Join(state, "downloads", "report.pdf") || p2 != filepath.Join(state, "downloads", "report (1).pdf") {
		t.Errorf("saved at %s and %s", p1, p2)
	}
	if readFile(t, p1) != "one" || readFile(t, p2) != "two" {
		t.Error("a download was replaced")
	}
	if m := f.Moved(); m["g-one"] != p1 || m["g-two"] != p2 {
		t.Errorf("the ledger is %v", m)
	}
	if len(warned) != 0 {
		t.Errorf("warned %v", warned)
	}
}

func TestSaveToOutput(t *testing.T) {
	state, out := t.TempDir(), t.TempDir()
	f := Folder{BrowserDirs: []string{os.TempDir()}, Given: t.TempDir(), StateDir: func() (string, error) { return state, nil }}
	// -o FILE: the caller's name, replaced if it exists
	file := filepath.Join(out, "mine.csv")
	os.WriteFile(file, []byte("old"), 0o644)
	if _, err := f.Save(browserFile(t, "export.csv", "new"), file, false); err == nil || readFile(t, file) != "old" {
		t.Errorf("-o FILE without --force replaced it: %v", err)
	}
	p, err := f.Save(browserFile(t, "export.csv", "new"), file, true)
	if err != nil || p != file || readFile(t, file) != "new" {
		t.Errorf("-o FILE: %s, %v, holds %q", p, err, readFile(t, file))
	}
	// -o FOLDER: the page's name in it, never replacing
	os.WriteFile(filepath.Join(out, "export.csv"), []byte("kept"), 0o644)
	p, err = f.Save(browserFile(t, "export.csv", "third"), out, false)
	if err != nil || p != filepath.Join(out, "export (1).csv") || readFile(t, filepath.Join(out, "export.csv")) != "kept" {
		t.Errorf("-o FOLDER: %s, %v", p, err)
	}
	// --download-dir
	p, err = f.Save(browserFile(t, "a.txt", "fourth"), "", false)
	if err != nil || filepath.Dir(p) != f.Given {
		t.Errorf("--download-dir %s: saved at %s, %v", f.Given, p, err)
	}
}

func TestSaveLeavesUnfinishedDownloads(t *testing.T) {
	f := Folder{BrowserDirs: []string{os.TempDir()}, StateDir: func() (string, error) { return t.TempDir(), nil }}
	d := browserFile(t, "big.iso", "partial")
	d.State = "in_progress"
	if p, err := f.Save(d, "", false); p != "" || err != nil {
		t.Errorf("an unfinished download was moved: %s, %v", p, err)
	}
	if readFile(t, d.Path) != "partial" {
		t.Error("the browser's file is gone")
	}
}

func TestDamagedLedgerIsEmpty(t *testing.T) {
	state := t.TempDir()
	os.WriteFile(filepath.Join(state, ledgerName), []byte("{not json"), 0o600)
	f := Folder{BrowserDirs: []string{os.TempDir()}, StateDir: func() (string, error) { return state, nil }}
	if m := f.Moved(); len(m) != 0 {
		t.Errorf("a damaged ledger gives %v", m)
	}
	p, err := f.Save(browserFile(t, "x.bin", "x"), "", false)
	if err != nil {
		t.Fatal(err)
	}
	if m := f.Moved(); m["g-x"] != p {
		t.Errorf("the ledger was not rewritten: %v", m)
	}
}

func TestSettle(t *testing.T) {
	state := t.TempDir()
	f := Folder{BrowserDirs: []string{os.TempDir()}, StateDir: func() (string, error) { return state, nil }}
	moved := browserFile(t, "a.txt", "moved")
	movedFrom := moved.Path
	p1, err := f.Save(moved, "", false)
	if err != nil {
		t.Fatal(err)
	}
	fresh := browserFile(t, "b.txt", "fresh")
	running := &rpc.Download{GUID: "g-run", State: "in_progress", Path: filepath.Join(t.TempDir(), "c.txt.crdownload")}
	list := []rpc.Download{{GUID: moved.GUID, State: "complete", Path: movedFrom}, *fresh, *running}
	f.Settle(list)
	if list[0].Path != p1 {
		t.Errorf("a download moved before points at %s, want %s", list[0].Path, p1)
	}
	want := filepath.Join(state, "downloads", "b.txt")
	if list[1].Path != want || readFile(t, want) != "fresh" {
		t.Errorf("a finished download not moved yet points at %s, want it moved to %s", list[1].Path, want)
	}
	if _, err := os.Stat(fresh.Path); !os.IsNotExist(err) {
		t.Errorf("the browser's copy of b.txt is still there: %v", err)
	}
	if list[2].Path != running.Path {
		t.Errorf("a running download points at %s, want where the browser writes it", list[2].Path)
	}
}

func TestSettleDownload(t *testing.T) {
	state := t.TempDir()
	var warned []string
	f := Folder{BrowserDirs: []string{os.TempDir()}, StateDir: func() (string, error) { return state, nil }, Warn: func(format string, a ...any) { warned = append(warned, fmt.Sprintf(format, a...)) }}
	d := browserFile(t, "report.bin", "payload")
	raw, _ := json.Marshal(map[string]any{"ok": true, "download": d})
	var got struct {
		OK       bool `json:"ok"`
		Download struct {
			Path        string `json:"path"`
			BrowserPath string `json:"browserPath"`
			GUID        string `json:"guid"`
		} `json:"download"`
	}
	if err := json.Unmarshal(f.SettleDownload(raw), &got); err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(state, "downloads", "report.bin")
	if !got.OK || got.Download.Path != want || got.Download.BrowserPath != d.Path || got.Download.GUID != d.GUID {
		t.Errorf("settled %+v; want path %s, browserPath %s", got, want, d.Path)
	}
	if readFile(t, want) != "payload" {
		t.Error("the file was not moved")
	}

	for _, raw := range []string{`{"ok":true}`, `not json`} {
		if out := f.SettleDownload(json.RawMessage(raw)); string(out) != raw {
			t.Errorf("%s came back as %s", raw, out)
		}
	}
	gone := `{"ok":true,"download":{"guid":"g","state":"complete","path":"` + filepath.Join(t.TempDir(), "gone.bin") + `"}}`
	if out := f.SettleDownload(json.RawMessage(gone)); string(out) != gone || len(warned) != 1 || !strings.Contains(warned[0], "the download stays at") {
		t.Errorf("a failed move: %s, warned %v", out, warned)
	}
}
