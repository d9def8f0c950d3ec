package evidence

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/png"
	"io"
	"math"
)

// An animated PNG (APNG, W3C PNG third edition): the frames are PNGs
// encoded by image/png whose IDAT data are re-chunked: the first frame's as
// IDAT, later ones' as fdAT, each after an fcTL naming its delay.

var pngSignature = []byte{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}

type chunk struct {
	typ  string
	data []byte
}

// chunksOf splits an encoded PNG into its chunks.
func chunksOf(b []byte) ([]chunk, error) {
	if !bytes.HasPrefix(b, pngSignature) {
		return nil, errors.New("not a PNG")
	}
	b = b[len(pngSignature):]
	var out []chunk
	for len(b) >= 12 {
		n := int(binary.BigEndian.Uint32(b))
		if len(b) < 12+n {
			return nil, errors.New("truncated PNG chunk")
		}
		out = append(out, chunk{typ: string(b[4:8]), data: b[8 : 8+n]})
		b = b[12+n:]
	}
	return out, nil
}

func writeChunk(w io.Writer, typ string, data []byte) error {
	var hdr [8]byte
	binary.BigEndian.PutUint32(hdr[:4], uint32(len(data)))
	copy(hdr[4:], typ)
	crc := crc32.NewIEEE()
	crc.Write(hdr[4:])
	crc.Write(data)
	var sum [4]byte
	binary.BigEndian.PutUint32(sum[:], crc.Sum32())
	for _, p := range [][]byte{hdr[:], data, sum[:]} {
		if _, err := w.Write(p); err != nil {
			return err
		}
	}
	return nil
}

// encodeAPNG writes the frames (all of one size) as an APNG that loops,
// each shown for its duration in ms.
func encodeAPNG(w io.Writer, imgs []*image.RGBA, ms []float64) error {
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if _, err := w.Write(pngSignature); err != nil {
		return err
	}
	seq := uint32(0)
	for i, img := range imgs {
		var buf bytes.Buffer
		if err := enc.Encode(&buf, img); err != nil {
			return err
		}
		chunks, err := chunksOf(buf.Bytes())
		if err != nil {
			return err
		}
		if i == 0 {
			for _, c := range chunks {
				if c.typ == "IHDR" {
					if err := writeChunk(w, "IHDR", c.data); err != nil {
						return err
					}
				}
			}
			actl := make([]byte, 8)
			binary.BigEndian.PutUint32(actl[0:], uint32(len(imgs)))
			binary.BigEndian.PutUint32(actl[4:], 0) // loop forever
			if err := writeChunk(w, "acTL", actl); err != nil {
				return err
			}
		}
		b := img.Bounds()
		fctl := make([]byte, 26)
		binary.BigEndian.PutUint32(fctl[0:], seq)
		seq++
		binary.BigEndian.PutUint32(fctl[4:], uint32(b.Dx()))
		binary.BigEndian.PutUint32(fctl[8:], uint32(b.Dy()))
		// x and y offsets 0; delay in ms as num/1000
		binary.BigEndian.PutUint16(fctl[20:], uint16(math.Min(65535, math.Max(1, math.Round(ms[i])))))
		binary.BigEndian.PutUint16(fctl[22:], 1000)
		fctl[24] = 0 // dispose: none
		fctl[25] = 0 // blend: source
		if err := writeChunk(w, "fcTL", fctl); err != nil {
			return err
		}
		for _, c := range chunks {
			if c.typ != "IDAT" {
				continue
			}
			if i == 0 {
				err = writeChunk(w, "IDAT", c.data)
			} else {
				data := make([]byte, 4+len(c.data))
				binary.BigEndian.PutUint32(data, seq)
				seq++
				copy(data[4:], c.data)
				err = writeChunk(w, "fdAT", data)
			}
			if err != nil {
				return err
			}
		}
	}
	return writeChunk(w, "IEND", nil)
}

// APNGFrameCount reads an APNG's frame count (acTL) and counts its fcTL
// chunks; a plain PNG has one frame and no acTL.
func APNGFrameCount(b []byte) (declared, fctl int, err error) {
	chunks, err := chunksOf(b)
	if err != nil {
		return 0, 0, err
	}
	declared = 1
	for _, c := range chunks {
		switch c.typ {
		case "acTL":
			if len(c.data) >= 4 {
				declared = int(binary.BigEndian.Uint32(c.data))
			}
		case "fcTL":
			fctl++
		}
	}
	return declared, fctl, nil
}
