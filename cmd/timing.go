package cmd

import (
	"context"
	"strings"
	"time"

	"browserctl/cmd/cmdutil"
	"browserctl/cmd/internal/timing"
	"browserctl/internal/proctime"
	"browserctl/rpc"
)

// -v (--verbose, BROWSERCTL_TIMING=1): where a command's time went, printed
// on stderr after the command (the timing package).

// verboseRequested says whether args (or the defaults) ask for -v, before
// the flags are parsed: only then are the calls traced. The parsed flag
// decides whether the report is printed.
func verboseRequested(f *cmdutil.Factory, args []string) bool {
	if f.Defaults != nil && f.Defaults.Verbose {
		return true
	}
	if f.Defaults == nil && cmdutil.EnvBool(f.Getenv("BROWSERCTL_TIMING")) {
		return true
	}
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "-v" || a == "--verbose" || strings.HasPrefix(a, "--verbose=") {
			return true
		}
	}
	return false
}

// traceCalls is ctx with a tracer for args' calls when -v may be asked for.
func traceCalls(ctx context.Context, f *cmdutil.Factory, args []string) (context.Context, *timing.Recorder) {
	if !verboseRequested(f, args) {
		return ctx, nil
	}
	begun := proctime.Start
	if f.InREPL {
		begun = time.Now() // a REPL or batch line: from the line's start
	}
	return timing.Trace(ctx, begun)
}

// reportTiming asks the extension for its side of each call and prints the
// breakdown on stderr.
func reportTiming(f *cmdutil.Factory, r *timing.Recorder, line string) {
	if r == nil || !f.Globals.Verbose || r.Calls() == 0 {
		return // nothing traced: a local command, or batch and the REPL, whose lines report their own
	}
	var c rpc.Caller
	if h, err := f.Hub(); err == nil {
		c = h
	}
	r.Report(c, f.IO.ErrOut, line, f.InREPL)
}
