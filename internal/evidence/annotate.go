package evidence

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"unicode"

	"browserctl/rpc"
)

// Colours of the annotation: a magenta outline, the label white on it.
var (
	outline   = color.RGBA{R: 0xe6, G: 0x00, B: 0x7e, A: 0xff}
	labelText = color.RGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xff}
)

// Annotate draws each annotation's box (a 2 px outline) and its ref as a
// label at the box's top-left corner, above it when there is room, onto a
// copy of img. Boxes are in img's pixels; parts outside img are clipped.
func Annotate(img image.Image, notes []rpc.Annotation) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(out, out.Bounds(), img, b.Min, draw.Src)
	scale := labelScale(b.Dx())
	for _, n := range notes {
		r := rectOf(n.Box)
		strokeRect(out, r, 2, outline)
	}
	// Labels after every outline: no box is drawn over a label.
	for _, n := range notes {
		drawLabel(out, rectOf(n.Box), n.Ref, scale)
	}
	return out
}

// labelScale is the font's pixel size: 2 up to 1600 px wide, then 3.
func labelScale(width int) int {
	if width > 1600 {
		return 3
	}
	return 2
}

func rectOf(b rpc.Box) image.Rectangle {
	x0 := int(math.Round(b.X))
	y0 := int(math.Round(b.Y))
	return image.Rect(x0, y0, x0+int(math.Round(b.Width)), y0+int(math.Round(b.Height)))
}

func fill(img *image.RGBA, r image.Rectangle, c color.Color) {
	draw.Draw(img, r.Intersect(img.Bounds()), &image.Uniform{C: c}, image.Point{}, draw.Src)
}

func strokeRect(img *image.RGBA, r image.Rectangle, w int, c color.Color) {
	fill(img, image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+w), c)
	fill(img, image.Rect(r.Min.X, r.Max.Y-w, r.Max.X, r.Max.Y), c)
	fill(img, image.Rect(r.Min.X, r.Min.Y, r.Min.X+w, r.Max.Y), c)
	fill(img, image.Rect(r.Max.X-w, r.Min.Y, r.Max.X, r.Max.Y), c)
}

// drawLabel draws text on a filled tag at the box's top-left: above the box
// when it fits in the image, else just inside it.
func drawLabel(img *image.RGBA, box image.Rectangle, text string, scale int) {
	pad := scale
	w := textWidth(text, scale) + 2*pad
	h := glyphH*scale + 2*pad
	x := box.Min.X
	y := box.Min.Y - h
	if y < 0 {
		y = box.Min.Y
	}
	if x+w > img.Bounds().Max.X {
		x = img.Bounds().Max.X - w
	}
	if x < 0 {
		x = 0
	}
	fill(img, image.Rect(x, y, x+w, y+h), outline)
	drawText(img, x+pad, y+pad, text, scale, labelText)
}

// drawText draws s with its top-left at (x, y); characters without a glyph
// are drawn as a filled block.
func drawText(img *image.RGBA, x, y int, s string, scale int, c color.Color) {
	for _, ch := range s {
		g, ok := glyphs[unicode.ToLower(ch)]
		if !ok {
			g = [glyphH]uint8{7, 7, 7, 7, 7}
		}
		for row := 0; row < glyphH; row++ {
			for col := 0; col < glyphW; col++ {
				if g[row]&(1<<(glyphW-1-col)) == 0 {
					continue
				}
				px := x + col*scale
				py := y + row*scale
				fill(img, image.Rect(px, py, px+scale, py+scale), c)
			}
		}
		x += (glyphW + 1) * scale
	}
}
