// Package batchreport is what `batch --report` says of a run: for the first
// line that failed, its number, the line, why (the error's reason:
// not_found, covered, timeout ...) and an excerpt of the page's snapshot
// around where the line's target was, the snapshot line most like the
// target marked, so that a person sees at once that "Apply filter" is now
// called "Filter now". As one JSON object with --json.
package batchreport

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"browserctl/cmd/internal/failure"
	"browserctl/rpc"
)

// Report is a run as --report tells it.
type Report struct {
	OK bool `json:"ok"`
	// Ran is how many command lines ran (the failing one included).
	Ran int `json:"ran"`
	// Line is the failing line's number in the file, Command its text.
	Line    int    `json:"line,omitempty"`
	Command string `json:"command,omitempty"`
	// Reason is why it failed in one word: the extension's reason
	// (not_found, covered, not_visible ...), timeout, usage, or the
	// error's name.
	Reason string          `json:"reason,omitempty"`
	Exit   int             `json:"exit"`
	Error  *failure.Report `json:"error,omitempty"`
	// Target is the element (or text, URL) the line named.
	Target string `json:"target,omitempty"`
	// The page when the line failed, and the part of its snapshot around
	// where the target was; Near is the line most like the target (empty
	// when none looks like it: the excerpt is then the page's start).
	URL     string   `json:"url,omitempty"`
	Title   string   `json:"title,omitempty"`
	Near    string   `json:"near,omitempty"`
	Excerpt []string `json:"excerpt,omitempty"`
}

// ReasonOf is the one word a failure is reported by.
func ReasonOf(r failure.Report) string {
	switch {
	case r.Reason != "":
		return r.Reason
	case rpc.IsTimeout(&rpc.BrowserError{Code: rpc.Code(r.Code), Message: r.Message}) || r.Name == "hub_not_answering":
		return "timeout"
	case r.Name != "":
		return r.Name
	}
	return "failed"
}

// TargetOf is what a line's words name: the first argument that is a
// role=, text= or CSS target, else a --text, --selector or --url value.
func TargetOf(words []string) string {
	for i, w := range words {
		if i+1 < len(words) && (w == "--text" || w == "--selector" || w == "--url") {
			return words[i+1]
		}
	}
	for i, w := range words {
		if i == 0 || strings.HasPrefix(w, "-") {
			continue
		}
		if strings.HasPrefix(w, "role=") || strings.HasPrefix(w, "text=") || strings.ContainsAny(w[:1], "#.[") || strings.Contains(w, ">>") || cssLike().MatchString(w) {
			return w
		}
	}
	return ""
}

// The patterns are compiled on first use, not at start: every command of
// the binary would pay for them (~0.07 ms of a one-shot's start), and only
// a batch's report reads them.
var (
	cssLike = lazyRegexp(`^[a-z][a-z0-9-]*(?:[#.\[:]|\s*>)`)
	// A snapshot line: indent, "- role", an optional "name".
	lineRe  = lazyRegexp(`^\s*-\s+([A-Za-z]+)(?:\s+"((?:[^"\\]|\\.)*)")?`)
	roleRe  = lazyRegexp(`^role=([A-Za-z][\w-]*)(?:\[name=("(?:[^"\\]|\\.)*")\])?$`)
	nonWord = lazyRegexp(`[^A-Za-z0-9]+`)
)

func lazyRegexp(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}

// want is what a target says of its element: a role and the words of its
// name or text.
type want struct {
	role  string
	words []string
}

func wantOf(target string) want {
	if i := strings.LastIndex(target, ">>"); i >= 0 {
		target = strings.TrimSpace(target[i+2:]) // the part inside the frame or host
	}
	if m := roleRe().FindStringSubmatch(target); m != nil {
		name, _ := strconv.Unquote(m[2])
		return want{role: m[1], words: wordsOf(name)}
	}
	if t, ok := strings.CutPrefix(target, "text="); ok {
		if u, err := strconv.Unquote(t); err == nil {
			t = u
		}
		return want{words: wordsOf(t)}
	}
	// CSS: the words of its ids, classes and attribute values
	return want{words: wordsOf(nonWord().ReplaceAllString(target, " "))}
}

func wordsOf(s string) []string {
	var out []string
	for _, w := range strings.Fields(strings.ToLower(s)) {
		if len(w) > 1 {
			out = append(out, w)
		}
	}
	return out
}

// score is how much a snapshot line looks like what the target wanted.
func score(line string, w want) float64 {
	m := lineRe().FindStringSubmatch(line)
	var role, name string
	if m != nil {
		role, name = m[1], m[2]
		if u, err := strconv.Unquote(`"` + name + `"`); err == nil {
			name = u
		}
	} else {
		name = line
	}
	s := 0.0
	if w.role != "" && strings.EqualFold(role, w.role) {
		s += 1
	}
	have := wordsOf(name)
	if len(w.words) > 0 && len(have) > 0 {
		common := 0
		for _, x := range w.words {
			for _, y := range have {
				if x == y || (len(x) > 3 && strings.HasPrefix(y, x)) || (len(y) > 3 && strings.HasPrefix(x, y)) {
					common++
					break
				}
			}
		}
		s += 2 * float64(common) / float64(len(w.words))
	}
	return s
}

// Nearest is the index of the snapshot line most like target, or -1 when
// none shares its role or a word of its name.
func Nearest(lines []string, target string) int {
	w := wantOf(target)
	best, at := 0.0, -1
	for i, l := range lines {
		if s := score(l, w); s > best {
			best, at = s, i
		}
	}
	return at
}

// Radius is how many snapshot lines an excerpt shows on each side.
const Radius = 6

// Excerpt is lines around at (the first ones when at is -1), each
// indented, at's marked with ">".
func Excerpt(lines []string, at int) []string {
	lo, hi := at-Radius, at+Radius+1
	if at < 0 {
		lo, hi = 0, 2*Radius+1
	}
	lo = max(lo, 0)
	hi = min(hi, len(lines))
	out := make([]string, 0, hi-lo)
	for i := lo; i < hi; i++ {
		mark := "  "
		if i == at {
			mark = "> "
		}
		out = append(out, mark+lines[i])
	}
	return out
}

// Locate fills the report's page part from a snapshot's text.
func (r *Report) Locate(snapshot, url, title string) {
	r.URL, r.Title = url, title
	var lines []string
	for _, l := range strings.Split(snapshot, "\n") {
		if strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	at := -1
	if r.Target != "" {
		at = Nearest(lines, r.Target)
	}
	if at >= 0 {
		r.Near = strings.TrimSpace(lines[at])
	}
	r.Excerpt = Excerpt(lines, at)
}

// Text is the report for people.
func (r Report) Text() string {
	var b strings.Builder
	if r.OK {
		fmt.Fprintf(&b, "report: all %d lines ran\n", r.Ran)
		return b.String()
	}
	fmt.Fprintf(&b, "report: line %d failed (%s, exit %d): %s\n", r.Line, r.Reason, r.Exit, r.Command)
	if r.Error != nil {
		fmt.Fprintf(&b, "  error %d %s: %s\n", r.Error.Code, r.Error.Name, r.Error.Message)
	}
	if r.URL != "" {
		fmt.Fprintf(&b, "  the page: %s (%s)\n", r.URL, strconv.Quote(r.Title))
	}
	switch {
	case r.Near != "":
		fmt.Fprintf(&b, "  most like %s there now: %s\n", r.Target, r.Near)
	case r.Target != "" && len(r.Excerpt) > 0:
		fmt.Fprintf(&b, "  nothing there now looks like %s; the page starts:\n", r.Target)
	}
	for _, l := range r.Excerpt {
		fmt.Fprintf(&b, "  %s\n", l)
	}
	return b.String()
}

// JSON is the report as one object.
func (r Report) JSON() []byte {
	b, _ := json.Marshal(r)
	return b
}
