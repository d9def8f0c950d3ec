package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// An agent records a HAR through browser_more (as an agent reaches it):
// the page it loads and the fetch the page makes are in the file the stop
// writes into the output folder, each as the test's server saw it (method,
// URL, the page's own header), with the server's answer.
func TestMCPHARFile(t *testing.T) {
	tag := tagFor(t)
	type seen struct{ method, uri, probe string }
	var mu sync.Mutex
	var got []seen
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = append(got, seen{r.Method, r.URL.RequestURI(), r.Header.Get("X-Probe")})
		mu.Unlock()
		switch r.URL.Path {
		case "/page":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprintf(w, `<!doctype html><title>HAR page</title><p id="p">waiting</p>
<script>fetch("/data?t=%s", {headers: {"X-Probe": "probe-%s"}}).then(r => r.text()).then(t => { document.getElementById("p").textContent = "fetched " + t; });</script>`, tag, tag)
		case "/data":
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("X-Served", "yes-"+tag)
			fmt.Fprintf(w, `{"tag":%q}`, tag)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	saw := func(path string) *seen {
		mu.Lock()
		defer mu.Unlock()
		for i := range got {
			if strings.HasPrefix(got[i].uri, path) {
				return &got[i]
			}
		}
		return nil
	}

	outDir := t.TempDir()
	a := startMCP(t, "--output-dir", outDir)
	if out := a.call("browser_more", map[string]any{"tool": "har", "args": map[string]any{"action": "start"}}); !strings.Contains(out, "Recording the session's requests") {
		t.Fatalf("har start: %s", out)
	}
	page := srv.URL + "/page?t=" + tag
	a.call("browser_navigate", map[string]any{"url": page})
	a.call("browser_wait_for", map[string]any{"text": "fetched"})
	deadline := time.Now().Add(10 * time.Second)
	for saw("/data") == nil && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	data := saw("/data")
	if data == nil || saw("/page") == nil {
		t.Fatalf("the server did not see the page and its fetch: %+v", got)
	}
	// the fetch's loadingFinished may trail the page's text by a moment
	time.Sleep(300 * time.Millisecond)

	// a path outside the output folder is refused, and the recording goes on
	res := a.callResult("browser_more", map[string]any{"tool": "har", "args": map[string]any{"action": "stop", "filename": "../outside.har"}})
	if !res.IsError || !strings.Contains(contentText(res), "path_not_allowed") {
		t.Errorf("har stop to ../: %s", contentText(res))
	}
	out := a.call("browser_more", map[string]any{"tool": "har", "args": map[string]any{"action": "stop", "filename": "run.har"}})
	file := filepath.Join(outDir, "run.har")
	if !strings.Contains(out, file) {
		t.Errorf("har stop does not name %s: %s", file, out)
	}
	st, err := os.Stat(file)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("the HAR file: %v, %v; want 0600", st, err)
	}
	b, _ := os.ReadFile(file)
	var doc struct {
		Log struct {
			Version string `json:"version"`
			Entries []struct {
				Request struct {
					Method  string                         `json:"method"`
					URL     string                         `json:"url"`
					Headers []struct{ Name, Value string } `json:"headers"`
				} `json:"request"`
				Response struct {
					Status  int                            `json:"status"`
					Headers []struct{ Name, Value string } `json:"headers"`
					Content struct {
						Text string `json:"text"`
					} `json:"content"`
				} `json:"response"`
			} `json:"entries"`
		} `json:"log"`
	}
	if err := json.Unmarshal(b, &doc); err != nil || doc.Log.Version != "1.2" {
		t.Fatalf("the HAR file is not HAR 1.2 JSON: %v\n%s", err, b)
	}
	hv := func(hs []struct{ Name, Value string }, name string) string {
		for _, h := range hs {
			if strings.EqualFold(h.Name, name) {
				return h.Value
			}
		}
		return ""
	}
	if want := fmt.Sprintf("HAR 1.2 of %d requests", len(doc.Log.Entries)); !strings.Contains(out, want) {
		t.Errorf("har stop says %q, the file has %d entries", out, len(doc.Log.Entries))
	}
	var sawPage, sawData bool
	for _, e := range doc.Log.Entries {
		switch e.Request.URL {
		case page:
			sawPage = true
			if e.Request.Method != "GET" || e.Response.Status != 200 {
				t.Errorf("the page's entry: %s %d", e.Request.Method, e.Response.Status)
			}
		case srv.URL + data.uri:
			sawData = true
			if e.Request.Method != data.method || hv(e.Request.Headers, "X-Probe") != data.probe || e.Response.Status != 200 ||
				hv(e.Response.Headers, "X-Served") != "yes-"+tag || !strings.Contains(e.Response.Content.Text, tag) {
				t.Errorf("the fetch's entry: %s, X-Probe %q (the server saw %s, %q), %d, X-Served %q, text %q",
					e.Request.Method, hv(e.Request.Headers, "X-Probe"), data.method, data.probe, e.Response.Status, hv(e.Response.Headers, "X-Served"), e.Response.Content.Text)
			}
		}
	}
	if !sawPage || !sawData {
		var urls []string
		for _, e := range doc.Log.Entries {
			urls = append(urls, e.Request.URL)
		}
		t.Errorf("the HAR lacks the page (%v) or its fetch (%v): %v", sawPage, sawData, urls)
	}
	if _, err := os.Lstat(filepath.Join(filepath.Dir(outDir), "outside.har")); err == nil {
		t.Errorf("the refused ../outside.har was written")
	}
	// stopped: a second stop is the extension's refusal
	if res := a.callResult("browser_more", map[string]any{"tool": "har", "args": map[string]any{"action": "stop", "filename": "again.har"}}); !res.IsError {
		t.Errorf("a second har stop: %s", contentText(res))
	}
}

// An agent records a video of the active tab through browser_more: the
// stop writes an MP4 (ffmpeg) into the output folder whose frames ffmpeg
// counts, and answers its path, frames and duration.
func TestMCPVideoFile(t *testing.T) {
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Fatal("this test needs ffmpeg on PATH (apt-get install ffmpeg)")
	}
	tag := tagFor(t)
	outDir := t.TempDir()
	a := startMCP(t, "--output-dir", outDir)
	a.call("browser_navigate", map[string]any{"url": pageURL("/evidence/anim.html", tag)})
	if out := a.call("browser_more", map[string]any{"tool": "video", "args": map[string]any{"action": "start", "maxWidth": 640}}); !strings.Contains(out, "Recording tab") {
		t.Fatalf("video start: %s", out)
	}
	time.Sleep(2 * time.Second)
	a.call("browser_navigate", map[string]any{"url": pageURL("/evidence/anim.html", tag+"-nav")})
	time.Sleep(1 * time.Second)

	// a container this server cannot write is refused before the stop
	res := a.callResult("browser_more", map[string]any{"tool": "video", "args": map[string]any{"action": "stop", "filename": "run.avi"}})
	if !res.IsError || !strings.Contains(contentText(res), ".webm") {
		t.Errorf("video stop to .avi: %s", contentText(res))
	}
	out := a.call("browser_more", map[string]any{"tool": "video", "args": map[string]any{"action": "stop", "filename": "clips/run.mp4"}})
	file := filepath.Join(outDir, "clips", "run.mp4")
	if !strings.Contains(out, "Video written to "+file) {
		t.Errorf("video stop does not name %s: %s", file, out)
	}
	var frames int
	var secs float64
	if _, err := fmt.Sscanf(out[strings.Index(out, ": ")+2:], "%d frames in %f s", &frames, &secs); err != nil || frames < 1 || secs < 2 {
		t.Errorf("video stop's frames and duration: %v: %s", err, out)
	}
	st, err := os.Stat(file)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("the video: %v, %v; want 0600", st, err)
	}
	b := readFile(t, file)
	if len(b) < 12 || string(b[4:8]) != "ftyp" {
		t.Fatalf("%s is not an MP4 file: %x", file, b[:min(12, len(b))])
	}
	n, distinct := ffprobeFrames(t, file)
	t.Logf("the video: %d frames, %d distinct; the tool said %d frames in %.1f s", n, distinct, frames, secs)
	if n == 0 || distinct < 2 {
		t.Errorf("ffmpeg reads %d frames, %d distinct, from %s; want frames, more than one distinct (an animated page)", n, distinct, file)
	}
	// stopped: a second stop is the extension's refusal
	if res := a.callResult("browser_more", map[string]any{"tool": "video", "args": map[string]any{"action": "stop", "filename": "again.gif"}}); !res.IsError {
		t.Errorf("a second video stop: %s", contentText(res))
	}
}
