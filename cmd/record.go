package cmd

// record start [FILE] / record stop, declared on their rows and group
// (rpc/evidence.go): a video of the session's active tab, from the
// browser's screencast (record.* in the extension), written by the
// evidence package.

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"

	"browserctl/cmd/cmdutil"
	"browserctl/internal/evidence"
	"browserctl/rpc"
)

func init() {
	cmdutil.Hooks[rpc.HookRecordStart] = func(_ context.Context, f *cmdutil.Factory, pc *cmdutil.PageCall, args map[string]string) error {
		p := pc.Params.(rpc.RecordStartParams)
		path, given := args["FILE"]
		if !given {
			ext := ".gif"
			if ffmpegPath(f) != "" {
				ext = ".mp4" // H.264 encodes several times faster than VP8
			}
			path = "recording-" + f.Now().Format("20060102-150405") + ext
		}
		if err := checkVideoPath(f, path, args["--force"] == "true"); err != nil {
			return err
		}
		if err := checkQuality(&p.Quality); err != nil {
			return err
		}
		if p.MaxWidth < 0 {
			return cmdutil.UsageErrorf("--max-width must be a number of pixels, got %d", p.MaxWidth)
		}
		abs, err := filepath.Abs(path)
		if err != nil {
			return cmdutil.UsageErrorf("%s: %v", path, err)
		}
		p.Path, args["FILE"] = abs, abs // FILE: for the done line
		pc.Params = p
		return nil
	}
	// record stop: the frames pulled and written as FILE's container.
	cmdutil.Hooks[rpc.HookRecordStop] = func(ctx context.Context, f *cmdutil.Factory, pc *cmdutil.PageCall, args map[string]string) error {
		force := args["--force"] == "true"
		pc.Refused = refusedAsUsage
		pc.Result = func(raw json.RawMessage) error {
			var res rpc.RecordStopResult
			if err := cmdutil.DecodeResult(rpc.RecordStop, raw, &res); err != nil {
				return err
			}
			path := cmp.Or(res.Path, "recording-"+f.Now().Format("20060102-150405")+".gif")
			if err := checkVideoPath(f, path, force); err != nil {
				return err
			}
			frames, err := evidence.ReadFrames(func(p rpc.RecordFramesParams) (json.RawMessage, error) {
				p.SessionID = cmdutil.SessionOf(f)
				return callRaw(ctx, f, rpc.RecordFrames, p)
			})
			if err != nil {
				return err
			}
			if err := evidence.WriteVideo(ctx, path, frames, res.DurationMS, ffmpegPath(f), force); err != nil {
				return err
			}
			s := evidence.RecordingOf(path, res, len(frames))
			if f.Globals.JSON {
				return cmdutil.MarshalJSON(f, s)
			}
			if _, err := fmt.Fprintln(f.IO.Out, s.Path); err != nil {
				return err
			}
			if res.Truncated {
				fmt.Fprintf(f.IO.ErrOut, "warning: the recording reached its memory bound and stopped early\n")
			}
			cmdutil.Done(f, "%d frames in %.1f s (%.1f per second), %d bytes", s.Frames, res.DurationMS/1000, s.FPS, s.Bytes)
			return nil
		}
		return nil
	}
}

// checkQuality is a usage error for a --quality outside 0-100; -1, the
// flag's default before it was declared, still means the default.
func checkQuality(q **int) error {
	switch {
	case *q == nil:
	case **q == -1:
		*q = nil
	case **q < 0 || **q > 100:
		return cmdutil.UsageErrorf("--quality must be 0-100, got %d", **q)
	}
	return nil
}

// refusedAsUsage: the extension's -32602 for a stop with nothing to stop
// is the caller's mistake, exit 2 with its message.
func refusedAsUsage(err error) error {
	var be *rpc.BrowserError
	if errors.As(err, &be) && be.Code == rpc.CodeInvalidParams {
		return &cmdutil.UsageError{Err: errors.New(be.Message)}
	}
	return err
}

// checkVideoPath is a usage error for a container this machine cannot
// write or a file that cannot be written.
func checkVideoPath(f *cmdutil.Factory, path string, force bool) error {
	ct, err := evidence.ContainerOf(path)
	if err != nil {
		return &cmdutil.UsageError{Err: err}
	}
	if ct.NeedsFFmpeg() && ffmpegPath(f) == "" {
		return cmdutil.UsageErrorf("%s: .%s needs ffmpeg on PATH; install it, or record to .gif or .png (written without ffmpeg)", path, ct)
	}
	return checkWritable(path, force)
}

// callRaw is cmdutil.CallHub without the terminal escaping: for answers that are
// data for a file (base64 frames, trace JSON), never printed.
func callRaw(ctx context.Context, f *cmdutil.Factory, method string, params any) (json.RawMessage, error) {
	h, err := f.Hub()
	if err != nil {
		return nil, err
	}
	return h.Call(ctx, method, params, f.Globals.Timeout)
}
