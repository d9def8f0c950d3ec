package cmd

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"browserctl/cmd/cmdutil"
	"browserctl/hub/hubapi"
)

// cancelAfter is a controller whose calls cancel the command after n of
// them, as Ctrl-C does in the REPL.
type cancelAfter struct {
	*fakeHub
	n      int
	cancel context.CancelFunc
}

func (c *cancelAfter) Call(ctx context.Context, method string, params any, timeout time.Duration) (json.RawMessage, error) {
	raw, err := c.fakeHub.Call(ctx, method, params, timeout)
	c.n--
	if c.n == 0 {
		c.cancel()
		<-ctx.Done()
		return nil, ctx.Err()
	}
	return raw, err
}

// --follow long-polls with the cursor of the last answer until the
// command's context ends, which is not an error.
func TestFollowLoopsUntilCancelled(t *testing.T) {
	e := newTestEnv(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ca := &cancelAfter{fakeHub: e.h, n: 3, cancel: cancel}
	e.f.Hub = func() (hubapi.Controller, error) { return ca, nil }
	e.h.results["logs.console"] = `{"entries":[{"seq":7,"level":"warning","text":"careful\u001b[31m","url":"http://a.test/","line":3,"column":1,"time":0}],"next":7,"dropped":0}`
	code := Run(ctx, e.f, []string{"console", "--follow", "--level", "warning"})
	if code != cmdutil.ExitOK {
		t.Fatalf("exit %d: %s", code, e.err)
	}
	if len(e.h.calls) != 3 {
		t.Fatalf("%d calls, want 3: %+v", len(e.h.calls), e.h.calls)
	}
	if p := e.h.calls[0].Params; strings.Contains(p, "after") || strings.Contains(p, "waitMs") {
		t.Errorf("the first call waits or skips: %s", p)
	}
	for _, c := range e.h.calls[1:] {
		if !strings.Contains(c.Params, `"after":7`) || !strings.Contains(c.Params, `"waitMs":10000`) || !strings.Contains(c.Params, `"level":"warning"`) {
			t.Errorf("a follow call sent %s; want after 7, waitMs and the level", c.Params)
		}
		if c.Timeout <= cmdutil.FollowWait {
			t.Errorf("a follow call's timeout %s does not cover its wait %s", c.Timeout, cmdutil.FollowWait)
		}
	}
	if out := e.out.String(); strings.Count(out, "careful") != 2 || strings.Contains(out, "\x1b") {
		t.Errorf("printed %q; want two lines with the escape shown, not sent", out)
	}
}
