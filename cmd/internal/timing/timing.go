// Package timing is where a command's time went (`browserctl -v`,
// BROWSERCTL_TIMING=1): a Recorder collects the trace of each call the
// command made (the hub's own work, its wait for the session's lock, the
// extension's round trip), asks the extension for its side of each
// (extension.callTiming: its handler and each CDP method), and writes the
// breakdown; what is left of the extension's round trip is the WebSocket
// both ways. Nothing is measured, and nothing extra is sent, without -v.
package timing

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"browserctl/rpc"
)

// callTrace is one call of the command, with the extension's side of it.
type callTrace struct {
	trace  *rpc.Trace
	start  time.Duration // since the process began
	ext    *rpc.CallTimingResult
	extErr error
}

// Recorder collects the traces of one command line's calls.
type Recorder struct {
	begun time.Time
	mu    sync.Mutex
	calls []*callTrace
}

func (r *Recorder) add(t *rpc.Trace) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, &callTrace{trace: t, start: time.Since(r.begun) - t.Total.Duration()})
}

// Trace is ctx with a new Recorder of its calls, timed from begun.
func Trace(ctx context.Context, begun time.Time) (context.Context, *Recorder) {
	r := &Recorder{begun: begun}
	return rpc.WithTracer(ctx, r.add), r
}

// Calls is how many calls were traced.
func (r *Recorder) Calls() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.calls)
}

// Report asks the extension, through c, for its side of each call (when c
// is not nil) and writes the breakdown of line to w. inLine: a REPL or
// batch line, whose time runs from the line's start, not the process's.
func (r *Recorder) Report(c rpc.Caller, w io.Writer, line string, inLine bool) {
	total := time.Since(r.begun)
	r.mu.Lock()
	calls := append([]*callTrace(nil), r.calls...)
	r.mu.Unlock()
	if c != nil {
		for _, ct := range calls {
			if ct.trace.CallID == 0 {
				continue
			}
			// Not the command's context: its tracer would trace these calls too.
			cctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			raw, err := c.Call(cctx, rpc.ExtensionCallTiming, rpc.CallTimingParams{CallID: ct.trace.CallID}, 2*time.Second)
			cancel()
			if err == nil {
				var t rpc.CallTimingResult
				if err = json.Unmarshal(raw, &t); err == nil {
					ct.ext = &t
				}
			}
			ct.extErr = err
		}
	}
	writeTiming(w, line, total, calls, inLine)
}

func durationMs(d time.Duration) string {
	return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000)
}

func floatMs(v float64) string { return fmt.Sprintf("%.1f ms", v) }

// writeTiming prints the breakdown: the start, then each call split by hop,
// then what the calls leave of the total.
func writeTiming(w io.Writer, line string, total time.Duration, calls []*callTrace, inLine bool) {
	fmt.Fprintf(w, "timing: %s in all: %s\n", durationMs(total), line)
	row := func(indent int, name, took, what string) {
		fmt.Fprintf(w, "%s%-*s %9s  %s\n", strings.Repeat("  ", indent), 14-2*indent, name, took, what)
	}
	var inCalls time.Duration
	if len(calls) > 0 && !inLine {
		row(1, "start", durationMs(calls[0].start), "the runtime's start to the first call: package init, flags, finding the hub")
	}
	for _, c := range calls {
		t := c.trace
		inCalls += t.Total.Duration()
		row(1, "call", durationMs(t.Total.Duration()), t.Method)
		if client := t.Total - t.Hub; t.Hub > 0 && client > 0 {
			row(2, "client", durationMs(client.Duration()), "this process <-> the hub: HTTP both ways")
		}
		if t.Hub == 0 {
			row(2, "hub", "?", "the hub sent no timing (an older browserctl serve?)")
			continue
		}
		row(2, "hub", durationMs((t.Hub - t.Extension - t.Lock).Duration()), "the hub's own work")
		if t.Lock >= 100 {
			row(2, "lock", durationMs(t.Lock.Duration()), "waiting for the session's lock (another caller's call)")
		}
		if t.CallID == 0 {
			continue // it never reached the extension
		}
		ext := t.Extension.Duration()
		if c.ext == nil {
			row(2, "extension", durationMs(ext), fmt.Sprintf("the WebSocket both ways and the extension (no breakdown: %v)", c.extErr))
			continue
		}
		handler := time.Duration(c.ext.HandlerMs * float64(time.Millisecond))
		var cdp float64
		var parts []string
		for _, m := range c.ext.CDP {
			cdp += m.Ms
			parts = append(parts, fmt.Sprintf("%s x%d %s", m.Method, m.Count, floatMs(m.Ms)))
		}
		row(2, "wire", durationMs(max(ext-handler, 0)), "the hub <-> the extension: WebSocket both ways, the service worker's queue")
		// Commands sent without waiting for each other overlap: the time
		// with one in flight is the CDP share (an older extension sends
		// only the sums).
		inCDP := cdp
		overlapped := c.ext.CDPWallMs > 0 && c.ext.CDPWallMs < cdp-0.05
		if c.ext.CDPWallMs > 0 {
			inCDP = c.ext.CDPWallMs
		}
		var waited float64
		var waits []string
		for _, w := range c.ext.Waits {
			waited += w.Ms
			waits = append(waits, fmt.Sprintf("%s x%d %s", w.For, w.Count, floatMs(w.Ms)))
		}
		own := max(c.ext.HandlerMs-inCDP-waited, 0)
		row(2, "extension", floatMs(own), "the extension's own work and waits (an event)")
		if len(parts) > 0 {
			note := " (Runtime.* include the page's own work)"
			if overlapped {
				note = fmt.Sprintf(" (some in parallel: %s of them summed; Runtime.* include the page's own work)", floatMs(cdp))
			} else if cdp > c.ext.HandlerMs {
				note = " (some sent in parallel: their sum exceeds the call; Runtime.* include the page's own work)"
			}
			row(2, "cdp", floatMs(inCDP), strings.Join(parts, ", ")+note)
		}
		if len(waits) > 0 {
			row(2, "page", floatMs(waited), "waiting for the page's "+strings.Join(waits, ", "))
		}
	}
	if rest := total - inCalls; len(calls) > 0 {
		if !inLine {
			rest -= calls[0].start
		}
		row(1, "rest", durationMs(rest), "between and after the calls: decoding, printing")
	}
}
