// Settings of the runtime that cost a one-shot command its start-up and buy
// it nothing (measured: -0.1 ms wall and -0.9 ms CPU of a 3-4 ms `token`):
// no goroutine re-reading the cgroup's CPU limit every second (a CLI and a
// loopback hub wait on I/O, not on CPUs), and no naming of every memory
// mapping with an extra prctl.
//
//go:debug updatemaxprocs=0
//go:debug decoratemappings=0

// Command browserctl drives a real Chrome from the shell through its
// extension; see cmd for the command tree.
package main

import (
	"os"

	"browserctl/cmd"
	_ "browserctl/internal/proctime" // the start of -v's breakdown
)

func main() {
	os.Exit(cmd.Main())
}
