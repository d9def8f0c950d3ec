package rpc

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
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
	// FrameAuthChallenge is the hub's answer to a proving auth frame:
	// its nonce and its proof; the extension answers with its own proof.
	FrameAuthChallenge = "auth_challenge"
	FramePing          = "ping"
	FramePong          = "pong"
)

// Control is a control frame: auth, auth_ok, ping, pong. It carries no id.
type Control struct {
	Type    string `json:"type"`
	Token   string `json:"token,omitempty"`
	Version int    `json:"version,omitempty"`
	// Nonce and Proof are the mutual proof's (rpc/proof.go): the
	// extension's first auth frame carries its nonce instead of a token,
	// the hub's auth_challenge its nonce and proof, the extension's second
	// auth frame its proof.
	Nonce string `json:"nonce,omitempty"`
	Proof string `json:"proof,omitempty"`
	// Browser is who the extension says it is (first auth frame only;
	// optional: a seed peer sends none).
	Browser *BrowserHello `json:"browser,omitempty"`
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
	// Page is beyond the spec: the tab a page call acted on and its URL
	// as the call ended ({"tabId":N,"url":"..."}), for the journal. Our
	// extension sends it; a peer that follows the spec sends none.
	Page json.RawMessage `json:"page,omitempty"`
}

// Frame is one decoded text frame from the extension: a control frame, a
// response with an id, or something with no id (which is never paired).
type Frame struct {
	Control  *Control  // set when the frame has a "type"
	Response *Response // set when the frame has an integer "id"
}

// ErrMalformedFrame is returned for frames that are not a JSON object.
var ErrMalformedFrame error = frameError("malformed frame")

// frameError is an error of a frame's form; a constant's type, so that
// ErrMalformedFrame is data, not built at start.
type frameError string

func (e frameError) Error() string { return string(e) }

// DecodeFrame classifies a text frame. A frame that is valid JSON but has
// neither a type nor an integer id decodes to an empty Frame: the caller
// ignores it, as the spec asks for messages without an id. Keys match
// exactly ("Type" is not "type").
//
// Responses are the hot path: their members are found by eachMember, and
// the result is kept as a slice of data, neither copied nor decoded.
func DecodeFrame(data []byte) (Frame, error) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 || data[0] != '{' || !json.Valid(data) {
		return Frame{}, ErrMalformedFrame
	}
	var m frameMembers
	if !eachMember(data, m.set) {
		// An escaped key: let encoding/json unescape the keys.
		var all map[string]json.RawMessage
		if json.Unmarshal(data, &all) != nil {
			return Frame{}, ErrMalformedFrame
		}
		m = frameMembers{}
		for k, v := range all {
			m.set([]byte(k), v)
		}
	}
	return m.frame()
}

// frameMembers holds the raw values of the members a frame may carry.
type frameMembers struct {
	typ, token, version, id, result, err, nonce, proof, browser, page []byte
}

func (m *frameMembers) set(key, val []byte) {
	switch string(key) {
	case "type":
		m.typ = val
	case "token":
		m.token = val
	case "version":
		m.version = val
	case "nonce":
		m.nonce = val
	case "proof":
		m.proof = val
	case "browser":
		m.browser = val
	case "id":
		m.id = val
	case "result":
		m.result = val
	case "error":
		m.err = val
	case "page":
		m.page = val
	}
}

func (m *frameMembers) frame() (Frame, error) {
	if m.typ != nil {
		var c Control
		if json.Unmarshal(m.typ, &c.Type) != nil ||
			(m.token != nil && json.Unmarshal(m.token, &c.Token) != nil) ||
			(m.version != nil && json.Unmarshal(m.version, &c.Version) != nil) ||
			(m.nonce != nil && json.Unmarshal(m.nonce, &c.Nonce) != nil) ||
			(m.proof != nil && json.Unmarshal(m.proof, &c.Proof) != nil) {
			return Frame{}, ErrMalformedFrame
		}
		if m.browser != nil && string(m.browser) != "null" {
			// who the peer says it is: a malformed claim is no claim (the
			// seed's frame has none either), never a refused frame
			var b BrowserHello
			if json.Unmarshal(m.browser, &b) == nil {
				c.Browser = &b
			}
		}
		return Frame{Control: &c}, nil
	}
	if m.id == nil || string(m.id) == "null" {
		return Frame{}, nil
	}
	n, err := strconv.ParseInt(string(m.id), 10, 64)
	if err != nil {
		return Frame{}, nil // a string or fractional id was never ours
	}
	resp := &Response{JSONRPC: JSONRPCVersion, ID: &n, Result: m.result, Page: m.page}
	if m.err != nil && string(m.err) != "null" {
		resp.Error = new(WireError)
		if json.Unmarshal(m.err, resp.Error) != nil {
			// Still an answer to call n: fail it now rather than let it time out.
			resp.Error = &WireError{Code: int(CodeInternalError), Message: "malformed error member: " + string(m.err)}
		}
	}
	return Frame{Response: resp}, nil
}

// Caller is how a command reaches the browser: in process through a hub.Hub,
// or through hubclient.Client to the process that holds the listener.
type Caller interface {
	// Call sends method with params (any JSON-marshalable value, or
	// json.RawMessage, or nil) and returns the raw result. Every failure is a
	// *BrowserError. Timeout is the call's own timeout; zero means
	// DefaultTimeout.
	Call(ctx context.Context, method string, params any, timeout time.Duration) (json.RawMessage, error)
}
