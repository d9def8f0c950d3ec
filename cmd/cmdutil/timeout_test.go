package cmdutil

import (
	"encoding/json"
	"testing"
	"time"

	"browserctl/rpc"
)

// TestTimeoutMSReachesDownloadsTargetWait: download's own "timeout" is its
// wait for the file (--wait-for); --timeout must still reach the click's wait
// for the target as timeoutMs, or `download "#never-there" --timeout 3s`
// waits the extension's default 30 s.
func TestTimeoutMSReachesDownloadsTargetWait(t *testing.T) {
	got := withTimeoutMS(rpc.PageDownload, rpc.DownloadParams{Selector: "#never-there", Timeout: 30000}, 3*time.Second)
	raw, ok := got.(json.RawMessage)
	if !ok {
		t.Fatalf("download's params were not rewritten: %#v", got)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	if m["timeoutMs"] != float64(3000) || m["timeout"] != float64(30000) {
		t.Errorf("download params %s: want timeoutMs 3000 and timeout 30000 kept", raw)
	}
	// pages.wait's timeout is its own bound and stays the only one.
	w := withTimeoutMS(rpc.PageWait, json.RawMessage(`{"state":"load","timeout":5000}`), 3*time.Second)
	if string(w.(json.RawMessage)) != `{"state":"load","timeout":5000}` {
		t.Errorf("pages.wait params became %s", w)
	}
}
