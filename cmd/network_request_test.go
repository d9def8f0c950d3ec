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
