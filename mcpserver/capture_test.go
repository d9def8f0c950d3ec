package mcpserver

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"browserctl/rpc"
)

// oneFrame is a record.frames result of one real JPEG frame, done.
func oneFrame(t *testing.T) map[string]any {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 16, 8))
	for i := range img.Pix {
		img.Pix[i] = 0x80
	}
	img.Set(1, 1, color.RGBA{R: 255, A: 255})
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	return map[string]any{"frames": []map[string]any{{"data": base64.StdEncoding.EncodeToString(b.Bytes()), "ms": 0}}, "next": 1, "done": true}
}

// sentAfter are the methods sent from the request numbered from on.
func sentAfter(fe *fakeExtension, from int) []request {
	return fe.requests()[from:]
}

func methodsOf(rs []request) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Method)
	}
	return out
}

// browser_har: start sends network.harStart on the client's session; stop
// checks the file first, sends network.harStop, writes HAR 1.2 (0600)
// inside the output folder and answers its path and entry count.
func TestHARTool(t *testing.T) {
	old := syscall.Umask(0)
	defer syscall.Umask(old)
	out, outside := t.TempDir(), t.TempDir()
	os.Symlink(filepath.Join(outside, "x.har"), filepath.Join(out, "link.har"))
	fe, _, cs := setup(t, Options{OutputDir: out}, "agent")
	fe.setRule(rpc.NetworkHARStart, answer{result: map[string]any{"started": true, "maxEntries": 1000}})
	fe.setRule(rpc.NetworkHARStop, answer{result: map[string]any{"entries": []any{map[string]any{
		"startedDateTime": "2026-01-02T03:04:05.000Z", "time": 3.5,
		"request":  map[string]any{"method": "GET", "url": "http://x/page", "httpVersion": "HTTP/1.1", "headers": []any{}, "queryString": []any{}, "cookies": []any{}, "headersSize": -1, "bodySize": 0},
		"response": map[string]any{"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1", "headers": []any{}, "cookies": []any{}, "content": map[string]any{"size": 2, "mimeType": "text/html"}, "redirectURL": "", "headersSize": -1, "bodySize": 2},
		"timings":  map[string]any{"send": 0, "wait": 1, "receive": 1}}}, "dropped": 2, "started": 1}})

	res := callTool(t, cs[0], "browser_har", map[string]any{"action": "start"})
	if res.IsError || !strings.Contains(textOf(res), "newest 1000") {
		t.Fatalf("start: %s", textOf(res))
	}
	if got := fe.requests()[len(fe.requests())-1]; got.Method != rpc.NetworkHARStart || got.Params["sessionId"] != "s1" {
		t.Errorf("start sent %s %v", got.Method, got.Params)
	}

	for _, bad := range []map[string]any{
		{"action": "stop", "filename": "../" + filepath.Base(outside) + "/x.har"},
		{"action": "stop", "filename": filepath.Join(outside, "x.har")},
		{"action": "stop", "filename": "link.har"},
		{"action": "start", "filename": "a.har"},
		{"action": "pause"},
	} {
		n := len(fe.requests())
		res := callTool(t, cs[0], "browser_har", bad)
		if !res.IsError || len(sentAfter(fe, n)) != 0 {
			t.Errorf("%v: error %v, sent %v: %s; want refused with nothing sent", bad, res.IsError, methodsOf(sentAfter(fe, n)), textOf(res))
		}
	}
	if es, _ := os.ReadDir(outside); len(es) != 0 {
		t.Errorf("written outside: %v", es)
	}

	res = callTool(t, cs[0], "browser_har", map[string]any{"action": "stop", "filename": "run/s.har"})
	want := filepath.Join(out, "run", "s.har")
	if txt := textOf(res); res.IsError || !strings.Contains(txt, want) || !strings.Contains(txt, "of 1 requests") || !strings.Contains(txt, "2 older requests were dropped") {
		t.Fatalf("stop: %s", txt)
	}
	st, err := os.Stat(want)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("the HAR file: %v, %v; want 0600", st, err)
	}
	b, _ := os.ReadFile(want)
	var doc struct {
		Log struct {
			Version string
			Entries []struct{ Request struct{ URL string } }
		}
	}
	if err := json.Unmarshal(b, &doc); err != nil || doc.Log.Version != "1.2" || len(doc.Log.Entries) != 1 || doc.Log.Entries[0].Request.URL != "http://x/page" {
		t.Errorf("the HAR file %s: %v", b, err)
	}

	// a second stop replaces its own file
	res = callTool(t, cs[0], "browser_har", map[string]any{"action": "stop", "filename": "run/s.har"})
	if res.IsError {
		t.Errorf("stop again over its own file: %s", textOf(res))
	}
	// no recording: the extension's -32602 comes back as the tool's error
	fe.setRule(rpc.NetworkHARStop, answer{code: -32602, msg: "no HAR recording is running in this session"})
	if res := callTool(t, cs[0], "browser_har", map[string]any{"action": "stop"}); !res.IsError || !strings.Contains(textOf(res), "no HAR recording") {
		t.Errorf("stop with none running: %s", textOf(res))
	}
}

// browser_video: start sends record.start with the frames' quality and
// width (and no path: the file is named at stop); stop checks the file's
// place and container, sends record.stop, reads the frames with
// record.frames, writes the video (0600) inside the output folder and
// answers its path, frames and duration.
func TestVideoTool(t *testing.T) {
	old := syscall.Umask(0)
	defer syscall.Umask(old)
	out, outside := t.TempDir(), t.TempDir()
	os.Symlink(filepath.Join(outside, "x.gif"), filepath.Join(out, "link.gif"))
	fe, _, cs := setup(t, Options{OutputDir: out}, "agent")
	fe.setRule(rpc.RecordStart, answer{result: map[string]any{"tabId": 7, "startedAt": 1}})
	fe.setRule(rpc.RecordStop, answer{result: map[string]any{"frames": 1, "durationMs": 1500, "tabs": []int{7}}})
	fe.setRule(rpc.RecordFrames, answer{result: oneFrame(t)})

	for _, bad := range []map[string]any{
		{"action": "start", "quality": 101},
		{"action": "start", "filename": "a.gif"},
		{"action": "stop", "filename": "../" + filepath.Base(outside) + "/x.gif"},
		{"action": "stop", "filename": filepath.Join(outside, "x.gif")},
		{"action": "stop", "filename": "link.gif"},
		{"action": "stop", "filename": "notes.txt"},
		{"action": "rewind"},
	} {
		n := len(fe.requests())
		res := callTool(t, cs[0], "browser_video", bad)
		if !res.IsError || len(sentAfter(fe, n)) > 1 || (len(sentAfter(fe, n)) == 1 && sentAfter(fe, n)[0].Method != rpc.SessionCreate) {
			t.Errorf("%v: error %v, sent %v: %s; want refused with nothing sent", bad, res.IsError, methodsOf(sentAfter(fe, n)), textOf(res))
		}
	}

	n := len(fe.requests())
	res := callTool(t, cs[0], "browser_video", map[string]any{"action": "start", "quality": 50, "maxWidth": 400})
	if res.IsError || !strings.Contains(textOf(res), "Recording tab 7") {
		t.Fatalf("start: %s", textOf(res))
	}
	var start *request
	for _, r := range sentAfter(fe, n) {
		if r.Method == rpc.RecordStart {
			start = &r
		}
	}
	if start == nil || start.Params["quality"] != float64(50) || start.Params["maxWidth"] != float64(400) || start.Params["path"] != nil || start.Params["sessionId"] != "s1" {
		t.Fatalf("start sent %+v", start)
	}

	n = len(fe.requests())
	res = callTool(t, cs[0], "browser_video", map[string]any{"action": "stop", "filename": "v.gif"})
	want := filepath.Join(out, "v.gif")
	if txt := textOf(res); res.IsError || !strings.Contains(txt, want) || !strings.Contains(txt, "1 frames in 1.5 s") {
		t.Fatalf("stop: %s", txt)
	}
	if got := methodsOf(sentAfter(fe, n)); strings.Join(got, " ") != rpc.RecordStop+" "+rpc.RecordFrames {
		t.Errorf("stop sent %v, want record.stop then record.frames", got)
	}
	st, err := os.Stat(want)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("the video: %v, %v; want 0600", st, err)
	}
	f, _ := os.Open(want)
	defer f.Close()
	if g, err := gif.DecodeAll(f); err != nil || len(g.Image) != 1 {
		t.Errorf("the GIF: %v", err)
	}
	if es, _ := os.ReadDir(outside); len(es) != 0 {
		t.Errorf("written outside: %v", es)
	}
}
