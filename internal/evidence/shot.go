package evidence

import (
	"context"
	"encoding/base64"
	"fmt"

	"browserctl/internal/safefile"
	"browserctl/rpc"
)

// Annotated draws notes onto a PNG screenshot and encodes the result as
// format: png or jpeg here, webp through ffmpeg (ffmpeg "" when it is not
// on PATH: ErrNoFFmpeg). quality < 0 is the format's default.
func Annotated(ctx context.Context, pngData []byte, notes []rpc.Annotation, format string, quality int, ffmpeg string) ([]byte, error) {
	img, err := DecodeImage(pngData)
	if err != nil {
		return nil, fmt.Errorf("the screenshot is not an image: %v", err)
	}
	drawn := Annotate(img, notes)
	if format != "webp" {
		return EncodeImage(drawn, format, quality)
	}
	p, err := EncodeImage(drawn, "png", -1)
	if err != nil {
		return nil, err
	}
	return EncodeWebP(ctx, ffmpeg, p, quality)
}

// WriteShot writes a pages.screenshot result to path: its PNG as it came,
// or, with notes, annotated and encoded as format (png, jpeg; webp through
// ffmpeg) at quality (< 0: the format's default). It answers the bytes
// written; an error writing the file is a *NotWrittenError.
func WriteShot(ctx context.Context, path string, res rpc.ScreenshotResult, annotate bool, format string, quality int, ffmpeg string, overwrite bool) ([]byte, error) {
	data, err := base64.StdEncoding.DecodeString(res.Data)
	if err != nil {
		return nil, fmt.Errorf("pages.screenshot answered data that is not base64: %v", err)
	}
	if annotate {
		if data, err = Annotated(ctx, data, res.Annotations, format, quality, ffmpeg); err != nil {
			return nil, err
		}
	}
	if err := safefile.WriteFile(path, data, safefile.Private, overwrite); err != nil {
		return nil, &NotWrittenError{Path: path, Err: err}
	}
	return data, nil
}

// NotWrittenError is a result file that could not be written.
type NotWrittenError struct {
	Path string
	Err  error
}

func (e *NotWrittenError) Error() string { return fmt.Sprintf("cannot write %s: %v", e.Path, e.Err) }
func (e *NotWrittenError) Unwrap() error { return e.Err }
