package cmd

import (
	"testing"

	"browserctl/hub/hubapi"
)

func TestDescribeBrowser(t *testing.T) {
	for _, tc := range []struct {
		b    hubapi.Browser
		want string
	}{
		{hubapi.Browser{UserAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.85 Safari/537.36", ExtensionID: "abcdefghijklmnopabcdefghijklmnop", Remote: "127.0.0.1:5000"},
			"HeadlessChrome 131.0.6778.85, extension abcdefghijklmnopabcdefghijklmnop, from 127.0.0.1:5000"},
		{hubapi.Browser{UserAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86", Remote: "127.0.0.1:5001"},
			"Edg 131.0.2903.86, from 127.0.0.1:5001"},
		{hubapi.Browser{UserAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", Remote: "[::1]:5002"},
			"Chrome 131.0.0.0, from [::1]:5002"},
		{hubapi.Browser{UserAgent: "my-peer/2", Remote: "127.0.0.1:5003"}, `"my-peer/2", from 127.0.0.1:5003`},
		{hubapi.Browser{Remote: "127.0.0.1:5004"}, "unknown browser, from 127.0.0.1:5004"},
	} {
		if got := describeBrowser(tc.b); got != tc.want {
			t.Errorf("describeBrowser(%q) = %q, want %q", tc.b.UserAgent, got, tc.want)
		}
	}
}
