// Command browserbench measures browserctl in a real headless Chromium with
// a warm hub: one-shot `get title` wall time, `snapshot` and `snapshot -i`
// time and size on every corpus page, and Playwright's
// locator('body').ariaSnapshot() on the same pages in the same run. It
// prints markdown tables to stdout; progress goes to stderr.
//
// bench/browser.sh runs it; see there for the flags.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"browserctl/extension"
	"browserctl/internal/chromium"
)

var (
	flagBin    = flag.String("bin", "", "the browserctl binary (built by browser.sh)")
	flagCorpus = flag.String("corpus", "", "folder of corpus pages")
	flagTitles = flag.Int("titles", 200, "one-shot `get title` runs")
	flagRuns   = flag.Int("runs", 5, "snapshot runs per page and mode")
	flagChrome = flag.String("chromium", "/usr/bin/chromium", "Chromium")
	flagNode   = flag.String("aria", "", "path of aria.mjs (empty: skip Playwright)")
	flagPages  = flag.String("pages", "", "comma-separated page names (default: all)")
	flagExt    = flag.String("ext", "", "a built extension dist/ to load instead of the one the binary embeds")
	flagAB     = flag.String("agent-browser", "", "agent-browser's native binary (empty: skip that peer)")
	flagHubLog = flag.String("hub-log", "", "run the hub with -v and write its frame log here (go run ./bench/hublog FILE reads it: each call the hub sent the extension, and how long it took)")
	flagBatch  = flag.Int("batch", 100, "lines of `get title` in one `batch`, against as many one-shot runs (0: skip)")
	flagBatchN = flag.Int("batch-reps", 5, "repetitions of the batch comparison")
	flagNoSnap = flag.Bool("no-snapshots", false, "only the call timings: skip the snapshot and Playwright sections")
	flagIFirst = flag.Bool("interactive-first", false, "snapshot -i before the full snapshot on each page (with -runs 1: the first snapshot of a fresh document is -i's, as agent-browser's is)")
)

// browserOptions are the flags of both browsers the benchmark runs (ours
// and agent-browser's): the end-to-end tests' settings, no network names
// but loopback.
var browserOptions = chromium.Options{NoSandbox: true, Harness: true}

type env struct {
	dir, bin, home, addr string
	serve                *exec.Cmd
	chrome               *chromium.Browser
}

func main() {
	flag.Parse()
	if err := mainErr(); err != nil {
		fmt.Fprintln(os.Stderr, "browserbench:", err)
		os.Exit(1)
	}
}

func logf(format string, args ...any) { fmt.Fprintf(os.Stderr, format+"\n", args...) }

func mainErr() error {
	pages, err := listPages()
	if err != nil {
		return err
	}
	e, web, err := startEnv()
	if e != nil {
		defer e.close()
	}
	if web != nil {
		defer web.Close()
	}
	if err != nil {
		return err
	}
	if *flagAgent > 0 {
		return benchAgent(e)
	}
	if *flagMCP {
		return benchMCP(e, web, pages)
	}
	if *flagMemory > 0 {
		return benchMemory(e, web, pages)
	}
	if *flagRecord > 0 {
		return benchRecordActions(e)
	}

	var sess struct {
		SessionID string `json:"sessionId"`
	}
	out, errOut, code := e.run("--json", "session", "create", "--name", "bench", "--url", web.URL+"/"+pages[0])
	if code != 0 || json.Unmarshal([]byte(out), &sess) != nil || sess.SessionID == "" {
		return fmt.Errorf("session create: exit %d: %s %s", code, out, errOut)
	}
	S := []string{"--session", sess.SessionID}
	e.run(append(S, "wait", "--load", "load")...)
	if *flagRepeat > 0 {
		return benchRepeat(e, sess.SessionID)
	}
	if *flagFlow > 0 {
		return benchFlow(e, sess.SessionID)
	}

	var ab *abPeer
	if *flagAB != "" {
		ab = &abPeer{bin: *flagAB, home: filepath.Join(e.dir, "ab-home")}
		_ = os.MkdirAll(ab.home, 0o700)
		defer ab.close()
		if _, err := ab.run("open", web.URL+"/"+pages[0]); err != nil {
			logf("agent-browser: %v; skipping that peer", err)
			ab = nil
		}
	}
	calls, err := benchOneShots(e, S, ab)
	if err != nil {
		return err
	}
	if err := benchBatch(e, S, &calls); err != nil {
		return err
	}

	if *flagNoSnap {
		pages = nil
		*flagNode = ""
	}
	results := benchSnapshots(e, S, web, pages, ab)
	e.run("session", "close", sess.SessionID)
	if *flagNode != "" {
		playwrightSnapshots(web, pages, results)
	}
	printTables(calls, results, ab)
	return nil
}

// startEnv starts what every benchmark runs against: the corpus server, a
// hub (serve) in a state folder of its own, the extension installed, and
// Chromium headless with it loaded, connected. The env and server it
// answers are to be closed even with an error.
func startEnv() (*env, *httptest.Server, error) {
	var err error
	e := &env{bin: *flagBin}
	e.dir, err = os.MkdirTemp("", "browserctl-bench-")
	if err != nil {
		return nil, nil, err
	}
	e.home = filepath.Join(e.dir, "home")
	_ = os.MkdirAll(e.home, 0o700)

	web := httptest.NewServer(http.FileServer(http.Dir(*flagCorpus)))

	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return e, web, err
	}
	e.addr = l.Addr().String()
	l.Close()
	e.serve = exec.Command(e.bin, "serve", "--addr", e.addr)
	if *flagHubLog != "" {
		hubLog, err := os.Create(*flagHubLog)
		if err != nil {
			return e, web, err
		}
		// the child has its own copy of the descriptor; ours is not needed
		defer hubLog.Close()
		e.serve.Args = append(e.serve.Args, "-v")
		e.serve.Stdout, e.serve.Stderr = hubLog, hubLog
	}
	e.serve.Env = e.environ()
	e.serve.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := e.serve.Start(); err != nil {
		return e, web, err
	}
	go e.serve.Wait()
	if err := waitPort(e.addr); err != nil {
		return e, web, err
	}
	extDir := filepath.Join(e.dir, "ext")
	if _, errOut, code := e.run("extension", "install", extDir); code != 0 {
		return e, web, fmt.Errorf("extension install: exit %d: %s", code, errOut)
	}
	if *flagExt != "" {
		if err := extension.Overlay(*flagExt, extDir); err != nil {
			return e, web, err
		}
	}
	opts := browserOptions
	opts.Extension, opts.Profile, opts.Headless = extDir, filepath.Join(e.dir, "profile"), true
	if *flagMCPTools > 0 {
		// beside ours: the extension that times navigation through chrome.debugger
		floor, err := filepath.Abs(debuggerFloorDir)
		if err != nil {
			return e, web, err
		}
		opts.Extension += "," + floor
	}
	opts.WindowWidth, opts.WindowHeight = 1280, 800
	// the worker's heap is read over CDP; -mcp-tools times bare CDP's
	// navigation in a tab of its own
	opts.DebugPort = *flagMemory > 0 || *flagRecord > 0 || *flagMCPTools > 0
	if e.chrome, err = chromium.Start(*flagChrome, opts, nil); err != nil {
		return e, web, err
	}
	if _, errOut, code := e.run("status", "--wait", "30s"); code != 0 {
		return e, web, fmt.Errorf("the extension did not connect: %s", errOut)
	}
	return e, web, nil
}

// oneShots are the one-shot calls timed against the process floor. `tab
// active` never touches chrome.debugger: it splits the CLI + hub +
// extension cost from the CDP cost.
var oneShots = []struct {
	name string
	args []string
}{
	{"`browserctl get title`", []string{"get", "title"}},
	{"`browserctl get url`", []string{"get", "url"}},
	{"`browserctl eval document.title`", []string{"eval", "document.title"}},
	{"`browserctl tab active` (no CDP)", []string{"tab", "active"}},
	{"`browserctl token` (local: the binary's start)", []string{"token"}},
}

// callTimes are the call timings: each one-shot's, the process floor's,
// agent-browser's `get title`, and the batch comparison's.
type callTimes struct {
	oneShotMs               [][]float64
	floor, abTitle          []float64
	batchMs, seqMs, floorMs []float64
}

// benchOneShots: the one-shot calls, interleaved so drift hits them alike,
// against the process floor (and agent-browser's `get title`).
func benchOneShots(e *env, S []string, ab *abPeer) (callTimes, error) {
	var c callTimes
	logf("one-shot calls x %d", *flagTitles)
	c.oneShotMs = make([][]float64, len(oneShots))
	// The order rotates every round: whichever runs first after another
	// program pays for cold caches (agent-browser first every round made
	// `get title`, right after it, ~1 ms slower than the same `get url`).
	for i := 0; i < *flagTitles; i++ {
		n := len(oneShots) + 1 // slot len(oneShots) is agent-browser
		for k := 0; k < n; k++ {
			j := (i + k) % n
			if j == len(oneShots) {
				if ab == nil {
					continue
				}
				t0 := time.Now()
				if _, err := ab.run("get", "title"); err != nil {
					return c, fmt.Errorf("agent-browser get title: %v", err)
				}
				c.abTitle = append(c.abTitle, ms(time.Since(t0)))
				continue
			}
			o := oneShots[j]
			t0 := time.Now()
			_, errOut, code := e.run(append(S, o.args...)...)
			d := ms(time.Since(t0))
			if code != 0 {
				return c, fmt.Errorf("%s: exit %d: %s", o.name, code, errOut)
			}
			c.oneShotMs[j] = append(c.oneShotMs[j], d)
		}
		t0 := time.Now()
		_ = exec.Command("/bin/true").Run()
		c.floor = append(c.floor, ms(time.Since(t0)))
	}

	return c, nil
}

// benchBatch: a batch of N `get title` lines against N one-shot runs;
// floorMs: as many `call extension.info` lines, which the extension
// answers without a browser API call: what any batch line pays for the
// trip CLI -> hub -> extension and back.
func benchBatch(e *env, S []string, c *callTimes) error {
	if *flagBatch > 0 {
		logf("batch of %d get title x %d", *flagBatch, *flagBatchN)
		lines := strings.Repeat("get title\n", *flagBatch)
		for rep := 0; rep < *flagBatchN; rep++ {
			t0 := time.Now()
			out, errOut, code := e.runStdin(lines, append(S, "batch")...)
			if code != 0 || strings.Count(out, "\n") != *flagBatch {
				return fmt.Errorf("batch: exit %d, %d lines out: %s", code, strings.Count(out, "\n"), firstLine(errOut))
			}
			c.batchMs = append(c.batchMs, ms(time.Since(t0)))
			t0 = time.Now()
			out, errOut, code = e.runStdin(strings.Repeat("call extension.info\n", *flagBatch), append(S, "batch")...)
			if code != 0 || strings.Count(out, "\n") != *flagBatch {
				return fmt.Errorf("batch of call extension.info: exit %d, %d lines out: %s", code, strings.Count(out, "\n"), firstLine(errOut))
			}
			c.floorMs = append(c.floorMs, ms(time.Since(t0)))
			t0 = time.Now()
			for i := 0; i < *flagBatch; i++ {
				if _, errOut, code := e.run(append(S, "get", "title")...); code != 0 {
					return fmt.Errorf("get title: exit %d: %s", code, errOut)
				}
			}
			c.seqMs = append(c.seqMs, ms(time.Since(t0)))
		}
	}

	return nil
}

// pageResult is one corpus page's snapshots: ours (full and -i),
// Playwright's ariaSnapshot and agent-browser's snapshot -i.
type pageResult struct {
	name                              string
	fullMs, interMs                   float64
	fullBytes, fullLines, fullRefs    int
	interBytes, interLines, interRefs int
	err                               string
	pwMs                              float64
	pwBytes, pwLines                  int
	pwErr                             string
	abMs                              float64
	abBytes, abRefs                   int
	abErr                             string
}

// benchSnapshots: `snapshot` and `snapshot -i` of every page, each in a tab
// of its own, agent-browser's `snapshot -i` right after ours.
func benchSnapshots(e *env, S []string, web *httptest.Server, pages []string, ab *abPeer) []*pageResult {
	var results []*pageResult
	// agent-browser's `snapshot -i` of a page, one-shot CLI too, right
	// after ours of the same page: the two share the machine's moment.
	abSnapshot := func(r *pageResult) {
		logf("agent-browser snapshot -i %s", r.name)
		if _, err := ab.run("open", web.URL+"/"+r.name); err != nil {
			r.abErr = err.Error()
			return
		}
		var times []float64
		var text string
		for i := 0; i < *flagRuns; i++ {
			t0 := time.Now()
			out, err := ab.run("snapshot", "-i")
			if err != nil {
				r.abErr = err.Error()
				return
			}
			times = append(times, ms(time.Since(t0)))
			text = out
		}
		r.abMs, r.abBytes, r.abRefs = median(times), len(text), strings.Count(text, "[ref=")
	}
	for _, name := range pages {
		r := &pageResult{name: name}
		results = append(results, r)
		logf("snapshot %s", name)
		var tb struct {
			TabID int `json:"tabId"`
		}
		out, errOut, code := e.run(append(S, "--json", "tab", "open", web.URL+"/"+name)...)
		if code != 0 || json.Unmarshal([]byte(out), &tb) != nil {
			r.err = fmt.Sprintf("tab open: exit %d %s", code, strings.TrimSpace(errOut))
			continue
		}
		e.run(append(S, "wait", "--load", "load")...)
		modes := []string{"full", "-i"}
		if *flagIFirst {
			modes = []string{"-i", "full"}
		}
		for _, mode := range modes {
			var times []float64
			var text string
			for i := 0; i < *flagRuns; i++ {
				args := append(append([]string{}, S...), "snapshot")
				if mode == "-i" {
					args = append(args, "-i")
				}
				t0 := time.Now()
				out, errOut, code := e.run(args...)
				d := ms(time.Since(t0))
				if code != 0 {
					r.err = fmt.Sprintf("snapshot %s: exit %d %s", mode, code, firstLine(errOut))
					break
				}
				times = append(times, d)
				text = out
			}
			if r.err != "" {
				break
			}
			refs := strings.Count(text, "[ref=")
			lines := strings.Count(strings.TrimRight(text, "\n"), "\n") + 1
			if mode == "full" {
				r.fullMs, r.fullBytes, r.fullLines, r.fullRefs = median(times), len(text), lines, refs
			} else {
				r.interMs, r.interBytes, r.interLines, r.interRefs = median(times), len(text), lines, refs
			}
		}
		e.run(append(S, "tab", "close", strconv.Itoa(tb.TabID))...)
		if ab != nil {
			abSnapshot(r)
		}
	}
	return results
}

// playwrightSnapshots: Playwright's ariaSnapshot on the same pages, same
// server, same Chromium (aria.mjs), into results.
func playwrightSnapshots(web *httptest.Server, pages []string, results []*pageResult) {
	logf("playwright ariaSnapshot on %d pages", len(pages))
	var urls []string
	for _, p := range pages {
		urls = append(urls, web.URL+"/"+p)
	}
	cmd := exec.Command("node", append([]string{*flagNode, strconv.Itoa(*flagRuns)}, urls...)...)
	cmd.Env = append(os.Environ(), "CHROMIUM="+*flagChrome)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		logf("playwright: %v", err)
	}
	byURL := map[string]*pageResult{}
	for i, p := range pages {
		byURL[web.URL+"/"+p] = results[i]
	}
	for _, line := range strings.Split(string(out), "\n") {
		var pr struct {
			URL   string    `json:"url"`
			Times []float64 `json:"times"`
			Bytes int       `json:"bytes"`
			Lines int       `json:"lines"`
			Error string    `json:"error"`
		}
		if json.Unmarshal([]byte(line), &pr) != nil {
			continue
		}
		if r := byURL[pr.URL]; r != nil {
			r.pwMs, r.pwBytes, r.pwLines, r.pwErr = median(pr.Times), pr.Bytes, pr.Lines, pr.Error
		}
	}
}

// printTables prints the markdown tables of the calls and the snapshots.
func printTables(c callTimes, results []*pageResult, ab *abPeer) {
	fmt.Printf("## browserctl in headless Chromium (%s)\n\n", time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	fmt.Printf("One-shot CLI calls, warm hub, wall time of the whole process, %d runs each:\n\n", len(c.floor))
	fmt.Printf("| command | median ms | p90 ms |\n|---|---|---|\n")
	fmt.Printf("| `/bin/true` (process floor) | %.2f | %.2f |\n", median(c.floor), pct(c.floor, 90))
	for j, o := range oneShots {
		fmt.Printf("| %s | %.2f | %.2f |\n", o.name, median(c.oneShotMs[j]), pct(c.oneShotMs[j], 90))
	}
	if len(c.abTitle) > 0 {
		fmt.Printf("| `agent-browser get title` (warm daemon) | %.2f | %.2f |\n", median(c.abTitle), pct(c.abTitle, 90))
		fmt.Printf("\n`get title` browserctl/agent-browser, medians: %.2f\n", median(c.oneShotMs[0])/median(c.abTitle))
	}
	fmt.Println()
	if len(c.batchMs) > 0 {
		fmt.Printf("`batch` of %d `get title` lines against %d one-shot `get title` runs, wall time, %d repetitions:\n\n", *flagBatch, *flagBatch, len(c.batchMs))
		fmt.Printf("| run | median ms | min ms | max ms | per call ms |\n|---|---|---|---|---|\n")
		fmt.Printf("| `batch` (one process, one hub connection) | %.1f | %.1f | %.1f | %.2f |\n", median(c.batchMs), pct(c.batchMs, 0), pct(c.batchMs, 100), median(c.batchMs)/float64(*flagBatch))
		fmt.Printf("| %d one-shot processes | %.1f | %.1f | %.1f | %.2f |\n", *flagBatch, median(c.seqMs), pct(c.seqMs, 0), pct(c.seqMs, 100), median(c.seqMs)/float64(*flagBatch))
		fmt.Printf("| `batch` of `call extension.info` (no browser API: the trip to the extension and back) | %.1f | %.1f | %.1f | %.2f |\n", median(c.floorMs), pct(c.floorMs, 0), pct(c.floorMs, 100), median(c.floorMs)/float64(*flagBatch))
		fmt.Printf("\nbatch/one-shot, medians: %.2f (the extension.info batch: %.2f)\n\n", median(c.batchMs)/median(c.seqMs), median(c.floorMs)/median(c.seqMs))
	}
	if *flagNoSnap {
		return
	}

	fmt.Printf("Snapshots per corpus page (median of %d one-shot runs, wall time; bytes of the text printed); Playwright `locator('body').ariaSnapshot()` in-process, same Chromium, same server:\n\n", *flagRuns)
	fmt.Printf("| page | full ms | full bytes | full lines | full refs | -i ms | -i bytes | -i lines | -i refs | PW ms | PW bytes | -i/PW time | -i/PW bytes | full/PW time |\n")
	fmt.Printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	var fMs, iMs, fB, iB, pMs, pB, iRefs []float64
	var errs []string
	for _, r := range results {
		if r.err != "" {
			errs = append(errs, r.name+": "+r.err)
			fmt.Printf("| %s | error | | | | | | | | | | | | |\n", r.name)
			continue
		}
		fMs, iMs = append(fMs, r.fullMs), append(iMs, r.interMs)
		fB, iB = append(fB, float64(r.fullBytes)), append(iB, float64(r.interBytes))
		iRefs = append(iRefs, float64(r.interRefs))
		pw := "| | | | | |"
		if r.pwErr == "" && r.pwMs > 0 && r.pwBytes > 0 {
			pMs, pB = append(pMs, r.pwMs), append(pB, float64(r.pwBytes))
			pw = fmt.Sprintf("| %.1f | %d | %.2f | %.2f | %.2f |", r.pwMs, r.pwBytes, r.interMs/r.pwMs, float64(r.interBytes)/float64(r.pwBytes), r.fullMs/r.pwMs)
		}
		fmt.Printf("| %s | %.1f | %d | %d | %d | %.1f | %d | %d | %d %s\n", r.name, r.fullMs, r.fullBytes, r.fullLines, r.fullRefs,
			r.interMs, r.interBytes, r.interLines, r.interRefs, pw)
	}
	fmt.Printf("\nPer-page summary over %d pages:\n\n", len(fMs))
	fmt.Printf("| figure | median | p90 |\n|---|---|---|\n")
	fmt.Printf("| `snapshot` ms | %.1f | %.1f |\n", median(fMs), pct(fMs, 90))
	fmt.Printf("| `snapshot` bytes | %.0f | %.0f |\n", median(fB), pct(fB, 90))
	fmt.Printf("| `snapshot -i` ms | %.1f | %.1f |\n", median(iMs), pct(iMs, 90))
	fmt.Printf("| `snapshot -i` bytes | %.0f | %.0f |\n", median(iB), pct(iB, 90))
	fmt.Printf("| `snapshot -i` refs | %.0f | %.0f |\n", median(iRefs), pct(iRefs, 90))
	if len(pMs) > 0 {
		fmt.Printf("| Playwright ariaSnapshot ms | %.1f | %.1f |\n", median(pMs), pct(pMs, 90))
		fmt.Printf("| Playwright ariaSnapshot bytes | %.0f | %.0f |\n", median(pB), pct(pB, 90))
		fmt.Printf("\nRatios of per-page medians: `snapshot -i`/Playwright time %.2f, bytes %.2f; `snapshot`/Playwright time %.2f, bytes %.2f.\n",
			median(iMs)/median(pMs), median(iB)/median(pB), median(fMs)/median(pMs), median(fB)/median(pB))
	}
	if ab != nil {
		fmt.Printf("\nagent-browser `snapshot -i` on the same pages (one-shot CLI, warm daemon, median of %d runs):\n\n", *flagRuns)
		fmt.Printf("| page | AB -i ms | AB -i bytes | AB refs | browserctl -i ms | browserctl -i bytes | browserctl refs | time ratio | bytes ratio |\n|---|---|---|---|---|---|---|---|---|\n")
		var aMs, aB, bMs, bB []float64
		for _, r := range results {
			if r.abErr != "" || r.err != "" {
				fmt.Printf("| %s | error: %s | | | | | | | |\n", r.name, firstLine(r.abErr+r.err))
				continue
			}
			ratioB := "-"
			if r.abBytes > 0 {
				ratioB = fmt.Sprintf("%.2f", float64(r.interBytes)/float64(r.abBytes))
			}
			fmt.Printf("| %s | %.1f | %d | %d | %.1f | %d | %d | %.2f | %s |\n", r.name, r.abMs, r.abBytes, r.abRefs,
				r.interMs, r.interBytes, r.interRefs, r.interMs/r.abMs, ratioB)
			aMs, aB = append(aMs, r.abMs), append(aB, float64(r.abBytes))
			bMs, bB = append(bMs, r.interMs), append(bB, float64(r.interBytes))
		}
		if len(aMs) > 0 {
			fmt.Printf("\nPer-page medians: agent-browser `snapshot -i` %.1f ms (p90 %.1f), %.0f bytes (p90 %.0f); browserctl/agent-browser time %.2f, bytes %.2f.\n",
				median(aMs), pct(aMs, 90), median(aB), pct(aB, 90), median(bMs)/median(aMs), median(bB)/median(aB))
		}
	}
	if len(errs) > 0 {
		fmt.Printf("\nErrors:\n\n")
		for _, e := range errs {
			fmt.Printf("- %s\n", e)
		}
	}
}

// abPeer runs agent-browser's CLI with its own HOME (its daemon's socket
// and state), Debian's Chromium and the same flags as ours.
type abPeer struct{ bin, home string }

func (a *abPeer) run(args ...string) (string, error) { return a.runStdin("", args...) }

// runStdin is run with stdin.
func (a *abPeer) runStdin(stdin string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, a.bin, args...)
	var flags []string
	for _, f := range chromium.Flags(browserOptions) { // agent-browser runs headless itself
		flags = append(flags, strings.ReplaceAll(f, ",", "\\,"))
	}
	cmd.Env = append(os.Environ(), "HOME="+a.home,
		"AGENT_BROWSER_EXECUTABLE_PATH="+*flagChrome,
		"AGENT_BROWSER_ARGS="+strings.Join(flags, ","))
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return out.String(), fmt.Errorf("agent-browser %s: %v: %s", strings.Join(args, " "), err, firstLine(errOut.String()+out.String()))
	}
	return out.String(), nil
}

// close ends agent-browser's browser and daemon.
func (a *abPeer) close() { _, _ = a.run("close") }

func listPages() ([]string, error) {
	if *flagAgent > 0 && *flagBin != "" && *flagCorpus == "" {
		return nil, nil // the agent benchmark serves its own pages
	}
	if *flagBin == "" || *flagCorpus == "" {
		return nil, errors.New("-bin and -corpus are required")
	}
	if *flagPages != "" {
		return strings.Split(*flagPages, ","), nil
	}
	entries, err := os.ReadDir(*flagCorpus)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".html") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names, nil
}

func (e *env) environ() []string {
	var out []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "BROWSERCTL_") {
			out = append(out, kv)
		}
	}
	return append(out, "BROWSERCTL_HOME="+e.home, "NO_COLOR=1")
}

func (e *env) run(args ...string) (string, string, int) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, e.bin, append([]string{"--server", e.addr}, args...)...)
	cmd.Env = e.environ()
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code := 0
	if err != nil {
		code = -1
		var ee *exec.ExitError
		if errors.As(err, &ee) && ee.Exited() {
			code = ee.ExitCode()
		}
	}
	return out.String(), errOut.String(), code
}

// runStdin is run with stdin.
func (e *env) runStdin(stdin string, args ...string) (string, string, int) {
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, e.bin, append([]string{"--server", e.addr}, args...)...)
	cmd.Env = e.environ()
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	code := 0
	if err := cmd.Run(); err != nil {
		code = -1
		var ee *exec.ExitError
		if errors.As(err, &ee) && ee.Exited() {
			code = ee.ExitCode()
		}
	}
	return out.String(), errOut.String(), code
}

func (e *env) close() {
	if e.addr != "" && e.bin != "" {
		e.run("stop")
	}
	if e.chrome != nil {
		e.chrome.Kill()
	}
	if c := e.serve; c != nil && c.Process != nil {
		_ = syscall.Kill(-c.Process.Pid, syscall.SIGKILL)
		_ = c.Process.Kill()
	}
	time.Sleep(200 * time.Millisecond)
	_ = os.RemoveAll(e.dir)
}

func waitPort(addr string) error {
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		if c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond); err == nil {
			c.Close()
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("nothing listens on %s", addr)
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

func median(xs []float64) float64 { return pct(xs, 50) }

// pct is the nearest-rank percentile.
func pct(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := append([]float64{}, xs...)
	sort.Float64s(s)
	i := int(math.Ceil(p/100*float64(len(s)))) - 1
	if i < 0 {
		i = 0
	}
	return s[i]
}
