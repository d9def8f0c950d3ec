package cmd

// `save FILE` (REPL only): the commands of this REPL session as a script
// that `browserctl batch -f FILE` replays on a fresh load of the pages.
//
// What each command's lines become is declared on the command (replay.go):
//   - a replayed line is written as it ran, with each ref in a target
//     argument replaced by a target that survives a reload, asked of the
//     page before the line ran (pages.durableTarget): role=ROLE[name="NAME"]
//     when that role and name are unique on the page, else a CSS selector;
//     file arguments as absolute paths; a tab id as the tab's URL;
//   - after a replayed line that left its tab on a document not seen
//     before (a link, a form submit), a wait for the new page to load,
//     unless the command waits itself;
//   - a line that is not replayed is a comment saying why, and so is a
//     line that failed (batch would stop there).

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"browserctl/hubapi"
	"browserctl/rpc"
)

// durableTimeout bounds the REPL's own calls for the script.
const durableTimeout = 5 * time.Second

// navigationWait is the line written after a line that navigated: the
// replay's next line must not run on the page being left.
var navigationWait = []string{"wait", "--load", "load"}

// scriptRecorder builds the script while the REPL runs.
type scriptRecorder struct {
	ctrl hubapi.Controller
	f    *Factory // the REPL's line factory (parsing a line's flags)

	mu    sync.Mutex
	lines []string
	// doc is the document of the current tab when the last replayed line
	// started ("" unknown); seen are the documents seen so far;
	// lastSelfWaits says the last replayed line waited itself.
	doc           string
	seen          map[string]bool
	acted         bool
	lastSelfWaits bool
	afterLast     int // the index in lines just after the last replayed line
	// start is the page the first replayed line found open, when the
	// session did not open it itself: the replay opens it first.
	start      string
	firstOpens bool
}

// scriptLine is one REPL line as the recorder sees it.
type scriptLine struct {
	replay  bool
	decl    replayDecl
	typed   []string // the line as it ran
	args    []string // as the script writes it
	comment []string
	why     string // a replayed command's line that cannot be replayed after all
}

// parsedLine is what the recorder reads of a line: its command (nil when
// none) and the index in args of each positional argument; session and tab
// are what the line acts on.
type parsedLine struct {
	cmd        *cobra.Command
	positional []int
	session    string
	tab        int
}

// newTree is a fresh tree on the REPL's line factory; its Globals hold the
// REPL's defaults (the session a line without --session acts on).
func (r *scriptRecorder) newTree() (*cobra.Command, *Factory) {
	cf := *r.f
	cf.Globals = &Globals{}
	root := NewRootCmd(&cf)
	declareHelp(root)
	return root, &cf
}

func (r *scriptRecorder) parseScriptLine(args []string) parsedLine {
	root, cf := r.newTree()
	pl := parsedLine{session: sessionOf(cf)}
	c, _, err := root.Find(args)
	if err != nil {
		return pl
	}
	pl.cmd = c
	if c == root {
		return pl
	}
	words := len(strings.Fields(c.CommandPath())) - 1
	lookup := func(a string) *pflag.Flag {
		if strings.HasPrefix(a, "--") {
			if fl := c.Flags().Lookup(a[2:]); fl != nil {
				return fl
			}
			return c.InheritedFlags().Lookup(a[2:])
		}
		if len(a) != 2 {
			return nil // -abc or -50: ShorthandLookup panics on more than one letter
		}
		if fl := c.Flags().ShorthandLookup(a[1:]); fl != nil {
			return fl
		}
		return c.InheritedFlags().ShorthandLookup(a[1:])
	}
	flagsDone := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !flagsDone && a == "--" {
			flagsDone = true
			continue
		}
		if !flagsDone && len(a) > 1 && a[0] == '-' {
			name, value, hasValue := strings.Cut(a, "=")
			fl := lookup(name)
			if fl != nil && fl.NoOptDefVal == "" && !hasValue && i+1 < len(args) {
				i++
				value = args[i]
			}
			if fl != nil && fl.Name == "session" {
				pl.session = value
			}
			if fl != nil && fl.Name == "tab" {
				fmt.Sscan(value, &pl.tab)
			}
			continue
		}
		if words > 0 {
			words--
			continue
		}
		pl.positional = append(pl.positional, i)
	}
	return pl
}

// explicitIDs says whether args name a session or tab id themselves.
func explicitIDs(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		for _, fl := range []string{"--session", "--tab"} {
			if a == fl || strings.HasPrefix(a, fl+"=") {
				return true
			}
		}
	}
	return false
}

// before reads a line about to run, as its command declares, and makes
// its refs, files and tab ids durable.
func (r *scriptRecorder) before(ctx context.Context, args []string) *scriptLine {
	pl := r.parseScriptLine(args)
	if pl.cmd == nil {
		return &scriptLine{typed: args, args: args, decl: replayDecl{why: "no such command"}}
	}
	sl := &scriptLine{decl: declOf(pl.cmd), typed: args, args: append([]string(nil), args...)}
	if !sl.decl.replay {
		return sl
	}
	sl.replay = true
	pp := rpc.PageParams{SessionID: pl.session, TabID: pl.tab}
	r.noteDocument(ctx, pp)
	if explicitIDs(args) {
		sl.comment = append(sl.comment, "# the line below names a session or tab id; the ids differ on a replay")
	}
	for _, n := range sl.decl.targets {
		if n >= len(pl.positional) {
			break
		}
		i := pl.positional[n]
		if !isRef(sl.args[i]) {
			continue // a CSS selector or role target already survives a reload
		}
		ref := strings.TrimPrefix(sl.args[i], "@")
		dt, err := r.durable(ctx, rpc.DurableTargetParams{PageParams: pp, Ref: ref})
		if err != nil {
			sl.comment = append(sl.comment, fmt.Sprintf("# %s kept as it was: %s", ref, oneLine(err.Error())))
			continue
		}
		sl.args[i] = dt.Target
	}
	if sl.decl.files {
		for _, i := range pl.positional {
			if abs, err := filepath.Abs(sl.args[i]); err == nil && isFile(sl.args[i]) {
				sl.args[i] = abs
			}
		}
	}
	if sl.decl.tab && len(pl.positional) > 0 {
		i := pl.positional[0]
		if url, err := r.tabURL(ctx, pl.session, sl.args[i]); err != nil {
			sl.why = oneLine(err.Error())
		} else {
			sl.args[i] = url
		}
	}
	return sl
}

// tabURL is the URL of the session's tab id when no other tab of the
// session is at it: what the replay names the tab by.
func (r *scriptRecorder) tabURL(ctx context.Context, session, id string) (string, error) {
	want, err := strconv.Atoi(id)
	if err != nil {
		return id, nil // a URL already
	}
	raw, err := r.ctrl.Call(ctx, rpc.TabList, rpc.SessionIDParams{SessionID: session}, durableTimeout)
	if err != nil {
		return "", err
	}
	var res rpc.TabListResult
	if err := decodeResult(rpc.TabList, raw, &res); err != nil {
		return "", err
	}
	url, same := "", 0
	for _, t := range res.Tabs {
		if t.TabID == want {
			url = t.URL
		}
	}
	for _, t := range res.Tabs {
		if t.URL == url {
			same++
		}
	}
	switch {
	case url == "":
		return "", fmt.Errorf("tab %d is not a tab of the session", want)
	case same > 1:
		return "", fmt.Errorf("%d tabs of the session are at %s, so its URL does not name tab %d", same, url, want)
	}
	return url, nil
}

// after records the line once it ran.
func (r *scriptRecorder) after(sl *scriptLine, code ExitCode) {
	if sl == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case code != ExitOK:
		r.lines = append(r.lines, "# failed, not replayed: "+oneLine(replLine(sl.typed)))
		return
	case !sl.replay:
		r.lines = append(r.lines, fmt.Sprintf("# not replayed (%s): %s", sl.decl.why, oneLine(replLine(sl.typed))))
		return
	case sl.why != "":
		r.lines = append(r.lines, fmt.Sprintf("# not replayed (%s): %s", sl.why, oneLine(replLine(sl.typed))))
		return
	}
	r.lines = append(r.lines, sl.comment...)
	r.lines = append(r.lines, scriptText(sl.args))
	r.afterLast = len(r.lines)
	if !r.acted {
		r.firstOpens = sl.decl.opens
	}
	r.acted = true
	r.lastSelfWaits = sl.decl.waits
}

// noteDocument looks at the tab's document: when it is one not seen before,
// the last replayed line (or the page by itself) navigated, and a wait goes
// after that line. An unknown document (a dialog open, no page) changes
// nothing.
func (r *scriptRecorder) noteDocument(ctx context.Context, pp rpc.PageParams) {
	dt, err := r.durable(ctx, rpc.DurableTargetParams{PageParams: pp})
	if err != nil || dt.Document == "" {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.acted && r.start == "" {
		r.start = dt.URL
	}
	if r.seen == nil {
		r.seen = map[string]bool{}
	}
	if dt.Document != r.doc && !r.seen[dt.Document] && r.acted && !r.lastSelfWaits {
		// right after that line, before the comments of lines since
		r.lines = slices.Insert(r.lines, r.afterLast, "# the line above opened "+oneLine(dt.URL), replLine(navigationWait))
		r.afterLast += 2
		r.lastSelfWaits = true
	}
	r.seen[dt.Document] = true
	r.doc = dt.Document
}

func (r *scriptRecorder) durable(ctx context.Context, p rpc.DurableTargetParams) (rpc.DurableTargetResult, error) {
	var res rpc.DurableTargetResult
	raw, err := r.ctrl.Call(ctx, rpc.PageDurableTarget, p, durableTimeout)
	if err != nil {
		return res, err
	}
	if err := decodeResult(rpc.PageDurableTarget, raw, &res); err != nil {
		return res, err
	}
	if p.Ref != "" && res.Target == "" {
		return res, errors.New("the page gave no target")
	}
	return res, nil
}

// script is the script so far, after a last look for a navigation. When
// the session's first replayed line acted on a page it found open, the
// script opens that page first.
func (r *scriptRecorder) script(ctx context.Context) []string {
	_, cf := r.newTree()
	r.noteDocument(ctx, rpc.PageParams{SessionID: sessionOf(cf)})
	r.mu.Lock()
	defer r.mu.Unlock()
	var head []string
	if r.start != "" && !r.firstOpens && !strings.HasPrefix(r.start, "about:") {
		head = []string{"# the session started on this page", replLine([]string{"open", r.start})}
	}
	return append(head, r.lines...)
}

// scriptText is args as a batch line: an eval line as batch reads it (the
// rest of the line raw), the others shell-quoted.
func scriptText(args []string) string {
	if len(args) == 3 && args[0] == "eval" && args[1] == "--" && !strings.ContainsAny(args[2], "\r\n") {
		return "eval " + args[2]
	}
	return replLine(args)
}

// oneLine keeps a comment on one line and free of control characters.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, s)
}
