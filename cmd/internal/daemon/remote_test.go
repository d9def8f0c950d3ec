package daemon

import (
	"context"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"
)

func TestLoopbackAddr(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:9223": true, "127.9.9.9:1": true, "[::1]:9223": true, "localhost:9223": true, "LOCALHOST:1": true,
		"0.0.0.0:9223": false, "[::]:9223": false, "192.168.1.5:9223": false, "devbox.lan:9223": false, ":9223": false,
	} {
		if got := LoopbackAddr(addr); got != want {
			t.Errorf("LoopbackAddr(%q) = %v, want %v", addr, got, want)
		}
	}
}

// A hub beyond loopback is refused unless AllowRemote; with it stderr says
// the token travels in clear, and a Host that is not this machine's is
// still refused (DNS rebinding).
func TestServeBeyondLoopback(t *testing.T) {
	var log syncBuffer
	err := Serve(context.Background(), Options{Addr: "0.0.0.0:0", Token: "t0123456789", Log: &log})
	if err == nil || !strings.Contains(err.Error(), "--allow-remote") {
		t.Fatalf("Serve on 0.0.0.0 without AllowRemote: %v, want a refusal naming --allow-remote", err)
	}

	ln, err := net.Listen("tcp", "0.0.0.0:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Serve(ctx, Options{Addr: addr, Token: "t0123456789", Log: &log, AllowRemote: true, Hosts: []string{"devbox.lan"}})
	}()
	defer func() { cancel(); <-done }()
	_, port, _ := net.SplitHostPort(addr)
	get := func(host string) int {
		req, _ := http.NewRequest("GET", "http://127.0.0.1:"+port+"/status", nil)
		req.Host = host
		req.Header.Set("Authorization", "Bearer t0123456789")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	deadline := time.Now().Add(10 * time.Second)
	for get("127.0.0.1:"+port) != 200 {
		if time.Now().After(deadline) {
			t.Fatalf("the hub never answered; log:\n%s", log.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if !strings.Contains(log.String(), "travel in clear") {
		t.Errorf("no warning about the token in clear on stderr:\n%s", log.String())
	}
	name, _ := os.Hostname()
	for host, want := range map[string]int{
		"evil.example:" + port: http.StatusForbidden, "devbox.lan:" + port: 200, "localhost:" + port: 200, name + ":" + port: 200,
	} {
		if got := get(host); got != want {
			t.Errorf("Host %s: %d, want %d", host, got, want)
		}
	}
	http.DefaultClient.CloseIdleConnections()
}
