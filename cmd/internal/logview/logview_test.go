package logview

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"browserctl/internal/iostreams"
	"browserctl/rpc"
)

func plain() *iostreams.ColorScheme {
	ios, _, _, _ := iostreams.Test()
	return ios.ColorScheme()
}

func TestTextual(t *testing.T) {
	for mime, want := range map[string]bool{
		"text/html; charset=utf-8":          true,
		"application/json":                  true,
		"application/problem+json":          true,
		"image/svg+xml":                     true,
		"application/javascript":            true,
		"application/x-www-form-urlencoded": true,
		"":                                  true,
		"image/png":                         false,
		"application/octet-stream":          false,
		"multipart/form-data; boundary=x":   false,
		"font/woff2":                        false,
	} {
		if got := Textual(mime); got != want {
			t.Errorf("Textual(%q) = %v, want %v", mime, got, want)
		}
	}
}

// Page text is one line on the terminal: escapes shown, not sent.
func TestLinesAreSafe(t *testing.T) {
	cs := plain()
	at := time.Date(2026, 1, 2, 3, 4, 5, 6e6, time.Local).UnixMilli()
	got := ConsoleLine(cs, rpc.ConsoleEntry{Level: "warning", Text: "a\nb\x1b[31m", URL: "http://a.test/x.js", Line: 3, Column: 7, Time: at})
	if want := `03:04:05.006 warning a\nb\x1b[31m  http://a.test/x.js:3:7`; got != want {
		t.Errorf("console line %q, want %q", got, want)
	}
	got = ErrorLine(cs, rpc.ErrorEntry{Kind: "exception", Text: "boom", URL: "http://a.test/", Line: 2})
	if want := `--:--:--.--- exception boom  http://a.test/:2`; got != want {
		t.Errorf("error line %q, want %q", got, want)
	}
	got = FrameLine(rpc.WebSocketFrame{Direction: "sent", Opcode: 1, Text: "hi\u202e", Time: at})
	if want := `03:04:05.006 > hi\u202e`; got != want {
		t.Errorf("frame line %q, want %q", got, want)
	}
	if got := FrameLine(rpc.WebSocketFrame{Direction: "received", Opcode: 2, Size: 2048}); !strings.HasSuffix(got, "< (binary, 2.0 KiB)") {
		t.Errorf("binary frame %q", got)
	}
	if got := FrameLine(rpc.WebSocketFrame{Opcode: 1, Text: "abc", Truncated: true, Size: 5000}); !strings.HasSuffix(got, "< abc … (4.9 KiB in all)") {
		t.Errorf("cut frame %q", got)
	}
}

func TestRequestCells(t *testing.T) {
	for _, tt := range []struct {
		e            rpc.RequestEntry
		status, took string
	}{
		{rpc.RequestEntry{Status: 200, DurationMs: 12}, "200", "12 ms"},
		{rpc.RequestEntry{Status: 200, DurationMs: -1}, "200…", "-"},
		{rpc.RequestEntry{DurationMs: -1}, "pending", "-"},
		{rpc.RequestEntry{Failure: "net::ERR_FAILED\n", DurationMs: 3}, `net::ERR_FAILED\n`, "3 ms"},
		{rpc.RequestEntry{Blocked: true, Failure: "net::ERR_BLOCKED_BY_CLIENT"}, "blocked", "0 ms"},
	} {
		c := RequestCells(tt.e)
		if len(c) != len(RequestHeader) || c[2] != tt.status || c[5] != tt.took {
			t.Errorf("%+v: cells %q, want status %q time %q", tt.e, c, tt.status, tt.took)
		}
	}
	if c := RequestCells(rpc.RequestEntry{ID: "4", Method: "GET", Type: "Fetch", Size: 1 << 20, URL: "http://a/\x07"}); strings.Join(c[:2], " ") != "4 GET" || c[4] != "1.0 MiB" || c[6] != `http://a/\x07` {
		t.Errorf("cells %q", c)
	}
}

func TestRouteCells(t *testing.T) {
	if c := RouteCells(rpc.Route{Pattern: "*.png", Abort: true}); strings.Join(c, "|") != "*.png|abort|-" {
		t.Errorf("abort %q", c)
	}
	c := RouteCells(rpc.Route{Pattern: "/api\t", Status: 503, ContentType: "text/plain", BodySize: 10,
		Headers: []rpc.RouteHeader{{Name: "X-A", Value: "1"}}, DelayMs: 1500})
	if want := `/api\t|503, text/plain, 10 bytes, X-A: 1|1.5s`; strings.Join(c, "|") != want {
		t.Errorf("route %q, want %q", strings.Join(c, "|"), want)
	}
}

func TestSocketCells(t *testing.T) {
	c := SocketCells(rpc.WebSocketInfo{ID: "w1", State: "closed", Error: "bad\nframe", Frames: 3, URL: "ws://h/"})
	if want := `w1|closed (bad\nframe)|3|ws://h/`; strings.Join(c, "|") != want {
		t.Errorf("%q, want %q", strings.Join(c, "|"), want)
	}
}

func TestWriteRequest(t *testing.T) {
	body, png := `{"a":1}`, "iVBO"
	d := rpc.RequestDetail{ID: "12", Method: "POST", URL: "http://h/api", Status: 201, StatusText: "Created", Type: "Fetch",
		RequestHeaders: map[string]string{"Content-Type": "application/json", "Accept": "a\nb"}, RequestBody: &body, RequestBodySize: 7,
		ResponseHeaders: map[string]string{"content-type": "image/png"}, ResponseBody: &png, Base64Encoded: true, ResponseSize: 3,
		Timing: rpc.RequestTiming{TTFBMs: 5, TotalMs: -1}}
	var b bytes.Buffer
	WriteRequest(&b, plain(), d, false)
	want := `POST http://h/api
  id       12
  status   201 Created
  type     Fetch
  timing   started --:--:--.---, first byte 5 ms, total -

Request headers
  Accept: a
  Accept: b
  Content-Type: application/json

Request body (7 bytes, application/json)
{"a":1}

Response headers
  content-type: image/png

Response body: 3 bytes, image/png (not text; -o FILE saves it)
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	b.Reset()
	WriteRequest(&b, plain(), rpc.RequestDetail{ID: "3", Method: "GET", Failure: "net::ERR_ABORTED", ResponseNote: "no response"}, false)
	if s := b.String(); !strings.Contains(s, "status   net::ERR_ABORTED") || !strings.Contains(s, "Request headers: none") || !strings.HasSuffix(s, "Response body: no response\n") {
		t.Errorf("a failed request:\n%s", s)
	}
	b.Reset()
	WriteRequest(&b, plain(), d, true)
	if !strings.HasSuffix(b.String(), "Response body: 3 bytes, image/png, saved\n") {
		t.Errorf("saved:\n%s", b.String())
	}
}
