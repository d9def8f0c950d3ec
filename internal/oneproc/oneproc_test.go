package oneproc

import "testing"

// Page and browser commands are one-shot clients of the hub and run on one
// processor; what serves or runs for long keeps them all.
func TestOneShot(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{[]string{"get", "title"}, true},
		{[]string{"--session", "s1", "click", "#go"}, true},
		{[]string{"tab", "list"}, true},
		{[]string{"session", "create"}, true},
		{[]string{"storage", "local"}, true},
		{[]string{"--json", "focus", "e1"}, true},
		{[]string{"serve"}, false},
		{[]string{"--port", "9000", "serve"}, false},
		{[]string{"mcp"}, false},
		{[]string{"repl"}, false},
		{[]string{"batch", "-f", "x.txt"}, false},
		{[]string{"launch"}, false},
		{nil, false},
	} {
		if got := oneShot(tc.args); got != tc.want {
			t.Errorf("oneShot(%q) = %v, want %v", tc.args, got, tc.want)
		}
	}
}
