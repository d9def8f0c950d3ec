package e2e

// A snapshot of a 200,000-element page stops at its time budget with a note
// that it was cut, while another session's calls on a page of the same
// site (the same renderer) keep answering, and the extension stays
// connected throughout.

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestHugePageSnapshotIsCutAndStallsNoOne(t *testing.T) {
	tag := tagFor(t)
	big := newSession(t, pageURL("/huge.html", tag))
	h.rec.waitFor(t, tag, "its 200,000 elements", func(e event) bool { return e.Type == "built" && e.num("elements") >= 200_000 })
	other := newSession(t, pageURL("/lab.html", tag+"-other"))
	waitLoad(t, other)
	var before hubStatus
	mustJSON(t, &before, "status")

	// The other session calls into its page in a loop while the snapshot runs.
	stop := make(chan struct{})
	var mu sync.Mutex
	var worst time.Duration
	var calls int
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			start := time.Now()
			out, errOut, code := h.exec(t.Context(), "--json", "--session", other.SessionID, "eval", "document.title")
			d := time.Since(start)
			mu.Lock()
			calls++
			if d > worst {
				worst = d
			}
			mu.Unlock()
			if code != 0 || !strings.Contains(out, "Lab") {
				t.Errorf("the other session's eval during the snapshot: exit %d, %s %s", code, out, errOut)
			}
			if d > 2*time.Second {
				t.Errorf("the other session's eval took %v during the huge snapshot", d)
			}
		}
	}()
	time.Sleep(300 * time.Millisecond) // a few calls before, for the baseline
	start := time.Now()
	out, errOut, code := runWithin(t, 60*time.Second, in(big, "snapshot", "-i")...)
	took := time.Since(start)
	time.Sleep(300 * time.Millisecond)
	close(stop)
	wg.Wait()
	t.Logf("snapshot -i of 200,000 elements: %v; the other session: %d calls, the slowest %v", took, calls, worst)
	if code != 0 {
		t.Fatalf("snapshot -i of the huge page: exit %d, %s", code, errOut)
	}
	var r struct {
		Snapshot string         `json:"snapshot"`
		Refs     map[string]any `json:"refs"`
		Cut      bool           `json:"cut"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("snapshot --json: %v", err)
	}
	if !r.Cut || !strings.Contains(r.Snapshot, "(cut: the page is too large") {
		t.Errorf("the huge page's snapshot is not marked cut: cut=%v, ends %q", r.Cut, tail(r.Snapshot, 200))
	}
	if len(r.Refs) == 0 || !strings.Contains(r.Snapshot, `button "Act 0"`) {
		t.Errorf("the cut snapshot lacks the page's first part (%d refs)", len(r.Refs))
	}
	// The budget (3 s) plus the answer's way; loose, for a loaded machine.
	if took > 15*time.Second {
		t.Errorf("the cut snapshot took %v", took)
	}
	var after hubStatus
	mustJSON(t, &after, "status")
	if !after.Connected || !after.Since.Equal(before.Since) {
		t.Errorf("the extension's connection: before %+v, after %+v; want the same one throughout", before, after)
	}
	// Both sessions still work.
	if v := getString(t, other, "title"); v != "Lab" {
		t.Errorf("the other session after the huge snapshot: title %q", v)
	}
	mustRun(t, in(big, "click", "e1")...)
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[len(s)-n:]
}
