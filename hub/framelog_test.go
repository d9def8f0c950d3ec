package hub

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"browserctl/rpc"
)

// syncBuffer is a bytes.Buffer safe for the hub's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestFrameLog(t *testing.T) {
	var log syncBuffer
	th := startHub(t, Options{FrameLog: &log})

	// A refused handshake, with a token that is close to the real one.
	ws, _, err := dial(th, nil)
	if err != nil {
		t.Fatal(err)
	}
	ws.WriteMessage(websocket.TextMessage, []byte(`{"type":"auth","token":"`+testToken[:60]+`"}`))
	closeCode(t, ws)
	ws.Close()

	p := connect(t, th)
	done := p.serve(func(req rpc.Request) any { return map[string]string{"echo": testToken} })
	if _, err := th.Call(context.Background(), rpc.SessionList, nil, 0); err != nil {
		t.Fatal(err)
	}
	p.close()
	<-done
	waitFor(t, "the disconnect", func() bool { st, _ := th.Status(context.Background()); return !st.Connected })

	out := log.String()
	if strings.Contains(out, testToken[:60]) {
		t.Fatalf("a token reached the frame log:\n%s", out)
	}
	for _, want := range []string{
		`-- connect`,
		`<- {"type":"auth","token":"<redacted>"}`,
		`-- close code=4001`,
		`-> {"type":"auth_ok","version":1}`,
		`-> {"jsonrpc":"2.0","id":1,"method":"sessions.list"}`,
		`<- {"jsonrpc":"2.0","id":1,"result":{"echo":"<redacted>"}}`,
		`-- auth ok`,
		`-- peer closed code=1006`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("frame log lacks %q:\n%s", want, out)
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		stamp, _, _ := strings.Cut(line, " ")
		if _, err := time.Parse(time.RFC3339Nano, stamp); err != nil {
			t.Errorf("line without an RFC3339Nano time: %q", line)
		}
	}
}
