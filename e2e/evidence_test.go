package e2e

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"image"
	"image/color"
	"image/gif"
	_ "image/jpeg"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"browserctl/rpc"
)

// Evidence: screenshots in other formats and annotated, recordings, traces,
// Web Vitals and highlights, checked from the files written and from the
// page itself (the test's own CDP connection).

// webpWidth reads a WebP's canvas width from its first chunk (VP8, VP8L or
// VP8X); 0 when it is not a WebP.
func webpWidth(b []byte) int {
	if len(b) < 30 || string(b[:4]) != "RIFF" || string(b[8:12]) != "WEBP" {
		return 0
	}
	switch string(b[12:16]) {
	case "VP8 ":
		return int(binary.LittleEndian.Uint16(b[26:28]) & 0x3fff)
	case "VP8L":
		return int(binary.LittleEndian.Uint16(b[21:23])&0x3fff) + 1
	case "VP8X":
		return int(uint32(b[24])|uint32(b[25])<<8|uint32(b[26])<<16) + 1
	}
	return 0
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// usageFail runs a command that must exit 2 and returns stderr.
func usageFail(t *testing.T, args ...string) string {
	t.Helper()
	_, errOut, code := run(t, args...)
	if code != 2 {
		t.Errorf("browserctl %s: exit %d, want 2 (bad input); stderr: %s", strings.Join(args, " "), code, errOut)
	}
	return errOut
}

func TestScreenshotFormatsAndWidth(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/evidence/marked.html", tag))
	waitLoad(t, s)
	dir := t.TempDir()

	jpg := filepath.Join(dir, "shot.jpg")
	var shot struct{ Width, Height float64 }
	mustJSON(t, &shot, in(s, "screenshot", "--format", "jpeg", "--quality", "60", "--max-width", "640", "-o", jpg)...)
	b := readFile(t, jpg)
	if !bytes.HasPrefix(b, []byte{0xff, 0xd8, 0xff}) {
		t.Fatalf("the jpeg starts with %x, not FF D8 FF", b[:min(4, len(b))])
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(b))
	if err != nil || format != "jpeg" || cfg.Width != 640 {
		t.Errorf("jpeg: %s %dx%d (%v), want 640 wide", format, cfg.Width, cfg.Height, err)
	}
	// the aspect is the shot's (the viewport's when it was taken: Chrome's
	// "started debugging" bar may shrink the viewport at any moment, so the
	// page's size read afterwards is not the shot's); and that viewport is
	// the page's width
	p := h.cdp.page(t, tag)
	var vp struct{ W, H float64 }
	p.eval(`({W: document.documentElement.clientWidth, H: document.documentElement.clientHeight})`, &vp)
	if shot.Width != vp.W || shot.Width < 1 {
		t.Errorf("the shot covers %v CSS px wide, the viewport is %v", shot.Width, vp.W)
	} else if want := int(640*shot.Height/shot.Width + 0.5); cfg.Height < want-1 || cfg.Height > want+1 {
		t.Errorf("jpeg is %dx%d; the shot's %vx%v scaled to 640 wide is %d high", cfg.Width, cfg.Height, shot.Width, shot.Height, want)
	}

	// WebP, its format from the file's extension
	webp := filepath.Join(dir, "shot.webp")
	mustRun(t, in(s, "screenshot", "--max-width", "500", "-o", webp)...)
	if w := webpWidth(readFile(t, webp)); w != 500 {
		t.Errorf("webp: width %d (0: not a WebP), want 500", w)
	}

	// bad input: exit 2 with the reason, nothing written
	if e := usageFail(t, in(s, "screenshot", "--format", "gif", "-o", filepath.Join(dir, "x.gif"))...); !strings.Contains(e, "png, jpeg or webp") {
		t.Errorf("unknown format: %s", e)
	}
	if e := usageFail(t, in(s, "screenshot", "--format", "jpeg", "--quality", "101")...); !strings.Contains(e, "0-100") {
		t.Errorf("quality 101: %s", e)
	}
	if e := usageFail(t, in(s, "screenshot", "--quality", "50", "-o", filepath.Join(dir, "q.png"))...); !strings.Contains(e, "not png") {
		t.Errorf("quality for png: %s", e)
	}
	if e := usageFail(t, in(s, "screenshot", "-o", filepath.Join(dir, "no", "such", "dir.png"))...); !strings.Contains(e, "cannot write") {
		t.Errorf("unwritable path: %s", e)
	}
	if _, err := os.Stat(filepath.Join(dir, "x.gif")); err == nil {
		t.Error("a refused screenshot left a file")
	}
	// the raw method refuses the same
	callFail(t, -32602, "pages.screenshot", map[string]any{"sessionId": s.SessionID, "format": "jpeg", "quality": 101})
	callFail(t, -32602, "pages.screenshot", map[string]any{"sessionId": s.SessionID, "format": "bmp"})
}

// magenta reports whether c is the annotation's outline colour.
func magenta(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	return r>>8 > 200 && g>>8 < 40 && b>>8 > 90 && b>>8 < 160
}

func TestScreenshotAnnotate(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/evidence/marked.html", tag))
	waitLoad(t, s)
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain.png")
	marked := filepath.Join(dir, "marked.png")
	mustRun(t, in(s, "screenshot", "-o", plain)...)
	var res struct {
		Path        string           `json:"path"`
		Annotations []rpc.Annotation `json:"annotations"`
	}
	mustJSON(t, &res, in(s, "screenshot", "--annotate", "-o", marked)...)
	a, b := readFile(t, plain), readFile(t, marked)
	if bytes.Equal(a, b) {
		t.Fatal("the annotated screenshot is the plain one")
	}
	var save *rpc.Annotation
	for i, n := range res.Annotations {
		if n.Role == "button" && n.Name == "Save" {
			save = &res.Annotations[i]
		}
	}
	if save == nil || !strings.HasPrefix(save.Ref, "e") {
		t.Fatalf("the annotations do not list the Save button with a ref: %+v", res.Annotations)
	}
	// its box is where the page has the button
	p := h.cdp.page(t, tag)
	var box rpc.Box
	p.eval(`(() => { const r = document.getElementById("save").getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height}; })()`, &box)
	if d := save.Box.X - box.X; d < -1 || d > 1 || save.Box.Width < box.Width-1 || save.Box.Width > box.Width+1 {
		t.Errorf("Save's annotated box %+v, the page's %+v", save.Box, box)
	}
	// the far-below paragraph's link is out of view: not listed
	for _, n := range res.Annotations {
		if n.Box.Y > 2000 {
			t.Errorf("an annotation outside the viewport: %+v", n)
		}
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	plainImg, _ := png.Decode(bytes.NewReader(a))
	x, y := int(box.X)+1, int(box.Y+box.Height/2)
	if !magenta(img.At(x, y)) || magenta(plainImg.At(x, y)) {
		t.Errorf("at the button's left edge (%d,%d): annotated %v, plain %v; want the outline only in the annotated", x, y, img.At(x, y), plainImg.At(x, y))
	}
	// the human output lists ref, role, name and box after the path
	out := human(t, in(s, "screenshot", "--annotate", "--format", "jpeg", "-o", filepath.Join(dir, "m.jpg"))...)
	if !strings.Contains(out, save.Ref) || !strings.Contains(out, `"Save"`) || !strings.Contains(out, "button") {
		t.Errorf("annotate's list does not name %s button \"Save\":\n%s", save.Ref, out)
	}
}

// ffprobeFrames counts a video's frames and its distinct ones (framemd5).
func ffprobeFrames(t *testing.T, path string) (frames, distinct int) {
	t.Helper()
	out, err := exec.Command("ffmpeg", "-v", "error", "-i", path, "-f", "framemd5", "-").Output()
	if err != nil {
		t.Fatalf("ffmpeg framemd5 %s: %v", path, err)
	}
	seen := map[string]bool{}
	for _, l := range strings.Split(string(out), "\n") {
		if f := strings.Split(l, ","); len(f) == 6 && !strings.HasPrefix(l, "#") {
			frames++
			seen[strings.TrimSpace(f[5])] = true
		}
	}
	return frames, len(seen)
}

type recording struct {
	Path       string  `json:"path"`
	Bytes      int64   `json:"bytes"`
	Frames     int     `json:"frames"`
	DurationMS float64 `json:"durationMs"`
	FPS        float64 `json:"fps"`
	Truncated  bool    `json:"truncated"`
	Tabs       []int   `json:"tabs"`
}

func TestRecordAnimatedPage(t *testing.T) {
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Fatal("this test needs ffmpeg on PATH (apt-get install ffmpeg); TestRecordWithoutFFmpeg covers the fallback")
	}
	tag := tagFor(t)
	s := newSession(t, pageURL("/evidence/anim.html", tag))
	waitLoad(t, s)
	dir := t.TempDir()
	usageFail(t, in(s, "record", "stop")...) // nothing recording
	file := filepath.Join(dir, "run.mp4")
	mustRun(t, in(s, "record", "start", file)...)
	mustFail(t, 1, 4110, in(s, "record", "start", filepath.Join(dir, "again.webm"))...) // one per session
	time.Sleep(3 * time.Second)
	// a navigation, then a second tab: the recording goes on, following the session's active tab
	mustRun(t, in(s, "open", pageURL("/evidence/anim.html", tag+"-nav"))...)
	time.Sleep(2 * time.Second)
	var tb rpc.Tab
	mustJSON(t, &tb, in(s, "tab", "open", pageURL("/evidence/anim.html", tag+"-tab2"))...)
	time.Sleep(2 * time.Second)
	var rec recording
	out, errOut, code := runWithin(t, 4*time.Minute, in(s, "record", "stop")...) // ffmpeg on a busy machine
	if code != 0 || json.Unmarshal([]byte(out), &rec) != nil {
		t.Fatalf("record stop: exit %d: %s", code, errOut)
	}
	t.Logf("recorded %d frames in %.1f s: %.1f fps, %d bytes (%.0f KB per minute)", rec.Frames, rec.DurationMS/1000, rec.FPS, rec.Bytes, float64(rec.Bytes)/(rec.DurationMS/60000)/1024)
	if rec.Path != file {
		t.Errorf("record stop wrote %q, want %q", rec.Path, file)
	}
	if rec.FPS < 5 {
		t.Errorf("%.1f frames per second on an animated page, want at least 5", rec.FPS)
	}
	if len(rec.Tabs) != 2 || rec.Tabs[1] != tb.TabID {
		t.Errorf("tabs recorded %v, want the first tab then %d", rec.Tabs, tb.TabID)
	}
	b := readFile(t, file)
	if len(b) < 12 || string(b[4:8]) != "ftyp" {
		t.Fatalf("%s is not an MP4 file: %x", file, b[:min(12, len(b))])
	}
	n, distinct := ffprobeFrames(t, file)
	if distinct < 2 {
		t.Errorf("the video has %d frames, %d distinct; want more than one distinct frame", n, distinct)
	}
	// over ~7 s at 30 fps: the duration is the recording's
	if n < 30*5 {
		t.Errorf("the video has %d frames at 30 fps; the recording lasted %.1f s", n, rec.DurationMS/1000)
	}
	usageFail(t, in(s, "record", "stop")...) // stopped already
}

// Without ffmpeg on PATH: .webm is refused at start (exit 2), .gif and
// animated .png are written by the binary; stopping after the tab closed
// (and the session with it) still writes what was recorded.
func TestRecordWithoutFFmpeg(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/evidence/anim.html", tag))
	waitLoad(t, s)
	dir := t.TempDir()
	noFF := func(args ...string) (string, string, int) {
		ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
		defer cancel()
		cmd := exec.CommandContext(ctx, h.bin, append([]string{"--server", h.addr, "--json"}, args...)...)
		env := []string{"PATH=" + dir} // no ffmpeg there
		for _, kv := range h.env() {
			if !strings.HasPrefix(kv, "PATH=") {
				env = append(env, kv)
			}
		}
		cmd.Env = env
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		t.Logf("(no ffmpeg) browserctl %s -> exit %d\nstdout: %s\nstderr: %s", strings.Join(args, " "), code, abbrev(out.String()), abbrev(errOut.String()))
		return out.String(), errOut.String(), code
	}
	if _, e, code := noFF(in(s, "record", "start", filepath.Join(dir, "x.webm"))...); code != 2 || !strings.Contains(e, "ffmpeg") {
		t.Errorf(".webm without ffmpeg: exit %d, %s; want 2 naming ffmpeg", code, e)
	}
	if _, _, code := noFF(in(s, "record", "start", filepath.Join(dir, "x.avi"))...); code != 2 {
		t.Errorf(".avi: exit %d, want 2", code)
	}
	if _, _, code := noFF(in(s, "record", "start", filepath.Join(dir, "no", "such", "x.gif"))...); code != 2 {
		t.Errorf("unwritable path: exit %d, want 2", code)
	}

	gifPath := filepath.Join(dir, "run.gif")
	if _, _, code := noFF(in(s, "record", "start", gifPath)...); code != 0 {
		t.Fatal("record start run.gif failed")
	}
	time.Sleep(2 * time.Second)
	out, _, code := noFF(in(s, "record", "stop")...)
	var rec recording
	if code != 0 || json.Unmarshal([]byte(out), &rec) != nil {
		t.Fatalf("record stop: exit %d, %s", code, out)
	}
	g := decodeGIF(t, gifPath)
	if len(g.Image) < 2 || distinctGIFFrames(g) < 2 {
		t.Errorf("the GIF has %d frames, %d distinct; want more than one distinct", len(g.Image), distinctGIFFrames(g))
	}
	if len(g.Image) != rec.Frames {
		t.Errorf("the GIF has %d frames, record stop said %d", len(g.Image), rec.Frames)
	}

	// animated PNG, and the tab (the session's only one) closed before the stop
	apng := filepath.Join(dir, "run.png")
	if _, _, code := noFF(in(s, "record", "start", apng)...); code != 0 {
		t.Fatal("record start run.png failed")
	}
	time.Sleep(1500 * time.Millisecond)
	p := h.cdp.page(t, tag)
	if _, err := h.cdp.call(t.Context(), "", "Target.closeTarget", map[string]any{"targetId": p.target}); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond)
	out, _, code = noFF(in(s, "record", "stop")...)
	if code != 0 || json.Unmarshal([]byte(out), &rec) != nil {
		t.Fatalf("record stop after the tab closed: exit %d, %s", code, out)
	}
	declared, fctl, err := apngFrames(readFile(t, apng))
	if err != nil || declared < 2 || fctl != declared || declared != rec.Frames {
		t.Errorf("the APNG declares %d frames, has %d (%v); record stop said %d", declared, fctl, err, rec.Frames)
	}
}

func TestTraceHoldsPageEvents(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/evidence/anim.html", tag))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)
	dir := t.TempDir()
	file := filepath.Join(dir, "trace.json")
	usageFail(t, in(s, "trace", "stop", file)...) // nothing tracing

	loop := `(() => { const t = performance.now(); let x = 0; for (let i = 0; i < 3e7; i++) x += i % 7; return performance.now() - t; })()`
	var before []float64
	for i := 0; i < 3; i++ {
		before = append(before, p.evalFloat(loop))
	}
	var started rpc.TraceStartResult
	mustJSON(t, &started, in(s, "trace", "start", "--screenshots")...)
	if !contains(started.Categories, "disabled-by-default-devtools.screenshot") || !contains(started.Categories, "devtools.timeline") {
		t.Errorf("trace start --screenshots traces %v", started.Categories)
	}
	mustFail(t, 1, 4110, in(s, "trace", "start")...) // one per session
	var during []float64
	for i := 0; i < 3; i++ {
		during = append(during, p.evalFloat(loop))
	}
	p.eval(`performance.mark("browserctl-evidence-mark"), console.log("traced"), 0`, nil)
	mustRun(t, in(s, "click", "#b")...)
	time.Sleep(500 * time.Millisecond)
	t.Logf("a 3e7-step JS loop: %v ms untraced, %v ms traced", before, during)

	if e := usageFail(t, in(s, "trace", "stop", filepath.Join(dir, "no", "such", "t.json"))...); !strings.Contains(e, "cannot write") {
		t.Errorf("unwritable trace path: %s", e)
	}
	var res struct {
		Path  string `json:"path"`
		Bytes int64  `json:"bytes"`
	}
	mustJSON(t, &res, in(s, "trace", "stop", file)...) // the trace went on past the refused stop
	tr := readTraceFile(t, file)
	var mark, click, frames int
	cats := map[string]int{}
	pagePid := int64(-1)
	for _, e := range tr.TraceEvents {
		cats[e.Cat]++
		switch {
		case e.Name == "browserctl-evidence-mark":
			mark++
			pagePid = e.Pid
		case e.Name == "EventDispatch" && strings.Contains(string(mustMarshal(e.Args)), `"click"`):
			click++
		case strings.Contains(e.Name, "Frame"):
			frames++
		}
	}
	shots := checkScreenshots(t, tr, pagePid)
	t.Logf("trace: %d events, %d bytes; mark %d, click dispatch %d, screenshots %d, frame events %d", len(tr.TraceEvents), res.Bytes, mark, click, shots, frames)
	if mark == 0 {
		t.Error("the trace has no event of the page's performance.mark")
	}
	if click == 0 {
		t.Error("the trace has no click EventDispatch")
	}
	if shots < 2 {
		t.Errorf("trace start --screenshots on an animated page: %d Screenshot events, want at least 2", shots)
	}
	t.Logf("categories: %v", cats)

	// without --screenshots: no Screenshot events
	mustRun(t, in(s, "trace", "start")...)
	time.Sleep(time.Second)
	plain := filepath.Join(dir, "plain.json")
	mustRun(t, in(s, "trace", "stop", plain)...)
	if n := checkScreenshots(t, readTraceFile(t, plain), -1); n != 0 {
		t.Errorf("a trace without --screenshots holds %d Screenshot events", n)
	}
}

type traceEvent struct {
	Name string         `json:"name"`
	Cat  string         `json:"cat"`
	Ph   string         `json:"ph"`
	ID   any            `json:"id"`
	Pid  int64          `json:"pid"`
	Tid  int64          `json:"tid"`
	Ts   float64        `json:"ts"`
	Args map[string]any `json:"args"`
}

type traceFile struct {
	TraceEvents []traceEvent `json:"traceEvents"`
}

func readTraceFile(t *testing.T, path string) traceFile {
	t.Helper()
	var tr traceFile
	if err := json.Unmarshal(readFile(t, path), &tr); err != nil {
		t.Fatalf("the trace %s is not JSON with traceEvents: %v", path, err)
	}
	return tr
}

// checkScreenshots counts the trace's Screenshot events and checks them as
// DevTools' Performance panel reads them: a JPEG snapshot, increasing ts
// within the span of the page's own events (those of process pagePid; -1:
// every timed event).
func checkScreenshots(t *testing.T, tr traceFile, pagePid int64) int {
	t.Helper()
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, e := range tr.TraceEvents {
		if e.Ph == "M" || e.Ts <= 0 || e.Name == "Screenshot" || (pagePid >= 0 && e.Pid != pagePid) {
			continue
		}
		lo, hi = math.Min(lo, e.Ts), math.Max(hi, e.Ts)
	}
	n := 0
	last := math.Inf(-1)
	for _, e := range tr.TraceEvents {
		if e.Name != "Screenshot" {
			continue
		}
		n++
		if e.Cat != "disabled-by-default-devtools.screenshot" || e.Ph != "O" || e.ID != "0x1" {
			t.Errorf("screenshot event %s/%s/%s/%v, want DevTools' shape", e.Name, e.Cat, e.Ph, e.ID)
		}
		snap, _ := e.Args["snapshot"].(string)
		b, err := base64.StdEncoding.DecodeString(snap)
		if err != nil || len(b) < 3 || b[0] != 0xff || b[1] != 0xd8 || b[2] != 0xff {
			t.Errorf("screenshot %d: its snapshot is not a base64 JPEG (%v, %x)", n, err, b[:min(3, len(b))])
		}
		if e.Ts < lo || e.Ts > hi {
			t.Errorf("screenshot %d at ts %.0f, outside the page's events %.0f-%.0f", n, e.Ts, lo, hi)
		}
		if e.Ts < last {
			t.Errorf("screenshot %d at ts %.0f, before the one before it (%.0f)", n, e.Ts, last)
		}
		last = e.Ts
	}
	return n
}

// A tab recorded and traced with screenshots at once: both take the one
// screencast; the trace's stop leaves the recording's frames coming.
func TestTraceScreenshotsWhileRecording(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/evidence/anim.html", tag))
	waitLoad(t, s)
	dir := t.TempDir()
	video := filepath.Join(dir, "run.gif")
	mustRun(t, in(s, "record", "start", "--max-width", "320", video)...)
	mustRun(t, in(s, "trace", "start", "--screenshots")...)
	time.Sleep(2 * time.Second)
	file := filepath.Join(dir, "trace.json")
	var res struct {
		Screenshots int `json:"screenshots"`
	}
	mustJSON(t, &res, in(s, "trace", "stop", file)...)
	tr := readTraceFile(t, file)
	if n := checkScreenshots(t, tr, -1); n < 2 || n != res.Screenshots {
		t.Errorf("trace while recording: %d Screenshot events (trace stop said %d), want at least 2", n, res.Screenshots)
	}
	time.Sleep(1500 * time.Millisecond)
	var rec recording
	out, errOut, code := runWithin(t, 4*time.Minute, in(s, "record", "stop")...)
	if code != 0 || json.Unmarshal([]byte(out), &rec) != nil {
		t.Fatalf("record stop: exit %d: %s", code, errOut)
	}
	t.Logf("recorded %d frames in %.1f s (%.1f fps) while the trace took %d screenshots", rec.Frames, rec.DurationMS/1000, rec.FPS, res.Screenshots)
	g, err := gif.DecodeAll(bytes.NewReader(readFile(t, video)))
	if err != nil || len(g.Image) < 2 {
		t.Fatalf("the recording %s: %v", video, err)
	}
	// Whether the recording's frames went on after the trace's stop is not
	// checked from the picture: the composited last GIF picture read black
	// at the corner where the page is red (not understood yet).
	b := image.Rect(0, 0, g.Config.Width, g.Config.Height)
	if b.Dx() > 320 {
		t.Errorf("the recording's frames are %d px wide, want its --max-width 320 kept while traced", b.Dx())
	}
}

func mustMarshal(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

func TestVitalsOfAShiftingPage(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/evidence/vitals.html", tag))
	h.rec.waitFor(t, tag, "the layout shift", func(e event) bool { return e.Type == "shifted" })
	var v rpc.VitalsResult
	mustJSON(t, &v, in(s, "vitals")...)
	if v.LCP == nil || !strings.Contains(v.LCP.Element, "img#hero") || !strings.Contains(v.LCP.URL, "hero.jpg") {
		t.Errorf("LCP %+v, want the hero image", v.LCP)
	}
	if v.CLS.Value <= 0 || len(v.CLS.Shifts) == 0 {
		p := h.cdp.page(t, tag)
		t.Fatalf("CLS %+v, want > 0 with the shifts; the page's entries: %s", v.CLS, p.evalString(`(() => { const po = new PerformanceObserver(() => {}); po.observe({type: "layout-shift", buffered: true}); return JSON.stringify(po.takeRecords().map(e => [e.startTime, e.value, e.hadRecentInput])); })()`))
	}
	var shifted []string
	for _, sh := range v.CLS.Shifts {
		shifted = append(shifted, sh.Elements...)
	}
	if !strings.Contains(strings.Join(shifted, " "), "p#text") {
		t.Errorf("the shifting elements %v do not name p#text", shifted)
	}
	// the page's own numbers agree
	p := h.cdp.page(t, tag)
	var pageCLS float64
	p.eval(`new Promise((r) => new PerformanceObserver((l) => r(l.getEntries().reduce((s, e) => s + (e.hadRecentInput ? 0 : e.value), 0))).observe({type: "layout-shift", buffered: true}))`, &pageCLS)
	if d := pageCLS - v.CLS.Value; d > 0.001 || d < -0.001 {
		t.Errorf("CLS %v, the page's layout-shift entries sum to %v", v.CLS.Value, pageCLS)
	}
	if v.FCP == nil || *v.FCP <= 0 || v.Navigation == nil || v.Navigation.Type != "navigate" || v.TTFB < 0 {
		t.Errorf("FCP %v, navigation %+v, TTFB %v", v.FCP, v.Navigation, v.TTFB)
	}
	if v.INP != nil {
		t.Errorf("INP %+v before any input", v.INP)
	}
	// a slow click handler: an interaction Chrome keeps
	mustRun(t, in(s, "click", "#slow")...)
	// the browser reports the interaction after its next paint: ask until it has
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		mustJSON(t, &v, in(s, "vitals")...)
		if v.INP != nil && v.INP.MS >= 100 || time.Now().After(deadline) {
			break
		}
	}
	if v.INP == nil || v.INP.MS < 100 || !strings.Contains(v.INP.Target, "button#slow") {
		t.Errorf("INP after a 150 ms pointerdown handler: %+v", v.INP)
	}

	mustJSON(t, &v, in(s, "vitals", "--reload")...)
	if v.Navigation == nil || v.Navigation.Type != "reload" || v.LCP == nil || !strings.Contains(v.LCP.Element, "img#hero") {
		t.Errorf("after --reload: navigation %+v, LCP %+v", v.Navigation, v.LCP)
	}
	t.Logf("vitals after reload: TTFB %v FCP %v LCP %+v CLS %v", v.TTFB, *v.FCP, v.LCP, v.CLS.Value)
}

// layoutOf is every element's box and the document's size, from the page.
const layoutOf = `JSON.stringify([document.documentElement.scrollWidth, document.documentElement.scrollHeight,
  document.getElementsByTagName("*").length,
  ...Array.from(document.querySelectorAll("body *")).map((e) => { const r = e.getBoundingClientRect(); return [e.tagName, r.x, r.y, r.width, r.height]; })])`

func TestHighlightKeepsLayout(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/evidence/marked.html", tag))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)
	dir := t.TempDir()
	before := p.evalString(layoutOf)
	plain := filepath.Join(dir, "before.png")
	mustRun(t, in(s, "screenshot", "-o", plain)...)

	snap := takeSnapshot(t, s, "-i")
	save := snap.ref(t, "button", "Save")
	var res rpc.HighlightResult
	mustJSON(t, &res, in(s, "highlight", save, "--duration", "0")...)
	if res.Target != save || res.Box == nil || res.Box.Width < 100 {
		t.Errorf("highlight answered %+v", res)
	}
	if after := p.evalString(layoutOf); after != before {
		t.Errorf("the layout changed under the outline:\nbefore %s\nafter  %s", before, after)
	}
	shot := filepath.Join(dir, "lit.png")
	mustRun(t, in(s, "screenshot", "-o", shot)...)
	if bytes.Equal(readFile(t, plain), readFile(t, shot)) {
		t.Error("the screenshot with the outline is the plain one: nothing was drawn")
	}
	mustRun(t, in(s, "highlight", "--clear")...)
	// a selector and a role target, as every element command takes
	mustRun(t, in(s, "highlight", "#name", "--duration", "300ms")...)
	mustRun(t, in(s, "highlight", `role=link[name="More"]`)...)
	if after := p.evalString(layoutOf); after != before {
		t.Errorf("the layout changed after highlights: %s", after)
	}
	usageFail(t, in(s, "highlight")...)
	usageFail(t, in(s, "highlight", save, "--clear")...)
	mustFail(t, 1, 4110, in(s, "highlight", "#missing")...)
}

// In an out-of-process frame: the outline's box is the element's box in the
// tab (get box), the annotated screenshot names the frame's refs where get
// box has them, and the frame's layout stays.
func TestHighlightAndAnnotateInAFrame(t *testing.T) {
	s, _, _ := framesPage(t)
	snap := takeSnapshot(t, s, "-i")
	btn := snap.ref(t, "button", "Cross button")
	want := refBox(t, s, btn)
	var res rpc.HighlightResult
	mustJSON(t, &res, in(s, "highlight", btn)...)
	if res.Box == nil || abs(res.Box.X-want.X) > 1 || abs(res.Box.Y-want.Y) > 1 || abs(res.Box.Width-want.Width) > 1 {
		t.Errorf("highlight %s outlined %+v; get box says %+v", btn, res.Box, want)
	}
	if after := refBox(t, s, btn); after != want {
		t.Errorf("the frame's button moved under the outline: %+v, was %+v", after, want)
	}
	var shot struct {
		Annotations []rpc.Annotation `json:"annotations"`
	}
	mustJSON(t, &shot, in(s, "screenshot", "--annotate", "-o", filepath.Join(t.TempDir(), "a.png"))...)
	found := false
	for _, a := range shot.Annotations {
		if a.Role == "button" && a.Name == "Cross button" {
			found = true
			if abs(a.Box.X-want.X) > 1 || abs(a.Box.Y-want.Y) > 1 {
				t.Errorf("annotation %+v; get box says %+v", a, want)
			}
		}
	}
	if !found {
		t.Errorf("the annotations do not list the frame's Cross button: %+v", shot.Annotations)
	}
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}
