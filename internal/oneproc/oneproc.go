// Package oneproc runs a one-shot command of browserctl on one processor.
//
// A one-shot command is a client of the hub that makes a call or two and
// exits: on one processor its HTTP client's goroutines hand off on their
// one thread instead of waking another, which on a busy machine waits for
// a time slice (a one-shot call ~12% faster, less CPU, at load average
// 25). The processes that host work (serve, mcp, repl, batch, launch; no command
// at all opens the REPL) keep every processor.
//
// The choice is made in this package's init, which runs before the
// program's larger packages initialize: runtime.GOMAXPROCS stops the world
// and hands back what the other processors hold, which is cheap while they
// hold nothing yet (~1.5 ms when made from main on a 2-core VM).
package oneproc

import (
	"os"
	"runtime"
	"slices"
)

// hosts are the commands whose process hosts work for others or runs many
// calls; an argument equal to one of them keeps every processor (a value
// spelled so costs only the saving).
var hosts = []string{"serve", "mcp", "repl", "batch", "launch"}

func init() {
	if os.Getenv("GOMAXPROCS") != "" || !oneShot(os.Args[1:]) {
		return
	}
	runtime.GOMAXPROCS(1)
}

// oneShot says whether args are a one-shot command.
func oneShot(args []string) bool {
	if len(args) == 0 {
		return false
	}
	return !slices.ContainsFunc(args, func(a string) bool { return slices.Contains(hosts, a) })
}
