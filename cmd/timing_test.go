package cmd

import (
	"bytes"
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
	var b bytes.Buffer
	writeTiming(&b, "click e3", 30*time.Millisecond, []*callTrace{full, noBreakdown, oldHub}, false)
	out := b.String()
	for _, want := range []string{
		"timing: 30.0 ms in all: click e3\n",
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
		"  rest            4.0 ms", // 30 - 20 - 3 - 1 - 2
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
}

func TestVerboseRequested(t *testing.T) {
	env := map[string]string{}
	f := &Factory{Getenv: func(k string) string { return env[k] }}
	for _, c := range []struct {
		args []string
		want bool
	}{
		{[]string{"get", "title"}, false},
		{[]string{"-v", "get", "title"}, true},
		{[]string{"get", "title", "--verbose"}, true},
		{[]string{"--verbose=false", "get", "title"}, true}, // traced; the parsed flag decides the report
		{[]string{"eval", "--", "-v"}, false},
	} {
		if got := verboseRequested(f, c.args); got != c.want {
			t.Errorf("%q: %v, want %v", c.args, got, c.want)
		}
	}
	env["BROWSERCTL_TIMING"] = "1"
	if !verboseRequested(f, []string{"get", "title"}) {
		t.Error("BROWSERCTL_TIMING=1 is not seen")
	}
	f.Defaults = &Globals{} // a REPL line: the REPL's own flags decide, not the environment
	if verboseRequested(f, []string{"get", "title"}) {
		t.Error("a line of a REPL without -v is traced")
	}
}
