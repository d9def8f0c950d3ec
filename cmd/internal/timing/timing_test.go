package timing

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"browserctl/rpc"
)

func TestWriteTiming(t *testing.T) {
	us := func(d time.Duration) rpc.Micros { return rpc.MicrosOf(d) }
	full := &callTrace{
		trace: &rpc.Trace{Method: "pages.click", CallID: 4, Total: us(20 * time.Millisecond), Hub: us(18 * time.Millisecond),
			Lock: us(5 * time.Millisecond), Extension: us(12 * time.Millisecond)},
		start: 2 * time.Millisecond,
		ext: &rpc.CallTimingResult{CallID: 4, Method: "pages.click", HandlerMs: 10,
			CDP: []rpc.CDPTiming{{Method: "Runtime.callFunctionOn", Count: 2, Ms: 6}, {Method: "Input.dispatchMouseEvent", Count: 3, Ms: 3}}},
	}
	noBreakdown := &callTrace{
		trace:  &rpc.Trace{Method: "pages.get", CallID: 5, Total: us(3 * time.Millisecond), Hub: us(2 * time.Millisecond), Extension: us(2 * time.Millisecond)},
		extErr: errors.New("error -32601 method_not_found: unknown method extension.callTiming"),
	}
	oldHub := &callTrace{trace: &rpc.Trace{Method: "pages.get", Total: us(time.Millisecond)}}
	// Mouse events sent without waiting for each: their sum (12) exceeds
	// the time one was in flight (7).
	overlapped := &callTrace{
		trace: &rpc.Trace{Method: "pages.click", CallID: 6, Total: us(12 * time.Millisecond), Hub: us(11 * time.Millisecond), Extension: us(11 * time.Millisecond)},
		ext: &rpc.CallTimingResult{CallID: 6, Method: "pages.click", HandlerMs: 9, CDPWallMs: 7,
			CDP: []rpc.CDPTiming{{Method: "Runtime.callFunctionOn", Count: 2, Ms: 3}, {Method: "Input.dispatchMouseEvent", Count: 3, Ms: 9}}},
	}
	// A navigation: its command, then the wait for the page's load.
	navigation := &callTrace{
		trace: &rpc.Trace{Method: "pages.navigate", CallID: 8, Total: us(60 * time.Millisecond), Hub: us(59 * time.Millisecond), Extension: us(58 * time.Millisecond)},
		ext: &rpc.CallTimingResult{CallID: 8, Method: "pages.navigate", HandlerMs: 56,
			CDP:   []rpc.CDPTiming{{Method: "Page.navigate", Count: 1, Ms: 15}, {Method: "Page.getNavigationHistory", Count: 1, Ms: 3}},
			Waits: []rpc.WaitTiming{{For: "load", Count: 1, Ms: 35}}},
	}
	var b bytes.Buffer
	writeTiming(&b, "click e3", 110*time.Millisecond, []*callTrace{full, noBreakdown, oldHub, overlapped, navigation}, false)
	out := b.String()
	for _, want := range []string{
		"timing: 110.0 ms in all: click e3\n",
		"  start           2.0 ms",
		"  call           20.0 ms  pages.click\n",
		"    client        2.0 ms",
		"    hub           1.0 ms  the hub's own work\n", // 18 - 12 - 5
		"    lock          5.0 ms",
		"    wire          2.0 ms", // 12 - 10
		"    extension     1.0 ms", // 10 - 6 - 3
		"    cdp           9.0 ms  Runtime.callFunctionOn x2 6.0 ms, Input.dispatchMouseEvent x3 3.0 ms",
		"no breakdown: error -32601",
		"    hub                ?  the hub sent no timing",
		"    extension     2.0 ms  the extension's own work and waits (an event)\n", // 9 - 7
		"    cdp           7.0 ms  Runtime.callFunctionOn x2 3.0 ms, Input.dispatchMouseEvent x3 9.0 ms (some in parallel: 12.0 ms of them summed;",
		"    extension     3.0 ms  the extension's own work and waits (an event)\n", // 56 - 18 - 35
		"    page         35.0 ms  waiting for the page's load x1 35.0 ms\n",
		"  rest           12.0 ms", // 110 - 2 (start) - 20 - 3 - 1 - 12 - 60
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
}

// fakeExt answers extension.callTiming for call 7 and nothing else.
type fakeExt struct{ asked []string }

func (f *fakeExt) Call(_ context.Context, method string, params any, _ time.Duration) (json.RawMessage, error) {
	f.asked = append(f.asked, method)
	return json.RawMessage(`{"callId":7,"method":"pages.click","handlerMs":4,"cdp":[{"method":"Input.dispatchMouseEvent","count":2,"ms":3}]}`), nil
}

// A call made through a traced context is reported with the extension's
// side of it, which the report asks for by the call's id.
func TestTraceAndReport(t *testing.T) {
	ctx, r := Trace(context.Background(), time.Now())
	tracer := rpc.TracerFrom(ctx)
	if tracer == nil {
		t.Fatal("the traced context carries no tracer")
	}
	us := func(d time.Duration) rpc.Micros { return rpc.MicrosOf(d) }
	tracer(&rpc.Trace{Method: "pages.click", CallID: 7, Total: us(9 * time.Millisecond), Hub: us(8 * time.Millisecond), Extension: us(6 * time.Millisecond)})
	if r.Calls() != 1 {
		t.Fatalf("%d calls traced, want 1", r.Calls())
	}
	ext := &fakeExt{}
	var b bytes.Buffer
	r.Report(ext, &b, "click e3", true)
	if len(ext.asked) != 1 || ext.asked[0] != rpc.ExtensionCallTiming {
		t.Errorf("asked the extension %v", ext.asked)
	}
	out := b.String()
	for _, want := range []string{"in all: click e3\n", "  call            9.0 ms  pages.click", "    cdp           3.0 ms  Input.dispatchMouseEvent x2 3.0 ms"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "  start") {
		t.Errorf("a line's report has a start row:\n%s", out)
	}
}
