package e2e

import (
	"bytes"
	"image/gif"
	"os"
	"testing"

	"browserctl/internal/evidence"
)

func decodeGIF(t *testing.T, path string) *gif.GIF {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := gif.DecodeAll(f)
	if err != nil {
		t.Fatalf("%s is not a GIF: %v", path, err)
	}
	return g
}

// distinctGIFFrames counts frames whose pixels differ from every other's.
func distinctGIFFrames(g *gif.GIF) int {
	seen := map[string]bool{}
	for _, img := range g.Image {
		seen[string(img.Pix)] = true
	}
	return len(seen)
}

func apngFrames(b []byte) (declared, fctl int, err error) {
	if !bytes.HasPrefix(b, []byte("\x89PNG")) {
		return 0, 0, os.ErrInvalid
	}
	return evidence.APNGFrameCount(b)
}
