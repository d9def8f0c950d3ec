package cmd

// The session a REPL or a batch run holds (hubclient.Own): where it starts,
// and the REPL's watch on the hub, which outlives a hub restart.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"browserctl/hubapi"
	"browserctl/hubclient"
	"browserctl/rpc"
)

// rewatchEvery is how often the REPL asks again for the hub's events after
// the hub went away.
const rewatchEvery = time.Second

// startSession is the session a REPL or a batch run starts on: its
// --session ($BROWSERCTL_SESSION), else the shells' current session.
func startSession(ctx context.Context, f *Factory, ctrl hubapi.Controller) string {
	if f.Globals.Session != "" {
		return f.Globals.Session
	}
	st, err := hubclient.StatusOf(ctx, ctrl)
	if err != nil {
		return ""
	}
	return st.Session
}

// watchHub keeps the prompt fresh from the hub's events and prints them
// above the prompt. When the hub goes away it says so and asks again every
// rewatchEvery: the REPL keeps its session by id, and says so when the hub
// is back. It closes notices when ctx ends.
func watchHub(ctx context.Context, f *Factory, own *hubclient.Own, ps *promptState, notices chan<- string) {
	defer close(notices)
	say := func(n string) {
		select {
		case notices <- n:
		case <-ctx.Done():
		}
	}
	refresh := func() {
		if st, err := hubclient.StatusOf(ctx, own); err == nil {
			ps.set(st)
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
			if n := eventNotice(f, ev); n != "" {
				say(n)
			}
		}
		if ctx.Err() != nil {
			return
		}
		gone = true
		ps.set(hubapi.Status{Session: own.Session()})
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

// launchAware is the REPL's hub controller: a call refused for no
// extension says so by name when the browser `launch` started has exited
// (launchedGone), as one-shot commands do.
type launchAware struct {
	hubapi.Controller
	f *Factory
}

func (l launchAware) Call(ctx context.Context, method string, params any, timeout time.Duration) (json.RawMessage, error) {
	res, err := l.Controller.Call(ctx, method, params, timeout)
	var be *rpc.BrowserError
	if err != nil && errors.As(err, &be) && be.Code == rpc.CodeExtensionNotConnected {
		if gerr := launchedGoneIn(l.f); gerr != nil {
			return nil, gerr
		}
	}
	return res, err
}
