package e2e

// A download into a folder never replaces a file there: the second one of
// the same name is kept as "name (1).ext", as Chrome names its own.

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestDownloadTwiceIntoAFolderKeepsBoth(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/files.html", tag))
	waitLoad(t, s)
	link := takeSnapshot(t, s, "-i").ref(t, "link", "Get report")
	served := attachmentBytes(tag)
	first := "report-" + tag + ".bin"
	second := "report-" + tag + " (1).bin"

	for _, c := range []struct {
		name string
		args func(dir string) []string
	}{
		{"download -o DIR", func(dir string) []string { return []string{"--json=false", "download", link, "-o", dir} }},
		{"click --download-dir DIR", func(dir string) []string { return []string{"--json=false", "--download-dir", dir, "click", link} }},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			var outs []string
			for range 2 {
				out := mustRun(t, in(s, c.args(dir)...)...)
				outs = append(outs, out)
			}
			entries, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			want := []string{first, second}
			slices.Sort(names)
			slices.Sort(want)
			if !slices.Equal(names, want) {
				t.Fatalf("the folder holds %q after two downloads; want %q and %q", names, first, second)
			}
			for _, n := range names {
				if got, err := os.ReadFile(filepath.Join(dir, n)); err != nil || !bytes.Equal(got, served) {
					t.Errorf("%s: %d bytes (err %v); want the served %d bytes", n, len(got), err, len(served))
				}
			}
			if !strings.Contains(outs[1], filepath.Join(dir, second)) {
				t.Errorf("the second download printed %q; want its path %s", outs[1], filepath.Join(dir, second))
			}
		})
	}
}
