// Command oneshot times a command run many times, one process per run, and
// prints the median and p90 wall time: what a shell script calling
// browserctl pays per call.
//
//	go run ./bench/oneshot -n 300 -- browserctl tab active
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"time"
)

func main() {
	n := flag.Int("n", 200, "runs")
	warm := flag.Int("warm", 10, "untimed runs first")
	label := flag.String("label", "", "name printed with the figures")
	flag.Parse()
	args := flag.Args()
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "usage: oneshot [-n N] [-label L] -- COMMAND [ARGS...]")
		os.Exit(2)
	}
	run := func() time.Duration {
		c := exec.Command(args[0], args[1:]...)
		c.Stdout, c.Stderr = nil, os.Stderr
		start := time.Now()
		if err := c.Run(); err != nil {
			fmt.Fprintf(os.Stderr, "%v: %v\n", args, err)
			os.Exit(1)
		}
		return time.Since(start)
	}
	for range *warm {
		run()
	}
	d := make([]time.Duration, *n)
	for i := range d {
		d[i] = run()
	}
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	pct := func(p float64) time.Duration { return d[int(p*float64(len(d)-1))] }
	if *label == "" {
		*label = fmt.Sprint(args)
	}
	fmt.Printf("%-28s n=%d  median %6.2f ms  p90 %6.2f ms  min %6.2f ms\n", *label, *n,
		ms(pct(0.5)), ms(pct(0.9)), ms(d[0]))
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
