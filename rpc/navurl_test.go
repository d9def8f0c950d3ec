package rpc

import (
	"errors"
	"testing"
)

func TestCheckNavigationURL(t *testing.T) {
	for _, tc := range []struct {
		url       string
		allowFile bool
		want      error
	}{
		{"javascript:alert(1)", true, ErrScriptURL},
		{" \x01JavaScript:alert(1)", false, ErrScriptURL},
		{"java\tscript:alert(1)", false, ErrScriptURL},
		{"vbscript:x", false, ErrScriptURL},
		{"file:///etc/passwd", false, ErrFileURL},
		{"FILE:///etc/passwd", false, ErrFileURL},
		{"file:///tmp/a.html", true, nil},
		{"https://example.com/", false, nil},
		{"example.com/javascript:x", false, nil},
		{"about:blank", false, nil},
		{"about:blank#top", false, nil},
		{"about:srcdoc", false, nil},
		{"about:settings", false, ErrBrowserPageURL},
		{"chrome://settings", true, ErrBrowserPageURL},
		{" Chrome-Extension://abcdefghijklmnop/popup.html", true, ErrBrowserPageURL},
		{"devtools://devtools/bundled/inspector.html", false, ErrBrowserPageURL},
		{"https://chrome.com/chrome://x", false, nil},
	} {
		if err := CheckNavigationURL(tc.url, tc.allowFile); !errors.Is(err, tc.want) {
			t.Errorf("CheckNavigationURL(%q, %v) = %v, want %v", tc.url, tc.allowFile, err, tc.want)
		}
	}
}
