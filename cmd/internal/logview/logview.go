// Package logview is how a tab's logs read for a person: console and error
// lines, the request table's cells, one request whole, WebSocket frames,
// the session's routes. Page text goes through termsafe.Line (one line
// each); the caller has already made the strings of one request whole
// safe (termsafe.HumanJSON) and chooses the colours.
package logview

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"browserctl/internal/iostreams"
	"browserctl/internal/termsafe"
	"browserctl/rpc"
)

// Clock is a wall-clock time in ms since the epoch as 15:04:05.000
// (--:--:--.--- when not known).
func Clock(ms int64) string {
	if ms <= 0 {
		return "--:--:--.---"
	}
	return time.UnixMilli(ms).Format("15:04:05.000")
}

// Location is url:line:column, as much of it as is known.
func Location(url string, line, col int) string {
	if url == "" {
		return ""
	}
	if line <= 0 {
		return url
	}
	if col <= 0 {
		return fmt.Sprintf("%s:%d", url, line)
	}
	return fmt.Sprintf("%s:%d:%d", url, line, col)
}

// Bytes is a size as people read it: bytes, KiB or MiB.
func Bytes(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// line is time, a coloured tag, the text and the location.
func line(cs *iostreams.ColorScheme, ms int64, tag, text, url string, ln, col int) string {
	loc := Location(url, ln, col)
	if loc != "" {
		loc = "  " + cs.Dim(termsafe.Line(loc))
	}
	return fmt.Sprintf("%s %s %s%s", cs.Dim(Clock(ms)), tag, termsafe.Line(text), loc)
}

// ConsoleLine is one console message: time, level (errors red, warnings
// yellow, debug dim), text and where it was logged.
func ConsoleLine(cs *iostreams.ColorScheme, e rpc.ConsoleEntry) string {
	level := fmt.Sprintf("%-7s", e.Level)
	switch e.Level {
	case "error":
		level = cs.Red(level)
	case "warning":
		level = cs.Yellow(level)
	case "debug":
		level = cs.Dim(level)
	}
	return line(cs, e.Time, level, e.Text, e.URL, e.Line, e.Column)
}

// ErrorLine is one uncaught exception or rejection: time, kind, text and
// where it was thrown.
func ErrorLine(cs *iostreams.ColorScheme, e rpc.ErrorEntry) string {
	return line(cs, e.Time, cs.Red(fmt.Sprintf("%-9s", e.Kind)), e.Text, e.URL, e.Line, e.Column)
}

// RequestHeader are the columns of RequestCells.
var RequestHeader = []string{"ID", "METHOD", "STATUS", "TYPE", "SIZE", "TIME", "URL"}

// RequestCells is one request as a row of the request table.
func RequestCells(e rpc.RequestEntry) []string {
	return []string{e.ID, e.Method, RequestStatus(e), e.Type, Bytes(e.Size), RequestTime(e), termsafe.Line(e.URL)}
}

// RequestStatus is the status, the failure, "blocked", or for a request
// in flight its status so far ("200…") or "pending".
func RequestStatus(e rpc.RequestEntry) string {
	switch {
	case e.Blocked:
		return "blocked"
	case e.Failure != "":
		return termsafe.Line(e.Failure)
	case e.DurationMs < 0:
		if e.Status > 0 {
			return fmt.Sprintf("%d…", e.Status)
		}
		return "pending"
	}
	return fmt.Sprint(e.Status)
}

// RequestTime is how long the request took ("-" in flight).
func RequestTime(e rpc.RequestEntry) string {
	if e.DurationMs < 0 {
		return "-"
	}
	return fmt.Sprintf("%d ms", e.DurationMs)
}

// FrameLine is one WebSocket frame: time, direction (> sent, < received)
// and the payload, binary as its size, a cut one with its whole size.
func FrameLine(fr rpc.WebSocketFrame) string {
	dir := "<"
	if fr.Direction == "sent" {
		dir = ">"
	}
	payload := termsafe.Line(fr.Text)
	switch {
	case fr.Opcode != 1:
		payload = fmt.Sprintf("(binary, %s)", Bytes(int64(fr.Size)))
	case fr.Truncated:
		payload += fmt.Sprintf(" … (%s in all)", Bytes(int64(fr.Size)))
	}
	return fmt.Sprintf("%s %s %s", Clock(fr.Time), dir, payload)
}

// SocketHeader are the columns of SocketCells.
var SocketHeader = []string{"ID", "STATE", "FRAMES", "URL"}

// SocketCells is one WebSocket connection as a row: id, state (with its
// last error), frames seen, URL.
func SocketCells(s rpc.WebSocketInfo) []string {
	state := s.State
	if s.Error != "" {
		state += " (" + termsafe.Line(s.Error) + ")"
	}
	return []string{s.ID, state, fmt.Sprint(s.Frames), termsafe.Line(s.URL)}
}

// RouteHeader are the columns of RouteCells.
var RouteHeader = []string{"PATTERN", "ANSWER", "DELAY"}

// RouteCells is one route as a row: its pattern, its answer (abort, or
// status, content type, body size and headers) and its delay.
func RouteCells(rt rpc.Route) []string {
	answer := "abort"
	if !rt.Abort {
		parts := []string{fmt.Sprint(rt.Status)}
		if rt.ContentType != "" {
			parts = append(parts, termsafe.Line(rt.ContentType))
		}
		parts = append(parts, Bytes(int64(rt.BodySize)))
		for _, h := range rt.Headers {
			parts = append(parts, termsafe.Line(h.Name+": "+h.Value))
		}
		answer = strings.Join(parts, ", ")
	}
	delay := "-"
	if rt.DelayMs != 0 {
		delay = (time.Duration(rt.DelayMs) * time.Millisecond).String()
	}
	return []string{termsafe.Line(rt.Pattern), answer, delay}
}

// Textual says whether a MIME type is one to print as text.
func Textual(mime string) bool {
	m := strings.ToLower(strings.TrimSpace(strings.SplitN(mime, ";", 2)[0]))
	return m == "" || strings.HasPrefix(m, "text/") || strings.Contains(m, "json") || strings.Contains(m, "xml") ||
		strings.Contains(m, "javascript") || strings.Contains(m, "ecmascript") || m == "application/x-www-form-urlencoded" ||
		strings.Contains(m, "graphql")
}

// WriteRequest writes one request whole: method and URL, id, status,
// type, timing, then the request's headers and body and the response's.
// A body is shown when it is text, else as its size and type; saved: the
// response body went to a file (-o), only its size is shown.
func WriteRequest(w io.Writer, cs *iostreams.ColorScheme, d rpc.RequestDetail, saved bool) {
	fmt.Fprintf(w, "%s %s\n", cs.Bold(d.Method), d.URL)
	status := fmt.Sprint(d.Status)
	switch {
	case d.Failure != "":
		status = d.Failure
	case d.Status == 0:
		status = "no response"
	case d.StatusText != "":
		status += " " + d.StatusText
	}
	fmt.Fprintf(w, "  id       %s\n  status   %s\n  type     %s\n", d.ID, status, d.Type)
	ttfb, total := "-", "-"
	if d.Timing.TTFBMs >= 0 {
		ttfb = fmt.Sprintf("%d ms", d.Timing.TTFBMs)
	}
	if d.Timing.TotalMs >= 0 {
		total = fmt.Sprintf("%d ms", d.Timing.TotalMs)
	}
	fmt.Fprintf(w, "  timing   started %s, first byte %s, total %s\n", Clock(d.Timing.Start), ttfb, total)

	writeHeaders(w, cs, "Request headers", d.RequestHeaders)
	fmt.Fprintln(w)
	switch {
	case d.RequestBody != nil:
		writeBody(w, cs, "Request body", *d.RequestBody, false, d.RequestBodySize, headerOf(d.RequestHeaders, "Content-Type"))
	case d.RequestBodyNote != "":
		fmt.Fprintf(w, "%s: %s\n", cs.Bold("Request body"), d.RequestBodyNote)
	default:
		fmt.Fprintf(w, "%s: none\n", cs.Bold("Request body"))
	}

	writeHeaders(w, cs, "Response headers", d.ResponseHeaders)
	fmt.Fprintln(w)
	mime := d.MimeType
	if mime == "" {
		mime = headerOf(d.ResponseHeaders, "Content-Type")
	}
	switch {
	case d.ResponseBody != nil && saved:
		fmt.Fprintf(w, "%s: %s, %s, saved\n", cs.Bold("Response body"), Bytes(d.ResponseSize), orUnknown(mime))
	case d.ResponseBody != nil:
		writeBody(w, cs, "Response body", *d.ResponseBody, d.Base64Encoded, d.ResponseSize, mime)
	default:
		fmt.Fprintf(w, "%s: %s\n", cs.Bold("Response body"), d.ResponseNote)
	}
}

func headerOf(h map[string]string, name string) string {
	for k, v := range h {
		if strings.EqualFold(k, name) {
			return v
		}
	}
	return ""
}

func orUnknown(mime string) string {
	if mime == "" {
		return "type unknown"
	}
	return mime
}

func writeHeaders(w io.Writer, cs *iostreams.ColorScheme, title string, h map[string]string) {
	fmt.Fprintln(w)
	if len(h) == 0 {
		fmt.Fprintf(w, "%s: none\n", cs.Bold(title))
		return
	}
	fmt.Fprintln(w, cs.Bold(title))
	names := make([]string, 0, len(h))
	for k := range h {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		for _, v := range strings.Split(h[k], "\n") {
			fmt.Fprintf(w, "  %s: %s\n", k, v)
		}
	}
}

func writeBody(w io.Writer, cs *iostreams.ColorScheme, title, body string, b64 bool, size int64, mime string) {
	if b64 || !Textual(mime) {
		fmt.Fprintf(w, "%s: %s, %s (not text; -o FILE saves it)\n", cs.Bold(title), Bytes(size), orUnknown(mime))
		return
	}
	fmt.Fprintf(w, "%s (%s, %s)\n", cs.Bold(title), Bytes(size), orUnknown(mime))
	fmt.Fprint(w, body)
	if body != "" && !strings.HasSuffix(body, "\n") {
		fmt.Fprintln(w)
	}
}
