package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Record actions: what `record actions` costs the page the person uses.
// The person's clicks (Input.dispatchMouseEvent over the benchmark's own
// CDP connection: trusted input, as a person's) on two buttons in turn,
// first without a recording, then with one for -record-actions clicks.
// Each click's time is the press and release round trip, which returns
// once the page has run its listeners (the recorder's included); the
// page's heap (after GC) and the extension worker's, every 2,000 clicks,
// show whether the recording's memory stays bounded.

var flagRecord = flag.Int("record-actions", 0, "measure the action recorder over this many clicks (0: the other benchmarks)")

const recordBenchPage = `<!doctype html><title>Clicks</title>
<button id=a style="position:fixed;left:20px;top:20px;width:120px;height:40px">Alpha</button>
<button id=b style="position:fixed;left:200px;top:20px;width:120px;height:40px">Beta</button>
<p id=n>0</p>
<script>let n = 0; for (const b of document.querySelectorAll("button")) b.addEventListener("click", () => { document.getElementById("n").textContent = String(++n); });</script>`

func benchRecordActions(e *env) error {
	web := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(recordBenchPage))
	}))
	defer web.Close()
	var sess struct {
		SessionID string `json:"sessionId"`
	}
	out, errOut, code := e.run("--json", "session", "create", "--name", "record-bench", "--url", web.URL+"/clicks")
	if code != 0 || json.Unmarshal([]byte(out), &sess) != nil {
		return fmt.Errorf("session create: exit %d: %s", code, errOut)
	}
	e.run("--session", sess.SessionID, "wait", "--load", "load")

	dt, err := dialDevtools(filepath.Join(e.dir, "profile"))
	if err != nil {
		return err
	}
	defer dt.ws.Close()
	page, err := attachTarget(dt, func(typ, url string) bool { return typ == "page" && strings.HasPrefix(url, web.URL) })
	if err != nil {
		return err
	}
	worker, err := attachTarget(dt, func(typ, url string) bool {
		return typ == "service_worker" && strings.HasPrefix(url, "chrome-extension://")
	})
	if err != nil {
		return err
	}
	heapMB := func(session string) (float64, error) {
		if err := dt.call(session, "HeapProfiler.collectGarbage", nil, nil); err != nil {
			return 0, err
		}
		var h struct {
			UsedSize float64 `json:"usedSize"`
		}
		err := dt.call(session, "Runtime.getHeapUsage", nil, &h)
		return h.UsedSize / (1 << 20), err
	}
	click := func(i int) (time.Duration, error) {
		x := 80.0
		if i%2 == 1 {
			x = 260
		}
		t0 := time.Now()
		for _, typ := range []string{"mouseMoved", "mousePressed", "mouseReleased"} {
			p := map[string]any{"type": typ, "x": x, "y": 40}
			if typ != "mouseMoved" {
				p["button"], p["clickCount"] = "left", 1
			}
			if err := dt.call(page, "Input.dispatchMouseEvent", p, nil); err != nil {
				return 0, err
			}
		}
		return time.Since(t0), nil
	}
	clicks := func(n int, each func(done int) error) ([]time.Duration, error) {
		ds := make([]time.Duration, 0, n)
		for i := 0; i < n; i++ {
			d, err := click(i)
			if err != nil {
				return nil, err
			}
			ds = append(ds, d)
			if each != nil {
				if err := each(i + 1); err != nil {
					return nil, err
				}
			}
		}
		return ds, nil
	}

	baseline := min(*flagRecord, 2000)
	plain, err := clicks(baseline, nil)
	if err != nil {
		return err
	}
	pageHeap0, err := heapMB(page)
	if err != nil {
		return err
	}
	workerHeap0, err := heapMB(worker)
	if err != nil {
		return err
	}
	if _, errOut, code := e.run("--session", sess.SessionID, "record", "actions", "start"); code != 0 {
		return fmt.Errorf("record actions start: exit %d: %s", code, errOut)
	}
	type sample struct {
		clicks       int
		page, worker float64
	}
	samples := []sample{{0, pageHeap0, workerHeap0}}
	t0 := time.Now()
	recorded, err := clicks(*flagRecord, func(done int) error {
		if done%2000 != 0 && done != *flagRecord {
			return nil
		}
		p, err := heapMB(page)
		if err != nil {
			return err
		}
		w, err := heapMB(worker)
		if err != nil {
			return err
		}
		samples = append(samples, sample{done, p, w})
		logf("%d clicks recorded: page heap %.2f MB, worker heap %.2f MB", done, p, w)
		return nil
	})
	if err != nil {
		return err
	}
	took := time.Since(t0)
	var stop struct {
		Lines     int  `json:"lines"`
		Actions   int  `json:"actions"`
		Truncated bool `json:"truncated"`
	}
	out, errOut, code = e.run("--json", "--session", sess.SessionID, "record", "actions", "stop")
	if code != 0 || json.Unmarshal([]byte(out), &stop) != nil {
		return fmt.Errorf("record actions stop: exit %d: %s", code, errOut)
	}
	shown, _, _ := e.run("--session", sess.SessionID, "get", "text", "#n")
	e.run("session", "close", sess.SessionID)

	fmt.Printf("Record actions (%d clicks of the person in %.0f s; the page counted %s clicks in all):\n\n", *flagRecord, took.Seconds(), strings.TrimSpace(shown))
	fmt.Printf("| clicks | median ms | p90 ms |\n|---|---|---|\n")
	fmt.Printf("| %d without a recording | %.2f | %.2f |\n", len(plain), msPct(plain, 50), msPct(plain, 90))
	fmt.Printf("| %d while recording | %.2f | %.2f |\n", len(recorded), msPct(recorded, 50), msPct(recorded, 90))
	fmt.Printf("\nstop: %d lines from %d actions, truncated %v (the bound is 10,000 lines)\n", stop.Lines, stop.Actions, stop.Truncated)
	fmt.Printf("\n| clicks recorded | page heap after GC (MB) | worker heap after GC (MB) |\n|---|---|---|\n")
	for _, s := range samples {
		fmt.Printf("| %d | %.2f | %.2f |\n", s.clicks, s.page, s.worker)
	}
	return nil
}

// attachTarget attaches (flat) to the first target match takes.
func attachTarget(dt *devtools, match func(typ, url string) bool) (string, error) {
	var targets struct {
		TargetInfos []struct {
			TargetID, Type, URL string
		} `json:"targetInfos"`
	}
	if err := dt.call("", "Target.getTargets", nil, &targets); err != nil {
		return "", err
	}
	for _, t := range targets.TargetInfos {
		if match(t.Type, t.URL) {
			var att struct {
				SessionID string `json:"sessionId"`
			}
			err := dt.call("", "Target.attachToTarget", map[string]any{"targetId": t.TargetID, "flatten": true}, &att)
			return att.SessionID, err
		}
	}
	return "", fmt.Errorf("no such target among the browser's")
}

// msPct is the p-th percentile of ds, in ms.
func msPct(ds []time.Duration, p int) float64 {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return float64(s[(len(s)-1)*p/100].Microseconds()) / 1000
}
