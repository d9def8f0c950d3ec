package cmd

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"browserctl/cmd/cmdutil"
	"browserctl/rpc"
)

// writingCommand is a command that writes a file, and how a fake hub
// answers it.
type writingCommand struct {
	name string
	// args is the command line writing file (the file itself, or for an
	// install the folder it goes in: see file).
	args   func(file string) string
	file   func(arg string) string // the file written for arg ("": arg)
	mode   os.FileMode
	answer func(t *testing.T, e *testEnv)
}

func writingCommands() []writingCommand {
	ok := func(method, result string) func(*testing.T, *testEnv) {
		return func(_ *testing.T, e *testEnv) { e.h.results[method] = result }
	}
	return []writingCommand{
		{"screenshot", func(p string) string { return "screenshot -o " + p }, nil, 0o600, ok(rpc.PageScreenshot, `{"data":"iVBORw0KGgo=","width":1,"height":1}`)},
		{"pdf", func(p string) string { return "pdf -o " + p }, nil, 0o600, ok(rpc.PagePDF, `{"data":"JVBERi0xLjQ=","format":"pdf"}`)},
		{"state save", func(p string) string { return "state save " + p }, nil, 0o600, ok(rpc.StateSave, `{"cookies":[],"origins":[]}`)},
		{"network request -o", func(p string) string { return "network request 4 -o " + p }, nil, 0o600, ok(rpc.NetworkRequest, `{"id":"4","method":"GET","url":"http://h/","status":200,"responseBody":"secret","responseBodySize":6,"timing":{"ttfbMs":-1,"totalMs":-1}}`)},
		{"network har stop", func(p string) string { return "network har stop " + p }, nil, 0o600, ok(rpc.NetworkHARStop, `{"entries":[],"dropped":0,"started":1}`)},
		{"trace stop", func(p string) string { return "trace stop " + p }, nil, 0o600, func(_ *testing.T, e *testEnv) {
			e.h.results[rpc.TraceStop] = `{"tabId":1,"stream":"s1"}`
			e.h.results[rpc.TraceRead] = `{"data":"{\"traceEvents\":[]}","eof":true}`
		}},
		{"download -o", func(p string) string { return "download e1 -o " + p }, nil, 0o600, func(t *testing.T, e *testEnv) {
			dir := t.TempDir()
			t.Setenv("BROWSERCTL_BROWSER_DOWNLOADS", dir)
			src := filepath.Join(dir, "report.bin")
			os.WriteFile(src, []byte("payload"), 0o644)
			e.h.results[rpc.PageDownload] = fmt.Sprintf(`{"guid":"g","id":1,"state":"complete","path":%q,"bytes":7,"ended":%d}`, src, time.Now().UnixMilli())
		}},
		{"skill install", func(p string) string { return "skill install " + filepath.Dir(filepath.Dir(p)) }, func(p string) string { return p }, 0o644, nil},
		{"extension install config.json", func(p string) string { return "extension install " + filepath.Dir(p) }, nil, 0o600, nil},
		{"extension install manifest.json", func(p string) string { return "extension install " + filepath.Dir(p) }, nil, 0o644, nil},
	}
}

// fileFor is where a writing command's file goes in dir.
func fileFor(c writingCommand, dir string) string {
	switch c.name {
	case "skill install":
		return filepath.Join(dir, "browserctl", "SKILL.md")
	case "extension install config.json":
		return filepath.Join(dir, "config.json")
	case "extension install manifest.json":
		return filepath.Join(dir, "manifest.json")
	}
	return filepath.Join(dir, "out.bin")
}

// TestWritingCommandsNeverWriteThroughASymlink puts a symlink where each
// writing command's file goes: the command fails, with --force too, and
// neither the symlink nor its target changes.
func TestWritingCommandsNeverWriteThroughASymlink(t *testing.T) {
	cells := 0
	for _, c := range writingCommands() {
		for _, force := range []string{"", " --force"} {
			cells++
			e := newTestEnv(t)
			if c.answer != nil {
				c.answer(t, e)
			}
			dir := t.TempDir()
			file := fileFor(c, dir)
			os.MkdirAll(filepath.Dir(file), 0o700)
			target := filepath.Join(t.TempDir(), "precious")
			os.WriteFile(target, []byte("precious"), 0o644)
			if err := os.Symlink(target, file); err != nil {
				t.Fatal(err)
			}
			args := c.args(file) + force
			if c.name == "extension install config.json" || c.name == "extension install manifest.json" || c.name == "skill install" {
				args = c.args(file)
				if c.name == "skill install" {
					args += force
				}
			}
			if code := e.run(args); code == cmdutil.ExitOK {
				t.Errorf("%s: exit 0 with a symlink at %s", args, file)
			}
			if b, _ := os.ReadFile(target); string(b) != "precious" {
				t.Errorf("%s: the symlink's target now holds %q", args, b)
			}
			if l, err := os.Readlink(file); err != nil || l != target {
				t.Errorf("%s: the symlink was replaced (%s, %v)", args, l, err)
			}
		}
	}
	t.Logf("commands x symlink matrix: %d commands x 2 (with and without --force) = %d cells", len(writingCommands()), cells)
}

// TestWritingCommandsModesAndForce runs each writing command under a umask
// of 000: its file has the command's mode (0600 for what can hold a
// secret); run again, it refuses to replace the file unless --force.
func TestWritingCommandsModesAndForce(t *testing.T) {
	old := syscall.Umask(0)
	defer syscall.Umask(old)
	for _, c := range writingCommands() {
		e := newTestEnv(t)
		if c.answer != nil {
			c.answer(t, e)
		}
		dir := t.TempDir()
		file := fileFor(c, dir)
		if code := e.run(c.args(file)); code != cmdutil.ExitOK {
			t.Errorf("%s: exit %d: %s", c.args(file), code, e.err)
			continue
		}
		st, err := os.Stat(file)
		if err != nil || st.Mode().Perm() != c.mode {
			t.Errorf("%s: %s is %v, %v; want %v under umask 000", c.name, file, st.Mode(), err, c.mode)
		}
		if c.name == "extension install config.json" || c.name == "extension install manifest.json" {
			continue // an install replaces its own files
		}
		if c.answer != nil {
			c.answer(t, e) // a download's file again
		}
		if code := e.run(c.args(file)); code == cmdutil.ExitOK {
			t.Errorf("%s again: exit 0; want the existing file refused without --force", c.name)
		}
		if c.answer != nil {
			c.answer(t, e)
		}
		if code := e.run(c.args(file) + " --force"); code != cmdutil.ExitOK {
			t.Errorf("%s --force: exit %d: %s", c.name, code, e.err)
		}
	}
}

// An existing config.json readable by others is replaced by a 0600 one.
func TestExtensionInstallTightensConfig(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "config.json")
	os.WriteFile(cfg, []byte("{}"), 0o644)
	os.Chmod(cfg, 0o644)
	e := newTestEnv(t)
	if code := e.run("extension install " + dir); code != cmdutil.ExitOK {
		t.Fatalf("exit %d: %s", code, e.err)
	}
	if st, _ := os.Stat(cfg); st.Mode().Perm() != 0o600 {
		t.Errorf("config.json is %v; want 0600", st.Mode())
	}
}

// A fake extension answering downloads.list with the person's own files:
// `downloads` takes none of them from where they are.
func TestDownloadsListWithHostilePaths(t *testing.T) {
	home := t.TempDir()
	t.Setenv("BROWSERCTL_BROWSER_DOWNLOADS", filepath.Join(home, "Downloads"))
	os.MkdirAll(filepath.Join(home, ".ssh"), 0o700)
	precious := filepath.Join(home, "precious.txt")
	key := filepath.Join(home, ".ssh", "id_ed25519")
	os.WriteFile(precious, []byte("precious"), 0o600)
	os.WriteFile(key, []byte("key"), 0o600)
	e := newTestEnv(t)
	now := time.Now().UnixMilli()
	e.h.results["downloads.list"] = fmt.Sprintf(`{"downloads":[
		{"guid":"g1","id":1,"path":%q,"state":"complete","bytes":8,"ended":%d},
		{"guid":"g2","id":2,"path":%q,"state":"complete","bytes":3,"ended":%d},
		{"guid":"g3","id":3,"path":%q,"state":"complete","bytes":5,"ended":%d}]}`,
		precious, now, key, now, filepath.Join(e.dir, "token"), now)
	os.WriteFile(filepath.Join(e.dir, "token"), []byte("token"), 0o600)
	if code := e.run("--json downloads"); code != cmdutil.ExitOK {
		t.Fatalf("exit %d: %s", code, e.err)
	}
	for _, p := range []string{precious, key, filepath.Join(e.dir, "token")} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s was taken from where it was: %v", p, err)
		}
	}
	if _, err := os.Stat(filepath.Join(e.dir, "downloads", "id_ed25519")); err == nil {
		t.Error("the key was copied into the download folder")
	}
}
