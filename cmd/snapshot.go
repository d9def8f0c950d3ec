package cmd

// snapshot (declared on pages.snapshot's row): how the page's
// accessibility tree prints, and the refs it hands out.

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"

	"browserctl/cmd/cmdutil"
	"browserctl/completions"
	"browserctl/rpc"
)

func init() {
	// snapshot: the tree, its refs kept for completion.
	cmdutil.Printers[rpc.PrintSnapshot] = func(f *cmdutil.Factory, pc *cmdutil.PageCall, _ rpc.Command, _ map[string]string) {
		pc.Keep = func(raw json.RawMessage) { cacheRefs(f, raw) }
		pc.Human = func(raw json.RawMessage) error { return printSnapshot(f, raw) }
	}
}

// The snapshot's colouring, compiled on first use: not at every process's
// start.
var (
	attrRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\[[a-z]+(=[^\]]*)?\]`) })
	roleRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(\s*- )([^\s"\[:]+)`) })
)

// printSnapshot prints the tree, refs set off in colour on a terminal.
func printSnapshot(f *cmdutil.Factory, raw json.RawMessage) error {
	// The text alone: the refs beside it are cacheRefs' (decoding them again
	// would cost a long page's snapshot a millisecond).
	var snap struct {
		Snapshot string `json:"snapshot"`
	}
	if err := cmdutil.DecodeResult(rpc.PageSnapshot, raw, &snap); err != nil {
		return err
	}
	text := strings.TrimRight(snap.Snapshot, "\n")
	if !f.IO.ColorEnabled() {
		_, err := fmt.Fprintln(f.IO.Out, text)
		return err
	}
	cs := f.IO.ColorScheme()
	var b strings.Builder
	for _, line := range strings.Split(text, "\n") {
		line = attrRe().ReplaceAllStringFunc(line, func(s string) string {
			if strings.HasPrefix(s, "[ref=") {
				return cs.Cyan(s)
			}
			return cs.Dim(s)
		})
		if m := roleRe().FindStringSubmatchIndex(line); m != nil {
			line = line[:m[4]] + cs.Magenta(line[m[4]:m[5]]) + line[m[5]:]
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	_, err := fmt.Fprint(f.IO.Out, b.String())
	return err
}

// cacheRefs keeps a snapshot's refs for completion; a failure (a result
// that does not decode, no state folder) only costs completion.
func cacheRefs(f *cmdutil.Factory, raw json.RawMessage) {
	var snap struct {
		Refs  map[string]rpc.Ref `json:"refs"`
		URL   string             `json:"url"`
		Title string             `json:"title"`
		TabID int                `json:"tabId"`
	}
	if json.Unmarshal(raw, &snap) != nil {
		return
	}
	if dir, err := f.StateDir(); err == nil {
		_ = completions.SaveRefs(dir, cmdutil.SessionOf(f), rpc.SnapshotResult{Refs: snap.Refs, URL: snap.URL, Title: snap.Title, TabID: snap.TabID})
	}
}
