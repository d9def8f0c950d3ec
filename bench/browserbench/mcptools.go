package main

import (
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
)

// The MCP tools an agent calls most, timed per call: browser_navigate,
// browser_snapshot, browser_type and browser_click on the flow's login page
// (flow.go), through `browserctl mcp` and Playwright MCP in the same run,
// the two servers alternating which goes first each round. Each answer is
// checked: the snapshot names the field and the button, the refs it gives
// are the ones typed into and clicked, and the page then says "Welcome".

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

func benchMCPTools(ours, pw *mcpPeer) error {
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
	return nil
}
