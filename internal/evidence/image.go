package evidence

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
)

// DefaultJPEGQuality is the quality of a JPEG written without one.
const DefaultJPEGQuality = 80

// EncodeImage encodes img as png or jpeg (quality 0-100; negative: the
// default). Other formats are an error: Go's standard library has no WebP
// encoder (see EncodeWebP for the ffmpeg route).
func EncodeImage(img image.Image, format string, quality int) ([]byte, error) {
	var buf bytes.Buffer
	switch format {
	case "png":
		if err := png.Encode(&buf, img); err != nil {
			return nil, err
		}
	case "jpeg":
		if quality < 0 {
			quality = DefaultJPEGQuality
		}
		if quality < 1 {
			quality = 1 // image/jpeg's lowest
		}
		if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: quality}); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("cannot encode %s here", format)
	}
	return buf.Bytes(), nil
}

// DecodeImage decodes a PNG or JPEG.
func DecodeImage(data []byte) (image.Image, error) {
	img, _, err := image.Decode(bytes.NewReader(data))
	return img, err
}
