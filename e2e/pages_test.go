package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// corpusDir holds real pages saved from public web sites: shared/ lies
// beside the repository (../../shared from here), in CI as on a developer's
// machine; E2E_CORPUS overrides it.
var corpusDir = findCorpus()

func findCorpus() string {
	if d := os.Getenv("E2E_CORPUS"); d != "" {
		return d
	}
	for _, d := range []string{"../../shared/corpus/pages", "/work/shared/corpus/pages"} {
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			abs, _ := filepath.Abs(d)
			return abs
		}
	}
	return "../../shared/corpus/pages"
}

// event is one thing a test page reported: its tag (?t=), its kind, and the
// rest of what it sent.
type event struct {
	Tag  string
	Type string
	Data map[string]any
}

func (e event) str(k string) string {
	if v, ok := e.Data[k]; ok {
		return fmt.Sprint(v)
	}
	return ""
}

func (e event) num(k string) float64 {
	if v, ok := e.Data[k].(float64); ok {
		return v
	}
	return -1e9
}

// recorder serves the test pages and records what they report: events
// posted to /report, and forms posted to /login.
type recorder struct {
	mu     sync.Mutex
	events []event
}

func newRecorder() *recorder { return &recorder{} }

func (r *recorder) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /report", func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(io.LimitReader(req.Body, 1<<20))
		var m map[string]any
		if json.Unmarshal(body, &m) == nil {
			r.add(event{Tag: fmt.Sprint(m["t"]), Type: fmt.Sprint(m["type"]), Data: m})
		}
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("POST /login", func(w http.ResponseWriter, req *http.Request) {
		_ = req.ParseForm()
		data := map[string]any{}
		for k := range req.PostForm {
			data[k] = req.PostForm.Get(k)
		}
		r.add(event{Tag: req.PostForm.Get("t"), Type: "login", Data: data})
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, "<!doctype html><title>Welcome</title><h1>Welcome, %s</h1>", htmlEscape(req.PostForm.Get("username")))
	})
	mux.Handle("GET /corpus/", http.StripPrefix("/corpus/", http.FileServer(http.Dir(corpusDir))))
	mux.HandleFunc("GET /inline", func(w http.ResponseWriter, req *http.Request) {
		// A page given in the query: /inline?t=tag&html=...[&status=404]
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if code, err := strconv.Atoi(req.URL.Query().Get("status")); err == nil {
			w.WriteHeader(code)
		}
		io.WriteString(w, `<!doctype html><meta charset="utf-8"><script src="/report.js"></script>`+req.URL.Query().Get("html"))
	})
	mux.Handle("GET /served/", servedHandler(r)) // files_test.go
	mux.Handle("GET /", http.FileServer(http.Dir("testdata")))
	return mux
}

func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}

func (r *recorder) add(e event) {
	if _, ok := e.Data["at"]; !ok { // recorded by the server itself (the login form)
		e.Data["at"] = float64(time.Now().UnixNano()) / 1e6
	}
	r.mu.Lock()
	// Keep events in the order they happened (at, then the page's seq), not
	// the order their reports arrived in.
	i := len(r.events)
	for i > 0 && e.before(r.events[i-1]) {
		i--
	}
	r.events = append(r.events, event{})
	copy(r.events[i+1:], r.events[i:])
	r.events[i] = e
	r.mu.Unlock()
}

// before says whether e happened before o.
func (e event) before(o event) bool {
	if e.num("at") != o.num("at") {
		return e.num("at") < o.num("at")
	}
	return e.num("seq") < o.num("seq")
}

// of returns the events with tag (and of the given types, if any), in order.
func (r *recorder) of(tag string, types ...string) []event {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []event
	for _, e := range r.events {
		if e.Tag != tag {
			continue
		}
		if len(types) > 0 && !contains(types, e.Type) {
			continue
		}
		out = append(out, e)
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// waitFor waits until an event with tag matches pred; the page reports
// asynchronously, so a test waits for the report, not for a fixed time.
func (r *recorder) waitFor(t *testing.T, tag string, what string, pred func(event) bool) event {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		for _, e := range r.of(tag) {
			if pred(e) {
				return e
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the page (tag %q) never reported %s; it reported:\n%s", tag, what, r.dump(tag))
		}
		time.Sleep(30 * time.Millisecond)
	}
}

// settle gives the page a moment to report anything still in flight, for
// tests that check that something did NOT happen.
func (r *recorder) settle() { time.Sleep(700 * time.Millisecond) }

func (r *recorder) dump(tag string) string {
	var b strings.Builder
	for _, e := range r.of(tag) {
		j, _ := json.Marshal(e.Data)
		fmt.Fprintf(&b, "  %s\n", j)
	}
	return b.String()
}

// pageURL is the URL of a test page with the test's tag.
func pageURL(path, tag string, extra ...string) string {
	q := url.Values{"t": {tag}}
	for i := 0; i+1 < len(extra); i += 2 {
		q.Set(extra[i], extra[i+1])
	}
	return h.web.URL + path + "?" + q.Encode()
}

// tagFor makes a tag unique to the test.
func tagFor(t *testing.T) string {
	return strings.NewReplacer("/", "-", " ", "_").Replace(t.Name()) + fmt.Sprintf("-%d", time.Now().UnixNano()%1e6)
}

// corpusPages lists the corpus files, sorted.
func corpusPages(t testing.TB) []string {
	t.Helper()
	entries, err := os.ReadDir(corpusDir)
	if err != nil {
		t.Fatalf("the corpus: %v", err)
	}
	var names []string
	for _, e := range entries {
		if filepath.Ext(e.Name()) == ".html" {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	if len(names) == 0 {
		t.Fatalf("no pages in %s", corpusDir)
	}
	return names
}
