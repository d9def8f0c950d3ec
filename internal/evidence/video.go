package evidence

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"os"
	"path/filepath"
	"strings"
)

// Frame is one recorded frame: a JPEG and when it was shown, in ms since
// the recording started.
type Frame struct {
	JPEG []byte
	MS   float64
}

// Container is how a recording is written.
type Container string

// The containers, by file extension.
const (
	WebM Container = "webm" // ffmpeg, VP8
	MP4  Container = "mp4"  // ffmpeg, H.264
	GIF  Container = "gif"  // written here (image/gif)
	APNG Container = "apng" // written here: .png or .apng
)

// ErrNoFFmpeg is WriteVideo's answer for WebM or MP4 without ffmpeg on PATH.
var ErrNoFFmpeg = errors.New("ffmpeg is not on PATH")

// ContainerOf is the container a file's extension asks for.
func ContainerOf(path string) (Container, error) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".webm":
		return WebM, nil
	case ".mp4":
		return MP4, nil
	case ".gif":
		return GIF, nil
	case ".png", ".apng":
		return APNG, nil
	}
	return "", fmt.Errorf("%q: the file's extension must be .webm, .mp4 (with ffmpeg), .gif or .png/.apng (animated PNG)", path)
}

// NeedsFFmpeg says whether c is encoded by ffmpeg.
func (c Container) NeedsFFmpeg() bool { return c == WebM || c == MP4 }

// MinFrameMS is the shortest time a frame is shown: GIF's delays are in
// 1/100 s, and a player shows nothing faster than that anyway.
const MinFrameMS = 10

// durations is how long each frame is shown, in ms: until the next frame,
// the last one until end (at least MinFrameMS each).
func durations(frames []Frame, endMS float64) []float64 {
	d := make([]float64, len(frames))
	for i := range frames {
		next := endMS
		if i+1 < len(frames) {
			next = frames[i+1].MS
		}
		d[i] = next - frames[i].MS
		if d[i] < MinFrameMS {
			d[i] = MinFrameMS
		}
	}
	return d
}

// decodeFrames decodes the JPEGs onto canvases the size of the first frame
// (a tab of another size is drawn at the top-left, cropped or padded).
func decodeFrames(frames []Frame) ([]*image.RGBA, error) {
	out := make([]*image.RGBA, 0, len(frames))
	var size image.Rectangle
	for i, f := range frames {
		img, err := jpeg.Decode(bytes.NewReader(f.JPEG))
		if err != nil {
			return nil, fmt.Errorf("frame %d: %v", i, err)
		}
		if i == 0 {
			size = image.Rect(0, 0, img.Bounds().Dx(), img.Bounds().Dy())
		}
		c := image.NewRGBA(size)
		draw.Draw(c, size, img, img.Bounds().Min, draw.Src)
		out = append(out, c)
	}
	return out, nil
}

// WriteVideo writes frames to path in the container its extension names;
// endMS is when the recording stopped (how long the last frame shows).
// ffmpeg is the path of ffmpeg ("" when it is not on PATH).
// The file is placed at path as safefile does (0600, never through a
// symlink, over an existing file only with overwrite).
func WriteVideo(ctx context.Context, path string, frames []Frame, endMS float64, ffmpeg string, overwrite bool) error {
	if _, err := ContainerOf(path); err != nil {
		return err
	}
	return viaTemp(path, overwrite, func(tmp string) error {
		return writeVideo(ctx, tmp, frames, endMS, ffmpeg)
	})
}

func writeVideo(ctx context.Context, path string, frames []Frame, endMS float64, ffmpeg string) error {
	c, err := ContainerOf(path)
	if err != nil {
		return err
	}
	if len(frames) == 0 {
		return errors.New("the recording has no frames (the page never painted while it ran)")
	}
	if c.NeedsFFmpeg() {
		if ffmpeg == "" {
			return ErrNoFFmpeg
		}
		return writeFFmpeg(ctx, ffmpeg, path, c, frames, endMS)
	}
	imgs, err := decodeFrames(frames)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if c == GIF {
		err = encodeGIF(&buf, imgs, durations(frames, endMS))
	} else {
		err = encodeAPNG(&buf, imgs, durations(frames, endMS))
	}
	if err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}
