package evidence

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"browserctl/rpc"
)

func TestWriteShot(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	shot, _ := EncodeImage(solid(40, 30, color.White), "png", -1)
	res := rpc.ScreenshotResult{Data: base64.StdEncoding.EncodeToString(shot),
		Annotations: []rpc.Annotation{{Ref: "e1", Box: rpc.Box{X: 5, Y: 12, Width: 20, Height: 10}}}}

	plain := filepath.Join(dir, "plain.png")
	data, err := WriteShot(ctx, plain, res, false, "png", -1, "", false)
	if err != nil || !bytes.Equal(data, shot) {
		t.Fatalf("without annotations: %v", err)
	}
	if b, _ := os.ReadFile(plain); !bytes.Equal(b, shot) {
		t.Error("the file is not the browser's PNG as it came")
	}

	drawn := filepath.Join(dir, "drawn.jpg")
	data, err = WriteShot(ctx, drawn, res, true, "jpeg", 80, "", false)
	if err != nil || !bytes.HasPrefix(data, []byte{0xff, 0xd8}) {
		t.Fatalf("annotated jpeg: %v", err)
	}
	img, err := DecodeImage(data)
	if err != nil || img.Bounds().Dx() != 40 {
		t.Fatalf("the annotated image: %v", err)
	}
	if r, g, b, _ := img.At(5, 12).RGBA(); r>>8 > 250 && g>>8 > 250 && b>>8 > 250 {
		t.Error("the box's corner is still white: nothing was drawn")
	}
	if b, _ := os.ReadFile(drawn); !bytes.Equal(b, data) {
		t.Error("the file is not the bytes answered")
	}

	if _, err := WriteShot(ctx, filepath.Join(dir, "bad.png"), rpc.ScreenshotResult{Data: "%%%"}, false, "png", -1, "", false); err == nil || !strings.Contains(err.Error(), "not base64") {
		t.Errorf("bad data: %v", err)
	}
	var nw *NotWrittenError
	if _, err := WriteShot(ctx, filepath.Join(dir, "no", "x.png"), res, false, "png", -1, "", false); !errors.As(err, &nw) || !strings.HasPrefix(err.Error(), "cannot write ") {
		t.Errorf("an unwritable file: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "bad.png")); !os.IsNotExist(err) {
		t.Errorf("bad data left a file: %v", err)
	}
}
