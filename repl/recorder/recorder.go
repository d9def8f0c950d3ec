package recorder

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// callTimeout bounds the recorder's own calls for the script.
const callTimeout = 5 * time.Second

// navigationWait is the line written after a line that navigated: the
// replay's next line must not run on the page being left.
var navigationWait = []string{"wait", "--load", "load"}

// Config is what a Recorder needs from the REPL.
type Config struct {
	// Hub is the REPL's controller, which the recorder asks for durable
	// targets and tab URLs.
	Hub hubapi.Controller
	// Tree is a fresh command tree to read a line with, and the session a
	// line without --session acts on.
	Tree func() (root *cobra.Command, session string)
	// IsRef says whether a target argument names a ref (e12, @f1e3).
	IsRef func(string) bool
	// Decl is what a command of the tree declares of its lines.
	Decl func(*cobra.Command) Decl
}

// Recorder builds the script while the REPL runs: Before each line, After
// it, Script when `save` asks.
type Recorder struct {
	cfg Config

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

// New is a recorder of an empty session.
func New(cfg Config) *Recorder { return &Recorder{cfg: cfg} }

// Line is one REPL line as the recorder sees it, between Before and After.
type Line struct {
	replay  bool
	decl    Decl
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

func (r *Recorder) parse(args []string) parsedLine {
	root, session := r.cfg.Tree()
	pl := parsedLine{session: session}
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

func isFile(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}

// Before reads a line about to run, as its command declares, and makes
// its refs, files and tab ids durable.
func (r *Recorder) Before(ctx context.Context, args []string) *Line {
	pl := r.parse(args)
	if pl.cmd == nil {
		return &Line{typed: args, args: args, decl: Decl{Why: "no such command"}}
	}
	sl := &Line{decl: r.cfg.Decl(pl.cmd), typed: args, args: append([]string(nil), args...)}
	if !sl.decl.Replay {
		return sl
	}
	sl.replay = true
	pp := rpc.PageParams{SessionID: pl.session, TabID: pl.tab}
	r.noteDocument(ctx, pp)
	if explicitIDs(args) {
		sl.comment = append(sl.comment, "# the line below names a session or tab id; the ids differ on a replay")
	}
	for _, n := range sl.decl.Targets {
		if n >= len(pl.positional) {
			break
		}
		i := pl.positional[n]
		if !r.cfg.IsRef(sl.args[i]) {
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
	if sl.decl.Files {
		for n, i := range pl.positional {
			if n == 0 && slices.Contains(args, "--selector") {
				continue // upload --selector: the first argument is a selector that names a file
			}
			if abs, err := filepath.Abs(sl.args[i]); err == nil && isFile(sl.args[i]) {
				sl.args[i] = abs
			}
		}
	}
	if sl.decl.Tab && len(pl.positional) > 0 {
		i := pl.positional[0]
		if url, err := r.tabURL(ctx, pl.session, sl.args[i]); err != nil {
			sl.why = oneLine(err.Error())
		} else {
			sl.args[i] = url
		}
	}
	return sl
}

// call is one of the recorder's own calls, its result decoded into res.
func (r *Recorder) call(ctx context.Context, method string, params, res any) error {
	raw, err := r.cfg.Hub.Call(ctx, method, params, callTimeout)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(raw, res); err != nil {
		return fmt.Errorf("%s answered an unexpected result: %v", method, err)
	}
	return nil
}

// tabURL is the URL of the session's tab id when no other tab of the
// session is at it: what the replay names the tab by.
func (r *Recorder) tabURL(ctx context.Context, session, id string) (string, error) {
	want, err := strconv.Atoi(id)
	if err != nil {
		return id, nil // a URL already
	}
	var res rpc.TabListResult
	if err := r.call(ctx, rpc.TabList, rpc.SessionIDParams{SessionID: session}, &res); err != nil {
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

// After records the line once it ran; ok says it succeeded.
func (r *Recorder) After(sl *Line, ok bool) {
	if sl == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case !ok:
		r.lines = append(r.lines, "# failed, not replayed: "+oneLine(ShellLine(sl.typed)))
		return
	case !sl.replay:
		r.lines = append(r.lines, fmt.Sprintf("# not replayed (%s): %s", sl.decl.Why, oneLine(ShellLine(sl.typed))))
		return
	case sl.why != "":
		r.lines = append(r.lines, fmt.Sprintf("# not replayed (%s): %s", sl.why, oneLine(ShellLine(sl.typed))))
		return
	}
	r.lines = append(r.lines, sl.comment...)
	r.lines = append(r.lines, scriptText(sl.args))
	r.afterLast = len(r.lines)
	if !r.acted {
		r.firstOpens = sl.decl.Opens
	}
	r.acted = true
	r.lastSelfWaits = sl.decl.Waits
}

// noteDocument looks at the tab's document: when it is one not seen before,
// the last replayed line (or the page by itself) navigated, and a wait goes
// after that line. An unknown document (a dialog open, no page) changes
// nothing.
func (r *Recorder) noteDocument(ctx context.Context, pp rpc.PageParams) {
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
		r.lines = slices.Insert(r.lines, r.afterLast, "# the line above opened "+oneLine(dt.URL), ShellLine(navigationWait))
		r.afterLast += 2
		r.lastSelfWaits = true
	}
	r.seen[dt.Document] = true
	r.doc = dt.Document
}

func (r *Recorder) durable(ctx context.Context, p rpc.DurableTargetParams) (rpc.DurableTargetResult, error) {
	var res rpc.DurableTargetResult
	if err := r.call(ctx, rpc.PageDurableTarget, p, &res); err != nil {
		return res, err
	}
	if p.Ref != "" && res.Target == "" {
		return res, errors.New("the page gave no target")
	}
	return res, nil
}

// Script is the script so far, after a last look for a navigation. When
// the session's first replayed line acted on a page it found open, the
// script opens that page first.
func (r *Recorder) Script(ctx context.Context) []string {
	_, session := r.cfg.Tree()
	r.noteDocument(ctx, rpc.PageParams{SessionID: session})
	r.mu.Lock()
	defer r.mu.Unlock()
	var head []string
	if r.start != "" && !r.firstOpens && !strings.HasPrefix(r.start, "about:") {
		head = []string{"# the session started on this page", ShellLine([]string{"open", r.start})}
	}
	return append(head, r.lines...)
}
