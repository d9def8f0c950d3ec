package cmd

// record start [FILE] / record stop: a video of the session's active tab,
// from the browser's screencast (record.* in the extension), written here
// by the evidence package.

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"browserctl/evidence"
	"browserctl/rpc"
)

func newCmdRecord(f *Factory) *cobra.Command {
	c := &cobra.Command{
		Use:         "record",
		Annotations: notReplayed(groupOnly),
		Short:       "Record a video of the session's active tab: record start [FILE], record stop",
		Long: `record start begins recording the session's active tab; record stop ends it,
writes the file and prints its path. The recording follows the session's
active tab (tab switches), goes on across navigations, and holds what the
page painted at its own pace (the browser's screencast sends a frame when
the page repaints; a still page sends few).

The container follows FILE's extension:
  .webm, .mp4   encoded by ffmpeg, which must be on PATH:
                ` + evidence.FFmpegCommand + `
  .gif          written by browserctl (252 colours)
  .png, .apng   an animated PNG, written by browserctl
Without FILE: recording-YYYYMMDD-HHMMSS.mp4 with ffmpeg, else .gif.

The frames wait in the extension until record stop (at most 200 MB of
frames or 30 minutes: past that the recording stops taking frames and
record stop says it was truncated). A recording ends with its session; record
stop still writes what was recorded, also after its tab closed.`,
		Example: `  browserctl record start run.mp4
  browserctl click e3
  browserctl record stop`,
		Args: noArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return usageErrorf("record needs a subcommand: start or stop")
		},
	}
	c.AddCommand(newCmdRecordStart(f), newCmdRecordStop(f))
	return c
}

func newCmdRecordStart(f *Factory) *cobra.Command {
	var p rpc.RecordStartParams
	quality := -1
	c := &cobra.Command{
		Use:         "start [FILE]",
		Annotations: replays(),
		Short:       "Start recording the session's active tab into FILE (.webm, .mp4, .gif, .png)",
		Example:     "  browserctl record start\n  browserctl record start run.gif --max-width 800",
		Args:        rangeArgs(0, 1, "an optional FILE"),
		RunE: func(c *cobra.Command, args []string) error {
			path := ""
			if len(args) == 1 {
				path = args[0]
			} else {
				ext := ".gif"
				if ffmpegPath(f) != "" {
					ext = ".mp4" // H.264 encodes several times faster than VP8
				}
				path = "recording-" + f.Now().Format("20060102-150405") + ext
			}
			if err := checkVideoPath(f, path); err != nil {
				return err
			}
			if quality != -1 {
				if quality < 0 || quality > 100 {
					return usageErrorf("--quality must be 0-100, got %d", quality)
				}
				p.Quality = &quality
			}
			if p.MaxWidth < 0 {
				return usageErrorf("--max-width must be a number of pixels, got %d", p.MaxWidth)
			}
			abs, err := filepath.Abs(path)
			if err != nil {
				return usageErrorf("%s: %v", path, err)
			}
			p.SessionID, p.Path = sessionOf(f), abs
			raw, err := callHub(c.Context(), f, rpc.RecordStart, p)
			if err != nil {
				return err
			}
			return render(f, raw, func() error {
				var res rpc.RecordStartResult
				if err := decodeResult(rpc.RecordStart, raw, &res); err != nil {
					return err
				}
				done(f, "recording tab %d into %s (record stop writes it)", res.TabID, abs)
				return nil
			})
		},
	}
	c.Flags().IntVar(&quality, "quality", -1, "JPEG quality of the frames, 0-100 (default 70)")
	c.Flags().IntVar(&p.MaxWidth, "max-width", 0, "scale frames down to this many pixels wide")
	return c
}

// checkVideoPath is a usage error for a container this machine cannot
// write or a file that cannot be written.
func checkVideoPath(f *Factory, path string) error {
	ct, err := evidence.ContainerOf(path)
	if err != nil {
		return &UsageError{Err: err}
	}
	if ct.NeedsFFmpeg() && ffmpegPath(f) == "" {
		return usageErrorf("%s: .%s needs ffmpeg on PATH; install it, or record to .gif or .png (written without ffmpeg)", path, ct)
	}
	return checkWritable(path)
}

func newCmdRecordStop(f *Factory) *cobra.Command {
	c := &cobra.Command{
		Use:         "stop",
		Annotations: replays(),
		Short:       "Stop the session's recording, write its file and print the path",
		Example:     "  browserctl record stop\n  browserctl record stop --json",
		Args:        noArgs,
		RunE: func(c *cobra.Command, args []string) error {
			ctx := c.Context()
			raw, err := callHub(ctx, f, rpc.RecordStop, rpc.SessionIDParams{SessionID: sessionOf(f)})
			var be *rpc.BrowserError
			if errors.As(err, &be) && be.Code == rpc.CodeInvalidParams {
				return &UsageError{Err: fmt.Errorf("%s", be.Message)} // no recording: the caller's mistake
			}
			if err != nil {
				return err
			}
			var res rpc.RecordStopResult
			if err := decodeResult(rpc.RecordStop, raw, &res); err != nil {
				return err
			}
			path := res.Path
			if path == "" {
				path = "recording-" + f.Now().Format("20060102-150405") + ".gif"
			}
			if err := checkVideoPath(f, path); err != nil {
				return err
			}
			frames, err := pullFrames(ctx, f)
			if err != nil {
				return err
			}
			if err := evidence.WriteVideo(ctx, path, frames, res.DurationMS, ffmpegPath(f)); err != nil {
				return err
			}
			return printRecording(f, path, res, len(frames))
		},
	}
	return c
}

// pullFrames reads the stopped recording's frames, a chunk per call.
func pullFrames(ctx context.Context, f *Factory) ([]evidence.Frame, error) {
	var out []evidence.Frame
	from := 0
	for {
		raw, err := callRaw(ctx, f, rpc.RecordFrames, rpc.RecordFramesParams{SessionID: sessionOf(f), From: from})
		if err != nil {
			return nil, err
		}
		var res rpc.RecordFramesResult
		if err := decodeResult(rpc.RecordFrames, raw, &res); err != nil {
			return nil, err
		}
		for i, fr := range res.Frames {
			data, err := base64.StdEncoding.DecodeString(fr.Data)
			if err != nil {
				return nil, fmt.Errorf("record.frames: frame %d is not base64: %v", from+i, err)
			}
			out = append(out, evidence.Frame{JPEG: data, MS: fr.MS})
		}
		if res.Done || res.Next <= from {
			return out, nil
		}
		from = res.Next
	}
}

// recordingSummary is record stop's --json answer.
type recordingSummary struct {
	Path       string  `json:"path"`
	Bytes      int64   `json:"bytes"`
	Frames     int     `json:"frames"`
	DurationMS float64 `json:"durationMs"`
	FPS        float64 `json:"fps" doc:"frames the browser sent per second"`
	Truncated  bool    `json:"truncated"`
	Tabs       []int   `json:"tabs"`
}

func printRecording(f *Factory, path string, res rpc.RecordStopResult, frames int) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	s := recordingSummary{Path: abs, Frames: frames, DurationMS: res.DurationMS, Truncated: res.Truncated, Tabs: res.Tabs}
	if st, err := os.Stat(path); err == nil {
		s.Bytes = st.Size()
	}
	if res.DurationMS > 0 {
		s.FPS = float64(frames) / (res.DurationMS / 1000)
	}
	if f.Globals.JSON {
		return marshalJSON(f, s)
	}
	if _, err := fmt.Fprintln(f.IO.Out, abs); err != nil {
		return err
	}
	if res.Truncated {
		fmt.Fprintf(f.IO.ErrOut, "warning: the recording reached its memory bound and stopped early\n")
	}
	done(f, "%d frames in %.1f s (%.1f per second), %d bytes", frames, res.DurationMS/1000, s.FPS, s.Bytes)
	return nil
}

// callRaw is callHub without the terminal escaping: for answers that are
// data for a file (base64 frames, trace JSON), never printed.
func callRaw(ctx context.Context, f *Factory, method string, params any) (json.RawMessage, error) {
	h, err := f.Hub()
	if err != nil {
		return nil, err
	}
	return h.Call(ctx, method, params, f.Globals.Timeout)
}
