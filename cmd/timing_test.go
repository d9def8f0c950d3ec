package cmd

import (
	"testing"

	"browserctl/cmd/cmdutil"
)

func TestVerboseRequested(t *testing.T) {
	env := map[string]string{}
	f := &cmdutil.Factory{Getenv: func(k string) string { return env[k] }}
	for _, c := range []struct {
		args []string
		want bool
	}{
		{[]string{"get", "title"}, false},
		{[]string{"-v", "get", "title"}, true},
		{[]string{"get", "title", "--verbose"}, true},
		{[]string{"--verbose=false", "get", "title"}, true}, // traced; the parsed flag decides the report
		{[]string{"eval", "--", "-v"}, false},
	} {
		if got := verboseRequested(f, c.args); got != c.want {
			t.Errorf("%q: %v, want %v", c.args, got, c.want)
		}
	}
	env["BROWSERCTL_TIMING"] = "1"
	if !verboseRequested(f, []string{"get", "title"}) {
		t.Error("BROWSERCTL_TIMING=1 is not seen")
	}
	f.Defaults = &cmdutil.Globals{} // a REPL line: the REPL's own flags decide, not the environment
	if verboseRequested(f, []string{"get", "title"}) {
		t.Error("a line of a REPL without -v is traced")
	}
}
