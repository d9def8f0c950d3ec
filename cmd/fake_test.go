package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"browserctl/cmd/cmdutil"
	"browserctl/hub/hubapi"
	"browserctl/hub/hubclient"
	"browserctl/internal/iostreams"
	"browserctl/rpc"
)

// fakeHub is a hubapi.Controller that records calls and answers from tables.
type fakeHub struct {
	mu       sync.Mutex
	calls    []fakeCall
	results  map[string]string // method -> result JSON
	errs     map[string]error  // method -> error
	status   hubapi.Status
	used     []string
	statusOK bool
}

type fakeCall struct {
	Method  string
	Params  string
	Timeout time.Duration
}

func newFakeHub() *fakeHub {
	return &fakeHub{results: map[string]string{}, errs: map[string]error{}, statusOK: true}
}

func (h *fakeHub) Call(ctx context.Context, method string, params any, timeout time.Duration) (json.RawMessage, error) {
	var p []byte
	switch v := params.(type) {
	case json.RawMessage:
		p = v
	default:
		p, _ = json.Marshal(v)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.calls = append(h.calls, fakeCall{Method: method, Params: string(p), Timeout: timeout})
	if err := h.errs[method]; err != nil {
		return nil, err
	}
	if r, ok := h.results[method]; ok {
		return json.RawMessage(r), nil
	}
	return nil, &rpc.BrowserError{Code: rpc.CodeMethodNotFound, Message: "no rule for " + method}
}

func (h *fakeHub) Status(ctx context.Context) (hubapi.Status, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.statusOK {
		return hubapi.Status{}, hubclient.ErrNoHub
	}
	return h.status, nil
}

func (h *fakeHub) UseSession(ctx context.Context, id string) (hubapi.Status, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.used = append(h.used, id)
	h.status.Session = id
	return h.status, nil
}

func (h *fakeHub) Events(ctx context.Context) (<-chan hubapi.Event, error) {
	ch := make(chan hubapi.Event)
	go func() {
		<-ctx.Done()
		close(ch)
	}()
	return ch, nil
}

func (h *fakeHub) lastCall(t *testing.T) fakeCall {
	t.Helper()
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.calls) == 0 {
		t.Fatal("no call was made")
	}
	return h.calls[len(h.calls)-1]
}

type testEnv struct {
	f        *cmdutil.Factory
	h        *fakeHub
	out, err *bytes.Buffer
	dir      string
}

// newTestEnv is a factory on buffers with a fake hub and a temporary state
// folder; nothing is a terminal.
func newTestEnv(t testing.TB) *testEnv {
	t.Helper()
	ios, _, out, errOut := iostreams.Test()
	h := newFakeHub()
	dir := t.TempDir()
	env := map[string]string{}
	f := &cmdutil.Factory{
		IO:          ios,
		Globals:     &cmdutil.Globals{},
		Hub:         func() (hubapi.Controller, error) { return h, nil },
		ExistingHub: func() (hubapi.Controller, error) { return h, nil },
		StateDir:    func() (string, error) { return dir, nil },
		Token:       func() (string, error) { return "tok", nil },
		Executable:  func() (string, error) { return "/bin/false", nil },
		Getenv:      func(k string) string { return env[k] },
		Now:         func() time.Time { return time.Date(2026, 11, 29, 23, 1, 2, 0, time.UTC) },
		LookPath:    func(string) (string, error) { return "", errNotFound },
	}
	return &testEnv{f: f, h: h, out: out, err: errOut, dir: dir}
}

var errNotFound = &rpc.BrowserError{Message: "not found"}

func (e *testEnv) run(args string) cmdutil.ExitCode {
	e.out.Reset()
	e.err.Reset()
	return Run(context.Background(), e.f, strings.Fields(args))
}
