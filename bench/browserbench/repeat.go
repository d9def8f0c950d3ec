package main

import (
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
)

// One command at a time, many times over, on the flow's login page: the
// median of the call's own time as `-v` reports it (the hub, the extension
// and the page; the process start left out, which a loaded machine makes
// noisy) and the CDP calls of the last run. For a before/after of a change
// to the extension: run it with each binary.

var flagRepeat = flag.Int("repeat", 0, "run click, fill, type, get text and snapshot -i this many times each with -v on the login page and print each one's median call time and its CDP calls (0: the other benchmarks)")

var (
	callLine = regexp.MustCompile(`(?m)^\s+call\s+([0-9.]+) ms`)
	cdpLine  = regexp.MustCompile(`(?m)^\s+cdp\s+[0-9.]+ ms\s+(.*)$`)
)

func benchRepeat(e *env, session string) error {
	mux := http.NewServeMux()
	mux.HandleFunc("/flow/login", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, flowLoginPage)
	})
	web := httptest.NewServer(mux)
	defer web.Close()
	S := []string{"--session", session, "-v"}
	if _, errOut, code := e.run("--session", session, "open", web.URL+"/flow/login"); code != 0 {
		return fmt.Errorf("open: %s", errOut)
	}
	cmds := [][]string{
		{"click", "#go"},
		{"fill", "#user", "alice"},
		{"type", "#pass", "x"},
		{"get", "text", "h1"},
		{"snapshot", "-i"},
	}
	fmt.Printf("Each command %d times with -v on the login page: median of the call's time (ms, the process start left out) and the CDP calls of the last run:\n\n", *flagRepeat)
	fmt.Println("| command | call ms | CDP calls |")
	fmt.Println("|---|---|---|")
	// Interleaved: drift on a loaded machine hits every command alike.
	times := make([][]float64, len(cmds))
	last := make([]string, len(cmds))
	for i := 0; i < *flagRepeat; i++ {
		for k, c := range cmds {
			_, errOut, code := e.run(append(append([]string{}, S...), c...)...)
			if code != 0 {
				return fmt.Errorf("%s: exit %d: %s", strings.Join(c, " "), code, firstLine(errOut))
			}
			m := callLine.FindStringSubmatch(errOut)
			if m == nil {
				return fmt.Errorf("%s: no call time in -v: %s", strings.Join(c, " "), errOut)
			}
			v, _ := strconv.ParseFloat(m[1], 64)
			times[k] = append(times[k], v)
			if m := cdpLine.FindStringSubmatch(errOut); m != nil {
				last[k] = regexp.MustCompile(` [0-9.]+ ms`).ReplaceAllString(m[1], "")
			}
		}
	}
	for k, c := range cmds {
		fmt.Printf("| %s | %.1f | %s |\n", strings.Join(c, " "), median(times[k]), last[k])
	}
	return nil
}
