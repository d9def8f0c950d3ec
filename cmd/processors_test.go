package cmd

import "testing"

// Page and browser commands are one-shot clients of the hub and run on one
// processor; what serves or runs for long keeps them all.
func TestOneCallToTheHub(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{[]string{"get", "title"}, true},
		{[]string{"--session", "s1", "click", "#go"}, true},
		{[]string{"tab", "list"}, true},
		{[]string{"session", "create"}, true},
		{[]string{"serve"}, false},
		{[]string{"mcp"}, false},
		{[]string{"repl"}, false},
		{[]string{"batch"}, false},
		{[]string{"launch"}, false},
		{nil, false},
	} {
		if got := oneCallToTheHub(tc.args); got != tc.want {
			t.Errorf("oneCallToTheHub(%q) = %v, want %v", tc.args, got, tc.want)
		}
	}
}
