package cmd

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"browserctl/evidence"
	"browserctl/rpc"
)

// screenshotOpts are screenshot's flags beyond the params.
type screenshotOpts struct {
	out     string
	quality int // -1: not given
}

func newCmdScreenshot(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.ScreenshotParams
	o := screenshotOpts{quality: -1}
	c := &cobra.Command{
		Use:   "screenshot [REF]",
		Short: "Save a PNG, JPEG or WebP of the viewport, the full page or one element, and print its path",
		Long: `Save a screenshot and print the file's path. Without -o the file is
screenshot-YYYYMMDD-HHMMSS.png (.jpg, .webp) in the current folder; without
--format the format follows -o's extension (.png, .jpg/.jpeg, .webp), else png.
--quality (0-100) is for jpeg and webp; --max-width scales the image down to
that many pixels wide, keeping its aspect.

--annotate draws the interactive refs of what the shot covers onto it (their
boxes and labels e1, e2 ...) and prints them after the path, one per line:
ref, role, name, box (x,y wxh in image pixels), so that a person or a model
can tell which ref is which element. Annotated WebP is encoded by ffmpeg (on
PATH); png and jpeg need nothing.

With --json the result is printed with its base64 "data", the "path" it was
saved to and, with --annotate, the "annotations".`,
		Example: `  browserctl screenshot
  browserctl screenshot --full -o page.png
  browserctl screenshot e12 -o button.png
  browserctl screenshot --format jpeg --quality 70 --max-width 800
  browserctl screenshot --annotate -o refs.png`,
		Args:              rangeArgs(0, 1, "an optional REF"),
		ValidArgsFunction: completeRefs(f, 0),
		RunE: func(c *cobra.Command, args []string) error {
			p.SessionID = sessionOf(f)
			if len(args) == 1 {
				p.Ref, p.Selector = target(args[0])
			}
			if err := screenshotFlags(f, &p, &o); err != nil {
				return err
			}
			wire := p
			if p.Annotate {
				wire.Format, wire.Quality = "png", nil // drawn on here, then encoded as asked
			}
			if wire.Format == "png" {
				wire.Format = "" // the default: the spec's own call
			}
			pc := &pageCall{Method: rpc.PageScreenshot, Params: wire}
			if runF != nil {
				return runF(pc)
			}
			raw, err := callHub(c.Context(), f, pc.Method, withTimeoutMS(pc.Method, pc.Params, f.Globals.Timeout))
			if err != nil {
				return err
			}
			return saveScreenshot(c, f, raw, p, o)
		},
		Annotations: notReplayed(writesOutput),
	}
	c.Flags().StringVarP(&o.out, "output", "o", "", "file to write (default screenshot-YYYYMMDD-HHMMSS.png, .jpg or .webp)")
	c.Flags().BoolVar(&p.FullPage, "full", false, "the whole page, not just the viewport")
	enumFlag(c, &p.Format, "format", rpc.ImageFormat, "image format: "+rpc.ImageFormat.Or()+" (default: -o's extension, else png)")
	c.Flags().IntVar(&o.quality, "quality", -1, "jpeg/webp quality, 0-100 (default: the browser's)")
	c.Flags().IntVar(&p.MaxWidth, "max-width", 0, "scale down to at most this many pixels wide, aspect kept")
	c.Flags().BoolVar(&p.Annotate, "annotate", false, "draw the refs' boxes and labels onto the image and list them")
	addTabFlag(c, f, &p.TabID)
	return c
}

// screenshotFlags checks the flags and fills in the format and the file.
func screenshotFlags(f *Factory, p *rpc.ScreenshotParams, o *screenshotOpts) error {
	if err := checkEnum("--format", rpc.ImageFormat, p.Format); err != nil {
		return err
	}
	if p.Format == "" {
		p.Format = imageFormatOf(o.out)
	}
	if p.Format == "" {
		p.Format = "png"
	}
	if o.quality != -1 {
		if o.quality < 0 || o.quality > 100 {
			return usageErrorf("--quality must be 0-100, got %d", o.quality)
		}
		if p.Format == "png" {
			return usageErrorf("--quality is for jpeg and webp, not png")
		}
		q := o.quality
		p.Quality = &q
	}
	if p.MaxWidth < 0 {
		return usageErrorf("--max-width must be a number of pixels, got %d", p.MaxWidth)
	}
	if p.Annotate && p.Format == "webp" && ffmpegPath(f) == "" {
		return usageErrorf("--annotate with --format webp needs ffmpeg on PATH (Go has no WebP encoder); use png or jpeg")
	}
	if o.out == "" {
		o.out = "screenshot-" + f.Now().Format("20060102-150405") + imageExt(p.Format)
	}
	return checkWritable(o.out)
}

// saveScreenshot writes the image (annotated when asked) and prints its
// path, then the annotations.
func saveScreenshot(c *cobra.Command, f *Factory, raw json.RawMessage, p rpc.ScreenshotParams, o screenshotOpts) error {
	var res rpc.ScreenshotResult
	if err := decodeResult(rpc.PageScreenshot, raw, &res); err != nil {
		return err
	}
	data, err := base64.StdEncoding.DecodeString(res.Data)
	if err != nil {
		return fmt.Errorf("pages.screenshot answered data that is not base64: %v", err)
	}
	if p.Annotate {
		q := -1
		if p.Quality != nil {
			q = *p.Quality
		}
		if data, err = evidence.Annotated(c.Context(), data, res.Annotations, p.Format, q, ffmpegPath(f)); err != nil {
			return err
		}
	}
	if err := os.WriteFile(o.out, data, 0o644); err != nil {
		return usageErrorf("cannot write %s: %v", o.out, err)
	}
	if f.Globals.JSON {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(raw, &m); err != nil {
			return printJSON(f, raw)
		}
		m["path"], _ = json.Marshal(o.out)
		m["format"], _ = json.Marshal(p.Format)
		if p.Annotate {
			m["data"], _ = json.Marshal(base64.StdEncoding.EncodeToString(data))
		}
		return marshalJSON(f, m)
	}
	shown := o.out
	if abs, err := filepath.Abs(o.out); err == nil && f.IO.IsStdoutTTY() {
		shown = abs
	}
	if _, err := fmt.Fprintln(f.IO.Out, shown); err != nil {
		return err
	}
	if !p.Annotate {
		return nil
	}
	t := newTable(f, "REF", "ROLE", "NAME", "BOX")
	for _, a := range res.Annotations {
		t.add(a.Ref, a.Role, fmt.Sprintf("%q", a.Name), fmt.Sprintf("%.0f,%.0f %.0fx%.0f", a.Box.X, a.Box.Y, a.Box.Width, a.Box.Height))
	}
	return t.print()
}
