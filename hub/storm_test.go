package hub

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"browserctl/hub/hubclient"
	"browserctl/rpc"
)

// Every answer reaches exactly the caller whose request it
// answers. The storm runs 64 in-process callers (Hub.Call) and 64 control
// API callers (POST /rpc through Client) at once against a peer that echoes
// each request's params (a per-call nonce and padding of varying length) as
// its result, or as an error message for some calls, answers out of order,
// and drops its connection every ~100 ms. Every answer is compared with what
// its caller sent.

const (
	stormEcho = "storm.echo" // answered with the params as the result
	stormFail = "storm.fail" // answered with an error whose message is the params
)

// stormTally counts one kind of caller's outcomes.
type stormTally struct {
	calls    atomic.Int64 // calls made
	checked  atomic.Int64 // answers (results and peer errors) compared with the request
	wrong    atomic.Int64 // valid answers that belong to another call
	invalid  atomic.Int64 // answers that are not the JSON the peer sent
	hung     atomic.Int64 // calls that got no answer in their timeout
	lost     atomic.Int64 // 4101: no connection, or it dropped under the call
	other    atomic.Int64 // any other failure
	firstBad atomic.Value // string: the first wrong, invalid or other answer
}

func (s *stormTally) bad(counter *atomic.Int64, format string, args ...any) {
	counter.Add(1)
	s.firstBad.CompareAndSwap(nil, fmt.Sprintf(format, args...))
}

func (s *stormTally) String() string {
	return fmt.Sprintf("%d calls, %d answers checked, %d wrong, %d invalid, %d hung, %d lost with the connection, %d other",
		s.calls.Load(), s.checked.Load(), s.wrong.Load(), s.invalid.Load(), s.hung.Load(), s.lost.Load(), s.other.Load())
}

// stormParams is one call's params: its caller, its nonce, and padding of
// varying length so answers of different sizes share the reader.
func stormParams(caller int, nonce int64, r *rand.Rand) json.RawMessage {
	pad := strings.Repeat(string(rune('a'+caller%26)), r.IntN(1500))
	return json.RawMessage(`{"caller":` + strconv.Itoa(caller) + `,"nonce":` + strconv.FormatInt(nonce, 10) + `,"pad":"` + pad + `"}`)
}

// check compares one call's outcome with its request.
func (s *stormTally) check(method string, params json.RawMessage, res json.RawMessage, err error) {
	if err == nil {
		if method != stormEcho {
			s.bad(&s.wrong, "%s answered a result: %.80s", method, res)
			return
		}
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
	case errors.Is(err, hubclient.ErrNotAHub): // POST /rpc answered something that is not JSON
		s.bad(&s.invalid, "%s: %v", method, err)
	case !errors.As(err, &be):
		s.bad(&s.other, "%s: %v", method, err)
	case be.Code == rpc.CodePageOperationFailed:
		s.checked.Add(1)
		if method != stormFail {
			s.bad(&s.wrong, "%s answered an error: %.80s", method, be.Message)
		} else if be.Message != string(params) {
			s.bad(&s.wrong, "error for %.60s: %.80q", params, be.Message)
		}
	case be.Code == rpc.CodeExtensionNotConnected,
		be.Code == rpc.CodeOperationFailed && strings.HasPrefix(be.Message, "send failed"):
		s.lost.Add(1)
	case be.Code == rpc.CodeOperationFailed && strings.Contains(be.Message, "timed out"):
		s.hung.Add(1)
	default:
		s.bad(&s.other, "%s: %v", method, err)
	}
}

// stormPeer is the echoing extension: it connects, serves for about 100 ms,
// drops the connection (alternately with a close frame and by cutting the
// socket), and does it again until stop.
func stormPeer(addr string, stop <-chan struct{}, conns *atomic.Int64) error {
	auth, _ := json.Marshal(rpc.Control{Type: rpc.FrameAuth, Token: testToken})
	return stormLoop(addr, auth, stop, conns, func(req rpc.Request) rpc.Response {
		if req.Method == stormFail {
			return rpc.Response{Error: &rpc.WireError{Code: int(rpc.CodePageOperationFailed), Message: string(req.Params)}}
		}
		return rpc.Response{Result: req.Params}
	})
}

// stormLoop connects with the auth frame, answers every request with
// answer's response (in any order), drops the connection after 50 to 150
// ms, and does it again until stop.
func stormLoop(addr string, auth []byte, stop <-chan struct{}, conns *atomic.Int64, answer func(rpc.Request) rpc.Response) error {
	d := websocket.Dialer{HandshakeTimeout: 5 * time.Second}
	for i := 0; ; i++ {
		select {
		case <-stop:
			return nil
		default:
		}
		ws, _, err := d.Dial("ws://"+addr+"/ws/browser", nil)
		if err != nil {
			return err
		}
		if err := ws.WriteMessage(websocket.TextMessage, auth); err != nil {
			ws.Close()
			return err
		}
		if _, data, err := ws.ReadMessage(); err != nil || !bytes.Contains(data, []byte(`"auth_ok"`)) {
			ws.Close()
			return fmt.Errorf("no auth_ok: %q %v", data, err)
		}
		conns.Add(1)
		var wm sync.Mutex
		var answering sync.WaitGroup
		readDone := make(chan struct{})
		go func() {
			defer close(readDone)
			for {
				_, data, err := ws.ReadMessage()
				if err != nil {
					return
				}
				var req rpc.Request
				if json.Unmarshal(data, &req) != nil || req.Method == "" {
					continue
				}
				answering.Add(1)
				go func() { // answers go out in any order
					defer answering.Done()
					resp := answer(req)
					resp.JSONRPC, resp.ID = "2.0", &req.ID
					f, _ := json.Marshal(resp)
					wm.Lock()
					defer wm.Unlock()
					_ = ws.WriteMessage(websocket.TextMessage, f)
				}()
			}
		}()
		select {
		case <-time.After(time.Duration(50+rand.IntN(100)) * time.Millisecond):
		case <-stop:
		}
		if i%2 == 0 {
			wm.Lock()
			_ = ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, "bye"), time.Now().Add(time.Second))
			wm.Unlock()
		}
		ws.UnderlyingConn().Close()
		<-readDone
		answering.Wait()
		ws.Close()
	}
}

func TestPairingStorm(t *testing.T) {
	dur := 10 * time.Second
	if testing.Short() {
		dur = 2 * time.Second
	}
	th := startHub(t, Options{})
	client := hubclient.NewClient(th.addr, testToken)
	defer client.Close()

	stopPeer := make(chan struct{})
	peerErr := make(chan error, 1)
	var conns atomic.Int64
	go func() { peerErr <- stormPeer(th.addr, stopPeer, &conns) }()
	waitFor(t, "the peer", func() bool { return conns.Load() > 0 })

	ctx := context.Background()
	stormStart := time.Now()
	call := func(c rpc.Caller) stormCall {
		return func(id int, seq int64, r *rand.Rand, tally *stormTally) error {
			method := stormEcho
			if seq%5 == 0 {
				method = stormFail
			}
			params := stormParams(id, int64(id)<<32|seq, r)
			res, err := c.Call(ctx, method, params, stormCallTimeout)
			tally.check(method, params, res, err)
			return err
		}
	}
	inProcess, viaControl := stormCallers(t, 64, dur, call(th.Hub), call(client))
	st, _ := th.Status(ctx)
	close(stopPeer)
	if err := <-peerErr; err != nil {
		t.Fatalf("peer: %v", err)
	}
	t.Logf("storm %s, %d peer connections", time.Since(stormStart).Round(time.Second), conns.Load())
	stormVerdict(t, st.Pending, inProcess, viaControl)
	if conns.Load() < 5 { // one every ~100 ms when the machine is idle
		t.Errorf("the peer connected only %d times in %s", conns.Load(), dur)
	}
}

// stormCallTimeout is each storm call's timeout; stormEnough the answers
// each kind of caller must have had checked.
const (
	stormCallTimeout = 5 * time.Second
	stormEnough      = 200
)

// stormCall makes one call of caller id (its seq-th), checks its outcome
// into tally, and returns its error.
type stormCall func(id int, seq int64, r *rand.Rand, tally *stormTally) error

// stormCallers runs n in-process and n control API callers at once for at
// least dur (on a loaded machine longer, until each kind has had enough
// answers checked to mean something), then waits for every one to return.
func stormCallers(t *testing.T, n int, dur time.Duration, inProcessCall, viaControlCall stormCall) (inProcess, viaControl *stormTally) {
	inProcess, viaControl = &stormTally{}, &stormTally{}
	stopCalls := make(chan struct{})
	var wg sync.WaitGroup
	caller := func(id int, tally *stormTally, call stormCall) {
		defer wg.Done()
		r := rand.New(rand.NewPCG(uint64(id), 7))
		for seq := int64(1); ; seq++ {
			select {
			case <-stopCalls:
				return
			default:
			}
			tally.calls.Add(1)
			if call(id, seq, r, tally) != nil {
				time.Sleep(20 * time.Millisecond) // between connections: do not starve the peer of CPU
			}
		}
	}
	for i := range n {
		wg.Add(2)
		go caller(i, inProcess, inProcessCall)
		go caller(n+i, viaControl, viaControlCall)
	}
	for start := time.Now(); time.Since(start) < dur ||
		(time.Since(start) < 6*dur && min(inProcess.checked.Load(), viaControl.checked.Load()) < stormEnough); {
		time.Sleep(100 * time.Millisecond)
	}
	close(stopCalls)
	finished := make(chan struct{})
	go func() { wg.Wait(); close(finished) }()
	select {
	case <-finished:
	case <-time.After(stormCallTimeout + 2*hubclient.CallMargin):
		t.Fatalf("callers still waiting %s after the storm ended", stormCallTimeout+2*hubclient.CallMargin)
	}
	return inProcess, viaControl
}

// stormVerdict fails the test on any wrong, invalid, hung or other answer,
// too few answers checked, or calls left pending.
func stormVerdict(t *testing.T, pendingAtEnd int, inProcess, viaControl *stormTally) {
	t.Helper()
	t.Logf("Hub.Call:  %v", inProcess)
	t.Logf("POST /rpc: %v", viaControl)
	for name, s := range map[string]*stormTally{"Hub.Call": inProcess, "POST /rpc": viaControl} {
		if s.wrong.Load()+s.invalid.Load()+s.hung.Load()+s.other.Load() != 0 {
			t.Errorf("%s: %v; first: %v", name, s, s.firstBad.Load())
		}
		if s.checked.Load() < stormEnough/4 {
			t.Errorf("%s: only %d answers checked", name, s.checked.Load())
		}
	}
	if pendingAtEnd != 0 {
		t.Errorf("%d calls left pending after every caller returned", pendingAtEnd)
	}
}
