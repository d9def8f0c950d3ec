package evidence

import (
	"strings"
	"testing"

	"browserctl/rpc"
)

func TestWriteVitals(t *testing.T) {
	fcp := 120.4
	full := rpc.VitalsResult{
		URL: "http://x.test/", TTFB: 35.6, FCP: &fcp,
		LCP: &rpc.LCP{MS: 480, Element: "img#hero", Size: 120000},
		CLS: rpc.CLS{Value: 0.08179, Shifts: []rpc.LayoutShift{{Value: 0.08179, AtMS: 1483.4, Elements: []string{"div#ad", "p"}}}},
		INP: &rpc.INP{MS: 112, Event: "click", Target: "button#go", Interactions: 2},
		Navigation: &rpc.NavTiming{Type: "navigate", DNS: 1, Connect: 2, Request: 10, Response: 3,
			DOMInteractive: 200, DOMContentLoaded: 210, Load: 300, TransferSize: 4096},
	}
	var b strings.Builder
	WriteVitals(&b, full)
	want := `url   http://x.test/
TTFB  36 ms
FCP   120 ms
LCP   480 ms  img#hero  120000 px²
CLS   0.0818
      0.0818 at 1483 ms  div#ad, p
INP   112 ms  click on button#go (2 interactions)
navigation (navigate): redirect 0 ms, dns 1 ms, connect 2 ms, tls 0 ms, request 10 ms, response 3 ms
            domInteractive 200 ms, domContentLoaded 210 ms, load 300 ms, 4096 bytes
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}

	b.Reset()
	WriteVitals(&b, rpc.VitalsResult{URL: "about:blank", LCP: &rpc.LCP{MS: 5}})
	for _, line := range []string{"FCP   none (nothing painted)", "LCP   5 ms  (element gone)  0 px²", "CLS   0.0000", "INP   none (no input kept)"} {
		if !strings.Contains(b.String(), line+"\n") {
			t.Errorf("no line %q in\n%s", line, b.String())
		}
	}
	if strings.Contains(b.String(), "navigation") {
		t.Errorf("a page without a navigation entry printed one:\n%s", b.String())
	}
}
