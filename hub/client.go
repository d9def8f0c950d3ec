package hub

// Client: a Controller for a hub in another process, over the control API.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"syscall"
	"time"

	"browserctl/rpc"
)

// Errors of reaching a hub through its control API.
var (
	// ErrNoHub: nothing listens at the address, or the hub went away mid-call.
	ErrNoHub = errors.New("no browserctl hub at this address")
	// ErrNotAHub: something answered, but it is not a browserctl hub.
	ErrNotAHub = errors.New("not a browserctl hub")
	// ErrUnauthorized: the hub refused our token.
	ErrUnauthorized = errors.New("the hub refused the token")
)

// callMargin is added to a call's timeout for the HTTP round trip, so the
// hub's own timeout error arrives before ours.
const callMargin = 5 * time.Second

// Client is a Controller for a hub in another process, over the control API.
type Client struct {
	base  string // "http://127.0.0.1:9223"
	token string
	http  *http.Client
	tr    *http.Transport
}

var _ Controller = (*Client)(nil)

// NewClient reaches the hub at server ("127.0.0.1:9223" or
// "http://127.0.0.1:9223") with token. Connections are kept alive.
func NewClient(server, token string) *Client {
	base := strings.TrimRight(server, "/")
	if !strings.Contains(base, "://") {
		base = "http://" + base
	}
	tr := &http.Transport{
		Proxy:               nil, // a hub is local; never ask a proxy
		DialContext:         (&net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		MaxIdleConns:        64,
		MaxIdleConnsPerHost: 64,
		IdleConnTimeout:     90 * time.Second,
		DisableCompression:  true,
		ForceAttemptHTTP2:   false,
	}
	return &Client{base: base, token: token, tr: tr, http: &http.Client{Transport: tr}}
}

// Close drops the client's idle connections.
func (c *Client) Close() error {
	c.tr.CloseIdleConnections()
	return nil
}

// Call implements rpc.Caller through POST /rpc. Errors of the hub or the
// extension are *rpc.BrowserError; a hub that is not there (or vanished
// mid-call) wraps ErrNoHub.
func (c *Client) Call(ctx context.Context, method string, params any, timeout time.Duration) (json.RawMessage, error) {
	if timeout <= 0 {
		timeout = rpc.DefaultTimeout
	}
	p, err := encodeParams(params)
	if err != nil {
		return nil, &rpc.BrowserError{Message: "invalid params: " + err.Error(), Code: rpc.CodeInvalidParams}
	}
	body := make([]byte, 0, 96+len(p))
	body = append(body, `{"jsonrpc":"2.0","id":1,"method":`...)
	body = appendString(body, method)
	if len(p) > 0 {
		body = append(body, `,"params":`...)
		body = append(body, p...)
	}
	body = append(body, `,"timeout":`...)
	body = fmt.Appendf(body, "%d}", timeout.Milliseconds())

	ctx, cancel := context.WithTimeout(ctx, timeout+callMargin)
	defer cancel()
	var resp struct {
		Result json.RawMessage `json:"result"`
		Error  *struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
			Data    struct {
				Retryable bool `json:"retryable"`
			} `json:"data"`
		} `json:"error"`
	}
	if err := c.do(ctx, http.MethodPost, "/rpc", body, &resp); err != nil {
		if errors.Is(err, context.DeadlineExceeded) && ctx.Err() != nil {
			return nil, rpc.ErrTimeout(method, timeout)
		}
		if errors.Is(err, context.Canceled) {
			return nil, waitError(err, method, timeout)
		}
		return nil, err
	}
	if e := resp.Error; e != nil {
		return nil, &rpc.BrowserError{Message: e.Message, Code: rpc.Code(e.Code), Retryable: e.Data.Retryable}
	}
	if resp.Result == nil {
		return nil, fmt.Errorf("%w: /rpc answered neither result nor error", ErrNotAHub)
	}
	return resp.Result, nil
}

// Status implements Controller through GET /status.
func (c *Client) Status(ctx context.Context) (Status, error) {
	var st Status
	err := c.do(ctx, http.MethodGet, "/status", nil, &st)
	return st, err
}

// UseSession implements Controller through PUT /session.
func (c *Client) UseSession(ctx context.Context, sessionID string) (Status, error) {
	body, _ := json.Marshal(struct {
		SessionID string `json:"sessionId"`
	}{sessionID})
	var st Status
	err := c.do(ctx, http.MethodPut, "/session", body, &st)
	return st, err
}

// Events implements Controller through GET /events; the channel closes when
// ctx is done or the hub goes away.
func (c *Client) Events(ctx context.Context) (<-chan Event, error) {
	ctx, cancel := context.WithCancel(ctx)
	resp, err := c.send(ctx, http.MethodGet, "/events", nil)
	if err != nil {
		cancel()
		return nil, err
	}
	ch := make(chan Event, eventBuffer)
	go func() {
		defer cancel()
		defer close(ch)
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			var ev Event
			if json.Unmarshal(sc.Bytes(), &ev) != nil {
				continue
			}
			select {
			case ch <- ev:
			case <-ctx.Done():
				return
			}
		}
	}()
	return ch, nil
}

// do sends a request and decodes a 200 answer into out.
func (c *Client) do(ctx context.Context, method, path string, body []byte, out any) error {
	resp, err := c.send(ctx, method, path, body)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 256<<20))
	if err != nil {
		return c.transportError(ctx, err)
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("%w: %s %s answered %q", ErrNotAHub, method, path, truncate(data))
	}
	return nil
}

// send makes one request; anything but a hub's 200 is an error.
func (c *Client) send(ctx context.Context, method, path string, body []byte) (*http.Response, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return nil, fmt.Errorf("%w: bad server address %q: %v", ErrNoHub, c.base, err)
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, c.transportError(ctx, err)
	}
	if resp.StatusCode == http.StatusOK && resp.Header.Get(HubHeader) != "" {
		return resp, nil
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<10))
	if resp.Header.Get(HubHeader) == "" {
		return nil, fmt.Errorf("%w: %s answered %s", ErrNotAHub, c.base, resp.Status)
	}
	var e struct {
		Error string `json:"error"`
	}
	_ = json.Unmarshal(data, &e)
	if resp.StatusCode == http.StatusUnauthorized {
		return nil, fmt.Errorf("%w (%s)", ErrUnauthorized, c.base)
	}
	return nil, fmt.Errorf("hub %s: %s %s: %s: %s", c.base, method, path, resp.Status, e.Error)
}

// transportError names a failed round trip: ctx's own end, or a hub that is
// not (or no longer) there.
func (c *Client) transportError(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if strings.Contains(err.Error(), "malformed HTTP") {
		return fmt.Errorf("%w: %s does not speak HTTP: %v", ErrNotAHub, c.base, err)
	}
	if errors.Is(err, syscall.ECONNREFUSED) {
		return fmt.Errorf("%w: %s (connection refused)", ErrNoHub, c.base)
	}
	return fmt.Errorf("%w: %s: %v", ErrNoHub, c.base, err)
}

func truncate(b []byte) string {
	if len(b) > 200 {
		return string(b[:200]) + "..."
	}
	return string(b)
}
