package evidence

import (
	"bytes"
	"context"
	"fmt"
	"image/jpeg"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// FPS is the frame rate of an ffmpeg video: frames that came faster are
// dropped, a frame shown longer is repeated (the screencast sends frames
// only when the page paints).
const FPS = 30

// FFmpegArgs is the command WriteVideo runs for c (after the input
// options): VP8 for WebM, H.264 for MP4, both yuv420p at even sizes, at
// FPS. `record --help` prints it.
func FFmpegArgs(c Container, width, height int, out string) []string {
	args := []string{"-vf", fmt.Sprintf("scale=%d:%d,format=yuv420p", even(width), even(height)), "-fps_mode", "cfr", "-r", fmt.Sprint(FPS)}
	switch c {
	case WebM:
		args = append(args, "-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-crf", "10", "-b:v", "2M")
	case MP4:
		args = append(args, "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-movflags", "+faststart")
	}
	return append(args, "-an", out)
}

func even(n int) int {
	if n < 2 {
		return 2
	}
	return n &^ 1
}

// FFmpegCommand says in words what runs, for help text.
const FFmpegCommand = "ffmpeg -f concat -i FRAMES.txt -vf scale=W:H,format=yuv420p -fps_mode cfr -r 30 " +
	"(.webm: -c:v libvpx -deadline realtime -cpu-used 8 -crf 10 -b:v 2M; .mp4: -c:v libx264 -preset veryfast -crf 23) FILE"

// writeFFmpeg writes the JPEGs to a temporary folder with a concat list
// giving each its duration, and has ffmpeg encode them.
func writeFFmpeg(ctx context.Context, ffmpeg, path string, c Container, frames []Frame, endMS float64) error {
	first, err := jpeg.DecodeConfig(bytes.NewReader(frames[0].JPEG))
	if err != nil {
		return fmt.Errorf("frame 0: %v", err)
	}
	dir, err := os.MkdirTemp("", "browserctl-record-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	var list strings.Builder
	list.WriteString("ffconcat version 1.0\n")
	d := durations(frames, endMS)
	for i, f := range frames {
		name := fmt.Sprintf("f%06d.jpg", i)
		if err := os.WriteFile(filepath.Join(dir, name), f.JPEG, 0o600); err != nil {
			return err
		}
		fmt.Fprintf(&list, "file %s\nduration %.3f\n", name, d[i]/1000)
	}
	// The last frame again: the concat demuxer ends a file at its own
	// duration only when another follows (CFR repeats it until then).
	fmt.Fprintf(&list, "file f%06d.jpg\n", len(frames)-1)
	listPath := filepath.Join(dir, "frames.txt")
	if err := os.WriteFile(listPath, []byte(list.String()), 0o600); err != nil {
		return err
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	args := append([]string{"-y", "-loglevel", "error", "-f", "concat", "-safe", "0", "-i", listPath}, FFmpegArgs(c, first.Width, first.Height, abs)...)
	cmd := exec.CommandContext(ctx, ffmpeg, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("ffmpeg failed (%v): %s", err, strings.TrimSpace(stderr.String()))
	}
	return nil
}

// EncodeWebP has ffmpeg encode a PNG as WebP (Go's standard library has no
// WebP encoder); quality 0-100, negative for ffmpeg's default.
func EncodeWebP(ctx context.Context, ffmpeg string, pngData []byte, quality int) ([]byte, error) {
	if ffmpeg == "" {
		return nil, ErrNoFFmpeg
	}
	args := []string{"-loglevel", "error", "-f", "png_pipe", "-i", "pipe:0", "-c:v", "libwebp"}
	if quality >= 0 {
		args = append(args, "-quality", fmt.Sprint(quality))
	}
	args = append(args, "-f", "webp", "pipe:1")
	cmd := exec.CommandContext(ctx, ffmpeg, args...)
	cmd.Stdin = bytes.NewReader(pngData)
	var out, stderr bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("ffmpeg failed (%v): %s", err, strings.TrimSpace(stderr.String()))
	}
	return out.Bytes(), nil
}
