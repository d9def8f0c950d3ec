package hub

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"browserctl/hub/hubapi"
)

func entryOf(session string, i int) hubapi.JournalEntry {
	n := 11
	return hubapi.JournalEntry{Time: time.Now().Add(time.Duration(i) * time.Microsecond), Session: session, Caller: hubapi.Caller{Kind: "shell", PID: 7},
		Method: "pages.fill", Target: `textbox "Name" [e3]`, ValueLength: &n, OK: true, DurationMs: 1.5}
}

func readAll(t *testing.T, h *Hub, session string) []hubapi.JournalEntry {
	t.Helper()
	ch, err := h.Journal(context.Background(), session, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	var out []hubapi.JournalEntry
	for e := range ch {
		out = append(out, e)
	}
	return out
}

// serve --keep: the journal is written 0600 into a 0700 folder, read back
// by the next hub, and bounded on disk as in memory; a session id that is
// not of the extension's form names no file.
func TestJournalKeptOnDisk(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "journal")
	h := New(Options{Token: "t", JournalDir: dir})
	for i := 0; i < 3; i++ {
		h.journal.add(entryOf("s1", i))
	}
	h.journal.add(entryOf("s2", 3))
	h.journal.add(entryOf("../../evil", 4))
	h.Close()

	st, err := os.Stat(dir)
	if err != nil || st.Mode().Perm() != 0o700 {
		t.Fatalf("journal folder: %v %v", st, err)
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(names) != 2 {
		t.Fatalf("files %v, want s1.jsonl and s2.jsonl", names)
	}
	for _, n := range names {
		fi, _ := os.Stat(n)
		if fi.Mode().Perm() != 0o600 {
			t.Errorf("%s is %v, want 0600", n, fi.Mode().Perm())
		}
	}
	b, _ := os.ReadFile(filepath.Join(dir, "s1.jsonl"))
	if strings.Count(string(b), "\n") != 3 || !strings.Contains(string(b), `"valueLength":11`) {
		t.Errorf("s1.jsonl:\n%s", b)
	}

	h2 := New(Options{Token: "t", JournalDir: dir})
	got := readAll(t, h2, "")
	if len(got) != 4 || got[0].Session != "s1" || got[3].Session != "s2" || got[0].Seq != 1 || got[3].Seq != 4 {
		t.Fatalf("the next hub read back %+v", got)
	}
	h2.journal.add(entryOf("s1", 9))
	if got := readAll(t, h2, "s1"); len(got) != 4 || got[3].Seq != 5 {
		t.Errorf("after a restart: %+v", got)
	}
	h2.Close()
}

// On disk a session keeps at most twice JournalLimit lines, and after a
// rewrite the newest JournalLimit; the hub reads back the newest
// JournalLimit.
func TestJournalOnDiskIsBounded(t *testing.T) {
	dir := t.TempDir()
	h := New(Options{Token: "t", JournalDir: dir})
	total := 2*JournalLimit + 50
	var last hubapi.JournalEntry
	for i := 0; i < total; i++ {
		last = entryOf("s1", i)
		h.journal.add(last)
	}
	h.Close()
	b, _ := os.ReadFile(filepath.Join(dir, "s1.jsonl"))
	lines := strings.Count(string(b), "\n")
	if lines > 2*JournalLimit || lines < JournalLimit {
		t.Errorf("s1.jsonl holds %d lines, want between %d and %d", lines, JournalLimit, 2*JournalLimit)
	}
	h2 := New(Options{Token: "t", JournalDir: dir})
	defer h2.Close()
	got := readAll(t, h2, "s1")
	if len(got) != JournalLimit || !got[len(got)-1].Time.Equal(last.Time) {
		t.Errorf("read back %d entries ending at %v, want the newest %d ending at %v", len(got), got[len(got)-1].Time, JournalLimit, last.Time)
	}
}
