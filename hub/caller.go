package hub

// The caller's name on the wire: the extension is told who sent each call
// of a session (the approval bar's "mcp claude-code wants to ...", the
// popup's record of calls) by a params member beyond the spec's,
// "caller": {kind, name, pid, timeoutMs}. A peer that follows the spec
// leaves a member it does not know alone; ours takes it out before the
// method's handler. It is added last, so a "caller" the caller put in its
// own params is not the one the extension reads.

import (
	"context"
	"encoding/json"
	"time"

	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// callerMember is what the extension gets: who, and how long the hub waits
// for the answer (the budget an approval's wait must end within).
type callerMember struct {
	Kind      string `json:"kind"`
	Name      string `json:"name,omitempty"`
	PID       int    `json:"pid,omitempty"`
	TimeoutMs int64  `json:"timeoutMs"`
}

// withCaller adds the caller of ctx to the params of a call of session sid
// (and of the calls that make a session); other calls, and calls of no
// named caller (the hub's own), go as they are.
func withCaller(ctx context.Context, raw json.RawMessage, method, sid string, timeout time.Duration) json.RawMessage {
	if sid == "" && method != rpc.SessionCreate && method != rpc.SessionAttachCurrent {
		return raw
	}
	c, ok := hubapi.CallerFrom(ctx)
	if !ok {
		return raw
	}
	b, err := json.Marshal(callerMember{Kind: c.Kind, Name: c.Name, PID: c.PID, TimeoutMs: timeout.Milliseconds()})
	if err != nil {
		return raw
	}
	return rpc.AppendMember(raw, "caller", b)
}
