package hubapi

import (
	"strings"
	"testing"
)

func TestLocalSocket(t *testing.T) {
	for _, tc := range []struct{ dir, addr, want string }{
		{"/home/a/.config/browserctl", "127.0.0.1:9223", "/home/a/.config/browserctl/hub-9223.sock"},
		{"/s", "http://localhost:9300/", "/s/hub-9300.sock"},
		{"/s", "[::1]:9223", "/s/hub-9223.sock"},
		{"/s", "127.0.0.2:9223", "/s/hub-9223.sock"},
		{"/s", "0.0.0.0:9223", ""},
		{"/s", "10.0.0.5:9223", ""},
		{"/s", "devbox:9223", ""},
		{"/s", "127.0.0.1", ""},
		{"/s", "127.0.0.1:x", ""},
		{"", "127.0.0.1:9223", ""},
		{"/" + strings.Repeat("d", 100), "127.0.0.1:9223", ""},
	} {
		if got := LocalSocket(tc.dir, tc.addr); got != tc.want {
			t.Errorf("LocalSocket(%q, %q) = %q, want %q", tc.dir, tc.addr, got, tc.want)
		}
	}
}
