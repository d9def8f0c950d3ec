package hub

// A waiting call, pooled.

import (
	"encoding/json"
	"sync"
	"time"
)

// answer is what a pending call receives: a result or a *rpc.BrowserError.
type answer struct {
	result json.RawMessage
	err    error
	page   json.RawMessage // the response's "page" member (the journal's URL), when it had one
}

// call is one waiting caller. Whoever removes its id from a connection's
// pending map (the reader, fail-all, or the caller itself) owns it: only the
// reader and fail-all send on done, exactly once, and a caller that removed
// its own entry receives nothing. So a call can be reused from a pool.
type call struct {
	done  chan answer // capacity 1
	timer *time.Timer // the call's whole timeout: lock wait and response
}

var callPool = sync.Pool{New: func() any {
	t := time.NewTimer(time.Hour)
	t.Stop()
	return &call{done: make(chan answer, 1), timer: t}
}}

func getCall(timeout time.Duration) *call {
	cl := callPool.Get().(*call)
	cl.timer.Reset(timeout)
	return cl
}

func putCall(cl *call) {
	cl.timer.Stop() // since Go 1.23 a stopped timer delivers no stale tick
	select {
	case <-cl.done: // never expected; keep the pool clean anyway
		return
	default:
	}
	callPool.Put(cl)
}
