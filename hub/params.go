package hub

// Params on the way out: encoded once, the request envelope written into a
// pooled buffer (rpc.FillSession fills in the current session).

import (
	"encoding/json"
	"sync"

	"browserctl/rpc"
)

// paramsSession reads the "sessionId" member of an object.
func paramsSession(raw json.RawMessage) string { return rpc.ParamsSession(raw) }

// bufPool holds the buffers requests are encoded into; the writer goroutine
// returns them after writing.
var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 512); return &b }}

func putBuf(bp *[]byte) {
	if cap(*bp) > 64<<10 {
		return // let a big one go
	}
	*bp = (*bp)[:0]
	bufPool.Put(bp)
}

// encodeRequest writes the request envelope straight into a pooled buffer:
// params were marshalled once already and are copied, not re-encoded.
func encodeRequest(id int64, method string, params json.RawMessage) *[]byte {
	bp := bufPool.Get().(*[]byte)
	b := append(rpc.AppendRequestHead((*bp)[:0], id, method, params), '}')
	*bp = b
	return bp
}
