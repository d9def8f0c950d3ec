package hub

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"browserctl/hub/hubclient"
	"browserctl/rpc"
)

// The storm with two browsers: every answer reaches exactly the caller
// whose request it answers, and comes from the browser its session lives
// on. Two identified peers each own eight sessions; each drops its
// connection every ~100 ms and comes back with the same id (last-wins per
// browser, under load). A peer answers a call of a session it does not own
// with an error saying so, which counts as wrong.

const stormSessionEcho = "pages.stormEcho" // pages.*: routed by its sessionId, locked per session

func stormSessions(browser string) []string {
	var out []string
	for i := range 8 {
		out = append(out, fmt.Sprintf("s%s%d", browser, i))
	}
	return out
}

// stormBrowser is stormPeer for one identified browser: it answers
// sessions.list with its sessions, a call of one of them with its params,
// a call of another browser's session with an error saying so.
func stormBrowser(addr, id string, stop <-chan struct{}, conns *atomic.Int64) error {
	own := map[string]bool{}
	var list []map[string]any
	for _, s := range stormSessions(id) {
		own[s] = true
		list = append(list, map[string]any{"sessionId": s})
	}
	listed, _ := json.Marshal(map[string]any{"sessions": list})
	auth, _ := json.Marshal(rpc.Control{Type: rpc.FrameAuth, Token: testToken, Browser: &rpc.BrowserHello{ID: id, Name: id}})
	return stormLoop(addr, auth, stop, conns, func(req rpc.Request) rpc.Response {
		switch sid := rpc.ParamsSession(req.Params); {
		case req.Method == rpc.SessionList:
			return rpc.Response{Result: listed}
		case !own[sid]:
			return rpc.Response{Error: &rpc.WireError{Code: int(rpc.CodeSessionNotFound), Message: "WRONG BROWSER: " + id + " has no session " + sid}}
		}
		return rpc.Response{Result: withoutHubCaller(req.Params)}
	})
}

// withoutHubCaller takes off the "caller" member the hub appends to a
// session's call (as the extension's router does), so the echo is what the
// caller sent.
func withoutHubCaller(params json.RawMessage) json.RawMessage {
	i := bytes.LastIndex(params, []byte(`,"caller":{`))
	if i < 0 {
		return params
	}
	return append(params[:i:i], '}')
}

// checkRouted compares one call's outcome with its request.
func (s *stormTally) checkRouted(params, res json.RawMessage, err error) {
	if err == nil {
		s.checked.Add(1)
		switch {
		case bytes.Equal(res, params):
		case !json.Valid(res):
			s.bad(&s.invalid, "invalid JSON for %.60s: %.80q", params, res)
		default:
			s.bad(&s.wrong, "for %.60s got %.80s", params, res)
		}
		return
	}
	var be *rpc.BrowserError
	switch {
	case errors.Is(err, hubclient.ErrNotAHub):
		s.bad(&s.invalid, "%v", err)
	case !errors.As(err, &be):
		s.bad(&s.other, "%v", err)
	case strings.Contains(be.Message, "WRONG BROWSER"):
		s.bad(&s.wrong, "%.60s went to the wrong browser: %s", params, be.Message)
	case be.Code == rpc.CodeExtensionNotConnected,
		be.Code == rpc.CodeOperationFailed && strings.HasPrefix(be.Message, "send failed"):
		s.lost.Add(1)
	case be.Code == rpc.CodeOperationFailed && strings.Contains(be.Message, "timed out"):
		s.hung.Add(1)
	default:
		s.bad(&s.other, "%v", err)
	}
}

func TestPairingStormTwoBrowsers(t *testing.T) {
	dur := 8 * time.Second
	if testing.Short() {
		dur = 2 * time.Second
	}
	th := startHub(t, Options{})
	client := hubclient.NewClient(th.addr, testToken)
	defer client.Close()
	ctx := context.Background()

	stopPeers := make(chan struct{})
	peerErr := make(chan error, 2)
	var conns atomic.Int64
	for _, id := range []string{"ba", "bb"} {
		go func() { peerErr <- stormBrowser(th.addr, id, stopPeers, &conns) }()
	}
	// Once both are connected at the same moment, one sessions.list tells
	// the hub every session's browser.
	waitFor(t, "both browsers, and their sessions", func() bool {
		res, err := th.Call(ctx, rpc.SessionList, nil, time.Second)
		return err == nil && strings.Contains(string(res), `"sba0"`) && strings.Contains(string(res), `"sbb0"`) && !strings.Contains(string(res), "unreachable")
	})
	sessions := append(stormSessions("ba"), stormSessions("bb")...)
	call := func(c rpc.Caller) stormCall {
		return func(id int, seq int64, r *rand.Rand, tally *stormTally) error {
			sid := sessions[r.IntN(len(sessions))]
			p := stormParams(id, int64(id)<<32|seq, r)
			params := json.RawMessage(`{"sessionId":"` + sid + `",` + string(p[1:]))
			res, err := c.Call(ctx, stormSessionEcho, params, stormCallTimeout)
			tally.checkRouted(params, res, err)
			return err
		}
	}
	inProcess, viaControl := stormCallers(t, 32, dur, call(th.Hub), call(client))
	st, _ := th.Status(ctx)
	close(stopPeers)
	for range 2 {
		if err := <-peerErr; err != nil {
			t.Fatalf("peer: %v", err)
		}
	}
	t.Logf("%d browser connections", conns.Load())
	stormVerdict(t, st.Pending, inProcess, viaControl)
	if conns.Load() < 10 {
		t.Errorf("the browsers connected only %d times", conns.Load())
	}
}
