// Package hubwatch is what the REPL shows of its hub: the prompt (the
// REPL's session and whether the extension is connected) and the notices
// printed above it for the hub's events. The watch outlives a hub restart:
// it says the hub went away, asks again every second, and says when it is
// back, with the session the REPL keeps by id.
package hubwatch

import (
	"context"
	"fmt"
	"sync"
	"time"

	"browserctl/hub/hubapi"
	"browserctl/hub/hubclient"
	"browserctl/internal/iostreams"
	"browserctl/internal/termsafe"
)

// rewatchEvery is how often the watch asks again for the hub's events
// after the hub went away.
const rewatchEvery = time.Second

// Prompt is what the prompt shows, kept fresh by events and by a status
// after every line.
type Prompt struct {
	mu        sync.Mutex
	connected bool
	session   string
}

// Set takes the connection and the session from a status.
func (p *Prompt) Set(st hubapi.Status) {
	p.mu.Lock()
	p.connected, p.session = st.Connected, st.Session
	p.mu.Unlock()
}

// String is the prompt: `browserctl SESSION ●> ` (○ when no extension is
// connected, - for no session).
func (p *Prompt) String(cs *iostreams.ColorScheme) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	dot := cs.Red("○")
	if p.connected {
		dot = cs.Green("●")
	}
	session := "-"
	if p.session != "" {
		session = p.session
	}
	return fmt.Sprintf("browserctl %s %s> ", cs.Cyan(session), dot)
}

// Notice is the line printed above the prompt for a hub event ("" for an
// event people need not see).
func Notice(cs *iostreams.ColorScheme, ev hubapi.Event) string {
	at := ev.Time.Local().Format("15:04:05")
	of := "" // which browser, when the hub says (several may be connected)
	if ev.Browser != "" {
		of = " (browser " + termsafe.String(ev.Browser) + ")"
	}
	switch ev.Type {
	case hubapi.EventConnected:
		return fmt.Sprintf("%s %s extension connected %s%s", cs.Dim(at), cs.Green("●"), ev.Remote, of)
	case hubapi.EventDisconnected:
		return fmt.Sprintf("%s %s extension disconnected%s", cs.Dim(at), cs.Red("○"), of)
	case hubapi.EventReplaced:
		return fmt.Sprintf("%s %s extension connection replaced by %s%s", cs.Dim(at), cs.Yellow("●"), ev.Remote, of)
	case hubapi.EventSession:
		s := ev.Session
		if s == "" {
			s = "none"
		}
		return fmt.Sprintf("%s current session: %s", cs.Dim(at), cs.Cyan(s))
	}
	return ""
}

// Watch keeps p fresh from the hub's events and sends their notices. When
// the hub goes away it says so and asks again every rewatchEvery: the REPL
// keeps its session by id, and says so when the hub is back. cs is the
// colour scheme of the moment. It closes notices when ctx ends.
func Watch(ctx context.Context, own *hubclient.Own, cs func() *iostreams.ColorScheme, p *Prompt, notices chan<- string) {
	defer close(notices)
	say := func(n string) {
		select {
		case notices <- n:
		case <-ctx.Done():
		}
	}
	refresh := func() {
		if st, err := hubclient.StatusOf(ctx, own); err == nil {
			p.Set(st)
		}
	}
	gone := false
	for ctx.Err() == nil {
		events, err := own.Events(ctx)
		if err != nil {
			select {
			case <-ctx.Done():
			case <-time.After(rewatchEvery):
			}
			continue
		}
		if gone {
			gone = false
			refresh()
			say("the hub is back" + keptSession(own))
		}
		for ev := range events {
			refresh()
			if n := Notice(cs(), ev); n != "" {
				say(n)
			}
		}
		if ctx.Err() != nil {
			return
		}
		gone = true
		p.Set(hubapi.Status{Session: own.Session()})
		say("the hub went away: commands fail until it is back (`browserctl serve` in another shell, or any one-shot command)" + keptSession(own))
	}
}

// keptSession is "; this REPL keeps session s1", or "" without one.
func keptSession(own *hubclient.Own) string {
	if s := own.Session(); s != "" {
		return fmt.Sprintf("; this REPL keeps session %s", s)
	}
	return ""
}
