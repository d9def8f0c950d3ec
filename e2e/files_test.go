package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// servedHandler serves the file, log and cookie tests' routes under
// /served/ and records what reached the server:
//
//	/served/attachment?t=T  a file with Content-Disposition: attachment
//	                        (named report-T.bin, or &name=N)
//	/served/ok?t=T          200 "ok"
//	/served/blocked-thing   must never arrive once blocked
//	/served/cookies?t=T     reports the Cookie header it received
func servedHandler(r *recorder) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		tag := req.URL.Query().Get("t")
		name := strings.TrimPrefix(req.URL.Path, "/served/")
		r.add(event{Tag: tag, Type: "hit", Data: map[string]any{"path": name, "cookie": req.Header.Get("Cookie")}})
		switch name {
		case "attachment":
			w.Header().Set("Content-Type", "application/octet-stream")
			file := req.URL.Query().Get("name")
			if file == "" {
				file = "report-" + tag + ".bin"
			}
			w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, file))
			w.Write(attachmentBytes(tag))
		default:
			w.Header().Set("Content-Type", "text/plain")
			w.Write([]byte("ok"))
		}
	})
}

// attachmentBytes are the download's bytes: binary, NULs included, ~70 KB.
func attachmentBytes(tag string) []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < 70_000; i++ {
		fmt.Fprintf(&b, "%s:%d\x00\xff\n", tag, i)
	}
	return b.Bytes()
}

func writeTemp(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// The page reads an uploaded file: its name, size and content reach the
// test server from the page's own change handler.
func TestUploadToFileInput(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/files.html", tag))
	waitLoad(t, s)
	content := "hello from e2e: " + tag + "\nsecond line ✓\n"
	file := writeTemp(t, "notes-"+tag+".txt", content)

	t.Run("by selector", func(t *testing.T) {
		var r struct {
			Files int `json:"files"`
		}
		mustJSON(t, &r, in(s, "upload", "--selector", "#doc", file)...)
		if r.Files != 1 {
			t.Errorf("upload answered files=%d, want 1", r.Files)
		}
		got := h.rec.waitFor(t, tag, "the page reading the file", func(e event) bool { return e.Type == "file" && e.str("input") == "doc" })
		if got.str("name") != filepath.Base(file) || got.num("size") != float64(len(content)) || got.str("content") != content {
			t.Errorf("the page read name %q size %v content %q; want %q %d %q", got.str("name"), got.num("size"), got.str("content"), filepath.Base(file), len(content), content)
		}
		h.rec.waitFor(t, tag, "a change event", func(e event) bool { return e.Type == "change" && e.str("target") == "doc" })
	})

	t.Run("by ref", func(t *testing.T) {
		snap := takeSnapshot(t, s, "-i")
		var ref string
		for id, r := range snap.Refs {
			if r.Name == "Document" {
				ref = id
			}
		}
		if ref == "" {
			t.Fatalf("snapshot -i gives the file input labelled Document no ref:\n%s", snap.Snapshot)
		}
		before := len(h.rec.of(tag, "file"))
		second := writeTemp(t, "second.txt", "two")
		mustRun(t, in(s, "upload", ref, second)...)
		h.rec.waitFor(t, tag, "the page reading second.txt", func(e event) bool {
			return e.Type == "file" && e.str("name") == "second.txt" && e.str("content") == "two"
		})
		if n := len(h.rec.of(tag, "file")); n != before+1 {
			t.Errorf("the page read %d files, want 1", n-before)
		}
	})

	t.Run("missing file", func(t *testing.T) {
		before := len(h.rec.of(tag, "file", "change"))
		_, errOut, code := run(t, in(s, "upload", "--selector", "#doc", filepath.Join(t.TempDir(), "nope.txt"))...)
		if code != 1 || !strings.Contains(errOut, "no such file") || !strings.Contains(errOut, "nope.txt") {
			t.Errorf("upload of a missing file: exit %d, stderr %q; want exit 1 naming the file", code, errOut)
		}
		h.rec.settle()
		if after := h.rec.of(tag, "file", "change"); len(after) != before {
			t.Errorf("a failed upload reached the page: %v", after[before:])
		}
	})

	t.Run("not a file input", func(t *testing.T) {
		errOut := mustFail(t, 1, 4110, in(s, "upload", "--selector", "#pick", file)...)
		if !strings.Contains(errOut, "not an <input type=file>") {
			t.Errorf("stderr %q does not say the target is not a file input", errOut)
		}
	})
}

// A button wired to a hidden input: the click returns at once saying a
// chooser opened, and `upload FILE...` answers it.
func TestUploadAnswersFileChooser(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/files.html", tag))
	waitLoad(t, s)
	pick := takeSnapshot(t, s, "-i").ref(t, "button", "Pick files")

	mustFail(t, 1, 4110, in(s, "upload", writeTemp(t, "early.txt", "x"))...) // nothing open yet

	start := time.Now()
	var r struct {
		OK          bool `json:"ok"`
		FileChooser *struct {
			Mode string `json:"mode"`
		} `json:"fileChooser"`
	}
	mustJSON(t, &r, in(s, "click", pick)...)
	if r.FileChooser == nil || r.FileChooser.Mode != "selectMultiple" {
		t.Fatalf("click on a chooser button answered %+v; want fileChooser mode selectMultiple", r)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("the click took %s", d)
	}
	out, _, code := run(t, "--session", s.SessionID, "--json=false", "click", pick)
	if code != 0 || !strings.Contains(out, "file chooser opened") {
		t.Errorf("click for people: exit %d, stdout %q; want it to say a file chooser opened", code, out)
	}

	a := writeTemp(t, "a.txt", "alpha")
	b := writeTemp(t, "b.csv", "1,2,3\n")
	mustRun(t, in(s, "upload", a, b)...)
	for name, content := range map[string]string{"a.txt": "alpha", "b.csv": "1,2,3\n"} {
		h.rec.waitFor(t, tag, "the page reading "+name, func(e event) bool {
			return e.Type == "file" && e.str("input") == "hidden" && e.str("name") == name && e.str("content") == content && e.num("size") == float64(len(content))
		})
	}
	// answered: a second upload without a target has nothing to answer
	mustFail(t, 1, 4110, in(s, "upload", a)...)
}

type download struct {
	GUID        string `json:"guid"`
	Path        string `json:"path"`
	BrowserPath string `json:"browserPath"`
	State       string `json:"state"`
	Bytes       int64  `json:"bytes"`
	URL         string `json:"url"`
}

// A link served with Content-Disposition: attachment: click reports the
// download, the file lands in --download-dir with the right bytes;
// `download REF -o` waits for it; `downloads` lists both.
func TestDownloads(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/files.html", tag))
	waitLoad(t, s)
	link := takeSnapshot(t, s, "-i").ref(t, "link", "Get report")
	want := attachmentBytes(tag)
	dir := t.TempDir()

	var clicked struct {
		Download *download `json:"download"`
	}
	mustJSON(t, &clicked, in(s, "--download-dir", dir, "click", link)...)
	if clicked.Download == nil {
		t.Fatalf("click on an attachment link reported no download")
	}
	d := clicked.Download
	if d.State != "complete" || d.Bytes != int64(len(want)) {
		t.Errorf("click reported the download %+v; want complete, %d bytes", d, len(want))
	}
	if filepath.Dir(d.Path) != dir || filepath.Base(d.Path) != "report-"+tag+".bin" {
		t.Errorf("the download's path is %s; want report-%s.bin in --download-dir %s", d.Path, tag, dir)
	}
	if got, err := os.ReadFile(d.Path); err != nil || !bytes.Equal(got, want) {
		t.Errorf("the file at %s: %d bytes (err %v); want the served %d bytes", d.Path, len(got), err, len(want))
	}

	out := filepath.Join(t.TempDir(), "saved.bin")
	stdout, _, code := run(t, "--session", s.SessionID, "--json=false", "download", link, "-o", out)
	if code != 0 || strings.TrimSpace(stdout) != out {
		t.Errorf("download -o: exit %d, stdout %q; want the path %s", code, stdout, out)
	}
	if got, err := os.ReadFile(out); err != nil || !bytes.Equal(got, want) {
		t.Errorf("download -o wrote %d bytes (err %v); want the served %d bytes", len(got), err, len(want))
	}

	// Without --download-dir: the state folder's downloads/.
	mustJSON(t, &clicked, in(s, "click", link)...)
	if clicked.Download == nil || filepath.Dir(clicked.Download.Path) != filepath.Join(h.home, "downloads") {
		t.Fatalf("click without --download-dir reported %+v; want a path in %s", clicked.Download, filepath.Join(h.home, "downloads"))
	}
	third := clicked.Download.Path
	if got, err := os.ReadFile(third); err != nil || !bytes.Equal(got, want) {
		t.Errorf("the file at %s: %d bytes (err %v); want the served %d bytes", third, len(got), err, len(want))
	}

	var list struct {
		Downloads []download `json:"downloads"`
	}
	mustJSON(t, &list, in(s, "downloads")...)
	paths := map[string]bool{}
	for _, x := range list.Downloads {
		if x.State == "complete" {
			paths[x.Path] = true
		}
	}
	if !paths[d.Path] || !paths[out] || !paths[third] || len(list.Downloads) != 3 {
		t.Errorf("downloads lists %+v; want the three downloads at %s, %s and %s", list.Downloads, d.Path, out, third)
	}

	// A ref that starts no download: error 4102 naming the wait, exit 4
	// (every timeout is retryable).
	heading := takeSnapshot(t, s, "-i").ref(t, "button", "Pick files")
	if errOut := mustFail(t, 4, 4102, in(s, "download", heading, "--wait-for", "2s")...); !strings.Contains(errOut, "started no download") {
		t.Errorf("the timeout should say no download started: %s", errOut)
	}
}

// open of a URL that answers a file: the browser downloads it and the tab
// stays where it was, as for a person; open says both, not "navigation
// failed: net::ERR_ABORTED". The file is read from disk, the tab's page
// over the test's CDP.
func TestOpenAFileDownloadsIt(t *testing.T) {
	tag := tagFor(t)
	start := pageURL("/lab.html", tag)
	s := newSession(t, start)
	waitLoad(t, s)
	file := h.web.URL + "/served/attachment?t=" + tag
	want := attachmentBytes(tag)
	dir := t.TempDir()

	var r struct {
		URL      string    `json:"url"`
		Title    string    `json:"title"`
		Download *download `json:"download"`
	}
	mustJSON(t, &r, in(s, "--download-dir", dir, "open", file)...)
	if r.URL != start || r.Title != "Lab" {
		t.Errorf("open of a file answered the tab at %q %q; want it still at %s", r.URL, r.Title, start)
	}
	if at := h.cdp.page(t, tag).evalString("location.href"); at != start {
		t.Errorf("after open of a file the tab is at %s; want it still at %s", at, start)
	}
	if r.Download == nil || r.Download.State != "complete" || filepath.Dir(r.Download.Path) != dir {
		t.Fatalf("open of a file answered download %+v; want it complete in %s", r.Download, dir)
	}
	if got, err := os.ReadFile(r.Download.Path); err != nil || !bytes.Equal(got, want) {
		t.Errorf("the file at %s: %d bytes (err %v); want the served %d bytes", r.Download.Path, len(got), err, len(want))
	}

	out := human(t, in(s, "--download-dir", dir, "open", file)...)
	if !strings.HasPrefix(out, start+"\nLab\ndownload complete: "+dir) {
		t.Errorf("open of a file for a person printed %q; want the page it stays at and the download's line", out)
	}

	// A link to a page is no download: the wait says where the click went.
	mustRun(t, in(s, "open", pageURL("/inline", tag, "html", `<title>Links</title><a id=pg href="`+htmlEscape(start)+`">Lab</a>`))...)
	if _, errOut, code := run(t, in(s, "download", "--wait-for", "2s", "#pg")...); code != 4 || !strings.Contains(errOut, "started no download: it opened the page "+start) {
		t.Errorf("download of a link to a page: exit %d, stderr %q; want a timeout naming the page it opened", code, errOut)
	}

	// A name longer than the browser saves: canceled, and said why.
	long := strings.Repeat("n", 250) + ".bin"
	out = human(t, in(s, "--download-dir", dir, "open", file+"&name="+long)...)
	if !strings.Contains(out, "download canceled: "+long+" (not saved: USER_CANCELED: its file name is 254 bytes, longer than the 244") {
		t.Errorf("open of a file whose name is too long printed %q; want the download's line saying why it was not saved", out)
	}

	a := startMCP(t)
	a.call("browser_navigate", map[string]any{"url": start})
	if got := a.call("browser_navigate", map[string]any{"url": file}); !strings.Contains(got, "Download: ") || !strings.Contains(got, "report-"+tag) {
		t.Errorf("browser_navigate to a file does not say it downloaded it:\n%s", got)
	}
	if got := a.call("browser_navigate", map[string]any{"url": file + "&name=" + long}); !strings.Contains(got, "Download: "+long+" was canceled, not saved: USER_CANCELED: its file name is 254 bytes") {
		t.Errorf("browser_navigate to a file whose name is too long does not say why it was not saved:\n%s", got)
	}
}

// console --follow streams messages as the page logs them, until
// interrupted.
func followLines(t *testing.T, ctx context.Context, args ...string) (lines <-chan string, stop func()) {
	t.Helper()
	full := append([]string{"--server", h.addr, "--json"}, args...)
	cmd := exec.CommandContext(ctx, h.bin, full...)
	cmd.Env = h.env()
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ch := make(chan string, 100)
	exited := make(chan struct{})
	go func() {
		defer close(ch)
		dec := json.NewDecoder(pipe)
		for {
			var v json.RawMessage
			if err := dec.Decode(&v); err != nil {
				rest, _ := io.ReadAll(dec.Buffered())
				_ = cmd.Wait()
				t.Logf("browserctl %s: stdout ended (%v; %q), exit %v, stderr: %s", strings.Join(args, " "), err, rest, cmd.ProcessState, errOut.String())
				close(exited)
				return
			}
			ch <- string(v)
		}
	}()
	return ch, func() {
		_ = cmd.Process.Signal(os.Interrupt)
		<-exited
	}
}
