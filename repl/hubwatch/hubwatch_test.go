package hubwatch

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"browserctl/hub/hubapi"
	"browserctl/hub/hubclient"
	"browserctl/internal/iostreams"
)

func plain() *iostreams.ColorScheme {
	s, _, _, _ := iostreams.Test()
	return s.ColorScheme()
}

func TestPrompt(t *testing.T) {
	var p Prompt
	if got := p.String(plain()); got != "browserctl - ○> " {
		t.Errorf("no hub yet: %q", got)
	}
	p.Set(hubapi.Status{Connected: true, Session: "s3"})
	if got := p.String(plain()); got != "browserctl s3 ●> " {
		t.Errorf("connected on s3: %q", got)
	}
}

func TestNotice(t *testing.T) {
	at := time.Date(2026, 12, 1, 10, 0, 0, 0, time.Local)
	for _, c := range []struct {
		ev   hubapi.Event
		want string
	}{
		{hubapi.Event{Type: hubapi.EventConnected, Time: at, Remote: "127.0.0.1:5"}, "10:00:00 ● extension connected 127.0.0.1:5"},
		{hubapi.Event{Type: hubapi.EventDisconnected, Time: at}, "10:00:00 ○ extension disconnected"},
		{hubapi.Event{Type: hubapi.EventReplaced, Time: at, Remote: "b"}, "10:00:00 ● extension connection replaced by b"},
		// with several browsers, which one (its name is the peer's text: escaped)
		{hubapi.Event{Type: hubapi.EventDisconnected, Time: at, Browser: "work"}, "10:00:00 ○ extension disconnected (browser work)"},
		{hubapi.Event{Type: hubapi.EventConnected, Time: at, Remote: "r", Browser: "x\x1b[2J"}, "10:00:00 ● extension connected r (browser x\\x1b[2J)"},
		{hubapi.Event{Type: hubapi.EventSession, Time: at}, "10:00:00 current session: none"},
		{hubapi.Event{Type: "other", Time: at}, ""},
	} {
		if got := Notice(plain(), c.ev); got != c.want {
			t.Errorf("%s: %q, want %q", c.ev.Type, got, c.want)
		}
	}
}

// hub is a hub whose event streams the test ends, and which then refuses
// to stream until it is back.
type hub struct {
	hubapi.Controller
	mu      sync.Mutex
	streams chan chan hubapi.Event
	down    bool
}

func (h *hub) Events(ctx context.Context) (<-chan hubapi.Event, error) {
	h.mu.Lock()
	down := h.down
	h.mu.Unlock()
	if down {
		return nil, errors.New("no hub")
	}
	in, out := make(chan hubapi.Event, 4), make(chan hubapi.Event)
	h.streams <- in
	go func() { // as a hub's stream: closed when the test ends it, or ctx
		defer close(out)
		for {
			select {
			case ev, ok := <-in:
				if !ok {
					return
				}
				select {
				case out <- ev:
				case <-ctx.Done():
					return
				}
			case <-ctx.Done():
				return
			}
		}
	}()
	return out, nil
}

func (h *hub) Status(context.Context) (hubapi.Status, error) {
	return hubapi.Status{Connected: true, Session: "s1"}, nil
}

func (h *hub) setDown(v bool) {
	h.mu.Lock()
	h.down = v
	h.mu.Unlock()
}

// The watch says what the hub does, that it went away, and that it is
// back, naming the session the REPL keeps.
func TestWatchOutlivesTheHub(t *testing.T) {
	h := &hub{streams: make(chan chan hubapi.Event, 4)}
	own := hubclient.NewOwn(h, "this REPL", "s1")
	var p Prompt
	notices := make(chan string, 8)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go Watch(ctx, own, plain, &p, notices)
	next := func() string {
		t.Helper()
		select {
		case n := <-notices:
			return n
		case <-time.After(10 * time.Second):
			t.Fatal("no notice")
		}
		return ""
	}
	stream := <-h.streams
	stream <- hubapi.Event{Type: hubapi.EventConnected, Time: time.Now(), Remote: "ext"}
	if n := next(); !strings.Contains(n, "extension connected ext") {
		t.Errorf("notice %q", n)
	}
	if got := p.String(plain()); got != "browserctl s1 ●> " {
		t.Errorf("prompt %q after the event", got)
	}
	h.setDown(true)
	close(stream)
	if n := next(); !strings.HasPrefix(n, "the hub went away") || !strings.HasSuffix(n, "; this REPL keeps session s1") {
		t.Errorf("notice %q", n)
	}
	if got := p.String(plain()); got != "browserctl s1 ○> " {
		t.Errorf("prompt %q with the hub gone", got)
	}
	h.setDown(false)
	<-h.streams
	if n := next(); n != "the hub is back; this REPL keeps session s1" {
		t.Errorf("notice %q", n)
	}
	cancel()
	for range notices { // closed when the watch ends
	}
}
