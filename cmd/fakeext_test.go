package cmd

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"browserctl/extension"
	"browserctl/internal/token"
	"browserctl/rpc"
)

// fakeExtMain is the `fakeext` command of the test scripts: a fake
// extension peer.
//
//	fakeext RULES LOG
//
// It connects to ws://$BROWSERCTL_SERVER/ws/browser with the token (and keeps
// reconnecting while no hub is there), answers each request from RULES, and
// appends every request it receives to LOG as `METHOD PARAMS` (params as
// received). A RULES line is `METHOD RESULT-JSON`, `METHOD !CODE MESSAGE`,
// `METHOD !hang` (never answers) or `METHOD !drop` (closes the connection,
// then reconnects); a method without a rule answers -32601. Lines starting
// with # are ignored. Replaced by another peer (close 1000 "replaced ..."),
// it stays off, as the extension does. With $FAKEEXT_CONFIG naming an
// extension's config.json, its auth frame names the browser as that
// config does (name, browserId, profile), as the extension's does.
func fakeExtMain() int {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: fakeext RULES LOG")
		return 2
	}
	rules, err := readRules(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	logf, err := os.OpenFile(os.Args[2], os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer logf.Close()
	tok, err := token.LoadOrCreateExtensionKey()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	url := "ws://" + os.Getenv("BROWSERCTL_SERVER") + "/ws/browser"
	var hello *rpc.BrowserHello
	if path := os.Getenv("FAKEEXT_CONFIG"); path != "" {
		var c extension.Config
		if b, err := os.ReadFile(path); err != nil || json.Unmarshal(b, &c) != nil {
			fmt.Fprintf(os.Stderr, "fakeext: $FAKEEXT_CONFIG %s: %v\n", path, err)
			return 1
		}
		hello = &rpc.BrowserHello{ID: c.BrowserID, Name: c.Name, Profile: c.Profile}
	}
	for {
		err := serveHub(url, tok, hello, rules, logf)
		fmt.Fprintf(os.Stderr, "fakeext: %v\n", err)
		var ce *websocket.CloseError
		if errors.As(err, &ce) && ce.Code == websocket.CloseNormalClosure && strings.HasPrefix(ce.Text, "replaced") {
			// like the extension: another browser took the hub; stay off
			fmt.Fprintln(os.Stderr, "fakeext: replaced; staying off")
			select {}
		}
		time.Sleep(20 * time.Millisecond)
	}
}

type rule struct {
	action  string // "", "hang" or "drop"
	result  json.RawMessage
	code    int
	message string
}

func readRules(path string) (map[string]rule, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	rules := map[string]rule{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		method, rest, _ := strings.Cut(line, " ")
		rest = strings.TrimSpace(rest)
		if rest == "!hang" || rest == "!drop" {
			rules[method] = rule{action: rest[1:]}
			continue
		}
		if strings.HasPrefix(rest, "!") {
			codeStr, msg, _ := strings.Cut(rest[1:], " ")
			code, err := strconv.Atoi(codeStr)
			if err != nil {
				return nil, fmt.Errorf("rule %q: bad code", line)
			}
			rules[method] = rule{code: code, message: msg}
			continue
		}
		if !json.Valid([]byte(rest)) {
			return nil, fmt.Errorf("rule %q: result is not JSON", line)
		}
		rules[method] = rule{result: json.RawMessage(rest)}
	}
	return rules, sc.Err()
}

func serveHub(url, token string, hello *rpc.BrowserHello, rules map[string]rule, logf *os.File) error {
	ws, _, err := websocket.DefaultDialer.Dial(url, nil)
	if err != nil {
		return err
	}
	defer ws.Close()
	if err := ws.WriteJSON(rpc.Control{Type: rpc.FrameAuth, Token: token, Browser: hello}); err != nil {
		return err
	}
	var mu sync.Mutex // one writer
	for {
		_, data, err := ws.ReadMessage()
		if err != nil {
			return err
		}
		var req rpc.Request
		if err := json.Unmarshal(data, &req); err != nil || req.Method == "" {
			continue // auth_ok, pong
		}
		params := withoutCaller(req.Params)
		if len(params) == 0 {
			params = json.RawMessage("null")
		}
		fmt.Fprintf(logf, "%s %s\n", req.Method, params)
		resp := rpc.Response{JSONRPC: rpc.JSONRPCVersion, ID: &req.ID}
		r, ok := rules[req.Method]
		switch {
		case r.action == "hang":
			continue
		case r.action == "drop":
			return fmt.Errorf("dropped the connection on %s", req.Method)
		case !ok:
			resp.Error = &rpc.WireError{Code: int(rpc.CodeMethodNotFound), Message: "unknown method " + req.Method}
		case r.code != 0:
			resp.Error = &rpc.WireError{Code: r.code, Message: r.message}
		default:
			resp.Result = r.result
		}
		mu.Lock()
		err = ws.WriteJSON(resp)
		mu.Unlock()
		if err != nil {
			return err
		}
	}
}

// withoutCaller takes off the "caller" member the hub adds last to a
// session's calls, as the extension's router does before a handler sees the
// params.
func withoutCaller(params json.RawMessage) json.RawMessage {
	v, ok := rpc.Member(params, "caller")
	if !ok {
		return params
	}
	tail := `"caller":` + string(v) + "}"
	s := string(params)
	if !strings.HasSuffix(s, tail) {
		return params
	}
	s = strings.TrimSuffix(s, tail)
	s = strings.TrimSuffix(s, ",")
	if s == "{" {
		return json.RawMessage("{}")
	}
	return json.RawMessage(s + "}")
}
