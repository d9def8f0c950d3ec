package cmd

import (
	"browserctl/hubapi"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
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
		code     ExitCode
		wantPart string // in the params sent, or in stderr when failing
	}{
		{"upload e3 " + file, ExitOK, `"ref":"e3","files":["` + file + `"]`},
		{"upload --selector #cv " + file, ExitOK, `"selector":"#cv","files":["` + file + `"]`},
		{"upload " + file, ExitOK, `{"files":["` + file + `"]}`},
		{"upload e3 " + missing, ExitError, "no such file: " + missing},
		{"upload " + missing, ExitError, "no such file"},
		{"upload #cv " + file, ExitOK, `"selector":"#cv","files":["` + file + `"]`},
		{"upload #cv " + missing, ExitError, "no such file"},
		{"upload e3", ExitUsage, "needs at least one FILE"},
		{"upload --selector #cv", ExitUsage, "needs a SELECTOR and at least one FILE"},
		{"upload e3 " + dir, ExitError, "not a regular file"},
	}
	for _, tt := range tests {
		t.Run(tt.args, func(t *testing.T) {
			e := newTestEnv(t)
			e.h.results["pages.upload"] = `{"files":1,"target":"e3","multiple":false}`
			if code := e.run(tt.args); code != tt.code {
				t.Fatalf("exit %d, want %d; stderr %s", code, tt.code, e.err)
			}
			if tt.code != ExitOK {
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
	src := filepath.Join(browserDir, "report.bin")
	if err := os.WriteFile(src, []byte("payload"), 0o644); err != nil {
		t.Fatal(err)
	}
	dl := map[string]any{"guid": "g1", "id": 1, "path": src, "state": "complete", "bytes": 7, "url": "http://x.test/r"}
	b, _ := json.Marshal(map[string]any{"ok": true, "download": dl})
	e.h.results["pages.click"] = string(b)
	if code := e.run("--json click e1"); code != ExitOK {
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
	if code := e.run("downloads"); code != ExitOK {
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
	if code := e.run("click e1"); code != ExitOK {
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
	if code := e.run("click e1"); code != ExitOK {
		t.Fatalf("exit %d: %s", code, e.err)
	}
	if !strings.Contains(e.out.String(), "file chooser opened") || !strings.Contains(e.out.String(), "browserctl upload FILE") {
		t.Errorf("click printed %q", e.out)
	}
}

// cancelAfter is a controller whose calls cancel the command after n of
// them, as Ctrl-C does in the REPL.
type cancelAfter struct {
	*fakeHub
	n      int
	cancel context.CancelFunc
}

func (c *cancelAfter) Call(ctx context.Context, method string, params any, timeout time.Duration) (json.RawMessage, error) {
	raw, err := c.fakeHub.Call(ctx, method, params, timeout)
	c.n--
	if c.n == 0 {
		c.cancel()
		<-ctx.Done()
		return nil, ctx.Err()
	}
	return raw, err
}

// --follow long-polls with the cursor of the last answer until the
// command's context ends, which is not an error.
func TestFollowLoopsUntilCancelled(t *testing.T) {
	e := newTestEnv(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ca := &cancelAfter{fakeHub: e.h, n: 3, cancel: cancel}
	e.f.Hub = func() (hubapi.Controller, error) { return ca, nil }
	e.h.results["logs.console"] = `{"entries":[{"seq":7,"level":"warning","text":"careful\u001b[31m","url":"http://a.test/","line":3,"column":1,"time":0}],"next":7,"dropped":0}`
	code := Run(ctx, e.f, []string{"console", "--follow", "--level", "warning"})
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, e.err)
	}
	if len(e.h.calls) != 3 {
		t.Fatalf("%d calls, want 3: %+v", len(e.h.calls), e.h.calls)
	}
	if p := e.h.calls[0].Params; strings.Contains(p, "after") || strings.Contains(p, "waitMs") {
		t.Errorf("the first call waits or skips: %s", p)
	}
	for _, c := range e.h.calls[1:] {
		if !strings.Contains(c.Params, `"after":7`) || !strings.Contains(c.Params, `"waitMs":10000`) || !strings.Contains(c.Params, `"level":"warning"`) {
			t.Errorf("a follow call sent %s; want after 7, waitMs and the level", c.Params)
		}
		if c.Timeout <= followWait {
			t.Errorf("a follow call's timeout %s does not cover its wait %s", c.Timeout, followWait)
		}
	}
	if out := e.out.String(); strings.Count(out, "careful") != 2 || strings.Contains(out, "\x1b") {
		t.Errorf("printed %q; want two lines with the escape shown, not sent", out)
	}
}

func TestIssue10UsageErrors(t *testing.T) {
	for _, args := range []string{
		"console --level loud",
		"cookies set a b --expires someday",
		"storage cookie",
		"storage local set k",
		"storage local a b",
		"network block",
		"download e1 --wait-for 0s",
		"cookies set",
	} {
		e := newTestEnv(t)
		if code := e.run(args); code != ExitUsage {
			t.Errorf("%s: exit %d, want 2; stderr %s", args, code, e.err)
		}
		if len(e.h.calls) != 0 {
			t.Errorf("%s reached the hub", args)
		}
	}
}

func TestCookieExpiry(t *testing.T) {
	now := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	for in, want := range map[string]float64{
		"1h":                   float64(now.Unix() + 3600),
		"2026-12-01T00:00:00Z": float64(time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC).Unix()),
		"1800000000":           1800000000,
	} {
		if got, err := parseExpiry(now, in); err != nil || got != want {
			t.Errorf("parseExpiry(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
}

func TestStorageParams(t *testing.T) {
	for args, want := range map[string]string{
		"storage local":            `"kind":"local"}`,
		"storage session tok":      `"kind":"session","key":"tok"}`,
		"storage local set k v":    `"kind":"local","key":"k","value":"v"}`,
		"storage session clear":    `"kind":"session"}`,
		"cookies --url http://a.b": `"url":"http://a.b"}`,
	} {
		e := newTestEnv(t)
		e.h.results["pages.storage"] = `{"origin":"http://a.b","entries":{}}`
		e.h.results["pages.setStorage"] = `{"ok":true}`
		e.h.results["pages.clearStorage"] = `{"cleared":0}`
		e.h.results["pages.cookies"] = `{"url":"http://a.b","cookies":[]}`
		e.h.results["pages.storage"] = `{"origin":"http://a.b","key":"tok","value":"v"}`
		if code := e.run(args); code != ExitOK {
			t.Errorf("%s: exit %d: %s", args, code, e.err)
			continue
		}
		if c := e.h.lastCall(t); !strings.HasSuffix(c.Params, want) {
			t.Errorf("%s sent %s %s; want it to end %s", args, c.Method, c.Params, want)
		}
	}
}
