package e2e

// Pointer actions hit their element or fail with a reason: each action
// (click, dblclick, hover, check, drag) against each placement of
// testdata/hit-stage.html (below the fold, in a scrolled container, in
// frames at every depth, under overlays and a fixed header, moving,
// disabled, zero-size, hidden, removed while the action waits, a
// cross-origin frame under the page's overlay or made inert by it). Each cell
// is judged by the page's own handlers, reported to the test server: the
// intended handler ran exactly once and no other handler ran, or the
// command failed with the expected reason and nothing was pressed.

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
	"time"
)

type hitPlacement struct {
	name string
	// page: "stage" opens hit-stage.html?place=name; else hit.html?place=page.
	page string
	// reason: "" when the action must land; else the failure's reason.
	reason string
	// css: target by CSS selector (hidden elements have no snapshot ref).
	css bool
	// arm: call window.arm() in the stage before the action.
	arm bool
	// dsf: the device scale factor the tab is emulated at (0: as it is).
	dsf float64
	// behind: another tab is brought in front of the session's before the action.
	behind bool
}

var hitPlacements = []hitPlacement{
	{name: "plain", page: "stage"},
	{name: "below", page: "stage"},
	{name: "scroller", page: "stage"},
	{name: "frame", page: "frame"},
	{name: "frame2end", page: "frame2end"},
	{name: "scaledframe", page: "scaledframe"},
	{name: "crossframe", page: "crossframe"},
	{name: "crossmid", page: "crossmid"},
	{name: "transformed", page: "stage"},
	{name: "stickybelow", page: "stage"},
	{name: "dsf2", page: "frame2end", dsf: 2},
	{name: "behind", page: "frame", behind: true},
	{name: "overlay", page: "stage", reason: "covered"},
	{name: "crosscovered", page: "crosscovered", reason: "covered"},
	{name: "crossinert", page: "crossinert", reason: "covered", arm: true},
	{name: "overlaygone", page: "stage"},
	{name: "header", page: "stage", reason: "covered"},
	{name: "headerbelow", page: "stage"},
	{name: "animated", page: "stage", arm: true},
	{name: "moveaway", page: "stage"},
	{name: "disabled", page: "stage", reason: "not_enabled"},
	{name: "zero", page: "stage", reason: "not_visible", css: true},
	{name: "hidden", page: "stage", reason: "not_visible", css: true},
	{name: "removed", page: "stage", reason: "detached", arm: true},
}

func placement(name string) hitPlacement {
	for _, p := range hitPlacements {
		if p.name == name {
			return p
		}
	}
	panic("no placement " + name)
}

type hitAction struct {
	name string
	// args builds the command from the targets of the stage's elements.
	args func(tg map[string]string) []string
	// landed: the handler reports ("handler" events' "on") a landing makes,
	// each exactly once; every other handler report is a stray.
	landed []string
	// also: reports that may come beside landed (a dblclick's two clicks).
	also map[string]int
}

var hitActions = []hitAction{
	{name: "click", args: func(tg map[string]string) []string { return []string{"click", tg["target"]} },
		landed: []string{"target-mousedown", "target-click"}},
	{name: "dblclick", args: func(tg map[string]string) []string { return []string{"dblclick", tg["target"]} },
		landed: []string{"target-dblclick"}, also: map[string]int{"target-click": 2, "target-mousedown": 2}},
	{name: "hover", args: func(tg map[string]string) []string { return []string{"hover", tg["target"]} }},
	{name: "check", args: func(tg map[string]string) []string { return []string{"check", tg["box"]} },
		// A press on the label's text clicks the label, then the label clicks
		// its box (that click bubbles through the label again): one press,
		// one or two label clicks, one change (checked below).
		landed: []string{"boxlabel-mousedown"}, also: map[string]int{"boxlabel-click": 2}},
	{name: "drag", args: func(tg map[string]string) []string { return []string{"drag", tg["src"], tg["dst"]} },
		landed: []string{"src-mousedown"}},
}

// hitCellTimeout bounds the waits of the cells that must fail.
const hitCellTimeout = "1500ms"

func TestPointerHitMatrix(t *testing.T) {
	x := crossOrigin(t)
	for _, pl := range hitPlacements {
		// One session (a tab) per placement, closed after its cells; each
		// cell loads the stage fresh in it, under a tag of its own.
		t.Run(pl.name, func(t *testing.T) {
			s := newSession(t, "about:blank")
			for _, act := range hitActions {
				if pl.name == "disabled" && act.name == "hover" {
					continue // hovering a disabled element is allowed (no enabled check), and what it fires is the browser's choice
				}
				t.Run(act.name, func(t *testing.T) { hitCell(t, &s, pl, act, x) })
			}
		})
	}
}

// hitStage opens the placement's page in a new session and answers the
// session, its tag and the stage's elements' targets (refs from a
// snapshot, or CSS selectors).
func hitStage(t *testing.T, pl hitPlacement, x string) (session, string, map[string]string) {
	t.Helper()
	return hitStageIn(t, nil, pl, x)
}

// hitStageIn is hitStage in the session reuse (nil: a new one): the stage
// is opened fresh in its tab.
func hitStageIn(t *testing.T, reuse *session, pl hitPlacement, x string) (session, string, map[string]string) {
	t.Helper()
	tag := tagFor(t)
	var u string
	if pl.page == "stage" {
		u = pageURL("/hit-stage.html", tag, "place", pl.name)
	} else {
		u = pageURL("/hit.html", tag, "place", pl.page, "x", x)
	}
	var s session
	if reuse == nil {
		s = newSession(t, u)
	} else {
		s = *reuse
		mustRun(t, "--session", s.SessionID, "open", u)
		s.url = u
	}
	h.rec.waitFor(t, tag, "the stage's load", func(e event) bool {
		return e.Type == "load" && strings.Contains(e.str("url"), "/hit-stage.html")
	})
	if pl.dsf != 0 {
		p := h.cdp.page(t, tag)
		if _, err := p.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": 0, "height": 0, "deviceScaleFactor": pl.dsf, "mobile": false}); err != nil {
			t.Fatalf("emulating a device scale factor of %g: %v", pl.dsf, err)
		}
		if got := p.evalFloat("devicePixelRatio"); got != pl.dsf {
			t.Fatalf("devicePixelRatio %g, want %g", got, pl.dsf)
		}
	}
	tg := map[string]string{"target": "#target", "box": "#box", "src": "#src", "dst": "#dst"}
	if !pl.css {
		snap := takeSnapshot(t, s, "-i")
		tg = map[string]string{
			"target": snap.ref(t, "button", "Target"),
			"box":    snap.ref(t, "checkbox", "Box"),
			"src":    snap.ref(t, "button", "Source"),
			"dst":    snap.ref(t, "button", "Drop"),
		}
	}
	return s, tag, tg
}

// hitReportsArrived returns once every report the stage's documents sent
// has reached the test server: the page says when (report.js
// reportsSent, its same-origin frames with it). A cross-origin frame's
// reports it cannot wait for: those placements give them a moment.
func hitReportsArrived(t *testing.T, tag string, pl hitPlacement) {
	t.Helper()
	if strings.HasPrefix(pl.page, "cross") {
		time.Sleep(400 * time.Millisecond)
		return
	}
	h.cdp.page(t, tag).eval(`reportsSent().then(() => true)`, nil)
}

func hitCell(t *testing.T, reuse *session, pl hitPlacement, act hitAction, x string) {
	s, tag, tg := hitStageIn(t, reuse, pl, x)
	if pl.arm {
		p := h.cdp.page(t, tag)
		p.eval(`window.arm()`, nil)
	}
	if pl.behind {
		inFront(t)
	}
	args := act.args(tg)
	if pl.reason != "" {
		args = append(args, "--timeout", hitCellTimeout)
	}
	out, errOut, code := run(t, in(s, args...)...)
	// The page's reports of what the action did arrive as fetches: the
	// landing's first, then every other report, strays included.
	if pl.reason == "" && code == 0 && len(act.landed) > 0 {
		h.rec.waitFor(t, tag, act.landed[0], func(e event) bool { return e.Type == "handler" && e.str("on") == act.landed[0] })
	}
	hitReportsArrived(t, tag, pl)
	handlers := map[string]int{}
	for _, e := range h.rec.of(tag, "handler") {
		handlers[e.str("on")]++
	}
	hovered := 0
	for _, e := range h.rec.of(tag, "mouseover") {
		if e.str("target") == "target" {
			hovered++
		}
	}
	if pl.reason != "" {
		var rep struct {
			Error struct {
				Reason  string `json:"reason"`
				Message string `json:"message"`
			} `json:"error"`
		}
		if code == 0 || json.Unmarshal([]byte(errOut), &rep) != nil || rep.Error.Reason != pl.reason {
			t.Fatalf("%s in %s: exit %d, stderr %s; want a failure with reason %s", act.name, pl.name, code, errOut, pl.reason)
		}
		if pl.reason == "covered" && !strings.Contains(rep.Error.Message, "(") {
			t.Errorf("a covered error names the element on top with its CSS path: %s", rep.Error.Message)
		}
		if len(handlers) != 0 {
			t.Errorf("%s in %s failed, yet handlers ran: %v", act.name, pl.name, handlers)
		}
		if act.name == "hover" && hovered != 0 {
			t.Errorf("hover in %s failed, yet the target saw %d mouseover", pl.name, hovered)
		}
		return
	}
	if code != 0 {
		t.Fatalf("%s in %s: exit %d, stderr %s", act.name, pl.name, code, errOut)
	}
	var res struct {
		Target struct {
			Role, Name string
		} `json:"target"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || res.Target.Role == "" {
		t.Errorf("%s: the result names no target: %s", act.name, out)
	}
	want := map[string]int{}
	for _, l := range act.landed {
		want[l] = 1
	}
	for k, n := range act.also {
		want[k] = n
	}
	for k, n := range handlers {
		if want[k] == 0 {
			t.Errorf("%s in %s: the handler %s ran %d times; it must not run", act.name, pl.name, k, n)
		}
	}
	for _, l := range act.landed {
		if handlers[l] != 1 {
			t.Errorf("%s in %s: the handler %s ran %d times, want once (all: %v)", act.name, pl.name, l, handlers[l], handlers)
		}
	}
	for k, n := range act.also {
		if handlers[k] > n {
			t.Errorf("%s in %s: %s ran %d times, at most %d", act.name, pl.name, k, handlers[k], n)
		}
	}
	switch act.name {
	case "hover":
		if hovered == 0 {
			t.Errorf("hover in %s: the target saw no mouseover", pl.name)
		}
	case "drag":
		ups := 0
		for _, e := range h.rec.of(tag, "mouseup") {
			if e.str("target") == "dst" {
				ups++
			}
		}
		if ups != 1 {
			t.Errorf("drag in %s: %d mouseups on the drop zone, want 1 (%s)", pl.name, ups, h.rec.dump(tag))
		}
	case "check":
		changes := 0
		for _, e := range h.rec.of(tag, "change") {
			if e.str("target") == "box" {
				changes++
			}
		}
		if changes != 1 || handlers["boxlabel-click"] == 0 {
			t.Errorf("check in %s: %d changes of the box, want 1; handlers %v", pl.name, changes, handlers)
		}
	}
}

// inFront opens a blank tab in front of the session's (closed when the
// test ends): the action must bring its own tab forward.
func inFront(t *testing.T) {
	t.Helper()
	res, err := h.cdp.call(t.Context(), "", "Target.createTarget", map[string]any{"url": "about:blank"})
	if err != nil {
		t.Fatalf("CDP open a tab in front: %v", err)
	}
	var r struct {
		TargetID string `json:"targetId"`
	}
	_ = json.Unmarshal(res, &r)
	t.Cleanup(func() {
		ctx, cancel := contextFor(5 * time.Second)
		defer cancel()
		_, _ = h.cdp.call(ctx, "", "Target.closeTarget", map[string]any{"targetId": r.TargetID})
	})
}

// A few cells through the MCP tools: the same checks, the same reasons.
func TestPointerHitMatrixMCP(t *testing.T) {
	x := crossOrigin(t)
	for _, c := range []struct {
		place  hitPlacement
		tool   string
		reason string
	}{
		{placement("frame2end"), "browser_click", ""},
		{placement("overlay"), "browser_click", "covered"},
		{placement("overlay"), "browser_hover", "covered"},
		{placement("disabled"), "browser_click", "not_enabled"},
		{placement("crosscovered"), "browser_click", "covered"},
		{placement("crossinert"), "browser_click", "covered"},
		{placement("crossinert"), "browser_hover", "covered"},
	} {
		t.Run(c.place.name+"/"+c.tool, func(t *testing.T) {
			s, tag, tg := hitStage(t, c.place, x)
			if c.place.arm {
				h.cdp.page(t, tag).eval(`window.arm()`, nil)
			}
			args := map[string]any{"ref": tg["target"], "element": "Target"}
			res := mcpCallIn(t, s, c.tool, args)
			h.rec.settle()
			handlers := map[string]int{}
			for _, e := range h.rec.of(tag, "handler") {
				handlers[e.str("on")]++
			}
			if c.reason == "" {
				if res.IsError || handlers["target-click"] != 1 || len(handlers) != 2 {
					t.Fatalf("%s: error %v %s; handlers %v, want target-mousedown and target-click once", c.tool, res.IsError, res.Text, handlers)
				}
				return
			}
			if !res.IsError || !(strings.Contains(res.Text, "("+c.reason+")") || strings.Contains(res.Text, "reason: "+c.reason)) || len(handlers) != 0 {
				t.Fatalf("%s: error %v %s; handlers %v; want reason %s and nothing pressed", c.tool, res.IsError, res.Text, handlers, c.reason)
			}
		})
	}
}

// The cost of the hit-test and the stability check: clicks on a still page
// in one batch (one connection, no process start per click), with and
// without --force, alternating rounds so both see the same machine load.
func TestPointerHitCost(t *testing.T) {
	s, tag, tg := hitStage(t, placement("plain"), "")
	const clicks = 40
	lines := strings.Repeat("click "+tg["target"]+"\n", clicks)
	forced := strings.Repeat("click --force "+tg["target"]+"\n", clicks)
	batch := func(script string) time.Duration {
		// A fresh snapshot per batch: the person-input check (person-input.ts)
		// remembers the last 64 agent calls only.
		takeSnapshot(t, s, "-i")
		ctx, cancel := contextFor(60 * time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, h.bin, "--server", h.addr, "--session", s.SessionID, "batch")
		cmd.Env = h.env()
		cmd.Stdin = strings.NewReader(script)
		start := time.Now()
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("batch: %v\n%s", err, out)
		}
		return time.Since(start)
	}
	var checked, plain []time.Duration
	for round := 0; round < 3; round++ {
		checked = append(checked, batch(lines))
		plain = append(plain, batch(forced))
	}
	best := func(ds []time.Duration) time.Duration {
		b := ds[0]
		for _, d := range ds {
			b = min(b, d)
		}
		return b
	}
	c, f := best(checked)/clicks, best(plain)/clicks
	t.Logf("a click on a still page, best of 3 batches of %d: %s with the checks, %s with --force: the checks add %s", clicks, c, f, c-f)
	h.rec.settle()
	if n := len(h.rec.of(tag, "handler")); n == 0 {
		t.Errorf("the clicks reached no handler")
	}
}

type mcpOutcome struct {
	IsError bool
	Text    string
}

// mcpCallIn runs one tool through a `browserctl mcp` client on session s
// (its --timeout bounds the action's waits).
func mcpCallIn(t *testing.T, s session, tool string, args map[string]any) mcpOutcome {
	t.Helper()
	a := startMCP(t, "--timeout", "2s", "--session", s.SessionID)
	res := a.callResult(tool, args)
	return mcpOutcome{IsError: res.IsError, Text: contentText(res)}
}
