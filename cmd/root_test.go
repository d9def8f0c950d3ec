package cmd

import (
	"strings"
	"testing"
)

// topCmds names each command as its Use does, and a tree built for args
// holds the command cobra finds for them in the whole tree.
func TestTopCmds(t *testing.T) {
	e := newTestEnv(t)
	for _, tc := range topCmds() {
		if got := tc.build(e.f).Name(); got != tc.name {
			t.Errorf("topCmds: %q builds %q", tc.name, got)
		}
	}
	whole := NewRootCmd(e.f)
	if n, want := len(whole.Commands()), len(topCmds()); n != want {
		t.Errorf("the whole tree has %d commands, topCmds %d", n, want)
	}
	for _, line := range []string{
		"", "get title", "--json get title", "--server 127.0.0.1:1 get title", "--server=127.0.0.1:1 tab list",
		"--json --no-color tab active", "--timeout 5s --wait 0 snapshot -i", "--tab 3 get title",
		"--help", "--help get", "-h", "help get", "nosuch", "--server", "--server get", "-- get title",
		"completion bash", "__complete get ", "session ls", "--session s1 click e1", "-x get", "repl",
	} {
		args := strings.Fields(line)
		found, _, _ := whole.Find(args)
		lazy := newRootCmdFor(e.f, args)
		lfound, _, _ := lazy.Find(args)
		if found.CommandPath() != lfound.CommandPath() {
			t.Errorf("%q: the whole tree finds %q, the tree for it %q", line, found.CommandPath(), lfound.CommandPath())
		}
		if found != whole && len(lazy.Commands()) != 1 && found.Name() != "completion" {
			t.Errorf("%q: the tree for it has %d commands", line, len(lazy.Commands()))
		}
	}
}
