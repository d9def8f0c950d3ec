package evidence

// A stopped recording read from the extension, and what record stop says
// about the file it wrote.

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"browserctl/rpc"
)

// FramesCall calls record.frames for the recording's session (params
// carry the session) and answers its result.
type FramesCall func(params rpc.RecordFramesParams) (json.RawMessage, error)

// ReadFrames reads the stopped recording's frames, a chunk per call,
// until the extension says they are done.
func ReadFrames(call FramesCall) ([]Frame, error) {
	var out []Frame
	from := 0
	for {
		raw, err := call(rpc.RecordFramesParams{From: from})
		if err != nil {
			return nil, err
		}
		var res rpc.RecordFramesResult
		if err := json.Unmarshal(raw, &res); err != nil {
			return nil, fmt.Errorf("%s answered an unexpected result: %v", rpc.RecordFrames, err)
		}
		for i, fr := range res.Frames {
			data, err := base64.StdEncoding.DecodeString(fr.Data)
			if err != nil {
				return nil, fmt.Errorf("%s: frame %d is not base64: %v", rpc.RecordFrames, from+i, err)
			}
			out = append(out, Frame{JPEG: data, MS: fr.MS})
		}
		if res.Done || res.Next <= from {
			return out, nil
		}
		from = res.Next
	}
}

// Recording is what record stop says about the file it wrote (its --json
// answer).
type Recording struct {
	Path       string  `json:"path"`
	Bytes      int64   `json:"bytes"`
	Frames     int     `json:"frames"`
	DurationMS float64 `json:"durationMs"`
	FPS        float64 `json:"fps" doc:"frames the browser sent per second"`
	Truncated  bool    `json:"truncated"`
	Tabs       []int   `json:"tabs"`
}

// RecordingOf describes the video written at path from frames frames of
// the stopped recording res: its absolute path, size and frame rate.
func RecordingOf(path string, res rpc.RecordStopResult, frames int) Recording {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	s := Recording{Path: abs, Frames: frames, DurationMS: res.DurationMS, Truncated: res.Truncated, Tabs: res.Tabs}
	if st, err := os.Stat(path); err == nil {
		s.Bytes = st.Size()
	}
	if res.DurationMS > 0 {
		s.FPS = float64(frames) / (res.DurationMS / 1000)
	}
	return s
}
