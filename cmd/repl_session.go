package cmd

// The session a REPL or a batch run holds (hubclient.Own): where it starts,
// and the REPL's calls that name a launched browser that died.

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"browserctl/cmd/cmdutil"
	"browserctl/hub/hubapi"
	"browserctl/hub/hubclient"
	"browserctl/rpc"
)

// startSession is the session a REPL or a batch run starts on: its
// --session ($BROWSERCTL_SESSION), else the shells' current session.
func startSession(ctx context.Context, f *cmdutil.Factory, ctrl hubapi.Controller) string {
	if f.Globals.Session != "" {
		return f.Globals.Session
	}
	st, err := hubclient.StatusOf(ctx, ctrl)
	if err != nil {
		return ""
	}
	return st.Session
}

// launchAware is the REPL's hub controller: a call refused for no
// extension says so by name when the browser `launch` started has exited
// (launchedGone), as one-shot commands do.
type launchAware struct {
	hubapi.Controller
	f *cmdutil.Factory
}

func (l launchAware) Call(ctx context.Context, method string, params any, timeout time.Duration) (json.RawMessage, error) {
	res, err := l.Controller.Call(ctx, method, params, timeout)
	var be *rpc.BrowserError
	if err != nil && errors.As(err, &be) && be.Code == rpc.CodeExtensionNotConnected {
		if gerr := cmdutil.LaunchedGoneIn(l.f); gerr != nil {
			return nil, gerr
		}
	}
	return res, err
}
