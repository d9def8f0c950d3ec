// Command flood measures a hub under a tokenless flood: it opens
// connections that never show the token, of five kinds (silent, a request
// head that never ends, idle after a 401, a WebSocket that never
// authenticates, a WebSocket whose first frame announces 60 MiB), and
// optionally sends whole 60 MiB first frames; meanwhile it samples the hub
// process's file descriptors and resident memory from /proc, and checks that
// an authenticated WebSocket (the extension) still connects.
//
//	go run ./bench/flood -addr 127.0.0.1:9223 -pid $(cat ~/.browserctl/daemon.pid) -n 1000 -big 8
//
// BROWSERCTL_TOKEN must hold the hub's token (for the extension check).
package main

import (
	"bufio"
	"encoding/binary"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:9223", "the hub")
	pid := flag.Int("pid", 0, "the hub's pid, to sample /proc/PID")
	n := flag.Int("n", 1000, "tokenless connections to hold")
	big := flag.Int("big", 0, "whole 60 MiB first frames to send before auth")
	hold := flag.Duration("hold", 15*time.Second, "how long to hold the connections")
	flag.Parse()

	var peakFDs, peakRSS int
	stopSampling := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			if f := countFDs(*pid); f > peakFDs {
				peakFDs = f
			}
			if r := rssKiB(*pid); r > peakRSS {
				peakRSS = r
			}
			select {
			case <-stopSampling:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	fdsBefore, rssBefore := countFDs(*pid), rssKiB(*pid)

	start := time.Now()
	var mu sync.Mutex
	var held []net.Conn
	failed := 0
	var wg sync.WaitGroup
	sem := make(chan struct{}, 64)
	for i := range *n {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			c, err := open(*addr, i%5)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				failed++
				return
			}
			held = append(held, c)
		}()
	}
	for range *big {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := rawUpgrade(*addr)
			if err != nil {
				return
			}
			defer c.Close()
			frame := frameHead(60 << 20)
			payload := make([]byte, 1<<20)
			c.Write(frame)
			for range 60 {
				if _, err := c.Write(payload); err != nil {
					return
				}
			}
		}()
	}
	wg.Wait()
	fmt.Printf("opened %d tokenless connections (%d refused or cut during set-up) and sent %d 60 MiB first frames in %s\n",
		len(held), failed, *big, time.Since(start).Round(time.Millisecond))

	ext := "no token in BROWSERCTL_TOKEN: extension check skipped"
	if tok := os.Getenv("BROWSERCTL_TOKEN"); tok != "" {
		ext = extensionConnects(*addr, tok)
	}
	fmt.Println("extension during the flood:", ext)

	time.Sleep(*hold)
	stillOpen := 0
	for _, c := range held {
		c.SetReadDeadline(time.Now().Add(time.Millisecond))
		if _, err := c.Read(make([]byte, 1)); err != nil {
			if ne, ok := err.(net.Error); ok && ne.Timeout() {
				stillOpen++
			}
		}
	}
	close(stopSampling)
	<-sampled
	fmt.Printf("after %s: %d of the %d still open\n", *hold, stillOpen, len(held))
	fmt.Printf("hub pid %d: fds %d before, peak %d; RSS %d KiB before, peak %d KiB (VmHWM %d KiB)\n",
		*pid, fdsBefore, peakFDs, rssBefore, peakRSS, hwmKiB(*pid))
	for _, c := range held {
		c.Close()
	}
}

func extensionConnects(addr, token string) string {
	start := time.Now()
	d := websocket.Dialer{HandshakeTimeout: 5 * time.Second}
	ws, _, err := d.Dial("ws://"+addr+"/ws/browser", http.Header{"Origin": {"chrome-extension://floodcheck"}})
	if err != nil {
		return "dial failed: " + err.Error()
	}
	defer ws.Close()
	ws.WriteMessage(websocket.TextMessage, []byte(`{"type":"auth","token":"`+token+`"}`))
	ws.SetReadDeadline(time.Now().Add(5 * time.Second))
	_, data, err := ws.ReadMessage()
	if err != nil || !strings.Contains(string(data), "auth_ok") {
		return fmt.Sprintf("no auth_ok: %q %v", data, err)
	}
	return "auth_ok in " + time.Since(start).Round(time.Millisecond).String()
}

func open(addr string, kind int) (net.Conn, error) {
	switch kind {
	case 0:
		return net.DialTimeout("tcp", addr, 5*time.Second)
	case 1:
		c, err := net.DialTimeout("tcp", addr, 5*time.Second)
		if err == nil {
			_, err = fmt.Fprintf(c, "GET /status HTTP/1.1\r\nHost: %s\r\nX-Slow: ", addr)
		}
		return c, err
	case 2:
		c, err := net.DialTimeout("tcp", addr, 5*time.Second)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(c, "GET /status HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
		c.SetReadDeadline(time.Now().Add(5 * time.Second))
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			c.Close()
			return nil, err
		}
		resp.Body.Close()
		c.SetReadDeadline(time.Time{})
		return c, nil
	case 3:
		return rawUpgrade(addr)
	default:
		c, err := rawUpgrade(addr)
		if err == nil {
			_, err = c.Write(append(frameHead(60<<20), `{"type":"auth"`...))
		}
		return c, err
	}
}

func rawUpgrade(addr string) (net.Conn, error) {
	c, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(c, "GET /ws/browser HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n", addr)
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	c.SetReadDeadline(time.Time{})
	if err != nil || resp.StatusCode != http.StatusSwitchingProtocols {
		c.Close()
		return nil, fmt.Errorf("upgrade: %v", err)
	}
	return c, nil
}

// frameHead is a masked text frame's head announcing n bytes.
func frameHead(n uint64) []byte {
	b := []byte{0x81, 0x80 | 127}
	b = binary.BigEndian.AppendUint64(b, n)
	return append(b, 0, 0, 0, 0) // a zero mask key: the payload goes as it is
}

func countFDs(pid int) int {
	ents, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	if err != nil {
		return 0
	}
	return len(ents)
}

func statusKiB(pid int, field string) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			return n
		}
	}
	return 0
}

func rssKiB(pid int) int { return statusKiB(pid, "VmRSS") }
func hwmKiB(pid int) int { return statusKiB(pid, "VmHWM") }
