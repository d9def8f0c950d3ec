package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/internal/chromium"
)

var (
	flagMCP        = flag.Bool("mcp", false, "measure browser_snapshot of `browserctl mcp` (and Playwright MCP with -playwright-mcp) instead of the CLI")
	flagPlaywright = flag.String("playwright-mcp", "", "@playwright/mcp's cli.js (empty: skip that peer)")
)

// mcpPeer is one MCP server driven by the SDK's client over stdio.
type mcpPeer struct {
	name string
	cs   *mcp.ClientSession
}

func startMCPPeer(name string, cmd *exec.Cmd) (*mcpPeer, error) {
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	client := mcp.NewClient(&mcp.Implementation{Name: "browserbench", Version: "1"}, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		return nil, fmt.Errorf("%s: %v: %s", name, err, firstLine(stderr.String()))
	}
	return &mcpPeer{name: name, cs: cs}, nil
}

// call runs a tool and returns its text and duration.
func (p *mcpPeer) call(tool string, args map[string]any) (string, float64, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	t0 := time.Now()
	res, err := p.cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
	d := ms(time.Since(t0))
	if err != nil {
		return "", d, fmt.Errorf("%s %s: %v", p.name, tool, err)
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	if res.IsError {
		msg := strings.TrimPrefix(strings.TrimSpace(b.String()), "### Error")
		return b.String(), d, fmt.Errorf("%s %s: %s", p.name, tool, strings.Join(strings.Fields(msg), " "))
	}
	return b.String(), d, nil
}

// controlLine matches a control with a ref, in both servers' snapshot
// formats: `- button "Save" [ref=e3]` (Playwright adds attributes such as
// [cursor=pointer] after the ref), or inside a line where browserctl puts a
// list item's or a landmark's leaves (`- navigation: link "Home" [ref=e1],
// link "Help" [ref=e2]`).
var controlLine = regexp.MustCompile(`(?m)(?:^\s*- |: |, )(link|button|textbox|searchbox|checkbox|radio|combobox|listbox|slider|spinbutton|switch|tab|menuitem|option) "((?:[^"\\]|\\.)*)"(?: \[[^\]\n]*\])*? \[(?:[^\]\n]*, )?ref=`)

// controls is the set of (role, name) of the controls a snapshot names.
func controls(text string) map[string]int {
	out := map[string]int{}
	for _, m := range controlLine.FindAllStringSubmatch(text, -1) {
		out[m[1]+" "+m[2]]++
	}
	return out
}

// coverage is the share of want's controls that got names in have
// (counting repeats).
func coverage(have, want map[string]int) float64 {
	total, found := 0, 0
	for k, n := range want {
		total += n
		found += min(n, have[k])
	}
	if total == 0 {
		return 1
	}
	return float64(found) / float64(total)
}

// benchMCP measures browser_snapshot's result on every page: characters,
// the controls it names, and time; for browserctl at the default budget,
// unbounded and in interactive mode, and for Playwright MCP.
func benchMCP(e *env, web *httptest.Server, pages []string) error {
	ours, pw, err := startMCPPeers(e)
	if err != nil {
		return err
	}
	defer ours.cs.Close()
	if pw != nil {
		defer pw.cs.Close()
	}
	if *flagMCPTools > 0 {
		return benchMCPTools(e, ours, pw)
	}

	fmt.Println("| page | Playwright MCP chars | ms | browserctl chars (default budget) | ratio | controls covered | ms | unbounded chars | ratio | covered | interactive chars | ratio | covered |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	var ratios, unbRatios, interRatios, covs, unbCovs, interCovs, pwMs, ourMs []float64
	var pwChars, ourChars []float64
	for _, name := range pages {
		url := web.URL + "/" + name
		logf("mcp %s", name)
		if _, _, err := ours.call("browser_navigate", map[string]any{"url": url}); err != nil {
			logf("  %v", err)
			continue
		}
		snap := func(p *mcpPeer, args map[string]any) (string, float64, error) {
			var times []float64
			var text string
			for i := 0; i < *flagRuns; i++ {
				t, d, err := p.call("browser_snapshot", args)
				if err != nil {
					return "", 0, err
				}
				text = t
				times = append(times, d)
			}
			return text, median(times), nil
		}
		def, defMs, err := snap(ours, map[string]any{})
		if err != nil {
			logf("  %v", err)
			continue
		}
		unb, _, _ := snap(ours, map[string]any{"maxChars": -1})
		inter, _, _ := snap(ours, map[string]any{"mode": "interactive", "maxChars": -1})
		row := fmt.Sprintf("| %s | ", name)
		if pw == nil {
			row += "- | - | "
		} else {
			if _, _, err := pw.call("browser_navigate", map[string]any{"url": url}); err != nil {
				logf("  %v", err)
				continue
			}
			ptext, pms, err := snap(pw, map[string]any{})
			if err != nil {
				logf("  %v", err)
				continue
			}
			want := controls(ptext)
			pc := float64(len(ptext))
			pwChars, ourChars = append(pwChars, pc), append(ourChars, float64(len(def)))
			pwMs, ourMs = append(pwMs, pms), append(ourMs, defMs)
			r, c := float64(len(def))/pc, coverage(controls(def), want)
			ru, cu := float64(len(unb))/pc, coverage(controls(unb), want)
			ri, ci := float64(len(inter))/pc, coverage(controls(inter), want)
			ratios, covs = append(ratios, r), append(covs, c)
			unbRatios, unbCovs = append(unbRatios, ru), append(unbCovs, cu)
			interRatios, interCovs = append(interRatios, ri), append(interCovs, ci)
			row += fmt.Sprintf("%d | %.0f | %d | %.2f | %.0f%% | %.0f | %d | %.2f | %.0f%% | %d | %.2f | %.0f%% |",
				len(ptext), pms, len(def), r, 100*c, defMs, len(unb), ru, 100*cu, len(inter), ri, 100*ci)
			fmt.Println(row)
			continue
		}
		fmt.Println(row + fmt.Sprintf("%d | - | - | %.0f | %d | - | - | %d | - | - |", len(def), defMs, len(unb), len(inter)))
	}
	if len(ratios) > 0 {
		fmt.Printf("\nmedian over %d pages: Playwright MCP %.0f chars (~%.0f tokens) in %.0f ms; browserctl default %.0f chars (~%.0f tokens) in %.0f ms, ratio %.2f, controls covered %.0f%%; unbounded ratio %.2f, covered %.0f%%; interactive ratio %.2f, covered %.0f%%\n",
			len(ratios), median(pwChars), median(pwChars)/4, median(pwMs), median(ourChars), median(ourChars)/4, median(ourMs),
			median(ratios), 100*median(covs), median(unbRatios), 100*median(unbCovs), median(interRatios), 100*median(interCovs))
	}
	return nil
}

// startMCPPeers starts `browserctl mcp` and, with -playwright-mcp, Playwright
// MCP on the same Chromium binary with the same flags (pw nil without it).
func startMCPPeers(e *env) (ours, pw *mcpPeer, err error) {
	oursCmd := exec.Command(e.bin, "--server", e.addr, "mcp")
	oursCmd.Env = e.environ()
	ours, err = startMCPPeer("browserctl mcp", oursCmd)
	if err != nil {
		return nil, nil, err
	}
	if *flagPlaywright != "" {
		pw, err := startPlaywrightMCP(e)
		if err != nil {
			ours.cs.Close()
			return nil, nil, err
		}
		return ours, pw, nil
	}
	return ours, nil, nil
}

// startPlaywrightMCP starts Playwright MCP (-playwright) on the benchmark's
// Chromium, headless at 1280x800 with the same flags as ours, in an isolated
// context; its files go to pw-out.
func startPlaywrightMCP(e *env) (*mcpPeer, error) {
	cfg := filepath.Join(e.dir, "playwright-mcp.json")
	var args []string
	for _, f := range chromium.Flags(browserOptions) {
		if f != "--headless" {
			args = append(args, f)
		}
	}
	b, _ := json.Marshal(map[string]any{"browser": map[string]any{
		"launchOptions":  map[string]any{"executablePath": *flagChrome, "headless": true, "args": args},
		"contextOptions": map[string]any{"viewport": map[string]int{"width": 1280, "height": 800}},
		"isolated":       true,
	}})
	if err := os.WriteFile(cfg, b, 0o600); err != nil {
		return nil, err
	}
	return startMCPPeer("Playwright MCP", exec.Command("node", *flagPlaywright, "--config", cfg, "--output-dir", filepath.Join(e.dir, "pw-out")))
}
