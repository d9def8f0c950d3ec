package cmd

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"browserctl/rpc"
)

// withTimeoutMS gives a pages.* call's params the caller's --timeout as
// timeoutMs (docs/protocol.md "timeoutMs"), so the extension never cuts one
// of the call's CDP commands shorter than --timeout. Only a --timeout other
// than the spec's 30 s is sent (the extension's default is that), and params
// that carry a timeoutMs (or pages.wait's timeout) of their own keep it.
func withTimeoutMS(method string, params any, timeout time.Duration) any {
	if !strings.HasPrefix(method, rpc.SessionScopedPrefix) || timeout == rpc.DefaultTimeout || timeout <= 0 {
		return params
	}
	raw, ok := params.(json.RawMessage)
	if !ok {
		b, err := json.Marshal(params)
		if err != nil {
			return params // the hub reports it
		}
		raw = b
	}
	t := bytes.TrimSpace(raw)
	if len(t) < 2 || t[0] != '{' || t[len(t)-1] != '}' {
		return params
	}
	// pages.wait's own "timeout" already says it.
	for _, own := range []string{"timeoutMs", "timeout"} {
		if _, has := rpc.Member(t, own); has {
			return json.RawMessage(t)
		}
	}
	out := make([]byte, 0, len(t)+24)
	out = append(out, t[:len(t)-1]...)
	if len(bytes.TrimSpace(t[1:len(t)-1])) > 0 {
		out = append(out, ',')
	}
	out = append(out, `"timeoutMs":`...)
	out = strconv.AppendInt(out, timeout.Milliseconds(), 10)
	return json.RawMessage(append(out, '}'))
}
