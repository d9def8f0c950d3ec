package main

import (
	_ "embed"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// The representative flow: what a user's script does on a login page and a
// long list, ten commands, each one's result checked every round. It runs
// as ten one-shot processes and as one batch, for browserctl and (when
// given) agent-browser, both daemons warm, the order of the two tools
// alternating by round.

var (
	flagFlow       = flag.Int("flow", 0, "run the ten-step flow this many rounds (0: the other benchmarks)")
	flagFlowTiming = flag.Bool("flow-timing", false, "after the rounds, run the flow once more with -v and print each step's breakdown")
)

// flowLoginPage is the flow's login page (also what bench/navigation-floor.mjs
// loads): its button greets the user 80 ms after a click.
//
//go:embed flow-login.html
var flowLoginPage string

// flowListItems is the list page's length: a link and a button each.
const flowListItems = 300

func flowListPage() string {
	var b strings.Builder
	b.WriteString("<!doctype html><html><head><title>Items</title></head><body><h1>Items</h1><ul>\n")
	for i := 1; i <= flowListItems; i++ {
		fmt.Fprintf(&b, "<li><a href=\"#item-%d\">Item %d</a> <button type=\"button\">Buy %d</button></li>\n", i, i, i)
	}
	b.WriteString("</ul></body></html>")
	return b.String()
}

// flowStep is one command of the flow, as each tool spells it, and the
// check of its output.
type flowStep struct {
	name  string
	ours  []string
	ab    []string
	check func(out string) error
}

func flowSteps(base string) []flowStep {
	contains := func(want string) func(string) error {
		return func(out string) error {
			if !strings.Contains(out, want) {
				return fmt.Errorf("output lacks %q: %s", want, firstLine(out))
			}
			return nil
		}
	}
	refsAtLeast := func(n int) func(string) error {
		return func(out string) error {
			if got := strings.Count(out, "ref="); got < n {
				return fmt.Errorf("%d refs, want at least %d", got, n)
			}
			return nil
		}
	}
	anything := func(string) error { return nil }
	login, list := base+"/flow/login", base+"/flow/list"
	return []flowStep{
		{"open login", []string{"open", login}, []string{"open", login}, anything},
		{"snapshot -i (5 controls)", []string{"snapshot", "-i"}, []string{"snapshot", "-i"}, refsAtLeast(5)},
		{"fill #user", []string{"fill", "#user", "alice"}, []string{"fill", "#user", "alice"}, anything},
		{"fill #pass", []string{"fill", "#pass", "s3cret"}, []string{"fill", "#pass", "s3cret"}, anything},
		{"click #go", []string{"click", "#go"}, []string{"click", "#go"}, anything},
		{"wait --text", []string{"wait", "--text", "Welcome alice"}, []string{"wait", "--text", "Welcome alice"}, anything},
		{"get text #msg", []string{"get", "text", "#msg"}, []string{"get", "text", "#msg"}, contains("Welcome alice")},
		{"open list", []string{"open", list}, []string{"open", list}, anything},
		{"snapshot -i (600 controls)", []string{"snapshot", "-i"}, []string{"snapshot", "-i"}, refsAtLeast(2 * flowListItems)},
		{"eval", []string{"eval", "document.querySelectorAll('li').length"}, []string{"eval", "document.querySelectorAll('li').length"}, contains(fmt.Sprint(flowListItems))},
	}
}

// batchLine writes a step as a batch line: words quoted for the shell-like
// splitting both tools' batch readers do.
func batchLine(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
	}
	return strings.Join(q, " ")
}

func benchFlow(e *env, session string) error {
	mux := http.NewServeMux()
	mux.HandleFunc("/flow/login", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, flowLoginPage)
	})
	list := flowListPage()
	mux.HandleFunc("/flow/list", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, list)
	})
	web := httptest.NewServer(mux)
	defer web.Close()
	steps := flowSteps(web.URL)
	S := []string{"--session", session}

	var ab *abPeer
	if *flagAB != "" {
		ab = &abPeer{bin: *flagAB, home: filepath.Join(e.dir, "ab-home")}
		_ = os.MkdirAll(ab.home, 0o700)
		defer ab.close()
		if _, err := ab.run("open", web.URL+"/flow/login"); err != nil {
			logf("agent-browser: %v; skipping that peer", err)
			ab = nil
		}
	}

	oursStep := make([][]float64, len(steps))
	abStep := make([][]float64, len(steps))
	var oursFlow, abFlow, oursBatch, abBatch []float64

	runOurs := func() error {
		var total time.Duration
		for i, s := range steps {
			t0 := time.Now()
			out, errOut, code := e.run(append(S, s.ours...)...)
			d := time.Since(t0)
			if code != 0 {
				return fmt.Errorf("browserctl %s: exit %d: %s", strings.Join(s.ours, " "), code, firstLine(errOut))
			}
			if err := s.check(out); err != nil {
				return fmt.Errorf("browserctl %s: %v", s.name, err)
			}
			oursStep[i] = append(oursStep[i], ms(d))
			total += d
		}
		oursFlow = append(oursFlow, ms(total))
		return nil
	}
	runAB := func() error {
		var total time.Duration
		for i, s := range steps {
			t0 := time.Now()
			out, err := ab.run(s.ab...)
			d := time.Since(t0)
			if err != nil {
				return err
			}
			if err := s.check(out); err != nil {
				return fmt.Errorf("agent-browser %s: %v", s.name, err)
			}
			abStep[i] = append(abStep[i], ms(d))
			total += d
		}
		abFlow = append(abFlow, ms(total))
		return nil
	}
	runOursBatch := func() error {
		var lines []string
		for _, s := range steps {
			lines = append(lines, batchLine(s.ours))
		}
		t0 := time.Now()
		out, errOut, code := e.runStdin(strings.Join(lines, "\n")+"\n", append(S, "batch")...)
		d := time.Since(t0)
		if code != 0 {
			return fmt.Errorf("browserctl batch: exit %d: %s", code, firstLine(errOut))
		}
		for _, want := range []string{"Welcome alice", fmt.Sprint(flowListItems)} {
			if !strings.Contains(out, want) {
				return fmt.Errorf("browserctl batch output lacks %q", want)
			}
		}
		oursBatch = append(oursBatch, ms(d))
		return nil
	}
	runABBatch := func() error {
		var cmds [][]string
		for _, s := range steps {
			cmds = append(cmds, s.ab)
		}
		js, _ := json.Marshal(cmds)
		t0 := time.Now()
		out, err := ab.runStdin(string(js), "batch", "--bail")
		d := time.Since(t0)
		if err != nil {
			return err
		}
		for _, want := range []string{"Welcome alice", fmt.Sprint(flowListItems)} {
			if !strings.Contains(out, want) {
				return fmt.Errorf("agent-browser batch output lacks %q", want)
			}
		}
		abBatch = append(abBatch, ms(d))
		return nil
	}

	// One warm-up round of each, not counted: both daemons have loaded the
	// pages once.
	if err := runOurs(); err != nil {
		return err
	}
	oursFlow, oursStep = nil, make([][]float64, len(steps))
	if ab != nil {
		if err := runAB(); err != nil {
			return err
		}
		abFlow, abStep = nil, make([][]float64, len(steps))
	}
	logf("flow x %d", *flagFlow)
	for r := 0; r < *flagFlow; r++ {
		order := []func() error{runOurs, runOursBatch}
		if ab != nil {
			if r%2 == 0 {
				order = []func() error{runOurs, runAB, runOursBatch, runABBatch}
			} else {
				order = []func() error{runAB, runOurs, runABBatch, runOursBatch}
			}
		}
		for _, run := range order {
			if err := run(); err != nil {
				return err
			}
		}
	}

	if *flagFlowTiming {
		fmt.Printf("Each step once more with -v (where its time went):\n\n```\n")
		for _, s := range steps {
			_, errOut, code := e.run(append(append(append([]string{}, S...), "-v"), s.ours...)...)
			if code != 0 {
				return fmt.Errorf("browserctl -v %s: exit %d: %s", s.name, code, firstLine(errOut))
			}
			fmt.Print(errOut)
		}
		fmt.Printf("```\n\n")
	}

	fmt.Printf("The flow, median of %d rounds (ms), each step's result checked:\n\n", *flagFlow)
	if ab == nil {
		fmt.Printf("| step | browserctl |\n|---|---|\n")
		for i, s := range steps {
			fmt.Printf("| %s | %.1f |\n", s.name, median(oursStep[i]))
		}
		fmt.Printf("| **ten one-shot commands** | **%.1f** |\n| **one batch** | **%.1f** |\n", median(oursFlow), median(oursBatch))
		return nil
	}
	fmt.Printf("| step | browserctl | agent-browser | ratio |\n|---|---|---|---|\n")
	for i, s := range steps {
		o, a := median(oursStep[i]), median(abStep[i])
		fmt.Printf("| %s | %.1f | %.1f | %.2f |\n", s.name, o, a, o/a)
	}
	fmt.Printf("| **ten one-shot commands** | **%.1f** (%.1f-%.1f) | **%.1f** (%.1f-%.1f) | **%.2f** |\n",
		median(oursFlow), pct(oursFlow, 0), pct(oursFlow, 100), median(abFlow), pct(abFlow, 0), pct(abFlow, 100), median(oursFlow)/median(abFlow))
	fmt.Printf("| **one batch** | **%.1f** (%.1f-%.1f) | **%.1f** (%.1f-%.1f) | **%.2f** |\n",
		median(oursBatch), pct(oursBatch, 0), pct(oursBatch, 100), median(abBatch), pct(abBatch, 0), pct(abBatch, 100), median(oursBatch)/median(abBatch))
	return nil
}
