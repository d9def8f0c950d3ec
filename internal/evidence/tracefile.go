package evidence

// A Chrome trace's JSON as the CLI writes it: the browser's stream, and,
// for a trace started with screenshots, the screencast's frames inserted as
// DevTools' Screenshot events. Chrome writes no Screenshot events for a
// chrome.debugger client; DevTools' Performance panel reads each event
// named "Screenshot" (ph "O", cat disabled-by-default-devtools.screenshot)
// as a filmstrip frame, its args.snapshot a base64 JPEG, its id the frame
// sequence in hex ("0x1": an uncorrected ts, used as is). The frames carry
// wall-clock times; the trace's ts is its own monotonic clock in µs. The
// extension put console.timeStamp marks into the page at known wall times;
// their TimeStamp events' ts in the trace give the offset (ClockOffset).

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"

	"browserctl/rpc"
)

// TraceCall calls one trace method of the extension for the trace's
// session (the caller adds sessionId) and answers its result.
type TraceCall func(method string, params map[string]any) (json.RawMessage, error)

// ScreenshotCategory is the category of DevTools' Screenshot events.
const ScreenshotCategory = "disabled-by-default-devtools.screenshot"

// TraceWrite is what WriteTrace wrote.
type TraceWrite struct {
	Bytes int64
	// Screenshots inserted; Dropped: frames outside the page's traced span.
	Screenshots, Dropped int
	// Native: the trace held Chrome's own Screenshot events (none inserted).
	Native bool
}

// WriteTrace reads the stopped trace's stream into path, chunk by chunk;
// with screenshots (st.Screenshots > 0) it then inserts them, reading them
// a chunk at a time, so that at most one chunk of frames is in memory.
// The file is built in a private temporary folder and then placed at path
// as safefile does (0600, never through a symlink, over an existing file
// only with overwrite).
func WriteTrace(path string, st rpc.TraceStopResult, call TraceCall, overwrite bool) (TraceWrite, error) {
	var w TraceWrite
	err := viaTemp(path, overwrite, func(tmp string) error {
		var err error
		w, err = writeTrace(tmp, st, call)
		return err
	})
	return w, err
}

func writeTrace(path string, st rpc.TraceStopResult, call TraceCall) (TraceWrite, error) {
	var w TraceWrite
	if st.Screenshots == 0 {
		n, err := streamTo(path, st.Stream, call)
		w.Bytes = n
		return w, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".trace-*.json")
	if err != nil {
		return w, err
	}
	tmpPath := tmp.Name()
	tmp.Close()
	defer os.Remove(tmpPath)
	if _, err := streamTo(tmpPath, st.Stream, call); err != nil {
		return w, err
	}
	src, err := os.Open(tmpPath)
	if err != nil {
		return w, err
	}
	defer src.Close()
	// A trace the frames cannot go into is still written, and the caller
	// is told why it has no screenshots.
	without := func(why error) (TraceWrite, error) {
		src.Close()
		if err := renameOver(tmpPath, path, &w); err != nil {
			return w, err
		}
		return w, fmt.Errorf("%s was written without its %d screenshots: %w", path, st.Screenshots, why)
	}
	scan, err := ScanTrace(src)
	if err != nil {
		return without(err)
	}
	if scan.Screenshots > 0 { // Chrome's own: keep those
		w.Native = true
		w.Screenshots = scan.Screenshots
		src.Close()
		return w, renameOver(tmpPath, path, &w)
	}
	offset, _, err := ClockOffset(st.Clock, scan.Marks)
	if err != nil {
		return without(err)
	}
	out, err := os.Create(path)
	if err != nil {
		return w, err
	}
	bw := bufio.NewWriterSize(out, 1<<20)
	cw := &countWriter{w: bw}
	fail := func(err error) (TraceWrite, error) {
		out.Close()
		return w, err
	}
	if _, err := src.Seek(0, io.SeekStart); err != nil {
		return fail(err)
	}
	if _, err := io.CopyN(cw, src, scan.InsertAt); err != nil {
		return fail(err)
	}
	sep := scan.Events > 0
	for from := 0; ; {
		raw, err := call(rpc.TraceShots, map[string]any{"from": from})
		if err != nil {
			return fail(err)
		}
		var res rpc.TraceShotsResult
		if err := json.Unmarshal(raw, &res); err != nil {
			return fail(fmt.Errorf("trace.screenshots: %w", err))
		}
		for _, f := range res.Frames {
			ts := f.WallMS*1000 + offset
			if ts < scan.MinTs || ts > scan.MaxTs {
				w.Dropped++
				continue
			}
			if sep {
				cw.WriteString(",")
			}
			sep = true
			writeScreenshot(cw, scan.Pid, scan.Tid, ts, f.Data)
			w.Screenshots++
		}
		if res.Done || res.Next <= from {
			break
		}
		from = res.Next
	}
	if _, err := io.Copy(cw, src); err != nil {
		return fail(err)
	}
	if err := bw.Flush(); err != nil {
		return fail(err)
	}
	if cw.err != nil {
		return fail(cw.err)
	}
	w.Bytes = cw.n
	return w, out.Close()
}

func writeScreenshot(w io.StringWriter, pid, tid int64, ts float64, data string) {
	w.WriteString(`{"cat":"` + ScreenshotCategory + `","name":"Screenshot","ph":"O","id":"0x1","pid":`)
	w.WriteString(strconv.FormatInt(pid, 10) + `,"tid":` + strconv.FormatInt(tid, 10))
	w.WriteString(`,"ts":` + strconv.FormatFloat(math.Round(ts), 'f', 0, 64) + `,"args":{"snapshot":`)
	b, _ := json.Marshal(data)
	w.WriteString(string(b) + "}}")
}

func renameOver(tmp, path string, w *TraceWrite) error {
	st, err := os.Stat(tmp)
	if err != nil {
		return err
	}
	w.Bytes = st.Size()
	return os.Rename(tmp, path)
}

type countWriter struct {
	w   *bufio.Writer
	n   int64
	err error
}

func (c *countWriter) Write(p []byte) (int, error) {
	k, err := c.w.Write(p)
	c.n += int64(k)
	if err != nil && c.err == nil {
		c.err = err
	}
	return k, err
}

func (c *countWriter) WriteString(s string) (int, error) {
	k, err := c.w.WriteString(s)
	c.n += int64(k)
	if err != nil && c.err == nil {
		c.err = err
	}
	return k, err
}

// streamTo writes the trace's stream (trace.read chunks) to path.
func streamTo(path, stream string, call TraceCall) (int64, error) {
	fh, err := os.Create(path)
	if err != nil {
		return 0, err
	}
	w := bufio.NewWriterSize(fh, 1<<20)
	var n int64
	for {
		raw, err := call(rpc.TraceRead, map[string]any{"stream": stream})
		if err != nil {
			fh.Close()
			return n, err
		}
		var res rpc.TraceReadResult
		if err := json.Unmarshal(raw, &res); err != nil {
			fh.Close()
			return n, fmt.Errorf("trace.read: %w", err)
		}
		k, err := w.WriteString(res.Data)
		n += int64(k)
		if err != nil {
			fh.Close()
			return n, err
		}
		if res.EOF {
			break
		}
	}
	if err := w.Flush(); err != nil {
		fh.Close()
		return n, err
	}
	return n, fh.Close()
}

// TraceScan is what the screenshots need from a trace's JSON.
type TraceScan struct {
	// InsertAt is the byte offset right after traceEvents' last event
	// (before its closing bracket); Events how many it holds.
	InsertAt int64
	Events   int
	// Marks: the ts of each TimeStamp event, by its message.
	Marks map[string]float64
	// Pid, Tid: the thread the screenshots go on: the browser's main thread
	// (where Chrome puts its own), else the marks' (the page's main thread).
	Pid, Tid int64
	// MinTs, MaxTs: the span of the page's own events (the marks' process),
	// else of every timed event.
	MinTs, MaxTs float64
	// Screenshots: Chrome's own Screenshot events.
	Screenshots int
}

type scanEvent struct {
	Name string          `json:"name"`
	Ph   string          `json:"ph"`
	Pid  int64           `json:"pid"`
	Tid  int64           `json:"tid"`
	Ts   float64         `json:"ts"`
	Args json.RawMessage `json:"args"`
}

// ScanTrace reads a trace's JSON ({"traceEvents": [...], ...}) once.
func ScanTrace(r io.Reader) (TraceScan, error) {
	s := TraceScan{Marks: map[string]float64{}, InsertAt: -1}
	dec := json.NewDecoder(bufio.NewReaderSize(r, 1<<20))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return s, errors.New(`the trace is not a JSON object ({"traceEvents": [...]})`)
	}
	type span struct{ min, max float64 }
	spans := map[int64]*span{}
	all := span{math.Inf(1), math.Inf(-1)}
	browser := struct{ pid, tid int64 }{-1, -1}
	markPid, markTid := int64(-1), int64(-1)
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return s, fmt.Errorf("the trace's JSON: %w", err)
		}
		if k != "traceEvents" {
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return s, fmt.Errorf("the trace's JSON: %w", err)
			}
			continue
		}
		if t, err := dec.Token(); err != nil || t != json.Delim('[') {
			return s, errors.New("the trace's traceEvents is not an array")
		}
		s.InsertAt = dec.InputOffset()
		for dec.More() {
			var e scanEvent
			if err := dec.Decode(&e); err != nil {
				return s, fmt.Errorf("the trace's event %d: %w", s.Events, err)
			}
			s.Events++
			s.InsertAt = dec.InputOffset()
			switch {
			case e.Ph == "M":
				if e.Name == "thread_name" {
					var a struct {
						Name string `json:"name"`
					}
					if json.Unmarshal(e.Args, &a) == nil && a.Name == "CrBrowserMain" {
						browser.pid, browser.tid = e.Pid, e.Tid
					}
				}
				continue
			case e.Name == "Screenshot":
				s.Screenshots++
			case e.Name == "TimeStamp":
				var a struct {
					Data struct {
						Message string `json:"message"`
					} `json:"data"`
				}
				if json.Unmarshal(e.Args, &a) == nil && a.Data.Message != "" {
					s.Marks[a.Data.Message] = e.Ts
					markPid, markTid = e.Pid, e.Tid
				}
			}
			if e.Ts <= 0 {
				continue
			}
			sp := spans[e.Pid]
			if sp == nil {
				sp = &span{math.Inf(1), math.Inf(-1)}
				spans[e.Pid] = sp
			}
			sp.min, sp.max = math.Min(sp.min, e.Ts), math.Max(sp.max, e.Ts)
			all.min, all.max = math.Min(all.min, e.Ts), math.Max(all.max, e.Ts)
		}
		if _, err := dec.Token(); err != nil {
			return s, fmt.Errorf("the trace's JSON: %w", err)
		}
	}
	if s.InsertAt < 0 {
		return s, errors.New("the trace has no traceEvents")
	}
	s.Pid, s.Tid = markPid, markTid
	if browser.pid >= 0 {
		s.Pid, s.Tid = browser.pid, browser.tid
	}
	s.MinTs, s.MaxTs = all.min, all.max
	if sp := spans[markPid]; markPid >= 0 && sp != nil {
		s.MinTs, s.MaxTs = sp.min, sp.max
	}
	return s, nil
}

// ClockOffset is the offset from wall time to the trace's clock, in µs
// (ts = wallMs*1000 + offset): the median, over the clock marks found in
// the trace, of each mark's ts minus its wall time. The median keeps one
// mark whose evaluation was delayed from moving the rest. It fails when
// the trace holds none of the marks (their category, devtools.timeline,
// was excluded, or the page never ran them).
func ClockOffset(marks []rpc.TraceClockMark, inTrace map[string]float64) (float64, int, error) {
	var d []float64
	for _, m := range marks {
		if ts, ok := inTrace[m.Label]; ok {
			d = append(d, ts-m.WallMS*1000)
		}
	}
	if len(d) == 0 {
		return 0, 0, fmt.Errorf("the trace holds none of the %d clock marks the page was given (console.timeStamp, category devtools.timeline), so the frames cannot be placed on its clock", len(marks))
	}
	sort.Float64s(d)
	m := d[len(d)/2]
	if len(d)%2 == 0 {
		m = (d[len(d)/2-1] + d[len(d)/2]) / 2
	}
	return m, len(d), nil
}
