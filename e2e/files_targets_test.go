package e2e

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// download and upload take every target kind the element commands take: a
// ref, a CSS selector, a role target, text= (a label's text stands for its
// input); a selector that matches nothing is a
// plain failure (exit 1), not a retryable stale ref.
func TestFilesTakeEveryTargetKind(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/files.html", tag))
	waitLoad(t, s)
	want := attachmentBytes(tag)
	for i, target := range []string{"#dl", `role=link[name="Get report"]`, takeSnapshot(t, s, "-i").ref(t, "link", "Get report")} {
		out := filepath.Join(t.TempDir(), "report.bin")
		stdout, stderr, code := run(t, in(s, "--json=false", "download", target, "-o", out)...)
		if code != 0 || strings.TrimSpace(stdout) != out {
			t.Errorf("download %s: exit %d, stdout %q, stderr %q", target, code, stdout, stderr)
			continue
		}
		if got, err := os.ReadFile(out); err != nil || !bytes.Equal(got, want) {
			t.Errorf("download %s (#%d) wrote %d bytes (err %v); want the served %d", target, i, len(got), err, len(want))
		}
	}
	// --timeout bounds the wait for a target that never comes (3 s, not the 30 s default).
	if errOut := mustFail(t, 1, 4110, in(s, "--timeout", "3s", "download", "#nothing-here", "--wait-for", "2s")...); !strings.Contains(errOut, "#nothing-here") {
		t.Errorf("a selector that matches nothing: %s does not name it", errOut)
	}

	content := "by role " + tag
	file := writeTemp(t, "role-"+tag+".txt", content)
	mustRun(t, in(s, "upload", `role=button[name="Document"]`, file)...)
	got := h.rec.waitFor(t, tag, "the page reading the file", func(e event) bool { return e.Type == "file" && e.str("input") == "doc" })
	if got.str("content") != content {
		t.Errorf("upload by role target: the page read %q, want %q", got.str("content"), content)
	}

	// text= finds the label, which stands for its input as a click on it would.
	content = "by label text " + tag
	file = writeTemp(t, "text-"+tag+".txt", content)
	mustRun(t, in(s, "upload", "text=Document", file)...)
	h.rec.waitFor(t, tag, "the page reading the file uploaded by text=", func(e event) bool {
		return e.Type == "file" && e.str("input") == "doc" && e.str("content") == content
	})
}
