package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The extension refuses javascript: and (without allowFile) file: URLs
// where the call lands: `browserctl call` skips the CLI's own check, and
// the page is left as it was. With allowFile a file: page loads.
func TestNavigationRefusesScriptAndFileURLs(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/inline", tag, "html", "<title>kept</title><p>x</p>"))
	waitLoad(t, s)
	p := h.cdp.page(t, tag)
	for _, u := range []string{"javascript:document.title='pwned'", " JavaScript:document.title='pwned'", "java\tscript:document.title='pwned'"} {
		msg := callFail(t, -32602, "pages.navigate", map[string]any{"sessionId": s.SessionID, "url": u})
		if !strings.Contains(msg, "javascript: URL") {
			t.Errorf("pages.navigate %q refused with %q, want it to say why", u, msg)
		}
		callFail(t, -32602, "tabs.open", map[string]any{"sessionId": s.SessionID, "url": u})
	}
	callFail(t, -32602, "sessions.create", map[string]any{"url": "javascript:document.title='pwned'"})
	if got := p.evalString(`document.title`); got != "kept" {
		t.Errorf("after the refused javascript: URLs the title is %q, want kept", got)
	}

	page := filepath.Join(t.TempDir(), "local.html")
	if err := os.WriteFile(page, []byte("<title>local file</title>"), 0o600); err != nil {
		t.Fatal(err)
	}
	fileURL := "file://" + page
	msg := callFail(t, -32602, "pages.navigate", map[string]any{"sessionId": s.SessionID, "url": fileURL})
	if !strings.Contains(msg, "allowFile") {
		t.Errorf("a file: navigation without allowFile refused with %q, want it to name allowFile", msg)
	}
	callFail(t, -32602, "tabs.open", map[string]any{"sessionId": s.SessionID, "url": fileURL})
	if got := p.evalString(`document.title`); got != "kept" {
		t.Errorf("after the refused file: URL the title is %q, want kept", got)
	}
	// the CLI says so before sending, and --allow-file loads it
	for _, u := range []string{"javascript:alert(1)", fileURL} {
		if _, errOut, code := run(t, in(s, "open", u)...); code != 2 {
			t.Errorf("open %s: exit %d, want 2 (usage); stderr %s", u, code, errOut)
		}
	}
	var nav struct{ URL, Title string }
	mustJSON(t, &nav, in(s, "open", "--allow-file", fileURL)...)
	if nav.Title != "local file" {
		t.Errorf("open --allow-file %s: title %q, want the file's", fileURL, nav.Title)
	}
}
