package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// The MCP tools an agent calls most, timed per call: browser_navigate,
// browser_snapshot, browser_type and browser_click on the flow's login page
// (flow.go), through `browserctl mcp` and Playwright MCP in the same run,
// the two servers alternating which goes first each round. Each answer is
// checked: the snapshot names the field and the button, the refs it gives
// are the ones typed into and clicked, and the page then says "Welcome".
//
// The floor of browser_navigate is timed in the same rounds, in the same
// browser as ours: bare CDP over the benchmark's own debugging connection,
// in a tab of its own, shown in a window of its own as ours is,
// Page.navigate to the login page until that tab's Page.loadEventFired
// (the browser's own navigation, nothing of ours in it). Beside it, the
// same navigation through chrome.debugger, the path the protocol gives an
// extension: from the service worker of a small extension loaded beside
// ours (bench/debugger-floor/), in one tab, with the Page domain only, with
// each of Runtime, Log and Network, and with all three on, as browserctl's
// logs keep them.

var flagMCPTools = flag.Int("mcp-tools", 0, "with -mcp: time navigate, snapshot, type and click per call for this many rounds instead of the corpus snapshots")

var mcpTools = []string{"browser_navigate", "browser_snapshot", "browser_type", "browser_click"}

// refOf finds the ref a snapshot gives the control `role "name"`.
func refOf(snap, role, name string) string {
	re := regexp.MustCompile(`(?m)^\s*- ` + role + ` "` + regexp.QuoteMeta(name) + `"[^\n]*\[ref=([^\]\s]+)\]`)
	if m := re.FindStringSubmatch(snap); m != nil {
		return m[1]
	}
	return ""
}

// mcpToolsRound runs the four tools once on p and answers each one's time.
func mcpToolsRound(p *mcpPeer, login string) (map[string]float64, error) {
	t := map[string]float64{}
	if _, d, err := p.call("browser_navigate", map[string]any{"url": login}); err != nil {
		return nil, err
	} else {
		t["browser_navigate"] = d
	}
	snap, d, err := p.call("browser_snapshot", map[string]any{})
	if err != nil {
		return nil, err
	}
	t["browser_snapshot"] = d
	user, goRef := refOf(snap, "textbox", "User"), refOf(snap, "button", "Sign in")
	if user == "" || goRef == "" {
		return nil, fmt.Errorf("%s: the snapshot lacks the User field or the Sign in button: %s", p.name, firstLine(snap))
	}
	// Playwright MCP 0.0.83 names the ref "target"; browserctl mcp "ref".
	key := "ref"
	if p.name == "Playwright MCP" {
		key = "target"
	}
	if out, d2, err := p.call("browser_type", map[string]any{"element": "User", key: user, "text": "alice"}); err != nil {
		return nil, fmt.Errorf("%v (ref %s): %s", err, user, out)
	} else {
		d = d2
	}
	t["browser_type"] = d
	if _, d, err = p.call("browser_click", map[string]any{"element": "Sign in", key: goRef}); err != nil {
		return nil, err
	}
	t["browser_click"] = d
	// The click's effect, checked outside the timing: the page greets alice.
	if _, _, err := p.call("browser_wait_for", map[string]any{"text": "Welcome alice"}); err != nil {
		return nil, fmt.Errorf("%s: after type and click: %v", p.name, err)
	}
	return t, nil
}

// debuggerFloorDir is the extension that times a navigation through
// chrome.debugger (loaded beside ours with -mcp-tools).
const debuggerFloorDir = "bench/debugger-floor"

// floorDomains are the sets of domains the chrome.debugger floor is timed
// with beside Page: none, each of the three browserctl's logs keep on, and
// all three (the last: what browserctl's tabs have).
var floorDomains = [][]string{{}, {"Runtime"}, {"Log"}, {"Network"}, {"Runtime", "Log", "Network"}}

// debuggerFloor is that extension's service worker, driven over CDP.
type debuggerFloor struct {
	dt      *devtools
	session string
}

// openDebuggerFloor attaches to the floor extension's service worker (the
// attachment keeps it running), waiting for it to start.
func openDebuggerFloor(e *env) (*debuggerFloor, error) {
	dt, err := dialDevtools(filepath.Join(e.dir, "profile"))
	if err != nil {
		return nil, err
	}
	isFloor := func(typ, url string) bool {
		return typ == "service_worker" && strings.HasSuffix(url, "/debugger-floor.js")
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		session, err := attachTarget(dt, isFloor)
		if err == nil {
			return &debuggerFloor{dt: dt, session: session}, nil
		}
		if time.Now().After(deadline) {
			dt.ws.Close()
			return nil, fmt.Errorf("the chrome.debugger floor's worker (%s): %w", debuggerFloorDir, err)
		}
	}
}

// navigate is the worker's time for a navigation to url, Page.navigate to
// load, in ms, in its tab with these domains on beside Page.
func (f *debuggerFloor) navigate(url string, domains []string) (float64, error) {
	var r struct {
		Result struct {
			Value float64 `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	list, _ := json.Marshal(domains)
	expr := fmt.Sprintf("floorNavigate(%q, %s)", url, list)
	if err := f.dt.call(f.session, "Runtime.evaluate", map[string]any{"expression": expr, "awaitPromise": true, "returnByValue": true}, &r); err != nil {
		return 0, err
	}
	if d := r.ExceptionDetails; d != nil {
		return 0, fmt.Errorf("the chrome.debugger floor: %s %s", d.Text, d.Exception.Description)
	}
	return r.Result.Value, nil
}

// navigationFloor is a tab of the benchmark's browser driven over bare CDP.
type navigationFloor struct {
	dt      *devtools
	session string
}

func openNavigationFloor(e *env) (*navigationFloor, error) {
	dt, err := dialDevtools(filepath.Join(e.dir, "profile"))
	if err != nil {
		return nil, err
	}
	var created struct {
		TargetID string `json:"targetId"`
	}
	var att struct {
		SessionID string `json:"sessionId"`
	}
	// A window of its own: the tab is shown, as the one the servers drive
	// is. A tab behind another is not painted, and loads faster for it
	// (measured on the login page: 28 ms against 33 shown, and a first
	// call after the load 2 ms against 5).
	if err := dt.call("", "Target.createTarget", map[string]any{"url": "about:blank", "newWindow": true}, &created); err != nil {
		dt.ws.Close()
		return nil, err
	}
	if err := dt.call("", "Target.attachToTarget", map[string]any{"targetId": created.TargetID, "flatten": true}, &att); err != nil {
		dt.ws.Close()
		return nil, err
	}
	if err := dt.call(att.SessionID, "Page.enable", nil, nil); err != nil {
		dt.ws.Close()
		return nil, err
	}
	return &navigationFloor{dt: dt, session: att.SessionID}, nil
}

// navigate times Page.navigate to url until the tab's load event, in ms.
func (f *navigationFloor) navigate(url string) (float64, error) {
	d := f.dt
	d.id++
	id := d.id
	start := time.Now()
	_ = d.ws.SetWriteDeadline(start.Add(30 * time.Second))
	if err := d.ws.WriteJSON(map[string]any{"id": id, "method": "Page.navigate", "params": map[string]any{"url": url}, "sessionId": f.session}); err != nil {
		return 0, err
	}
	answered, loaded := false, false
	for !answered || !loaded {
		_ = d.ws.SetReadDeadline(time.Now().Add(30 * time.Second))
		var m struct {
			ID        int64  `json:"id"`
			Method    string `json:"method"`
			SessionID string `json:"sessionId"`
			Result    struct {
				ErrorText string `json:"errorText"`
			} `json:"result"`
			Error json.RawMessage `json:"error"`
		}
		if err := d.ws.ReadJSON(&m); err != nil {
			return 0, err
		}
		switch {
		case m.ID == id && (m.Error != nil || m.Result.ErrorText != ""):
			return 0, fmt.Errorf("floor Page.navigate %s: %s%s", url, m.Error, m.Result.ErrorText)
		case m.ID == id:
			answered = true
		case m.Method == "Page.loadEventFired" && m.SessionID == f.session && answered:
			loaded = true
		}
	}
	return float64(time.Since(start).Microseconds()) / 1000, nil
}

func benchMCPTools(e *env, ours, pw *mcpPeer) error {
	mux := http.NewServeMux()
	mux.HandleFunc("/flow/login", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, flowLoginPage)
	})
	web := httptest.NewServer(mux)
	defer web.Close()
	login := web.URL + "/flow/login"
	peers := []*mcpPeer{ours}
	if pw != nil {
		peers = append(peers, pw)
	}
	floor, err := openNavigationFloor(e)
	if err != nil {
		return fmt.Errorf("the navigation floor's tab: %w", err)
	}
	defer floor.dt.ws.Close()
	if _, err := floor.navigate(login); err != nil { // warm-up
		return err
	}
	viaDebugger, err := openDebuggerFloor(e)
	if err != nil {
		return err
	}
	defer viaDebugger.dt.ws.Close()
	var floorMs []float64
	debuggerMs := make([][]float64, len(floorDomains))
	for _, domains := range floorDomains {
		if _, err := viaDebugger.navigate(login, domains); err != nil { // warm-up
			return err
		}
	}
	times := map[string]map[string][]float64{}
	for _, p := range peers {
		times[p.name] = map[string][]float64{}
		if _, err := mcpToolsRound(p, login); err != nil { // warm-up, not counted
			return err
		}
	}
	for round := 0; round < *flagMCPTools; round++ {
		order := peers
		if round%2 == 1 && len(peers) == 2 {
			order = []*mcpPeer{peers[1], peers[0]}
		}
		for _, p := range order {
			t, err := mcpToolsRound(p, login)
			if err != nil {
				return err
			}
			for k, v := range t {
				times[p.name][k] = append(times[p.name][k], v)
			}
		}
		// The floors, each round starting from another one: a place in the
		// sequence has its own cost (measured: up to 9 ms between the
		// first and the last of six), which no floor should carry alone.
		for k := range len(floorDomains) + 1 {
			i := (k + round) % (len(floorDomains) + 1)
			var ms float64
			var err error
			if i == len(floorDomains) {
				ms, err = floor.navigate(login)
				floorMs = append(floorMs, ms)
			} else {
				ms, err = viaDebugger.navigate(login, floorDomains[i])
				debuggerMs[i] = append(debuggerMs[i], ms)
			}
			if err != nil {
				return err
			}
		}
	}
	fmt.Printf("MCP tools per call on a login page, median of %d rounds (ms), the servers alternating:\n\n", *flagMCPTools)
	head := "| tool | " + ours.name + " |"
	sep := "|---|---|"
	if pw != nil {
		head += " " + pw.name + " | ratio |"
		sep += "---|---|"
	}
	fmt.Println(head)
	fmt.Println(sep)
	for _, tool := range mcpTools {
		o := median(times[ours.name][tool])
		row := fmt.Sprintf("| %s | %.1f |", tool, o)
		if pw != nil {
			w := median(times[pw.name][tool])
			row += fmt.Sprintf(" %.1f | %.2f |", w, o/w)
		}
		fmt.Println(row)
	}
	o := median(times[ours.name]["browser_navigate"])
	fmt.Printf("\nThe browser's own navigation in the same browser (bare CDP, Page.navigate to load): median %.1f ms; browser_navigate adds %.1f ms, its snapshot included.\n", median(floorMs), o-median(floorMs))
	fmt.Printf("\nThe same navigation through chrome.debugger from an extension's worker, medians:\n\n| domains on beside Page | ms |\n|---|---|\n")
	for i, domains := range floorDomains {
		name := strings.Join(domains, ", ")
		if name == "" {
			name = "none"
		}
		fmt.Printf("| %s | %.1f |\n", name, median(debuggerMs[i]))
	}
	all := median(debuggerMs[len(debuggerMs)-1])
	fmt.Printf("\nbrowser_navigate adds %.1f ms to the last, the domains browserctl keeps on.\n", o-all)
	return nil
}
