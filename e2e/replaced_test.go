package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// pinnedExtensionID is the id the manifest's "key" gives the extension.
const pinnedExtensionID = "ahkecfcpbpikcjmdgcmaafdmkdaocaeb"

type connectedBrowser struct {
	Connected bool `json:"connected"`
	Browser   *struct {
		ID          string `json:"id"`
		UserAgent   string `json:"userAgent"`
		ExtensionID string `json:"extensionId"`
		Remote      string `json:"remote"`
	} `json:"browser"`
}

// One connection per browser, with the real extension: status names the
// browser; another connection with this browser's id (a copied profile)
// replaces it (last-wins per browser) and it stays off instead of taking
// its slot back within its 1 s backoff; the popup says so, and its
// Reconnect takes the hub back at once. The extension's service worker can
// ask the hub's GET /status (what it polls while replaced).
func TestReplacedExtensionStaysOff(t *testing.T) {
	var st connectedBrowser
	mustJSON(t, &st, "status")
	if !st.Connected || st.Browser == nil || !strings.Contains(st.Browser.UserAgent, "Chrome/") || st.Browser.ExtensionID != pinnedExtensionID {
		t.Fatalf("status names %+v, want Chromium's User-Agent and extension %s", st.Browser, pinnedExtensionID)
	}

	// the extension's own key: the one secret that takes the browser slot
	tokenBytes, err := os.ReadFile(filepath.Join(h.home, "extension-key"))
	if err != nil {
		t.Fatal(err)
	}
	token := strings.TrimSpace(string(tokenBytes))

	// The service worker reaches GET /status with its key.
	workers := extensionWorkers(t)
	if len(workers) != 1 {
		t.Fatalf("want one service worker of the extension, found %+v", workers)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	res, err := h.cdp.call(ctx, "", "Target.attachToTarget", map[string]any{"targetId": workers[0].TargetID, "flatten": true})
	cancel()
	if err != nil {
		t.Fatalf("CDP attach to the service worker: %v", err)
	}
	var att struct {
		SessionID string `json:"sessionId"`
	}
	_ = json.Unmarshal(res, &att)
	worker := &page{t: t, c: h.cdp, session: att.SessionID, target: workers[0].TargetID}
	if !worker.evalBool(`fetch("http://` + h.addr + `/status", {headers: {Authorization: "Bearer ` + token + `"}}).then(r => r.json()).then(j => j.connected === true)`) {
		t.Fatal("the service worker's GET /status did not answer connected")
	}
	_, _ = h.cdp.call(context.Background(), "", "Target.detachFromTarget", map[string]any{"sessionId": att.SessionID})

	// Another connection with our browser's id connects and replaces ours.
	d := websocket.Dialer{HandshakeTimeout: 5 * time.Second}
	other, _, err := d.Dial("ws://"+h.addr+"/ws/browser", http.Header{"User-Agent": {"other-browser/1"}})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	// Whatever happens below, leave the extension connected for the tests
	// that follow: a replaced extension stays off until asked.
	t.Cleanup(func() { reconnectFromPopup(t) })
	if err := other.WriteJSON(map[string]any{"type": "auth", "token": token, "browser": map[string]string{"id": st.Browser.ID}}); err != nil {
		t.Fatal(err)
	}
	_ = other.SetReadDeadline(time.Now().Add(10 * time.Second))
	if _, data, err := other.ReadMessage(); err != nil || !strings.Contains(string(data), "auth_ok") {
		t.Fatalf("the other browser's auth: %q %v", data, err)
	}
	// Before this fix the replaced extension was back within 1 s and the
	// two took turns; 6 s covers its first backoffs twice over.
	for end := time.Now().Add(6 * time.Second); time.Now().Before(end); time.Sleep(500 * time.Millisecond) {
		mustJSON(t, &st, "status")
		if st.Browser == nil || st.Browser.UserAgent != "other-browser/1" {
			t.Fatalf("the replaced extension took the hub back by itself: status names %+v", st.Browser)
		}
	}

	// The popup says it was replaced; its Reconnect takes the hub back.
	ctx, cancel = context.WithTimeout(context.Background(), 10*time.Second)
	res, err = h.cdp.call(ctx, "", "Target.createTarget", map[string]any{"url": "chrome-extension://" + pinnedExtensionID + "/popup.html"})
	cancel()
	if err != nil {
		t.Fatalf("opening the popup: %v", err)
	}
	var created struct {
		TargetID string `json:"targetId"`
	}
	_ = json.Unmarshal(res, &created)
	defer h.cdp.call(context.Background(), "", "Target.closeTarget", map[string]any{"targetId": created.TargetID})
	popup := h.cdp.page(t, pinnedExtensionID+"/popup.html")
	popup.waitTrue(`document.getElementById("state")?.textContent.toLowerCase().includes("replaced") === true`, "the popup saying the extension was replaced")
	popup.eval(`document.getElementById("reconnect").click()`, nil)

	_ = other.SetReadDeadline(time.Now().Add(10 * time.Second))
	for {
		_, _, err := other.ReadMessage()
		var ce *websocket.CloseError
		if errors.As(err, &ce) {
			if ce.Code != websocket.CloseNormalClosure || !strings.HasPrefix(ce.Text, "replaced") {
				t.Fatalf("the other browser was closed with %d %q, want 1000 replaced...", ce.Code, ce.Text)
			}
			break
		}
		if err != nil {
			t.Fatalf("the other browser was not replaced after Reconnect: %v", err)
		}
	}
	if _, errOut, code := runWithin(t, 20*time.Second, "status", "--wait", "10s"); code != 0 {
		t.Fatalf("no extension after Reconnect: %s", errOut)
	}
	mustJSON(t, &st, "status")
	if st.Browser == nil || st.Browser.ExtensionID != pinnedExtensionID {
		t.Fatalf("after Reconnect status names %+v, want the extension", st.Browser)
	}
	popup.waitTrue(`document.getElementById("state")?.textContent.toLowerCase().startsWith("connected") === true`, "the popup saying connected")
}

// reconnectFromPopup makes the extension connect now if it is not connected,
// through its popup's Reconnect, and waits for it.
func reconnectFromPopup(t *testing.T) {
	var st connectedBrowser
	if _, _, code := runWithin(t, 10*time.Second, "status"); code == 0 {
		mustJSON(t, &st, "status")
		if st.Browser != nil && st.Browser.ExtensionID == pinnedExtensionID {
			return
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := h.cdp.call(ctx, "", "Target.createTarget", map[string]any{"url": "chrome-extension://" + pinnedExtensionID + "/popup.html"})
	if err != nil {
		t.Errorf("cleanup: opening the popup: %v", err)
		return
	}
	var created struct {
		TargetID string `json:"targetId"`
	}
	_ = json.Unmarshal(res, &created)
	defer h.cdp.call(context.Background(), "", "Target.closeTarget", map[string]any{"targetId": created.TargetID})
	popup := h.cdp.page(t, pinnedExtensionID+"/popup.html")
	popup.eval(`document.getElementById("reconnect").click()`, nil)
	if _, errOut, code := runWithin(t, 20*time.Second, "status", "--wait", "10s"); code != 0 {
		t.Errorf("cleanup: no extension after Reconnect: %s", errOut)
	}
}
