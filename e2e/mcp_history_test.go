package e2e

import (
	"strings"
	"testing"
)

// browser_navigate_back, browser_navigate_forward and browser_reload move
// the tab through its history and reload it, as the page itself reports:
// its URL, and a count of its loads kept in sessionStorage.
func TestMCPHistoryTools(t *testing.T) {
	tag := tagFor(t)
	a := startMCP(t)
	page := `<title>P</title><script>sessionStorage.loads = (+sessionStorage.loads || 0) + 1</script>`
	first := pageURL("/inline", tag+"-a", "html", page)
	second := pageURL("/inline", tag+"-b", "html", page)
	a.call("browser_navigate", map[string]any{"url": first})
	a.call("browser_navigate", map[string]any{"url": second})
	where := func() string {
		return a.call("browser_evaluate", map[string]any{"function": "() => location.href + ' loads=' + sessionStorage.loads"})
	}
	a.call("browser_navigate_back", nil)
	if w := where(); !strings.Contains(w, tag+"-a") {
		t.Errorf("after back the page is %s, want the first page", w)
	}
	a.call("browser_navigate_forward", nil)
	if w := where(); !strings.Contains(w, tag+"-b") {
		t.Errorf("after forward the page is %s, want the second page", w)
	}
	before := where()
	a.call("browser_reload", nil)
	after := where()
	if !strings.Contains(after, tag+"-b") || before == after {
		t.Errorf("reload: before %q, after %q: want the second page loaded once more", before, after)
	}
}
