package e2e

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A timeout the extension reports is retryable like the hub's own: on a
// page whose load never ends (an image from a server that never answers),
// `wait --load load --timeout 1s` exits 4 with the timeout's hint, and
// --json says retryable.
func TestExtensionTimeoutExits4(t *testing.T) {
	release := make(chan struct{})
	never := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer never.Close()
	defer close(release) // before Close, which waits for the handler

	tag := tagFor(t)
	html := `<title>loading forever</title><img src="` + never.URL + `/never.png">` +
		`<script>report("ready")</script>`
	s := newSession(t, pageURL("/inline", tag, "html", html))
	h.rec.waitFor(t, tag, "the page's script", func(e event) bool { return e.Type == "ready" })
	p := h.cdp.page(t, tag)
	if st := p.evalString(`document.readyState`); st == "complete" {
		t.Fatalf("the page loaded (%s): the image did not hold the load event", st)
	}

	out, errOut, code := run(t, in(s, "wait", "--load", "load", "--timeout", "1s")...)
	if code != 4 {
		t.Errorf("wait --load load on a page that never loads: exit %d, want 4 (a timeout is retryable)", code)
	}
	if out != "" {
		t.Errorf("stdout %q, want nothing", out)
	}
	var e struct {
		Error struct {
			Code      int    `json:"code"`
			Name      string `json:"name"`
			Message   string `json:"message"`
			Retryable bool   `json:"retryable"`
			Hint      string `json:"hint"`
		} `json:"error"`
	}
	if err := json.Unmarshal([]byte(errOut), &e); err != nil {
		t.Fatalf("--json stderr is not one JSON error object: %v\n%s", err, errOut)
	}
	if e.Error.Code != 4102 || e.Error.Name != "operation_failed" || !e.Error.Retryable ||
		!strings.Contains(e.Error.Message, "timed out") || !strings.HasPrefix(e.Error.Hint, "timed out") {
		t.Errorf("error %+v, want a retryable 4102 timeout, with a timeout's hint", e.Error)
	}
}
