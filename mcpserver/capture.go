package mcpserver

// browser_har and browser_video: what the CLI's `network har start/stop
// FILE` and `record start/stop` do, each one tool with an action. start
// begins the recording in the extension; stop checks the file (inside the
// output folder, never through a symlink) before the recording stops, so
// a refused path loses nothing, then writes it as the CLI does (package
// har's HAR 1.2, package evidence's video) and answers its path.

import (
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/internal/evidence"
	"browserctl/internal/har"
	"browserctl/rpc"
)

// Inputs of the capture tools.
type (
	harArg struct {
		Action   string `json:"action" oneof:"start stop"`
		Filename string `json:"filename,omitempty" jsonschema:"stop: the HAR file, relative to the output folder (default: requests-TIME.har there)"`
	}
	videoArg struct {
		rpc.RecordStartParams
		Action   string `json:"action" oneof:"start stop"`
		Filename string `json:"filename,omitempty" jsonschema:"stop: the file, relative to the output folder: .mp4 or .webm (ffmpeg), .gif, .png (default: recording-TIME.mp4, .gif without ffmpeg)"`
	}
)

func (s *Server) captureTools() []toolDef {
	return []toolDef{
		newTool("browser_har", "HAR recording",
			"Record the session's requests: start; stop writes them as a HAR 1.2 file.",
			additive, toolSpec{}, func(ctx context.Context, req *mcp.CallToolRequest, in harArg) *mcp.CallToolResult {
				return s.harRecording(ctx, req, in)
			}),
		newTool("browser_video", "Video recording",
			"Record a video of the session's active tab: start; stop writes the file.",
			additive, toolSpec{hide: []string{"path"}, desc: map[string]string{
				"quality":  "start: JPEG quality of the frames, 0-100",
				"maxWidth": "start: scale frames down to this many pixels wide",
			}}, func(ctx context.Context, req *mcp.CallToolRequest, in videoArg) *mcp.CallToolResult {
				return s.videoRecording(ctx, req, in)
			}),
	}
}

func (s *Server) harRecording(ctx context.Context, req *mcp.CallToolRequest, in harArg) *mcp.CallToolResult {
	switch in.Action {
	case "start":
		if in.Filename != "" {
			return invalid("browser_har", fmt.Errorf("filename is for stop"))
		}
		raw, err := s.call(ctx, req, rpc.NetworkHARStart, &rpc.SessionIDParams{})
		if err != nil {
			return s.errorResult(req, err)
		}
		var r rpc.HARStartResult
		if err := json.Unmarshal(raw, &r); err != nil {
			return s.errorResult(req, err)
		}
		if !r.Started {
			return text("A HAR recording of this session was already running; it goes on.")
		}
		return text("Recording the session's requests (the newest %d are kept). Call browser_har with action stop to write the HAR file.", r.MaxEntries)
	case "stop":
	default:
		return invalid("browser_har", fmt.Errorf("unknown action %q", in.Action))
	}
	path, refused := s.outputFile(req, "browser_har", in.Filename, stampedName("requests", ".har"))
	if refused != nil {
		return refused
	}
	raw, err := s.call(ctx, req, rpc.NetworkHARStop, &rpc.SessionIDParams{})
	if err != nil {
		return s.errorResult(req, err)
	}
	var r rpc.HARStopResult
	if err := json.Unmarshal(raw, &r); err != nil {
		return s.errorResult(req, err)
	}
	n, err := har.Write(path, har.Document(r), true)
	if err != nil {
		return s.errorResult(req, err)
	}
	msg := fmt.Sprintf("HAR 1.2 of %d requests written to %s (%d bytes)", len(r.Entries), path, n)
	if r.Dropped > 0 {
		msg += fmt.Sprintf("; %d older requests were dropped (the newest %d are kept)", r.Dropped, rpc.HAREntriesMax)
	}
	return text("%s", msg)
}

func (s *Server) videoRecording(ctx context.Context, req *mcp.CallToolRequest, in videoArg) *mcp.CallToolResult {
	ffmpeg, _ := exec.LookPath("ffmpeg")
	switch in.Action {
	case "start":
		if in.Filename != "" {
			return invalid("browser_video", fmt.Errorf("filename is for stop"))
		}
		p := in.RecordStartParams
		if p.Quality != nil && (*p.Quality < 0 || *p.Quality > 100) {
			return invalid("browser_video", fmt.Errorf("quality must be 0-100, got %d", *p.Quality))
		}
		if p.MaxWidth < 0 {
			return invalid("browser_video", fmt.Errorf("maxWidth must be a number of pixels, got %d", p.MaxWidth))
		}
		p.Path = "" // the file is named at stop
		raw, err := s.call(ctx, req, rpc.RecordStart, &p)
		if err != nil {
			return s.errorResult(req, err)
		}
		var r rpc.RecordStartResult
		if err := json.Unmarshal(raw, &r); err != nil {
			return s.errorResult(req, err)
		}
		return text("Recording tab %d (it follows the session's active tab). Call browser_video with action stop to write the file.", r.TabID)
	case "stop":
	default:
		return invalid("browser_video", fmt.Errorf("unknown action %q", in.Action))
	}
	ext := ".gif"
	if ffmpeg != "" {
		ext = ".mp4"
	}
	// Before the stop: a refused path leaves the recording going.
	path, refused := s.outputFile(req, "browser_video", in.Filename, stampedName("recording", ext))
	if refused != nil {
		return refused
	}
	ct, err := evidence.ContainerOf(path)
	if err != nil {
		return invalid("browser_video", err)
	}
	if ct.NeedsFFmpeg() && ffmpeg == "" {
		return invalid("browser_video", fmt.Errorf(".%s needs ffmpeg on the server's PATH; write .gif or .png instead", ct))
	}
	raw, err := s.call(ctx, req, rpc.RecordStop, &rpc.SessionIDParams{})
	if err != nil {
		return s.errorResult(req, err)
	}
	var r rpc.RecordStopResult
	if err := json.Unmarshal(raw, &r); err != nil {
		return s.errorResult(req, err)
	}
	frames, err := evidence.ReadFrames(func(p rpc.RecordFramesParams) (json.RawMessage, error) {
		return s.call(ctx, req, rpc.RecordFrames, &p)
	})
	if err != nil {
		return s.errorResult(req, err)
	}
	if err := evidence.WriteVideo(ctx, path, frames, r.DurationMS, ffmpeg, true); err != nil {
		return s.errorResult(req, err)
	}
	v := evidence.RecordingOf(path, r, len(frames))
	var b strings.Builder
	fmt.Fprintf(&b, "Video written to %s: %d frames in %.1f s (%.1f per second), %d bytes", v.Path, v.Frames, r.DurationMS/1000, v.FPS, v.Bytes)
	if len(r.Tabs) > 0 {
		fmt.Fprintf(&b, ", tabs %s", strings.Trim(fmt.Sprint(r.Tabs), "[]"))
	}
	if r.Truncated {
		b.WriteString("; the recording reached its memory bound and stopped early")
	}
	return text("%s", b.String())
}
