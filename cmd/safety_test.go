package cmd

import "testing"

// Flags that would become something else are refused before anything is
// sent: a hub beyond loopback without --allow-remote, a launch URL that is
// a browser flag or a script.
func TestFlagsStayWhatTheyAre(t *testing.T) {
	checkUsage(t, nil,
		"serve --addr 0.0.0.0:9223",
		"serve --addr 192.168.1.5:9223",
		"serve --addr devbox.lan:9223",
		"--server 0.0.0.0:9223 serve",
		"launch --url=--remote-debugging-port=9222",
		"launch --url javascript:alert(1)",
		"launch --url data:text/html,hi",
		"launch --url chrome://settings",
	)
}
