package evidence

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"browserctl/rpc"
)

func solid(w, h int, c color.Color) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, c)
		}
	}
	return img
}

func jpegOf(t *testing.T, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestAnnotateDrawsOutlineAndLabel(t *testing.T) {
	img := solid(200, 100, color.White)
	out := Annotate(img, []rpc.Annotation{{Ref: "e12", Role: "button", Name: "Go", Box: rpc.Box{X: 50, Y: 40, Width: 60, Height: 30}}})
	if got := out.RGBAAt(50, 55); got != outline {
		t.Errorf("left edge at (50,55) = %v, want the outline colour", got)
	}
	if got := out.RGBAAt(80, 55); got != (color.RGBA{255, 255, 255, 255}) {
		t.Errorf("inside the box (80,55) = %v, want it untouched", got)
	}
	// The label sits above the box: some pixels there are the label's text.
	var text int
	for y := 40 - (glyphH*2 + 4); y < 40; y++ {
		for x := 50; x < 50+textWidth("e12", 2)+4; x++ {
			if out.RGBAAt(x, y) == labelText {
				text++
			}
		}
	}
	if text == 0 {
		t.Error("no label text above the box")
	}
	if img.RGBAAt(50, 55) != (color.RGBA{255, 255, 255, 255}) {
		t.Error("Annotate changed its input")
	}
}

func TestAnnotateClipsBoxesOutsideTheImage(t *testing.T) {
	img := solid(50, 50, color.Black)
	out := Annotate(img, []rpc.Annotation{{Ref: "e1", Box: rpc.Box{X: -20, Y: 30, Width: 500, Height: 500}}, {Ref: "e2", Box: rpc.Box{X: 0, Y: 0, Width: 10, Height: 10}}})
	if out.Bounds() != img.Bounds() {
		t.Fatalf("bounds %v, want %v", out.Bounds(), img.Bounds())
	}
}

func TestEncodeImage(t *testing.T) {
	img := solid(8, 4, color.RGBA{10, 20, 30, 255})
	p, err := EncodeImage(img, "png", -1)
	if err != nil || !bytes.HasPrefix(p, pngSignature) {
		t.Fatalf("png: %v %x", err, p[:8])
	}
	j, err := EncodeImage(img, "jpeg", 50)
	if err != nil || !bytes.HasPrefix(j, []byte{0xff, 0xd8, 0xff}) {
		t.Fatalf("jpeg: %v", err)
	}
	if _, err := EncodeImage(img, "webp", 50); err == nil {
		t.Fatal("webp: no error")
	}
	back, err := DecodeImage(j)
	if err != nil || back.Bounds().Dx() != 8 {
		t.Fatalf("decode: %v", err)
	}
}

func TestContainerOf(t *testing.T) {
	for path, want := range map[string]Container{"a.webm": WebM, "B.MP4": MP4, "x/y.gif": GIF, "r.png": APNG, "r.apng": APNG} {
		got, err := ContainerOf(path)
		if err != nil || got != want {
			t.Errorf("%s: %v %v, want %v", path, got, err, want)
		}
	}
	if _, err := ContainerOf("movie.avi"); err == nil || !strings.Contains(err.Error(), ".webm") {
		t.Errorf("avi: %v", err)
	}
}

func TestDurations(t *testing.T) {
	d := durations([]Frame{{MS: 0}, {MS: 40}, {MS: 42}, {MS: 100}}, 300)
	want := []float64{40, MinFrameMS, 58, 200}
	for i := range want {
		if d[i] != want[i] {
			t.Fatalf("durations %v, want %v", d, want)
		}
	}
}

func frames(t *testing.T) []Frame {
	return []Frame{
		{JPEG: jpegOf(t, solid(64, 48, color.RGBA{255, 0, 0, 255})), MS: 0},
		{JPEG: jpegOf(t, solid(64, 48, color.RGBA{0, 0, 255, 255})), MS: 100},
		// a tab of another size: drawn onto the first frame's canvas
		{JPEG: jpegOf(t, solid(80, 20, color.RGBA{0, 255, 0, 255})), MS: 250},
	}
}

func TestWriteGIF(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.gif")
	if err := WriteVideo(context.Background(), path, frames(t), 400, "", false); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := gif.DecodeAll(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != 3 || g.Delay[0] != 10 || g.Delay[1] != 15 || g.Delay[2] != 15 {
		t.Fatalf("%d frames, delays %v", len(g.Image), g.Delay)
	}
	if g.Image[2].Bounds().Dx() != 64 {
		t.Errorf("third frame %v, want the first frame's size", g.Image[2].Bounds())
	}
	r, _, b, _ := g.Image[0].At(10, 10).RGBA()
	if r>>8 < 200 || b>>8 > 50 {
		t.Errorf("first frame is not red: %v", g.Image[0].At(10, 10))
	}
}

func TestWriteAPNG(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.png")
	if err := WriteVideo(context.Background(), path, frames(t), 400, "", false); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	declared, fctl, err := APNGFrameCount(b)
	if err != nil || declared != 3 || fctl != 3 {
		t.Fatalf("acTL %d, fcTL %d, %v", declared, fctl, err)
	}
	// Every chunk's CRC is right, and a PNG decoder shows the first frame.
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if r, _, _, _ := img.At(5, 5).RGBA(); r>>8 < 200 {
		t.Errorf("default image is not the first (red) frame: %v", img.At(5, 5))
	}
}

func TestWriteVideoWithoutFFmpegOrFrames(t *testing.T) {
	dir := t.TempDir()
	if err := WriteVideo(context.Background(), filepath.Join(dir, "r.webm"), frames(t), 400, "", false); err != ErrNoFFmpeg {
		t.Errorf("webm without ffmpeg: %v", err)
	}
	if err := WriteVideo(context.Background(), filepath.Join(dir, "r.gif"), nil, 400, "", false); err == nil {
		t.Error("no frames: no error")
	}
}

// With ffmpeg installed, a WebM and an MP4 show the frames for their
// durations (ffprobe counts 30 fps frames; framemd5 tells them apart).
func TestWriteFFmpeg(t *testing.T) {
	ffmpeg, err := exec.LookPath("ffmpeg")
	if err != nil {
		t.Skip("ffmpeg is not installed; the e2e tests cover the encoding")
	}
	for _, name := range []string{"r.webm", "r.mp4"} {
		path := filepath.Join(t.TempDir(), name)
		if err := WriteVideo(context.Background(), path, frames(t)[:2], 400, ffmpeg, false); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out, err := exec.Command("ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
			"-show_entries", "stream=nb_read_frames,width,height", "-of", "csv=p=0", path).Output()
		if err != nil {
			t.Fatalf("ffprobe %s: %v", name, err)
		}
		var w, h, n int
		if _, err := fmt.Sscanf(strings.TrimSpace(string(out)), "%d,%d,%d", &w, &h, &n); err != nil || w != 64 || h != 48 || n < 12 || n > 16 {
			t.Errorf("%s: ffprobe says %q, want 64x48 with 12-16 frames (0.4-0.5 s at 30 fps)", name, out)
		}
		md5s, err := exec.Command(ffmpeg, "-v", "error", "-i", path, "-f", "framemd5", "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		distinct := map[string]bool{}
		for _, l := range strings.Split(string(md5s), "\n") {
			if f := strings.Split(l, ","); len(f) == 6 && !strings.HasPrefix(l, "#") {
				distinct[strings.TrimSpace(f[5])] = true
			}
		}
		if len(distinct) < 2 {
			t.Errorf("%s: %d distinct frames, want the red and the blue one", name, len(distinct))
		}
	}
}

func TestAnnotatedFormats(t *testing.T) {
	p, _ := EncodeImage(solid(40, 30, color.White), "png", -1)
	notes := []rpc.Annotation{{Ref: "e1", Box: rpc.Box{X: 5, Y: 12, Width: 20, Height: 10}}}
	j, err := Annotated(context.Background(), p, notes, "jpeg", 90, "")
	if err != nil || !bytes.HasPrefix(j, []byte{0xff, 0xd8}) {
		t.Fatalf("jpeg: %v", err)
	}
	if _, err := Annotated(context.Background(), p, notes, "webp", 90, ""); err != ErrNoFFmpeg {
		t.Errorf("webp without ffmpeg: %v", err)
	}
	ffmpeg, err := exec.LookPath("ffmpeg")
	if err != nil {
		return
	}
	w, err := Annotated(context.Background(), p, notes, "webp", 80, ffmpeg)
	if err != nil || len(w) < 12 || string(w[:4]) != "RIFF" || string(w[8:12]) != "WEBP" {
		t.Fatalf("webp through ffmpeg: %v %q", err, w[:min(12, len(w))])
	}
}
