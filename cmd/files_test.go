package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"browserctl/cmd/cmdutil"
)

func TestUploadArgs(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.txt")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.txt")
	tests := []struct {
		args     string
		code     cmdutil.ExitCode
		wantPart string // in the params sent, or in stderr when failing
	}{
		{"upload e3 " + file, cmdutil.ExitOK, `"ref":"e3","files":["` + file + `"]`},
		{"upload --selector #cv " + file, cmdutil.ExitOK, `"selector":"#cv","files":["` + file + `"]`},
		{"upload " + file, cmdutil.ExitOK, `{"files":["` + file + `"]}`},
		{"upload e3 " + missing, cmdutil.ExitError, "no such file: " + missing},
		{"upload " + missing, cmdutil.ExitError, "no such file"},
		{"upload #cv " + file, cmdutil.ExitOK, `"selector":"#cv","files":["` + file + `"]`},
		{"upload #cv " + missing, cmdutil.ExitError, "no such file"},
		{"upload e3", cmdutil.ExitUsage, "needs at least one FILE"},
		{"upload --selector #cv", cmdutil.ExitUsage, "needs a SELECTOR and at least one FILE"},
		{"upload e3 " + dir, cmdutil.ExitError, "not a regular file"},
	}
	for _, tt := range tests {
		t.Run(tt.args, func(t *testing.T) {
			e := newTestEnv(t)
			e.h.results["pages.upload"] = `{"files":1,"target":"e3","multiple":false}`
			if code := e.run(tt.args); code != tt.code {
				t.Fatalf("exit %d, want %d; stderr %s", code, tt.code, e.err)
			}
			if tt.code != cmdutil.ExitOK {
				if !strings.Contains(e.err.String(), tt.wantPart) {
					t.Errorf("stderr %q lacks %q", e.err, tt.wantPart)
				}
				if len(e.h.calls) != 0 {
					t.Errorf("a failed upload reached the hub: %+v", e.h.calls)
				}
				return
			}
			if c := e.h.lastCall(t); c.Method != "pages.upload" || !strings.Contains(c.Params, tt.wantPart) {
				t.Errorf("sent %s %s, want params with %s", c.Method, c.Params, tt.wantPart)
			}
		})
	}
}

func TestClickMovesDownloadIntoDownloadDir(t *testing.T) {
	e := newTestEnv(t)
	browserDir := t.TempDir()
	t.Setenv("BROWSERCTL_BROWSER_DOWNLOADS", browserDir)
	src := filepath.Join(browserDir, "report.bin")
	if err := os.WriteFile(src, []byte("payload"), 0o644); err != nil {
		t.Fatal(err)
	}
	dl := map[string]any{"guid": "g1", "id": 1, "path": src, "state": "complete", "bytes": 7, "url": "http://x.test/r", "ended": time.Now().UnixMilli()}
	b, _ := json.Marshal(map[string]any{"ok": true, "download": dl})
	e.h.results["pages.click"] = string(b)
	if code := e.run("--json click e1"); code != cmdutil.ExitOK {
		t.Fatalf("exit %d: %s", code, e.err)
	}
	want := filepath.Join(e.dir, "downloads", "report.bin")
	var r struct {
		Download struct {
			Path        string `json:"path"`
			BrowserPath string `json:"browserPath"`
		} `json:"download"`
	}
	if err := json.Unmarshal(e.out.Bytes(), &r); err != nil || r.Download.Path != want || r.Download.BrowserPath != src {
		t.Errorf("click --json printed %s; want path %s and browserPath %s", e.out, want, src)
	}
	if got, err := os.ReadFile(want); err != nil || string(got) != "payload" {
		t.Errorf("the download in the download dir: %q, %v", got, err)
	}
	if _, err := os.Stat(src); !os.IsNotExist(err) {
		t.Errorf("the browser's copy is still there: %v", err)
	}

	// downloads shows where the file is now.
	e.h.results["downloads.list"] = `{"downloads":[{"guid":"g1","path":"` + src + `","state":"complete","bytes":7}]}`
	if code := e.run("downloads"); code != cmdutil.ExitOK {
		t.Fatalf("downloads: exit %d: %s", code, e.err)
	}
	if !strings.Contains(e.out.String(), want) {
		t.Errorf("downloads printed %q; want the moved path %s", e.out, want)
	}

	// A second file of the same name does not overwrite the first.
	if err := os.WriteFile(src, []byte("second"), 0o644); err != nil {
		t.Fatal(err)
	}
	dl["guid"] = "g2"
	b, _ = json.Marshal(map[string]any{"ok": true, "download": dl})
	e.h.results["pages.click"] = string(b)
	if code := e.run("click e1"); code != cmdutil.ExitOK {
		t.Fatalf("exit %d: %s", code, e.err)
	}
	second := filepath.Join(e.dir, "downloads", "report (1).bin")
	if got, _ := os.ReadFile(second); string(got) != "second" {
		t.Errorf("the second download at %s holds %q", second, got)
	}
	if !strings.Contains(e.out.String(), "download complete: "+second) {
		t.Errorf("click printed %q", e.out)
	}
}

func TestClickReportsChooser(t *testing.T) {
	e := newTestEnv(t)
	e.h.results["pages.click"] = `{"ok":true,"fileChooser":{"mode":"selectSingle"}}`
	if code := e.run("click e1"); code != cmdutil.ExitOK {
		t.Fatalf("exit %d: %s", code, e.err)
	}
	if !strings.Contains(e.out.String(), "file chooser opened") || !strings.Contains(e.out.String(), "browserctl upload FILE") {
		t.Errorf("click printed %q", e.out)
	}
}

// The declared file commands' params, and what they write.
func TestFileCommandsRequests(t *testing.T) {
	checkSent(t, []sentCase{
		{"pdf --landscape --no-background -o " + filepath.Join(t.TempDir(), "p.pdf"), "pages.pdf", `{"landscape":true,"background":false}`},
		{"pdf -o " + filepath.Join(t.TempDir(), "p.pdf"), "pages.pdf", `{}`},
		{"download e4 --wait-for 5s", "pages.download", `{"ref":"e4","timeout":5000}`},
		{"download #x", "pages.download", `{"selector":"#x","timeout":30000}`},
		{"downloads", "downloads.list", `{}`},
		{"eval 1 +   2", "pages.eval", `{"expression":"1 + 2"}`},
	}, nil)
	checkUsage(t, nil, "download e1 --wait-for -1s", "download", "downloads x", "eval", "pdf x")
}

func TestPDFWritesTheFile(t *testing.T) {
	e := newTestEnv(t)
	path := filepath.Join(t.TempDir(), "doc.pdf")
	e.h.results["pages.pdf"] = `{"data":"JVBERi0xLjQ=","format":"pdf"}`
	if code := e.run("pdf -o " + path); code != cmdutil.ExitOK || strings.TrimSpace(e.out.String()) != path {
		t.Fatalf("exit %d, printed %q; want %s", code, e.out, path)
	}
	if b, err := os.ReadFile(path); err != nil || string(b) != "%PDF-1.4" {
		t.Errorf("the file holds %q, %v", b, err)
	}
	if code := e.run("--json pdf --force -o " + path); code != cmdutil.ExitOK || !strings.Contains(e.out.String(), `"bytes":8`) || strings.Contains(e.out.String(), "JVBER") {
		t.Errorf("--json: exit %d, %s; want the path and size, not the data", code, e.out)
	}
}
