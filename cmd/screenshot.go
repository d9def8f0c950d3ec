package cmd

// screenshot, declared on its row (rpc/evidence.go): the format and file
// chosen and checked here before the call, the image (annotated when
// asked) written after it.

import (
	"cmp"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"

	"browserctl/cmd/cmdutil"
	"browserctl/internal/evidence"
	"browserctl/rpc"
)

func init() {
	cmdutil.Hooks[rpc.HookScreenshot] = func(ctx context.Context, f *cmdutil.Factory, pc *cmdutil.PageCall, args map[string]string) error {
		p := pc.Params.(rpc.ScreenshotParams)
		out := args["--output"]
		p.Format = cmp.Or(p.Format, evidence.ImageFormatOf(out), "png")
		if err := checkQuality(&p.Quality); err != nil {
			return err
		}
		if p.Quality != nil && p.Format == "png" {
			return cmdutil.UsageErrorf("--quality is for jpeg and webp, not png")
		}
		if p.MaxWidth < 0 {
			return cmdutil.UsageErrorf("--max-width must be a number of pixels, got %d", p.MaxWidth)
		}
		if p.Annotate && p.Format == "webp" && ffmpegPath(f) == "" {
			return cmdutil.UsageErrorf("--annotate with --format webp needs ffmpeg on PATH (Go has no WebP encoder); use png or jpeg")
		}
		out = cmp.Or(out, "screenshot-"+f.Now().Format("20060102-150405")+evidence.ImageExt(p.Format))
		force := args["--force"] == "true"
		if err := checkWritable(out, force); err != nil {
			return err
		}
		wire := p
		if p.Annotate {
			wire.Format, wire.Quality = "png", nil // drawn on here, then encoded as asked
		}
		if wire.Format == "png" {
			wire.Format = "" // the default: the spec's own call
		}
		pc.Params = wire
		pc.Result = func(raw json.RawMessage) error { return saveScreenshot(ctx, f, raw, p, out, force) }
		return nil
	}
}

// saveScreenshot writes the image (annotated when asked) to out and prints
// its path, then the annotations.
func saveScreenshot(ctx context.Context, f *cmdutil.Factory, raw json.RawMessage, p rpc.ScreenshotParams, out string, force bool) error {
	var res rpc.ScreenshotResult
	if err := cmdutil.DecodeResult(rpc.PageScreenshot, raw, &res); err != nil {
		return err
	}
	q := -1
	if p.Quality != nil {
		q = *p.Quality
	}
	data, err := evidence.WriteShot(ctx, out, res, p.Annotate, p.Format, q, ffmpegPath(f), force)
	var nw *evidence.NotWrittenError
	if errors.As(err, &nw) {
		return &cmdutil.UsageError{Err: err}
	}
	if err != nil {
		return err
	}
	if f.Globals.JSON {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(raw, &m); err != nil {
			return cmdutil.PrintJSON(f, raw)
		}
		m["path"], _ = json.Marshal(out)
		m["format"], _ = json.Marshal(p.Format)
		if p.Annotate {
			m["data"], _ = json.Marshal(base64.StdEncoding.EncodeToString(data))
		}
		return cmdutil.MarshalJSON(f, m)
	}
	if err := printPath(f, out); err != nil || !p.Annotate {
		return err
	}
	t := cmdutil.NewTable(f, "REF", "ROLE", "NAME", "BOX")
	for _, a := range res.Annotations {
		t.Add(a.Ref, a.Role, fmt.Sprintf("%q", a.Name), fmt.Sprintf("%.0f,%.0f %.0fx%.0f", a.Box.X, a.Box.Y, a.Box.Width, a.Box.Height))
	}
	return t.Print()
}

// checkWritable is a usage error unless path can be created or written
// (evidence.CheckWritable): an existing file only with force (--force).
func checkWritable(path string, force bool) error {
	if err := evidence.CheckWritable(path, force); err != nil {
		return &cmdutil.UsageError{Err: err}
	}
	return nil
}

// ffmpegPath is ffmpeg on PATH, or "".
func ffmpegPath(f *cmdutil.Factory) string {
	if f.LookPath == nil {
		return ""
	}
	if p, err := f.LookPath("ffmpeg"); err == nil {
		return p
	}
	return ""
}
