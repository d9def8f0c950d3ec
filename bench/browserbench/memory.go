package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gorilla/websocket"
)

// Memory: the hub's resident memory (`browserctl serve`, the hub and the
// daemon in one process) idle and with ten sessions open, and the
// extension service worker's JavaScript heap over many commands, read
// over the benchmark's own CDP connection to the browser (the worker's
// target, HeapProfiler.collectGarbage, Runtime.getHeapUsage).

var flagMemory = flag.Int("memory", 0, "measure memory over this many commands (0: the other benchmarks)")

// devtools is a minimal CDP client: one call at a time, events skipped.
type devtools struct {
	ws *websocket.Conn
	id int64
}

func dialDevtools(profile string) (*devtools, error) {
	var lines []string
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		b, err := os.ReadFile(filepath.Join(profile, "DevToolsActivePort"))
		if err == nil {
			if lines = strings.Split(strings.TrimSpace(string(b)), "\n"); len(lines) == 2 {
				break
			}
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("no DevToolsActivePort in %s", profile)
		}
	}
	ws, _, err := websocket.DefaultDialer.Dial("ws://127.0.0.1:"+lines[0]+lines[1], nil)
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(64 << 20)
	return &devtools{ws: ws}, nil
}

func (d *devtools) call(session, method string, params any, out any) error {
	d.id++
	msg := map[string]any{"id": d.id, "method": method, "params": params}
	if params == nil {
		msg["params"] = struct{}{}
	}
	if session != "" {
		msg["sessionId"] = session
	}
	_ = d.ws.SetWriteDeadline(time.Now().Add(30 * time.Second))
	if err := d.ws.WriteJSON(msg); err != nil {
		return err
	}
	for {
		_ = d.ws.SetReadDeadline(time.Now().Add(60 * time.Second))
		var r struct {
			ID     int64           `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  *struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := d.ws.ReadJSON(&r); err != nil {
			return err
		}
		if r.ID != d.id {
			continue
		}
		if r.Error != nil {
			return fmt.Errorf("%s: %s", method, r.Error.Message)
		}
		if out != nil {
			return json.Unmarshal(r.Result, out)
		}
		return nil
	}
}

// rssKB is a process's resident set (VmRSS) and its peak (VmHWM), in KiB.
func rssKB(pid int) (rss, peak int) {
	b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	for _, l := range strings.Split(string(b), "\n") {
		f := strings.Fields(l)
		if len(f) < 2 {
			continue
		}
		n, _ := strconv.Atoi(f[1])
		switch f[0] {
		case "VmRSS:":
			rss = n
		case "VmHWM:":
			peak = n
		}
	}
	return rss, peak
}

func benchMemory(e *env, web *httptest.Server, pages []string) error {
	dt, err := dialDevtools(filepath.Join(e.dir, "profile"))
	if err != nil {
		return err
	}
	defer dt.ws.Close()
	var targets struct {
		TargetInfos []struct {
			TargetID, Type, URL string
		} `json:"targetInfos"`
	}
	if err := dt.call("", "Target.getTargets", nil, &targets); err != nil {
		return err
	}
	worker := ""
	for _, t := range targets.TargetInfos {
		if t.Type == "service_worker" && strings.HasPrefix(t.URL, "chrome-extension://") {
			worker = t.TargetID
		}
	}
	if worker == "" {
		return fmt.Errorf("no extension service worker among the browser's targets")
	}
	var att struct {
		SessionID string `json:"sessionId"`
	}
	if err := dt.call("", "Target.attachToTarget", map[string]any{"targetId": worker, "flatten": true}, &att); err != nil {
		return err
	}
	heapMB := func() (float64, error) {
		if err := dt.call(att.SessionID, "HeapProfiler.collectGarbage", nil, nil); err != nil {
			return 0, err
		}
		var h struct {
			UsedSize float64 `json:"usedSize"`
		}
		err := dt.call(att.SessionID, "Runtime.getHeapUsage", nil, &h)
		return h.UsedSize / (1 << 20), err
	}
	pid := e.serve.Process.Pid

	idle, _ := rssKB(pid)
	var ids []string
	for i := 0; i < 10; i++ {
		var s struct {
			SessionID string `json:"sessionId"`
		}
		out, errOut, code := e.run("--json", "session", "create", "--name", fmt.Sprintf("mem%d", i), "--url", web.URL+"/"+pages[i%len(pages)])
		if code != 0 || json.Unmarshal([]byte(out), &s) != nil {
			return fmt.Errorf("session create: exit %d: %s", code, errOut)
		}
		ids = append(ids, s.SessionID)
	}
	for _, id := range ids {
		e.run("--session", id, "wait", "--load", "load")
	}
	ten, _ := rssKB(pid)

	// The commands: batches of 500 lines in the sessions in turn, every
	// tenth line a snapshot -i, the others reads and evals.
	const per = 500
	lines := make([]string, 0, per)
	for i := 0; i < per; i++ {
		switch i % 10 {
		case 0:
			lines = append(lines, "snapshot -i")
		case 1, 4, 7:
			lines = append(lines, "get title")
		case 2, 5:
			lines = append(lines, "eval 'document.querySelectorAll(\"a\").length'")
		case 3, 8:
			lines = append(lines, "get url")
		default:
			lines = append(lines, "get text body")
		}
	}
	script := strings.Join(lines, "\n") + "\n"
	h0, err := heapMB()
	if err != nil {
		return err
	}
	type sample struct {
		commands int
		heap     float64
		rss      int
	}
	samples := []sample{{0, h0, ten}}
	t0 := time.Now()
	for done, b := 0, 0; done < *flagMemory; b++ {
		id := ids[b%len(ids)]
		out, errOut, code := e.runStdin(script, "--session", id, "batch")
		if code != 0 {
			return fmt.Errorf("batch: exit %d: %s %s", code, firstLine(errOut), firstLine(out))
		}
		done += per
		if done%2000 == 0 || done >= *flagMemory {
			h, err := heapMB()
			if err != nil {
				return err
			}
			r, _ := rssKB(pid)
			samples = append(samples, sample{done, h, r})
			logf("%d commands: worker heap %.2f MB, hub %d KB", done, h, r)
		}
	}
	took := time.Since(t0)
	_, peak := rssKB(pid)
	for _, id := range ids {
		e.run("session", "close", id)
	}

	fmt.Printf("Memory (%d commands in %.0f s, batches of %d lines over 10 sessions, one snapshot -i in ten):\n\n", *flagMemory, took.Seconds(), per)
	fmt.Printf("| what | MB |\n|---|---|\n")
	fmt.Printf("| hub (`browserctl serve`) resident, idle with the extension connected | %.1f |\n", float64(idle)/1024)
	fmt.Printf("| hub resident, 10 sessions open | %.1f |\n", float64(ten)/1024)
	fmt.Printf("| hub resident after the commands / its peak | %.1f / %.1f |\n", float64(samples[len(samples)-1].rss)/1024, float64(peak)/1024)
	fmt.Printf("\n| commands | worker heap after GC (MB) | hub resident (MB) |\n|---|---|---|\n")
	for _, s := range samples {
		fmt.Printf("| %d | %.2f | %.1f |\n", s.commands, s.heap, float64(s.rss)/1024)
	}
	return nil
}
