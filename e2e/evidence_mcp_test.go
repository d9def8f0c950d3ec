package e2e

import (
	"bytes"
	"encoding/json"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// An agent over MCP: an annotated JPEG screenshot lists the refs it drew,
// a trace goes into a file with the page's events, vitals name the LCP
// element; a quality outside 0-100 is refused.
func TestMCPEvidence(t *testing.T) {
	outDir := t.TempDir()
	a := startMCP(t, "--output-dir", outDir)
	tag := tagFor(t)
	a.call("browser_navigate", map[string]any{"url": pageURL("/evidence/vitals.html", tag)})
	h.rec.waitFor(t, tag, "the layout shift", func(e event) bool { return e.Type == "shifted" })

	// the vitals agree with the page's own layout-shift entries
	txt := a.call("browser_vitals", map[string]any{})
	var v struct {
		CLS struct{ Value float64 }  `json:"cls"`
		LCP struct{ Element string } `json:"lcp"`
	}
	if err := json.Unmarshal([]byte(strings.TrimPrefix(txt, "### Web Vitals\n")), &v); err != nil {
		t.Fatalf("browser_vitals: %v\n%s", err, txt)
	}
	var pageCLS float64
	h.cdp.page(t, tag).eval(`new Promise((r) => { const po = new PerformanceObserver(() => {}); po.observe({type: "layout-shift", buffered: true}); r(po.takeRecords().reduce((s, e) => s + (e.hadRecentInput ? 0 : e.value), 0)); })`, &pageCLS)
	if !strings.Contains(v.LCP.Element, "img#hero") || v.CLS.Value < pageCLS-0.001 || v.CLS.Value > pageCLS+0.001 {
		t.Errorf("vitals LCP %q, CLS %v; the page's layout shifts sum to %v", v.LCP.Element, v.CLS.Value, pageCLS)
	}

	// the Slow button is below the fold: shoot the whole page
	res := a.callResult("browser_take_screenshot", map[string]any{"format": "jpeg", "quality": 70, "annotate": true, "fullPage": true})
	if res.IsError {
		t.Fatalf("annotated screenshot: %s", contentText(res))
	}
	var img *mcp.ImageContent
	for _, c := range res.Content {
		if ic, ok := c.(*mcp.ImageContent); ok {
			img = ic
		}
	}
	if img == nil || img.MIMEType != "image/jpeg" || !bytes.HasPrefix(img.Data, []byte{0xff, 0xd8, 0xff}) {
		t.Fatalf("the screenshot is not a JPEG image block: %+v", img)
	}
	if _, format, err := image.DecodeConfig(bytes.NewReader(img.Data)); err != nil || format != "jpeg" {
		t.Errorf("the JPEG does not decode: %v", err)
	}
	if txt := contentText(res); !strings.Contains(txt, `button "Slow"`) {
		t.Errorf("the annotated screenshot's text does not list the Slow button's ref:\n%s", txt)
	}
	bad := a.callResult("browser_take_screenshot", map[string]any{"format": "jpeg", "quality": 200})
	if !bad.IsError || !strings.Contains(contentText(bad), "0-100") {
		t.Errorf("quality 200: %s", contentText(bad))
	}

	file := filepath.Join(outDir, "trace.json") // only the output folder takes files
	a.call("browser_start_trace", map[string]any{})
	a.call("browser_navigate", map[string]any{"url": pageURL("/evidence/anim.html", tag+"-traced")})
	a.call("browser_stop_trace", map[string]any{"path": file})
	var tr struct {
		TraceEvents []struct {
			Name string         `json:"name"`
			Args map[string]any `json:"args"`
		} `json:"traceEvents"`
	}
	b, err := os.ReadFile(file)
	if err != nil || json.Unmarshal(b, &tr) != nil || len(tr.TraceEvents) == 0 {
		t.Fatalf("the trace file: %v, %d bytes", err, len(b))
	}
	if !bytes.Contains(b, []byte(tag+"-traced")) {
		t.Error("the trace does not hold the navigation to the traced page (its URL)")
	}
}
