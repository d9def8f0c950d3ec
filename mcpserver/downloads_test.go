package mcpserver

import "testing"

// browser_download without ref or selector lists the session's downloads
// (downloads.list), clicking nothing.
func TestDownloadToolListsDownloads(t *testing.T) {
	fe, _, cs := setup(t, Options{}, "agent")
	fe.setRule("downloads.list", answer{result: map[string]any{"downloads": []any{
		map[string]any{"suggestedFilename": "report.pdf", "state": "complete", "bytes": 10, "totalBytes": 10, "path": "/tmp/d/report.pdf"},
		map[string]any{"suggestedFilename": "big.zip", "state": "interrupted", "bytes": 5, "totalBytes": 99, "path": "", "error": "NETWORK_FAILED"},
	}}})
	res := callTool(t, cs[0], "browser_download", nil)
	want := "### Downloads\n- report.pdf: complete, 10 of 10 bytes, /tmp/d/report.pdf\n- big.zip: interrupted, 5 of 99 bytes (NETWORK_FAILED)"
	if txt := textOf(res); res.IsError || txt != want {
		t.Errorf("answer\n%q\nwant\n%q", txt, want)
	}
	for _, r := range fe.requests() {
		if r.Method == "pages.download" {
			t.Errorf("listing clicked: %v", r)
		}
	}
	reqs := fe.requests()
	if last := reqs[len(reqs)-1]; last.Method != "downloads.list" || last.Params["sessionId"] != "s1" {
		t.Errorf("sent %s %v", last.Method, last.Params)
	}
}
