package rpc

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"time"
)

// JSONRPCVersion is the "jsonrpc" member of every envelope.
const JSONRPCVersion = "2.0"

// DefaultTimeout is how long a call waits for its response (spec section 6,
// DEFAULT_REQUEST_TIMEOUT).
const DefaultTimeout = 30 * time.Second

// Control frame types (spec section 2).
const (
	FrameAuth   = "auth"
	FrameAuthOK = "auth_ok"
	FramePing   = "ping"
	FramePong   = "pong"
)

// Control is a control frame: auth, auth_ok, ping, pong. It carries no id.
type Control struct {
	Type    string `json:"type"`
	Token   string `json:"token,omitempty"`
	Version int    `json:"version,omitempty"`
}

// Request is a JSON-RPC 2.0 request from the hub to the extension.
type Request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      int64           `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

// WireError is the error member of a response.
type WireError struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

// Response is a JSON-RPC 2.0 response from the extension.
type Response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      *int64          `json:"id,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *WireError      `json:"error,omitempty"`
}

// Frame is one decoded text frame from the extension: a control frame, a
// response with an id, or something with no id (which is never paired).
type Frame struct {
	Control  *Control  // set when the frame has a "type"
	Response *Response // set when the frame has an integer "id"
}

// ErrMalformedFrame is returned for frames that are not a JSON object.
var ErrMalformedFrame = errors.New("malformed frame")

// rawFrame holds every member any frame may carry, so one Unmarshal
// classifies it.
type rawFrame struct {
	Type    *string         `json:"type"`
	Token   string          `json:"token"`
	Version int             `json:"version"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result"`
	Error   *WireError      `json:"error"`
}

// DecodeFrame classifies a text frame. A frame that is valid JSON but has
// neither a type nor an integer id decodes to an empty Frame: the caller
// ignores it, as the spec asks for messages without an id.
func DecodeFrame(data []byte) (Frame, error) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 || data[0] != '{' {
		return Frame{}, ErrMalformedFrame
	}
	var raw rawFrame
	if err := json.Unmarshal(data, &raw); err != nil {
		return Frame{}, ErrMalformedFrame
	}
	if raw.Type != nil {
		return Frame{Control: &Control{Type: *raw.Type, Token: raw.Token, Version: raw.Version}}, nil
	}
	if len(raw.ID) == 0 || bytes.Equal(raw.ID, []byte("null")) {
		return Frame{}, nil
	}
	var id int64
	if err := json.Unmarshal(raw.ID, &id); err != nil {
		return Frame{}, nil // a string or fractional id was never ours
	}
	return Frame{Response: &Response{JSONRPC: JSONRPCVersion, ID: &id, Result: raw.Result, Error: raw.Error}}, nil
}

// Caller is how a command reaches the browser: in process through a hub.Hub,
// or through hub.Client to the process that holds the listener.
type Caller interface {
	// Call sends method with params (any JSON-marshalable value, or
	// json.RawMessage, or nil) and returns the raw result. Every failure is a
	// *BrowserError. Timeout is the call's own timeout; zero means
	// DefaultTimeout.
	Call(ctx context.Context, method string, params any, timeout time.Duration) (json.RawMessage, error)
}
