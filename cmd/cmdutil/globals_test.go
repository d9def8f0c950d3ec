package cmdutil

import "testing"

func TestHostPort(t *testing.T) {
	for in, want := range map[string]string{
		"127.0.0.1:9223":                 "127.0.0.1:9223",
		"http://127.0.0.1:9223/":         "127.0.0.1:9223",
		"ws://localhost:9333/ws/browser": "localhost:9333",
		" 127.0.0.1:1 ":                  "127.0.0.1:1",
		"":                               "",
	} {
		if got := HostPort(in); got != want {
			t.Errorf("hostPort(%q) = %q, want %q", in, got, want)
		}
	}
}
