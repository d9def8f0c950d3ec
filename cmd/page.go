package cmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"browserctl/completions"
	"browserctl/rpc"
)

// pageCall is what a page command parsed: the method, its params and how
// to print the result for people. A test's runF stops right here.
type pageCall struct {
	Method string
	Params any
	// MinTimeout raises the call's timeout above --timeout (wait MS).
	MinTimeout time.Duration
	// Keep records what a result leaves behind (snapshot: its refs for
	// completion), whatever the output mode.
	Keep  func(raw json.RawMessage)
	Human func(raw json.RawMessage) error
	// Result, when set, prints the result itself (--json included) and
	// may turn it into an exit code (`is` exits 1 for false).
	Result func(raw json.RawMessage) error
	// Post runs on the result before it is printed, --json or not, and may
	// replace it (a click's download moved into --download-dir).
	Post func(raw json.RawMessage) (json.RawMessage, error)
	// NoSession, when set, runs when the call was refused for naming no
	// session where there is none at all (4103, so nothing was done): it
	// makes one and answers the params to send again.
	NoSession func(ctx context.Context, f *Factory) (any, error)
}

func (pc *pageCall) run(ctx context.Context, f *Factory) error {
	h, err := f.Hub()
	if err != nil {
		return err
	}
	timeout := f.Globals.Timeout
	if pc.MinTimeout > timeout {
		timeout = pc.MinTimeout
		ctx = raiseBudget(ctx, pc.MinTimeout-waitSlack)
	}
	raw, err := h.Call(ctx, pc.Method, withTimeoutMS(pc.Method, pc.Params, f.Globals.Timeout), timeout)
	var be *rpc.BrowserError
	if err != nil && pc.NoSession != nil && errors.As(err, &be) && be.Code == rpc.CodeSessionRequired {
		params, nerr := pc.NoSession(ctx, f)
		if nerr != nil {
			return nerr
		}
		raw, err = h.Call(ctx, pc.Method, withTimeoutMS(pc.Method, params, f.Globals.Timeout), timeout)
	}
	if err != nil {
		return err
	}
	if pc.Post != nil {
		if raw, err = pc.Post(raw); err != nil {
			return err
		}
	}
	if pc.Keep != nil {
		pc.Keep(raw)
	}
	raw = printable(f, raw)
	reportDialog(f, raw)
	if pc.Result != nil {
		return pc.Result(raw)
	}
	return render(f, raw, func() error {
		if pc.Human == nil {
			return nil
		}
		return pc.Human(raw)
	})
}

// pageRunE builds the call with build and runs it (or hands it to runF).
func pageRunE(f *Factory, runF func(*pageCall) error, build func(args []string) (*pageCall, error)) func(*cobra.Command, []string) error {
	return func(c *cobra.Command, args []string) error {
		pc, err := build(args)
		if err != nil {
			return err
		}
		if runF != nil {
			return runF(pc)
		}
		return pc.run(c.Context(), f)
	}
}

// addTabFlag adds --tab, the tab of the session a page command acts on.
func addTabFlag(c *cobra.Command, f *Factory, tab *int) {
	c.Flags().IntVar(tab, "tab", 0, "tab id in the session (default: the session's active tab)")
	_ = c.RegisterFlagCompletionFunc("tab", func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return completeTabIDs(f, false)(c, nil, toComplete)
	})
}

// ---- snapshot ----

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

// ---- ref actions ----

func newCmdClick(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.ClickParams
	c := &cobra.Command{
		Use:               "click REF",
		Short:             "Click an element by ref or CSS selector",
		Long:              "Click an element.\n\n" + targetHelp + "\n\n" + forceHelp,
		Example:           "  browserctl click e3\n  browserctl click '#submit'\n  browserctl click e3 --button right\n  browserctl click e3 --count 2",
		Args:              exactArgs(1, "a REF from the last snapshot or a CSS selector"),
		ValidArgsFunction: completeRefs(f, 0),
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID = sessionOf(f)
			p.Ref, p.Selector = target(args[0])
			if err := checkEnum("--button", rpc.MouseButton, p.Button); err != nil {
				return nil, err
			}
			return clickCall(f, p, args[0]), nil // reports a chooser or download
		}),
		Annotations: replays(targetAt(0)),
	}
	enumFlag(c, &p.Button, "button", rpc.MouseButton, "left, right or middle (default left)")
	c.Flags().IntVar(&p.ClickCount, "count", 0, "click count (2 for a double click)")
	addForceFlag(c, &p.Force)
	addTabFlag(c, f, &p.TabID)
	return c
}

func okDone(f *Factory, msg string) func(json.RawMessage) error {
	return func(json.RawMessage) error {
		done(f, "%s", msg)
		return nil
	}
}

func refCmd(f *Factory, runF func(*pageCall) error, use, method, short, example, verb string) *cobra.Command {
	var p rpc.RefParams
	c := &cobra.Command{
		Use:               use + " REF",
		Short:             short,
		Long:              short + ".\n\n" + targetHelp,
		Example:           example,
		Args:              exactArgs(1, "a REF from the last snapshot or a CSS selector"),
		ValidArgsFunction: completeRefs(f, 0),
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID = sessionOf(f)
			p.Ref, p.Selector = target(args[0])
			return &pageCall{Method: method, Params: p, Human: okDone(f, verb+" "+args[0])}, nil
		}),
		Annotations: replays(targetAt(0)),
	}
	addTabFlag(c, f, &p.TabID)
	return c
}

func newCmdHover(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.HoverParams
	short := "Move the mouse over an element by ref or CSS selector"
	c := &cobra.Command{
		Use:               "hover REF",
		Annotations:       replays(targetAt(0)),
		Short:             short,
		Long:              short + ".\n\n" + targetHelp + "\n\n" + forceHelp,
		Example:           "  browserctl hover e5\n  browserctl hover nav.menu",
		Args:              exactArgs(1, "a REF from the last snapshot or a CSS selector"),
		ValidArgsFunction: completeRefs(f, 0),
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID = sessionOf(f)
			p.Ref, p.Selector = target(args[0])
			return &pageCall{Method: rpc.PageHover, Params: p, Human: pointerDone(f, "hovered", args[0])}, nil
		}),
	}
	addForceFlag(c, &p.Force)
	addTabFlag(c, f, &p.TabID)
	return c
}

func newCmdScrollIntoView(f *Factory, runF func(*pageCall) error) *cobra.Command {
	return refCmd(f, runF, "scroll-into-view", rpc.PageScrollIntoView, "Scroll an element into view by ref or CSS selector", "  browserctl scroll-into-view e40\n  browserctl scroll-into-view footer", "scrolled to")
}

func newCmdFill(f *Factory, runF func(*pageCall) error) *cobra.Command {
	return refTextCmd(f, runF, "fill", rpc.PageFill, "Replace an input's value by ref or CSS selector", "Replace an input's value.",
		"  browserctl fill e4 'hello world'\n  browserctl fill 'input[name=q]' hello", "filled",
		func(page rpc.PageParams, ref, selector, text string) any {
			return rpc.FillParams{PageParams: page, Ref: ref, Selector: selector, Value: text}
		})
}

func newCmdType(f *Factory, runF func(*pageCall) error) *cobra.Command {
	return refTextCmd(f, runF, "type", rpc.PageType, "Type text into an element by ref or CSS selector, key by key",
		"Focus an element, then type text into it key by key.", "  browserctl type e4 'search terms'", "typed into",
		func(page rpc.PageParams, ref, selector, text string) any {
			return rpc.TypeParams{PageParams: page, Ref: ref, Selector: selector, Text: text}
		})
}

// refTextCmd is a command that sends a target (REF or CSS selector) and a
// TEXT (fill, type); params puts them into the method's params.
func refTextCmd(f *Factory, runF func(*pageCall) error, use, method, short, long, example, verb string,
	params func(page rpc.PageParams, ref, selector, text string) any) *cobra.Command {
	var page rpc.PageParams
	c := &cobra.Command{
		Use:               use + " REF TEXT",
		Short:             short,
		Long:              long + "\n\n" + targetHelp,
		Example:           example,
		Args:              exactArgs(2, "a REF and a TEXT"),
		ValidArgsFunction: completeRefs(f, 0),
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			page.SessionID = sessionOf(f)
			ref, selector := target(args[0])
			return &pageCall{Method: method, Params: params(page, ref, selector, args[1]), Human: okDone(f, verb+" "+args[0])}, nil
		}),
		Annotations: replays(targetAt(0)),
	}
	addTabFlag(c, f, &page.TabID)
	return c
}

func newCmdSelect(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.SelectParams
	c := &cobra.Command{
		Use:               "select REF VALUE...",
		Short:             "Select options of a <select> by ref or CSS selector (each VALUE an option's value, else its label)",
		Long:              "Select options of a <select>: each VALUE is an option's value, else its label.\n\n" + targetHelp,
		Example:           "  browserctl select e7 red\n  browserctl select e8 red green",
		Args:              minArgs(2, "a REF and at least one VALUE"),
		ValidArgsFunction: completeRefs(f, 0),
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID, p.Values = sessionOf(f), args[1:]
			p.Ref, p.Selector = target(args[0])
			return &pageCall{Method: rpc.PageSelect, Params: p, Human: func(raw json.RawMessage) error {
				var res rpc.SelectResult
				if err := decodeResult(rpc.PageSelect, raw, &res); err != nil {
					return err
				}
				for _, v := range res.Selected {
					fmt.Fprintln(f.IO.Out, v)
				}
				return nil
			}}, nil
		}),
		Annotations: replays(targetAt(0)),
	}
	addTabFlag(c, f, &p.TabID)
	return c
}

// ---- keyboard, scrolling, mouse ----

func newCmdPress(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.PressParams
	c := &cobra.Command{
		Use:     "press KEY",
		Short:   "Press a key, with optional modifiers",
		Example: "  browserctl press Enter\n  browserctl press Control+a\n  browserctl press Shift+Tab",
		Args:    exactArgs(1, "a KEY such as Enter or Control+a"),
		ValidArgsFunction: cobra.FixedCompletions([]string{"Enter", "Tab", "Escape", "Backspace", "Delete", "ArrowUp", "ArrowDown",
			"ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown", "Space", "Control+a", "Shift+Tab"}, cobra.ShellCompDirectiveNoFileComp),
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID, p.Key = sessionOf(f), args[0]
			return &pageCall{Method: rpc.PagePress, Params: p, Human: okDone(f, "pressed "+args[0])}, nil
		}),
		Annotations: replays(),
	}
	addTabFlag(c, f, &p.TabID)
	return c
}

func newCmdScroll(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.ScrollParams
	c := &cobra.Command{
		Use:   "scroll " + strings.Join(rpc.ScrollDirection.Values, "|") + " [PX]",
		Short: "Scroll the page (default 500 CSS pixels); prints the new scroll position",
		Example: `  browserctl scroll down
  browserctl scroll up 200`,
		Args:              rangeArgs(1, 2, "a direction ("+strings.Join(rpc.ScrollDirection.Values, ", ")+") and optional pixels"),
		ValidArgsFunction: firstArgOf(rpc.ScrollDirection.Values...),
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID, p.Direction = sessionOf(f), args[0]
			if err := checkEnum("direction", rpc.ScrollDirection, p.Direction); err != nil {
				return nil, err
			}
			if len(args) == 2 {
				n, err := strconv.Atoi(args[1])
				if err != nil || n < 0 {
					return nil, usageErrorf("pixels must be a whole number >= 0, got %q", args[1])
				}
				p.Amount = n
			}
			return &pageCall{Method: rpc.PageScroll, Params: p, Human: func(raw json.RawMessage) error {
				var res rpc.ScrollResult
				if err := decodeResult(rpc.PageScroll, raw, &res); err != nil {
					return err
				}
				_, err := fmt.Fprintf(f.IO.Out, "%g %g\n", res.ScrollX, res.ScrollY)
				return err
			}}, nil
		}),
		Annotations: replays(),
	}
	addTabFlag(c, f, &p.TabID)
	return c
}

func newCmdMouse(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.MouseParams
	c := &cobra.Command{
		Use:   "mouse " + strings.Join(rpc.MouseAction.Values, "|") + " X Y",
		Short: "Send a mouse event at viewport coordinates (CSS pixels)",
		Example: `  browserctl mouse click 120 300
  browserctl mouse wheel 400 300 --dy 600`,
		Args:              exactArgs(3, "an ACTION ("+strings.Join(rpc.MouseAction.Values, ", ")+"), X and Y"),
		ValidArgsFunction: firstArgOf(rpc.MouseAction.Values...),
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID, p.Action = sessionOf(f), args[0]
			if err := checkEnum("action", rpc.MouseAction, p.Action); err != nil {
				return nil, err
			}
			if err := checkEnum("--button", rpc.MouseButton, p.Button); err != nil {
				return nil, err
			}
			var err error
			if p.X, err = strconv.ParseFloat(args[1], 64); err != nil {
				return nil, usageErrorf("X must be a number, got %q", args[1])
			}
			if p.Y, err = strconv.ParseFloat(args[2], 64); err != nil {
				return nil, usageErrorf("Y must be a number, got %q", args[2])
			}
			return &pageCall{Method: rpc.PageMouse, Params: p, Human: okDone(f, "mouse "+args[0])}, nil
		}),
		Annotations: replays(),
	}
	enumFlag(c, &p.Button, "button", rpc.MouseButton, "left, right or middle (default left)")
	c.Flags().Float64Var(&p.DeltaX, "dx", 0, "horizontal wheel delta")
	c.Flags().Float64Var(&p.DeltaY, "dy", 0, "vertical wheel delta")
	addTabFlag(c, f, &p.TabID)
	return c
}

// ---- eval ----

func newCmdEval(f *Factory, runF func(*pageCall) error) *cobra.Command {
	var p rpc.EvalParams
	c := &cobra.Command{
		Use:   "eval JS",
		Short: "Evaluate JavaScript in the page and print its JSON value (promises are awaited)",
		Example: `  browserctl eval document.title
  browserctl eval 'document.querySelectorAll("a").length'`,
		Args: minArgs(1, "a JavaScript expression"),
		RunE: pageRunE(f, runF, func(args []string) (*pageCall, error) {
			p.SessionID, p.Expression = sessionOf(f), strings.Join(args, " ")
			// The extension waits --timeout for the value (its default is
			// the spec's 30 s, so that is not sent); the hub a little longer.
			if f.Globals.Timeout != rpc.DefaultTimeout {
				p.TimeoutMS = int(f.Globals.Timeout / time.Millisecond)
			}
			return &pageCall{Method: rpc.PageEval, Params: p, MinTimeout: f.Globals.Timeout + waitSlack, Human: func(raw json.RawMessage) error {
				var res rpc.ValueResult
				if err := decodeResult(rpc.PageEval, raw, &res); err != nil {
					return err
				}
				return printValue(f.IO.Out, res.Value)
			}}, nil
		}),
		Annotations: replays(),
	}
	addTabFlag(c, f, &p.TabID)
	return c
}

// firstArgOf completes the first argument from a list and never offers
// files for any argument.
func firstArgOf(values ...string) completeFunc {
	return func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return filterStrings(values, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}
