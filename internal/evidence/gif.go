package evidence

import (
	"image"
	"image/color"
	"image/gif"
	"io"
	"math"
)

// The GIF palette: a 6x7x6 colour cube (252 colours), so that a pixel's
// index is arithmetic, not a nearest-colour search over 256 entries.
const (
	cubeR = 6
	cubeG = 7
	cubeB = 6
)

var cube = func() color.Palette {
	p := make(color.Palette, 0, cubeR*cubeG*cubeB)
	for r := 0; r < cubeR; r++ {
		for g := 0; g < cubeG; g++ {
			for b := 0; b < cubeB; b++ {
				p = append(p, color.RGBA{R: level(r, cubeR), G: level(g, cubeG), B: level(b, cubeB), A: 0xff})
			}
		}
	}
	return p
}()

func level(i, n int) uint8 { return uint8(i * 255 / (n - 1)) }

func quant(v uint8, n int) int { return (int(v)*(n-1) + 127) / 255 }

// paletted maps img onto the colour cube.
func paletted(img *image.RGBA) *image.Paletted {
	b := img.Bounds()
	p := image.NewPaletted(b, cube)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		src := img.Pix[img.PixOffset(b.Min.X, y):]
		dst := p.Pix[p.PixOffset(b.Min.X, y):]
		for x := 0; x < b.Dx(); x++ {
			r, g, bl := src[4*x], src[4*x+1], src[4*x+2]
			dst[x] = uint8((quant(r, cubeR)*cubeG+quant(g, cubeG))*cubeB + quant(bl, cubeB))
		}
	}
	return p
}

// encodeGIF writes an animated GIF that loops, each frame shown for its
// duration (ms, rounded to GIF's 1/100 s).
func encodeGIF(w io.Writer, imgs []*image.RGBA, ms []float64) error {
	g := &gif.GIF{LoopCount: 0}
	for i, img := range imgs {
		g.Image = append(g.Image, paletted(img))
		g.Delay = append(g.Delay, int(math.Max(1, math.Round(ms[i]/10))))
		g.Disposal = append(g.Disposal, gif.DisposalNone)
	}
	return gif.EncodeAll(w, g)
}
