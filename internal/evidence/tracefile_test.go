package evidence

import (
	"encoding/base64"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"browserctl/rpc"
)

func TestClockOffsetIsTheMedianOfTheMarksFound(t *testing.T) {
	marks := []rpc.TraceClockMark{
		{Label: "a", WallMS: 1_700_000_000_000},
		{Label: "b", WallMS: 1_700_000_002_000},
		{Label: "c", WallMS: 1_700_000_004_000},
		{Label: "lost", WallMS: 1_700_000_006_000},
	}
	// the trace clock is wall time minus 1.6e18 µs; mark b's evaluation was
	// late by 3 ms (its ts is later than its wall time says)
	base := -1.6e18
	inTrace := map[string]float64{
		"a": 1_700_000_000_000*1000 + base,
		"b": 1_700_000_002_000*1000 + base + 3000,
		"c": 1_700_000_004_000*1000 + base,
	}
	off, n, err := ClockOffset(marks, inTrace)
	if err != nil || n != 3 {
		t.Fatalf("ClockOffset: %v, %d marks", err, n)
	}
	if math.Abs(off-base) > 1 {
		t.Errorf("offset %v, want %v (the late mark outvoted)", off, base)
	}
	// two marks: their mean
	off, _, _ = ClockOffset(marks[:2], inTrace)
	if math.Abs(off-(base+1500)) > 1 {
		t.Errorf("offset of two marks %v, want %v", off, base+1500)
	}
	if _, _, err := ClockOffset(marks, map[string]float64{"other": 5}); err == nil || !strings.Contains(err.Error(), "none of the 4 clock marks") {
		t.Errorf("no mark in the trace: %v", err)
	}
}

// A trace as Chrome streams it, with metadata after the events.
const sampleTrace = `{"traceEvents":[
{"pid":1,"tid":11,"ts":0,"ph":"M","cat":"__metadata","name":"thread_name","args":{"name":"CrBrowserMain"}},
{"pid":2,"tid":21,"ts":0,"ph":"M","cat":"__metadata","name":"thread_name","args":{"name":"CrRendererMain"}},
{"pid":2,"tid":21,"ts":1000,"ph":"X","dur":5,"cat":"devtools.timeline","name":"RunTask","args":{"data":"not an object"}},
{"pid":2,"tid":21,"ts":2000,"ph":"I","s":"t","cat":"devtools.timeline","name":"TimeStamp","args":{"data":{"message":"m0"}}},
{"pid":1,"tid":11,"ts":500,"ph":"X","dur":5,"cat":"toplevel","name":"BrowserTask","args":{}},
{"pid":2,"tid":21,"ts":9000,"ph":"I","s":"t","cat":"devtools.timeline","name":"TimeStamp","args":{"data":{"message":"m1"}}},
{"pid":2,"tid":21,"ts":9500,"ph":"X","dur":5,"cat":"devtools.timeline","name":"RunTask","args":{}}
],
"metadata":{"trace-config":"x"}}`

func TestScanTraceFindsMarksThreadsAndSpan(t *testing.T) {
	s, err := ScanTrace(strings.NewReader(sampleTrace))
	if err != nil {
		t.Fatal(err)
	}
	if s.Events != 7 || s.Marks["m0"] != 2000 || s.Marks["m1"] != 9000 {
		t.Errorf("events %d, marks %v", s.Events, s.Marks)
	}
	if s.Pid != 1 || s.Tid != 11 {
		t.Errorf("screenshots on %d/%d, want the browser's main thread 1/11", s.Pid, s.Tid)
	}
	if s.MinTs != 1000 || s.MaxTs != 9500 {
		t.Errorf("the page's span %v-%v, want 1000-9500", s.MinTs, s.MaxTs)
	}
	if got := sampleTrace[s.InsertAt:]; !strings.HasPrefix(strings.TrimSpace(got), "]") {
		t.Errorf("insert point before %q", got[:20])
	}
	for _, bad := range []string{`[]`, `{"metadata":{}}`, `{"traceEvents":{}}`, `{"traceEvents":[{"name":1}]}`} {
		if _, err := ScanTrace(strings.NewReader(bad)); err == nil {
			t.Errorf("ScanTrace(%s) did not fail", bad)
		}
	}
}

func TestWriteTraceInsertsFramesOnTheTracesClock(t *testing.T) {
	jpeg := base64.StdEncoding.EncodeToString([]byte{0xff, 0xd8, 0xff, 0xe0, 1, 2, 3})
	// wall 1e12 ms is ts 2000 (mark m0), so ts = wallMs*1000 - 1e15 + 2000
	wall := func(ts float64) float64 { return (ts - 2000 + 1e15) / 1000 }
	st := rpc.TraceStopResult{TabID: 3, Stream: "s1", Screenshots: 4, Clock: []rpc.TraceClockMark{{Label: "m0", WallMS: 1e12}, {Label: "m1", WallMS: wall(9000)}}}
	frames := []rpc.TraceShot{{Data: jpeg, WallMS: wall(500)}, {Data: jpeg, WallMS: wall(3000)}, {Data: jpeg, WallMS: wall(4000)}, {Data: jpeg, WallMS: wall(8000)}}
	var calls []string
	call := func(method string, p map[string]any) (json.RawMessage, error) {
		calls = append(calls, method)
		switch method {
		case rpc.TraceRead:
			half := len(sampleTrace) / 2
			if len(calls) == 1 {
				return json.Marshal(rpc.TraceReadResult{Data: sampleTrace[:half]})
			}
			return json.Marshal(rpc.TraceReadResult{Data: sampleTrace[half:], EOF: true})
		case rpc.TraceShots:
			from := p["from"].(int)
			end := min(from+2, len(frames))
			return json.Marshal(rpc.TraceShotsResult{Frames: frames[from:end], Next: end, Done: end == len(frames)})
		}
		t.Fatalf("unexpected call %s", method)
		return nil, nil
	}
	path := filepath.Join(t.TempDir(), "t.json")
	w, err := WriteTrace(path, st, call, true)
	if err != nil {
		t.Fatal(err)
	}
	if w.Screenshots != 3 || w.Dropped != 1 {
		t.Errorf("wrote %+v, want 3 screenshots and the one before the page's span dropped", w)
	}
	b, _ := os.ReadFile(path)
	if int64(len(b)) != w.Bytes {
		t.Errorf("%d bytes in the file, %d said", len(b), w.Bytes)
	}
	var tr struct {
		TraceEvents []struct {
			Name, Ph, Cat, ID string
			Pid, Tid          int64
			Ts                float64
			Args              struct{ Snapshot string }
		} `json:"traceEvents"`
		Metadata map[string]any `json:"metadata"`
	}
	if err := json.Unmarshal(b, &tr); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	var ts []float64
	for _, e := range tr.TraceEvents {
		if e.Name != "Screenshot" {
			continue
		}
		if e.Ph != "O" || e.Cat != ScreenshotCategory || e.ID != "0x1" || e.Pid != 1 || e.Tid != 11 || e.Args.Snapshot != jpeg {
			t.Errorf("screenshot event %+v", e)
		}
		ts = append(ts, e.Ts)
	}
	if len(ts) != 3 || ts[0] != 3000 || ts[1] != 4000 || ts[2] != 8000 {
		t.Errorf("screenshot ts %v, want 3000 4000 8000", ts)
	}
	if len(tr.TraceEvents) != 10 || tr.Metadata["trace-config"] != "x" {
		t.Errorf("%d events, metadata %v", len(tr.TraceEvents), tr.Metadata)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".trace-*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}

	// no marks in the trace: the file is still written, the error says why
	st.Clock = []rpc.TraceClockMark{{Label: "gone", WallMS: 1}}
	calls = nil
	_, err = WriteTrace(path, st, call, true)
	if err == nil || !strings.Contains(err.Error(), "without its 4 screenshots") {
		t.Errorf("no clock marks: %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != sampleTrace {
		t.Errorf("the trace without screenshots differs from the stream")
	}
}
