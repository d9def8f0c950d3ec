package netargs

import (
	"encoding/base64"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"browserctl/cmd/internal/failure"
	"browserctl/rpc"
)

func isUsage(err error) bool {
	var ue *failure.UsageError
	return errors.As(err, &ue)
}

func TestCheckPattern(t *testing.T) {
	for p, ok := range map[string]bool{
		"/api/":               true,
		"*.png":               true,
		`*://*/a\*b`:          true,
		`x\\`:                 true,
		"":                    false,
		"   ":                 false,
		"a b":                 false,
		"a\nb":                false,
		"a\x1bb":              false,
		`trailing\`:           false,
		"https://example.com": true,
	} {
		err := CheckPattern("--response", p)
		if (err == nil) != ok || err != nil && (!isUsage(err) || !strings.HasPrefix(err.Error(), "--response")) {
			t.Errorf("CheckPattern(%q) = %v, want ok %v (a usage error naming the flag)", p, err, ok)
		}
	}
}

func TestCheckStatus(t *testing.T) {
	for n, ok := range map[int]bool{100: true, 200: true, 599: true, 99: false, 600: false, 0: false, -1: false} {
		if err := CheckStatus("--status", n); (err == nil) != ok || err != nil && !isUsage(err) {
			t.Errorf("CheckStatus(%d) = %v, want ok %v", n, err, ok)
		}
	}
}

func TestParseHeader(t *testing.T) {
	for in, want := range map[string]rpc.RouteHeader{
		"X-A: 1":          {Name: "X-A", Value: "1"},
		"Set-Cookie:a=b;": {Name: "Set-Cookie", Value: "a=b;"},
		" X : y ":         {Name: "X", Value: "y"},
		"Empty:":          {Name: "Empty", Value: ""},
		"X-A: one: two":   {Name: "X-A", Value: "one: two"},
	} {
		got, err := ParseHeader(in)
		if err != nil || got != want {
			t.Errorf("ParseHeader(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "x", ":v", "a b: c", "é: x", "X: a\nb"} {
		if _, err := ParseHeader(in); err == nil || !isUsage(err) {
			t.Errorf("ParseHeader(%q) = %v, want a usage error", in, err)
		}
	}
}

func TestRequestID(t *testing.T) {
	for in, want := range map[string]string{"1": "1", "12345": "12345", " 7 ": "7"} {
		if got, err := RequestID(in); err != nil || got != want {
			t.Errorf("RequestID(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", "abc", "1a", "-1", "1 2"} {
		if _, err := RequestID(in); err == nil || !isUsage(err) {
			t.Errorf("RequestID(%q) = %v, want a usage error", in, err)
		}
	}
}

func given(flags ...string) func(string) bool {
	return func(n string) bool {
		for _, f := range flags {
			if f == n {
				return true
			}
		}
		return false
	}
}

func TestRouteParams(t *testing.T) {
	file := filepath.Join(t.TempDir(), "body.bin")
	body := []byte{0, 1, 2, 255, 'x'}
	if err := os.WriteFile(file, body, 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := Route{Status: 200, BodyFile: file, Headers: []string{"X-A: one: two", "Cache-Control:no-store"},
		ContentType: "application/octet-stream", Delay: 1500 * time.Millisecond, Given: given("body-file", "header", "delay")}.Params("*/api/*")
	if err != nil {
		t.Fatal(err)
	}
	got, _ := base64.StdEncoding.DecodeString(p.Body)
	if string(got) != string(body) || p.Pattern != "*/api/*" || p.Status != 0 || p.DelayMs != 1500 || p.ContentType != "application/octet-stream" || len(p.Headers) != 2 {
		t.Errorf("params %+v", p)
	}
	if p, err := (Route{Status: 503, Given: given("status")}).Params("/x"); err != nil || p.Status != 503 {
		t.Errorf("a status given: %+v, %v", p, err)
	}
	if p, err := (Route{Abort: true, Given: given("abort")}).Params("/x"); err != nil || !p.Abort || p.Body != "" {
		t.Errorf("abort: %+v, %v", p, err)
	}
	big := filepath.Join(t.TempDir(), "big")
	if err := os.WriteFile(big, make([]byte, rpc.RouteBodyMax+1), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(t.TempDir(), "missing")
	for name, r := range map[string]Route{
		"status 99":          {Status: 99, Given: given("status")},
		"status 600":         {Status: 600, Given: given("status")},
		"a bad header":       {Headers: []string{"no colon"}, Given: given("header")},
		"a missing file":     {BodyFile: missing, Given: given("body-file")},
		"a folder":           {BodyFile: os.TempDir(), Given: given("body-file")},
		"a file too big":     {BodyFile: big, Given: given("body-file")},
		"a body too big":     {Body: strings.Repeat("x", rpc.RouteBodyMax+1), Given: given("body")},
		"body and body-file": {Body: "a", BodyFile: file, Given: given("body", "body-file")},
		"abort with a body":  {Abort: true, Body: "x", Given: given("abort", "body")},
		"a delay too long":   {Delay: 2 * time.Minute, Given: given("delay")},
		"a negative delay":   {Delay: -time.Second, Given: given("delay")},
		"a broken type":      {ContentType: "a\nb", Given: given("content-type")},
	} {
		if _, err := r.Params("/api/"); err == nil || !isUsage(err) {
			t.Errorf("%s: %v, want a usage error", name, err)
		}
	}
	if _, err := (Route{Given: given()}).Params("a b"); err == nil || !isUsage(err) {
		t.Errorf("a pattern with a space: %v", err)
	}
}

func TestSaveBody(t *testing.T) {
	dir := t.TempDir()
	text, bin := "hello", base64.StdEncoding.EncodeToString([]byte{0, 255})
	if err := SaveBody(filepath.Join(dir, "t"), rpc.RequestDetail{ResponseBody: &text}, false); err != nil {
		t.Fatal(err)
	}
	if err := SaveBody(filepath.Join(dir, "b"), rpc.RequestDetail{ResponseBody: &bin, Base64Encoded: true}, false); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "t")); string(b) != text {
		t.Errorf("text body saved as %q", b)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "b")); string(b) != "\x00\xff" {
		t.Errorf("binary body saved as %q", b)
	}
	err := SaveBody(filepath.Join(dir, "none"), rpc.RequestDetail{ID: "4", ResponseNote: "gone from the browser's buffer"}, false)
	if err == nil || !strings.Contains(err.Error(), "gone from the browser's buffer; nothing written") {
		t.Errorf("no body: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "none")); err == nil {
		t.Error("a file was written without a body")
	}
}
