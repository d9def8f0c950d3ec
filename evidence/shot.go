package evidence

import (
	"context"
	"fmt"

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
