package cmd

// `save FILE` (REPL only, issue 13): the commands of this REPL session that
// acted on pages, as a script `browserctl batch -f FILE` replays.
//
// What goes in:
//   - lines that act on a page or open one (click, fill, press, eval, wait,
//     session create, tab open, open/back/forward/reload, dialog ...) and
//     that succeeded; a failed line is left out (batch would stop there);
//   - each ref replaced by a target that survives a reload, asked of the
//     page before the line ran (pages.durableTarget): role=ROLE[name="NAME"]
//     when that role and name are unique on the page, else a CSS selector;
//   - after a line that left its tab on a new document (a link, a form
//     submit), a wait for the new page to load (navigationWait).
//
// Read-only lines (snapshot, get, find, is, screenshot, status, history,
// tab list ...) are left out. Lines whose ids would differ on a replay
// (session use, tab select, tab close ...) are kept as comments.

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"browserctl/hubapi"
	"browserctl/rpc"
)

// scriptTargets are the commands that take targets, with the positions of
// their target arguments.
var scriptTargets = map[string][]int{
	"click": {0}, "dblclick": {0}, "check": {0}, "uncheck": {0}, "focus": {0}, "hover": {0},
	"scroll-into-view": {0}, "fill": {0}, "type": {0}, "select": {0}, "drag": {0, 1},
	"upload": {0}, // issue 10
}

// scriptActs are the other commands that go into the script.
var scriptActs = []string{
	"press", "keyboard type", "scroll", "mouse", "eval", "wait", "session create", "tab open",
	// issue 8 part A (not merged here yet): they wait for their own load.
	"open", "back", "forward", "reload", "dialog accept", "dialog dismiss", "dialog policy",
	// a replay stops for the person where the recording did
	"handoff",
}

// selfWaiting commands need no wait written after them.
var selfWaiting = []string{"wait", "open", "back", "forward", "reload"}

// scriptByID are kept as comments: the ids they name differ on a replay.
var scriptByID = []string{
	"session use", "session close", "session release", "session rename", "session attach-current",
	"tab activate", "tab close", "tab attach",
}

// durableTimeout bounds the REPL's own calls for the script.
const durableTimeout = 5 * time.Second

// navigationWait is the line written after a line that navigated: the
// replay's next line must not run on the page being left. (With issue 8
// part A merged, `wait --url URL` says more; a role target also waits for
// its element to appear, which covers the moment before the old page goes.)
func navigationWait(url string) []string {
	return []string{"wait", "--load", "load"}
}

// scriptRecorder builds the script while the REPL runs.
type scriptRecorder struct {
	ctrl hubapi.Controller
	f    *Factory // the REPL's line factory (parsing a line's flags)

	mu    sync.Mutex
	lines []string
	// doc is the document of the current tab when the last acting line
	// started ("" unknown); lastSelfWaits says that line waited itself.
	doc           string
	acted         bool
	lastSelfWaits bool
	// start is the page the first acting line found open, when the session
	// did not open it itself: the replay needs it open first.
	start string
	// first is the first recorded line's command.
	first string
}

// scriptLine is one REPL line as the recorder sees it.
type scriptLine struct {
	kind    string // "act", "byid" or "" (not in the script)
	path    string // "click", "session create"
	args    []string
	comment []string
}

// parseScriptLine finds the command of args and the index in args of each
// of its positional arguments; session and tab are its --session and --tab.
func (r *scriptRecorder) parseScriptLine(args []string) (path string, positional []int, session string, tab int) {
	cf := *r.f
	cf.Globals = &Globals{}
	root := NewRootCmd(&cf)
	c, _, err := root.Find(args)
	if err != nil || c == root {
		return "", nil, "", 0
	}
	path = strings.TrimPrefix(c.CommandPath(), root.Name()+" ")
	words := len(strings.Fields(path))
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
				session = value
			}
			if fl != nil && fl.Name == "tab" {
				fmt.Sscan(value, &tab)
			}
			continue
		}
		if words > 0 {
			words--
			continue
		}
		positional = append(positional, i)
	}
	return path, positional, session, tab
}

// before classifies a line about to run and makes its refs durable. It
// answers nil for a line that stays out of the script.
func (r *scriptRecorder) before(ctx context.Context, args []string) *scriptLine {
	path, positional, session, tab := r.parseScriptLine(args)
	switch {
	case path == "":
		return nil
	case slices.Contains(scriptByID, path):
		return &scriptLine{kind: "byid", path: path, args: args}
	case !slices.Contains(scriptActs, path) && scriptTargets[path] == nil:
		return nil
	}
	sl := &scriptLine{kind: "act", path: path, args: append([]string(nil), args...)}
	pp := rpc.PageParams{SessionID: session, TabID: tab}
	r.noteDocument(ctx, pp)
	if session != "" || tab != 0 {
		sl.comment = append(sl.comment, "# the line below names a session or tab id; the ids differ on a replay")
	}
	for _, n := range scriptTargets[path] {
		if n >= len(positional) {
			break
		}
		i := positional[n]
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
	return sl
}

// after records the line once it ran; a failed line stays out.
func (r *scriptRecorder) after(sl *scriptLine, code ExitCode) {
	if sl == nil || code != ExitOK {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if sl.kind == "byid" {
		r.lines = append(r.lines, "# not replayable (its ids differ on a replay): "+replLine(sl.args))
		return
	}
	r.lines = append(r.lines, sl.comment...)
	r.lines = append(r.lines, scriptText(sl.args))
	if !r.acted {
		r.first = sl.path
	}
	r.acted = true
	r.lastSelfWaits = slices.Contains(selfWaiting, sl.path)
}

// noteDocument looks at the tab's document: when it changed since the last
// acting line started, that line (or the page by itself) navigated, and a
// wait goes after it.
func (r *scriptRecorder) noteDocument(ctx context.Context, pp rpc.PageParams) {
	doc, url := "", ""
	if dt, err := r.durable(ctx, rpc.DurableTargetParams{PageParams: pp}); err == nil {
		doc, url = dt.Document, dt.URL
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.acted && r.start == "" {
		r.start = url
	}
	if doc != r.doc && doc != "" && r.acted && !r.lastSelfWaits {
		r.lines = append(r.lines, "# the line above opened "+oneLine(url))
		r.lines = append(r.lines, replLine(navigationWait(url)))
		r.lastSelfWaits = true
	}
	r.doc = doc
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
// the session acted on a page it found open, the script opens that page
// first: with `open URL` where this browserctl has it (issue 8), else a
// comment says to.
func (r *scriptRecorder) script(ctx context.Context) []string {
	r.noteDocument(ctx, rpc.PageParams{})
	r.mu.Lock()
	defer r.mu.Unlock()
	var head []string
	opensItsPage := slices.Contains([]string{"session create", "tab open", "open"}, r.first)
	if r.start != "" && !opensItsPage && !strings.HasPrefix(r.start, "about:") {
		if r.hasCommand("open") {
			head = []string{"# the session started on this page", replLine([]string{"open", r.start})}
		} else {
			head = []string{"# the session started on " + oneLine(r.start) + ": open it before replaying"}
		}
	}
	return append(head, r.lines...)
}

// hasCommand says whether this browserctl has the top-level command name.
func (r *scriptRecorder) hasCommand(name string) bool {
	cf := *r.f
	cf.Globals = &Globals{}
	root := NewRootCmd(&cf)
	c, _, err := root.Find([]string{name})
	return err == nil && c != root && c.Name() == name
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

func newCmdSave(f *Factory) *cobra.Command {
	var force bool
	c := &cobra.Command{
		Use:   "save FILE",
		Short: "Save this REPL session's page commands as a script for batch (REPL only)",
		Long: `Write the commands of this REPL session that acted on pages to FILE, as
a script that ` + "`browserctl batch -f FILE`" + ` replays on a fresh load of the
same pages. Each ref is replaced by a target that survives a reload:
role=ROLE[name="NAME"] when the element is the only one with that role and
accessible name, else a CSS selector. A line that navigated is followed by
a wait for the new page. Read-only commands (snapshot, get, find, is,
screenshot, ...) and failed lines are left out; commands naming session or
tab ids are kept as comments. FILE "-" prints the script. An existing FILE
is kept unless --force.`,
		Example: "  save login.txt\n  save - \n  save login.txt --force",
		Args:    exactArgs(1, "a FILE to write (- for stdout)"),
		Hidden:  !f.InREPL,
		RunE: func(c *cobra.Command, args []string) error {
			if f.Script == nil {
				return usageErrorf("save writes the script of a REPL session; run it inside `browserctl repl`")
			}
			lines := f.Script(c.Context())
			commands := 0
			for _, l := range lines {
				if !strings.HasPrefix(l, "#") {
					commands++
				}
			}
			file := args[0]
			text := "# browserctl batch -f FILE replays this (saved by the REPL's `save`)\n" + strings.Join(lines, "\n")
			if len(lines) > 0 {
				text += "\n"
			}
			if file == "-" {
				_, err := fmt.Fprint(f.IO.Out, text)
				return err
			}
			flag := os.O_WRONLY | os.O_CREATE | os.O_EXCL
			if force {
				flag = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
			}
			fh, err := os.OpenFile(file, flag, 0o644)
			if errors.Is(err, os.ErrExist) {
				return fmt.Errorf("%s exists; save --force overwrites it", file)
			}
			if err != nil {
				return err
			}
			if _, err := fh.WriteString(text); err != nil {
				fh.Close()
				return err
			}
			if err := fh.Close(); err != nil {
				return err
			}
			if f.Globals.JSON {
				return marshalJSON(f, map[string]any{"file": file, "commands": commands})
			}
			done(f, "saved %d commands to %s", commands, file)
			return nil
		},
	}
	c.Flags().BoolVar(&force, "force", false, "overwrite FILE if it exists")
	return c
}
