package cmd

import (
	"errors"
	"flag"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/gorilla/websocket"
	"github.com/rogpeppe/go-internal/testscript"
)

// wsknock [-origin O] [-token T | -frame F] ADDR: one connection attempt to
// ws://ADDR/ws/browser that the hub should refuse. It sends an auth frame
// with token T, or the frame F as it is, or nothing (and waits for the
// hub's deadline), and prints `close CODE` or `refused STATUS`.
func cmdWSKnock(ts *testscript.TestScript, neg bool, args []string) {
	fs := flag.NewFlagSet("wsknock", flag.ContinueOnError)
	origin := fs.String("origin", "", "Origin header")
	tok := fs.String("token", "", "token of the auth frame")
	frame := fs.String("frame", "", "first frame, as it is")
	if err := fs.Parse(args); err != nil || fs.NArg() != 1 {
		ts.Fatalf("usage: wsknock [-origin O] [-token T | -frame F] ADDR")
	}
	hdr := http.Header{}
	if *origin != "" {
		hdr.Set("Origin", *origin)
	}
	d := websocket.Dialer{HandshakeTimeout: 5 * time.Second}
	ws, resp, err := d.Dial("ws://"+fs.Arg(0)+"/ws/browser", hdr)
	if err != nil {
		if resp == nil {
			ts.Fatalf("wsknock: %v", err)
		}
		ts.Stdout().Write([]byte("refused " + resp.Status[:3] + "\n"))
		return
	}
	defer ws.Close()
	switch {
	case *tok != "":
		ts.Check(ws.WriteJSON(map[string]string{"type": "auth", "token": *tok}))
	case *frame != "":
		ts.Check(ws.WriteMessage(websocket.TextMessage, []byte(*frame)))
	}
	_ = ws.SetReadDeadline(time.Now().Add(20 * time.Second))
	for {
		_, _, err := ws.ReadMessage()
		if err == nil {
			continue
		}
		var ce *websocket.CloseError
		if !errors.As(err, &ce) {
			ts.Fatalf("wsknock: want a close frame, got %v", err)
		}
		ts.Stdout().Write([]byte("close " + strconv.Itoa(ce.Code) + "\n"))
		return
	}
}

// waitport ADDR: waits (up to 10 s) until something listens at ADDR.
func cmdWaitPort(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: waitport ADDR")
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", args[0], time.Second)
		if err == nil {
			c.Close()
			return
		}
		if time.Now().After(deadline) {
			ts.Fatalf("nothing listens at %s: %v", args[0], err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// [!] timed MAX PROG ARGS...: runs PROG as exec does and fails when it took
// longer than MAX (a loose bound on a correctness property, such as
// --timeout bounding a whole command; not a benchmark).
func cmdTimed(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 2 {
		ts.Fatalf("usage: [!] timed MAX PROG ARGS...")
	}
	limit, err := time.ParseDuration(args[0])
	ts.Check(err)
	start := time.Now()
	err = ts.Exec(args[1], args[2:]...)
	took := time.Since(start)
	ts.Logf("took %s", took.Round(time.Millisecond))
	switch {
	case err != nil && !neg:
		ts.Fatalf("%v", err)
	case err == nil && neg:
		ts.Fatalf("unexpected success")
	case took > limit:
		ts.Fatalf("took %s, more than %s", took.Round(time.Millisecond), limit)
	}
}
