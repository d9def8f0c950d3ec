package evidence

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"browserctl/rpc"
)

func TestReadFramesInChunks(t *testing.T) {
	chunks := []rpc.RecordFramesResult{
		{Frames: []rpc.VideoFrame{{Data: base64.StdEncoding.EncodeToString([]byte("j0")), MS: 0}, {Data: base64.StdEncoding.EncodeToString([]byte("j1")), MS: 40}}, Next: 2},
		{Frames: []rpc.VideoFrame{{Data: base64.StdEncoding.EncodeToString([]byte("j2")), MS: 90}}, Next: 3, Done: true},
	}
	var froms []int
	frames, err := ReadFrames(func(p rpc.RecordFramesParams) (json.RawMessage, error) {
		froms = append(froms, p.From)
		return json.Marshal(chunks[len(froms)-1])
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(froms) != 2 || froms[0] != 0 || froms[1] != 2 {
		t.Errorf("asked from %v, want [0 2]", froms)
	}
	if len(frames) != 3 || !bytes.Equal(frames[2].JPEG, []byte("j2")) || frames[1].MS != 40 {
		t.Errorf("frames %+v", frames)
	}
}

func TestReadFramesStopsOnNoProgressAndErrors(t *testing.T) {
	calls := 0
	frames, err := ReadFrames(func(p rpc.RecordFramesParams) (json.RawMessage, error) {
		calls++
		return json.RawMessage(`{"frames":[],"next":0,"done":false}`), nil
	})
	if err != nil || len(frames) != 0 || calls != 1 {
		t.Errorf("a chunk that does not move on: %d calls, %d frames, %v", calls, len(frames), err)
	}
	boom := errors.New("boom")
	if _, err := ReadFrames(func(rpc.RecordFramesParams) (json.RawMessage, error) { return nil, boom }); !errors.Is(err, boom) {
		t.Errorf("a failed call: %v", err)
	}
	_, err = ReadFrames(func(rpc.RecordFramesParams) (json.RawMessage, error) {
		return json.RawMessage(`{"frames":[{"data":"%%%","ms":0}],"next":1,"done":true}`), nil
	})
	if err == nil || !strings.Contains(err.Error(), "frame 0 is not base64") {
		t.Errorf("a frame that is not base64: %v", err)
	}
}

func TestRecordingOf(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.gif")
	if err := os.WriteFile(path, make([]byte, 1234), 0o644); err != nil {
		t.Fatal(err)
	}
	r := RecordingOf(path, rpc.RecordStopResult{DurationMS: 2000, Truncated: true, Tabs: []int{3, 5}}, 10)
	if r.Path != path || r.Bytes != 1234 || r.Frames != 10 || r.FPS != 5 || !r.Truncated || len(r.Tabs) != 2 {
		t.Errorf("%+v", r)
	}
	if r := RecordingOf(path, rpc.RecordStopResult{}, 0); r.FPS != 0 {
		t.Errorf("a recording of no time: fps %v", r.FPS)
	}
}
