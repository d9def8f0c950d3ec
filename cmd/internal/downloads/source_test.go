package downloads

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"browserctl/rpc"
)

// TestHostilePathsMoveNothing plays an extension that names files the
// browser never downloaded: each is left where it is (copied at most).
func TestHostilePathsMoveNothing(t *testing.T) {
	home := t.TempDir()
	browser := filepath.Join(home, "Downloads")
	state := filepath.Join(home, "state")
	for _, d := range []string{browser, state, filepath.Join(home, ".ssh"), filepath.Join(browser, ".hidden")} {
		os.MkdirAll(d, 0o700)
	}
	write := func(p, body string) *rpc.Download {
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		st, _ := os.Stat(p)
		return &rpc.Download{GUID: "g-" + filepath.Base(p), ID: 7, State: "complete", Path: p, Bytes: int64(len(body)), Ended: st.ModTime().UnixMilli()}
	}
	f := Folder{Given: filepath.Join(home, "out"), StateDir: func() (string, error) { return state, nil }, BrowserDirs: []string{browser}}
	type want int
	const (
		moved want = iota
		copied
		refused
	)
	cases := []struct {
		name string
		d    func() *rpc.Download
		want want
	}{
		{"the download itself", func() *rpc.Download { return write(filepath.Join(browser, "report.pdf"), "report") }, moved},
		{"a file in the home folder", func() *rpc.Download { return write(filepath.Join(home, "precious.txt"), "precious") }, copied},
		{"a key in a dot-folder", func() *rpc.Download { return write(filepath.Join(home, ".ssh", "id_ed25519"), "key") }, refused},
		{"a dot-folder in the browser's", func() *rpc.Download { return write(filepath.Join(browser, ".hidden", "x"), "x") }, refused},
		{"the state folder's token", func() *rpc.Download { return write(filepath.Join(state, "token"), "tok") }, refused},
		{"a wrong size", func() *rpc.Download { d := write(filepath.Join(browser, "a.bin"), "aaaa"); d.Bytes = 99; return d }, copied},
		{"a wrong end time", func() *rpc.Download {
			d := write(filepath.Join(browser, "b.bin"), "bbbb")
			d.Ended = time.Now().Add(-time.Hour).UnixMilli()
			return d
		}, copied},
		{"no chrome.downloads id", func() *rpc.Download { d := write(filepath.Join(browser, "c.bin"), "cccc"); d.ID = -1; return d }, copied},
		{"no end time", func() *rpc.Download { d := write(filepath.Join(browser, "e.bin"), "eeee"); d.Ended = 0; return d }, copied},
		{"a symlink in the browser's folder", func() *rpc.Download {
			target := filepath.Join(home, "bashrc")
			os.WriteFile(target, []byte("rc"), 0o600)
			link := filepath.Join(browser, "link.txt")
			os.Symlink(target, link)
			return &rpc.Download{GUID: "g-link", ID: 8, State: "complete", Path: link, Bytes: 2, Ended: time.Now().UnixMilli()}
		}, refused},
		{"a relative path", func() *rpc.Download {
			return &rpc.Download{GUID: "g-rel", ID: 9, State: "complete", Path: "precious.txt"}
		}, refused},
		{"a path through ..", func() *rpc.Download {
			d := write(filepath.Join(home, "dotdot.txt"), "dd")
			d.Path = filepath.Join(browser, "..", "dotdot.txt")
			return d
		}, copied},
	}
	for _, tc := range cases {
		d := tc.d()
		from := d.Path
		before, _ := os.ReadFile(from)
		got, err := f.Save(d, "", false)
		_, statErr := os.Lstat(from)
		switch tc.want {
		case moved:
			if err != nil || statErr == nil || readFile(t, got) != string(before) {
				t.Errorf("%s: Save = %s, %v; want it moved (source there: %v)", tc.name, got, err, statErr == nil)
			}
		case copied:
			if err != nil || statErr != nil || readFile(t, got) != string(before) {
				t.Errorf("%s: Save = %s, %v; want it copied, the source kept (%v)", tc.name, got, err, statErr)
			}
		case refused:
			if err == nil || statErr != nil && !strings.Contains(tc.name, "relative") {
				t.Errorf("%s: Save = %s, %v; want refused and the file kept (%v)", tc.name, got, err, statErr)
			}
		}
		if got != "" {
			if st, err := os.Stat(got); err != nil || st.Mode().Perm() != 0o600 {
				t.Errorf("%s: %s is %v (%v); want 0600", tc.name, got, st.Mode(), err)
			}
		}
	}
	if b, err := os.ReadFile(filepath.Join(home, "bashrc")); err != nil || string(b) != "rc" {
		t.Errorf("the symlink's target: %q, %v", b, err)
	}
	t.Logf("downloads matrix: %d hostile or genuine paths", len(cases))
}

func TestSaveOutputFileIsNeverASymlink(t *testing.T) {
	home := t.TempDir()
	browser := filepath.Join(home, "Downloads")
	os.MkdirAll(browser, 0o700)
	target := filepath.Join(home, "target")
	os.WriteFile(target, []byte("precious"), 0o600)
	out := filepath.Join(home, "out.bin")
	os.Symlink(target, out)
	f := Folder{StateDir: func() (string, error) { return filepath.Join(home, "state"), nil }, BrowserDirs: []string{browser}}
	for _, force := range []bool{false, true} {
		p := filepath.Join(browser, "dl.bin")
		os.WriteFile(p, []byte("download"), 0o600)
		if _, err := f.Save(&rpc.Download{GUID: "g", ID: 1, State: "complete", Path: p, Bytes: 8, Ended: time.Now().UnixMilli()}, out, force); err == nil {
			t.Errorf("force=%v: -o a symlink was written", force)
		}
		if readFile(t, target) != "precious" {
			t.Fatalf("force=%v: the symlink's target was written", force)
		}
	}
}

func TestBrowserFolders(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("BROWSERCTL_BROWSER_DOWNLOADS", "")
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "cfg"))
	os.MkdirAll(filepath.Join(home, "cfg"), 0o700)
	os.WriteFile(filepath.Join(home, "cfg", "user-dirs.dirs"), []byte(`XDG_DOWNLOAD_DIR="$HOME/Téléchargements"`+"\n"), 0o600)
	got := BrowserFolders()
	if len(got) != 2 || got[0] != filepath.Join(home, "Téléchargements") || got[1] != filepath.Join(home, "Downloads") {
		t.Errorf("BrowserFolders = %v", got)
	}
	t.Setenv("BROWSERCTL_BROWSER_DOWNLOADS", "/a"+string(os.PathListSeparator)+"/b")
	if got := BrowserFolders(); len(got) != 2 || got[0] != "/a" {
		t.Errorf("with the variable: %v", got)
	}
}
