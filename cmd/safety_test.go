package cmd

import (
	"testing"

	"browserctl/rpc"
)

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

// open refuses javascript: and wants --allow-file before a file: URL;
// nothing is sent for either.
func TestOpenRefusesScriptAndFileURLs(t *testing.T) {
	checkUsage(t, nil,
		"open javascript:alert(1)",
		"open JavaScript:alert(1)",
		"open file:///etc/passwd",
		"open FILE:///etc/passwd",
	)
	checkSent(t, []sentCase{
		{"open --allow-file file:///tmp/page.html", rpc.PageNavigate, `{"timeoutMs":30000,"url":"file:///tmp/page.html","allowFile":true}`},
		{"open example.com/javascript:", rpc.PageNavigate, `{"timeoutMs":30000,"url":"example.com/javascript:"}`},
	}, nil)
}
