// Command hublog reads the frame log of `browserctl serve -v` (what
// bench/browserbench -hub-log writes) and prints each call the hub sent a
// browser's extension, in order: when it left, how long the extension
// took to answer, the method and the size of the answer. Then the same per
// method: count, median and total. It shows where an agent's or a
// script's time went, call by call.
//
//	go run ./bench/hublog FILE
package main

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"time"
)

// A frame line: "2026-12-06T02:51:08.185166572Z 127.0.0.1:54010 -> {...}",
// a long frame cut with " ...(+N bytes)".
var (
	frameLine = regexp.MustCompile(`^(\S+Z) (\S+) (->|<-) (.*)$`)
	idMember  = regexp.MustCompile(`^\{"jsonrpc":"2\.0","id":(\d+)`)
	method    = regexp.MustCompile(`"method":"([^"]+)"`)
	cut       = regexp.MustCompile(` \.\.\.\(\+(\d+) bytes\)$`)
)

type call struct {
	at     time.Time
	method string
	took   time.Duration
	answer int // bytes
	done   bool
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: hublog FILE (the log of browserctl serve -v)")
		os.Exit(2)
	}
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "hublog:", err)
		os.Exit(1)
	}
	defer f.Close()
	calls, err := read(bufio.NewScanner(f))
	if err != nil {
		fmt.Fprintln(os.Stderr, "hublog:", err)
		os.Exit(1)
	}
	report(calls)
}

func read(sc *bufio.Scanner) ([]*call, error) {
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	var calls []*call
	open := map[string]*call{} // remote + id -> the call waiting for its answer
	for sc.Scan() {
		m := frameLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		at, err := time.Parse(time.RFC3339Nano, m[1])
		if err != nil {
			continue
		}
		frame := m[4]
		id := idMember.FindStringSubmatch(frame)
		if id == nil {
			continue // a handshake frame or an event
		}
		key := m[2] + " " + id[1]
		switch m[3] {
		case "->":
			if mm := method.FindStringSubmatch(frame); mm != nil {
				c := &call{at: at, method: mm[1]}
				calls = append(calls, c)
				open[key] = c
			}
		case "<-":
			c := open[key]
			if c == nil {
				continue
			}
			delete(open, key)
			c.took, c.done = at.Sub(c.at), true
			c.answer = len(frame)
			if x := cut.FindStringSubmatch(frame); x != nil {
				n, _ := strconv.Atoi(x[1])
				c.answer += n - len(x[0])
			}
		}
	}
	return calls, sc.Err()
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func report(calls []*call) {
	if len(calls) == 0 {
		fmt.Println("no calls in the log (was the hub started with -v?)")
		return
	}
	start := calls[0].at
	fmt.Printf("%10s %9s  %-26s %s\n", "at ms", "took ms", "method", "answer bytes")
	per := map[string][]time.Duration{}
	unanswered := 0
	for _, c := range calls {
		took := "-"
		if !c.done {
			unanswered++
		} else {
			took = fmt.Sprintf("%.1f", ms(c.took))
			per[c.method] = append(per[c.method], c.took)
		}
		fmt.Printf("%10.1f %9s  %-26s %d\n", ms(c.at.Sub(start)), took, c.method, c.answer)
	}
	names := make([]string, 0, len(per))
	for n := range per {
		names = append(names, n)
	}
	total := func(ds []time.Duration) (t time.Duration) {
		for _, d := range ds {
			t += d
		}
		return t
	}
	slices.SortFunc(names, func(a, b string) int { return int(total(per[b]) - total(per[a])) })
	fmt.Printf("\n%-26s %6s %10s %10s\n", "method", "calls", "median ms", "total ms")
	for _, n := range names {
		ds := slices.Clone(per[n])
		slices.Sort(ds)
		fmt.Printf("%-26s %6d %10.1f %10.1f\n", n, len(ds), ms(ds[len(ds)/2]), ms(total(ds)))
	}
	if unanswered > 0 {
		fmt.Printf("\n%d call(s) never answered in the log\n", unanswered)
	}
}
