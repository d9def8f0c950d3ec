package cmd

import "testing"

func TestTextualMime(t *testing.T) {
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
		if got := textual(mime); got != want {
			t.Errorf("textual(%q) = %v, want %v", mime, got, want)
		}
	}
}

func TestRequestIDPattern(t *testing.T) {
	for id, want := range map[string]bool{"1": true, "12345": true, "": false, "abc": false, "1a": false, "-1": false, "1 2": false} {
		if got := requestIDPattern.MatchString(id); got != want {
			t.Errorf("request id %q accepted %v, want %v", id, got, want)
		}
	}
}

func TestCheckURLPattern(t *testing.T) {
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
		if err := checkURLPattern("--response", p); (err == nil) != ok {
			t.Errorf("checkURLPattern(%q) = %v, want ok %v", p, err, ok)
		}
	}
}

func TestCheckStatus(t *testing.T) {
	for n, ok := range map[int]bool{100: true, 200: true, 599: true, 99: false, 600: false, 0: false, -1: false} {
		if err := checkStatus("--status", n); (err == nil) != ok {
			t.Errorf("checkStatus(%d) = %v, want ok %v", n, err, ok)
		}
	}
}
