package cmd

// snapshot: the page's accessibility tree, and the refs it hands out.

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"browserctl/completions"
	"browserctl/rpc"
)

func newCmdSnapshot(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.SnapshotParams
	depth := -1
	maxChars := 0
	c := &cobra.Command{
		Use:   "snapshot",
		Short: "Print the page's accessibility tree with refs (e1, e2, ...) to act on",
		Long: `Print the page's title and URL, then the page as an indented tree, one
node a line:
  - role "name" [ref=eN] [attributes]
Iframes (cross-origin too) and shadow roots are included; refs inside a
frame read fKeN. Refs name elements for click, fill, get ...: the same
element keeps its ref across snapshots and modes until its document goes.`,
		Example: `  browserctl snapshot
  browserctl snapshot -i                # interactive elements only
  browserctl snapshot -c -d 3           # compact, three levels
  browserctl snapshot -s e12            # only the subtree of e12 (or -s '#main')
  browserctl snapshot --viewport        # only what is on screen
  browserctl snapshot --max-chars 4000  # cut at a line, say what was left out
  browserctl snapshot --max-chars 4000 --offset 180  # the next part, from body line 180
  browserctl snapshot --diff            # what changed since the previous snapshot`,
		Args: noArgs,
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.PageParams.SessionID = sessionOf(f)
			if depth >= 0 {
				d := depth
				p.Depth = &d
			}
			if maxChars != 0 {
				if maxChars < 200 {
					return nil, usageErrorf("--max-chars must be at least 200, not %d", maxChars)
				}
				m := maxChars
				p.MaxChars = &m
			}
			if p.Offset < 0 {
				return nil, usageErrorf("--offset must be >= 0, not %d", p.Offset)
			}
			return &pageCall{Method: rpc.PageSnapshot, Params: p,
				Keep: func(raw json.RawMessage) { cacheRefs(f, raw) },
				Human: func(raw json.RawMessage) error {
					return printSnapshot(f, raw)
				}}, nil
		}),
		Annotations: notReplayed(readsOnly),
	}
	c.Flags().BoolVarP(&p.Interactive, "interactive", "i", false, "only elements a user can act on, flat")
	c.Flags().BoolVarP(&p.Compact, "compact", "c", false, "drop unnamed structural nodes")
	c.Flags().IntVarP(&depth, "depth", "d", -1, "cut the tree below this level")
	c.Flags().StringVarP(&p.Selector, "selector", "s", "", "only the subtree of this ref or CSS selector (its first match: the page, its shadow roots, then its frames)")
	c.Flags().BoolVar(&p.Viewport, "viewport", false, "only what is inside the viewport now")
	c.Flags().IntVar(&maxChars, "max-chars", 0, "at most N characters, cut at a line (N >= 200); the last line names the --offset of the rest")
	c.Flags().IntVar(&p.Offset, "offset", 0, "start at this line of the tree (after title and url): the rest of a cut snapshot")
	c.Flags().BoolVar(&p.Diff, "diff", false, "only what changed since this tab's previous snapshot")
	_ = c.RegisterFlagCompletionFunc("selector", func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return completeRefs(f, 0)(c, nil, toComplete)
	})
	addTabFlag(c, f, &p.TabID)
	return c
}

// The snapshot's colouring, compiled on first use: not at every process's
// start.
var (
	attrRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\[[a-z]+(=[^\]]*)?\]`) })
	roleRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(\s*- )([^\s"\[:]+)`) })
)

// printSnapshot prints the tree, refs set off in colour on a terminal.
func printSnapshot(f *Factory, raw json.RawMessage) error {
	var snap rpc.SnapshotResult
	if err := decodeResult(rpc.PageSnapshot, raw, &snap); err != nil {
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
func cacheRefs(f *Factory, raw json.RawMessage) {
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
		_ = completions.SaveRefs(dir, sessionOf(f), rpc.SnapshotResult{Refs: snap.Refs, URL: snap.URL, Title: snap.Title, TabID: snap.TabID})
	}
}
