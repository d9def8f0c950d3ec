package hub

// The journal on disk (serve --keep, BROWSERCTL_KEEP_JOURNAL=1): each
// session's entries appended as JSON lines to DIR/<session>.jsonl, mode
// 0600 in a 0700 folder, and read back when a hub starts, so `browserctl
// log` shows what callers did before the hub restarted. Bounded as the
// journal in memory is: a file past twice JournalLimit lines is rewritten
// with the newest JournalLimit (through a temporary file and a rename).
// Entries are written by one goroutine, off the calls' path (a call waits
// only when thousands are queued); a session id that is not of the
// extension's form never names a file.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// keepQueue is how many entries may wait for the disk before a call that
// adds one waits for the writer (it never loses one).
const keepQueue = 8192

// journalKeeper appends entries to the session files.
type journalKeeper struct {
	dir   string
	queue chan hubapi.JournalEntry
	done  chan struct{}
	logf  func(string, ...any)

	mu    sync.Mutex
	lines map[string]int // lines in each session's file

	sending sync.RWMutex // held to read by senders, to write by close
	closed  bool
	late    int // entries that came after close
}

func keepFile(dir, session string) (string, bool) {
	if rpc.ValidSessionID(session) != nil {
		return "", false
	}
	return filepath.Join(dir, session+".jsonl"), true
}

// openKeeper makes the folder and reads back what it holds, oldest first.
func openKeeper(dir string, logf func(string, ...any)) (*journalKeeper, []hubapi.JournalEntry, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, nil, fmt.Errorf("journal folder %s: %w", dir, err)
	}
	if err := os.Chmod(dir, 0o700); err != nil {
		return nil, nil, fmt.Errorf("journal folder %s: %w", dir, err)
	}
	k := &journalKeeper{dir: dir, queue: make(chan hubapi.JournalEntry, keepQueue), done: make(chan struct{}), logf: logf, lines: map[string]int{}}
	names, err := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if err != nil {
		return nil, nil, err
	}
	var all []hubapi.JournalEntry
	for _, name := range names {
		session := strings.TrimSuffix(filepath.Base(name), ".jsonl")
		if _, ok := keepFile(dir, session); !ok {
			continue
		}
		es, n := readKept(name, session)
		k.lines[session] = n
		all = append(all, es...)
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].Time.Before(all[j].Time) })
	go k.run()
	return k, all, nil
}

// readKept reads a session file's newest JournalLimit entries and its
// line count; a line that is not an entry of the session is skipped.
func readKept(name, session string) ([]hubapi.JournalEntry, int) {
	f, err := os.Open(name)
	if err != nil {
		return nil, 0
	}
	defer f.Close()
	var es []hubapi.JournalEntry
	n := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		n++
		var e hubapi.JournalEntry
		if json.Unmarshal(sc.Bytes(), &e) != nil || e.Session != session {
			continue
		}
		es = append(es, e)
	}
	if len(es) > JournalLimit {
		es = es[len(es)-JournalLimit:]
	}
	return es, n
}

// keep queues e for the disk: at once while the writer keeps up, else the
// caller waits for it (a call's entry is never dropped).
func (k *journalKeeper) keep(e hubapi.JournalEntry) {
	k.sending.RLock()
	defer k.sending.RUnlock()
	if k.closed {
		k.mu.Lock()
		k.late++
		k.mu.Unlock()
		return
	}
	k.queue <- e
}

// close writes what is queued and ends the writer.
func (k *journalKeeper) close() {
	k.sending.Lock()
	if k.closed {
		k.sending.Unlock()
		return
	}
	k.closed = true
	close(k.queue)
	k.sending.Unlock()
	<-k.done
	if k.late > 0 && k.logf != nil {
		k.logf("journal: %d entries came after the hub closed and were not written to %s", k.late, k.dir)
	}
}

func (k *journalKeeper) run() {
	defer close(k.done)
	for e := range k.queue {
		batch := map[string][]hubapi.JournalEntry{e.Session: {e}}
	more:
		for {
			select {
			case x, ok := <-k.queue:
				if !ok {
					break more
				}
				batch[x.Session] = append(batch[x.Session], x)
			default:
				break more
			}
		}
		for session, es := range batch {
			if err := k.write(session, es); err != nil && k.logf != nil {
				k.logf("journal: %v", err)
			}
		}
	}
}

// write appends es to the session's file, rewriting it with the newest
// JournalLimit entries once it holds twice that.
func (k *journalKeeper) write(session string, es []hubapi.JournalEntry) error {
	name, ok := keepFile(k.dir, session)
	if !ok {
		return nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	for _, e := range es {
		if err := enc.Encode(e); err != nil {
			return err
		}
	}
	f, err := os.OpenFile(name, os.O_CREATE|os.O_WRONLY|os.O_APPEND|syscallNoFollow, 0o600)
	if err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	_, werr := f.Write(buf.Bytes())
	cerr := f.Close()
	if werr != nil || cerr != nil {
		return fmt.Errorf("writing %s: %v %v", name, werr, cerr)
	}
	k.mu.Lock()
	k.lines[session] += len(es)
	n := k.lines[session]
	k.mu.Unlock()
	if n <= 2*JournalLimit {
		return nil
	}
	return k.trim(session, name)
}

// trim rewrites a session's file with its newest JournalLimit entries.
func (k *journalKeeper) trim(session, name string) error {
	es, _ := readKept(name, session)
	tmp, err := os.CreateTemp(k.dir, "."+session+"-*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	w := bufio.NewWriter(tmp)
	enc := json.NewEncoder(w)
	for _, e := range es {
		if err := enc.Encode(e); err != nil {
			tmp.Close()
			return err
		}
	}
	if err := w.Flush(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), name); err != nil {
		return err
	}
	k.mu.Lock()
	k.lines[session] = len(es)
	k.mu.Unlock()
	return nil
}
