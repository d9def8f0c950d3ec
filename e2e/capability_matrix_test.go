package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"browserctl/rpc"

	"github.com/gorilla/websocket"
)

// rawAnswer is the control API's JSON-RPC answer, as a caller sees it.
type rawAnswer struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
		Data    struct {
			Reason    string `json:"reason"`
			Retryable bool   `json:"retryable"`
		} `json:"data"`
	} `json:"error"`
}

func (a rawAnswer) forbidden() bool {
	return a.Error != nil && a.Error.Code == int(rpc.CodeUnauthorized) && a.Error.Data.Reason == string(rpc.ReasonForbidden) && !a.Error.Data.Retryable
}

// callRaw posts one JSON-RPC request to the hub's control API with secret
// as the bearer, as any program holding it could, without the CLI.
func callRaw(t *testing.T, secret, method string, params any) rawAnswer {
	t.Helper()
	p, _ := json.Marshal(params)
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": method, "params": json.RawMessage(p)})
	req, _ := http.NewRequestWithContext(t.Context(), "POST", "http://"+h.addr+"/rpc", bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+secret)
	req.Header.Set("Content-Type", "application/json")
	c := http.Client{Timeout: 30 * time.Second}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("%s: %v", method, err)
	}
	defer resp.Body.Close()
	var a rawAnswer
	if err := json.NewDecoder(resp.Body).Decode(&a); err != nil {
		t.Fatalf("%s: %s: %v", method, resp.Status, err)
	}
	return a
}

// takesTab reports whether a method's params have a tabId member.
func takesTab(params any) bool {
	if params == nil {
		return false
	}
	var walk func(reflect.Type) bool
	walk = func(rt reflect.Type) bool {
		for rt.Kind() == reflect.Pointer {
			rt = rt.Elem()
		}
		if rt.Kind() != reflect.Struct {
			return false
		}
		for i := range rt.NumField() {
			f := rt.Field(i)
			if f.Anonymous && walk(f.Type) {
				return true
			}
			if strings.Split(f.Tag.Get("json"), ",")[0] == "tabId" {
				return true
			}
		}
		return false
	}
	return walk(reflect.TypeOf(params))
}

// Every method of the table, raw over the control API in the real browser,
// with session A's capability: against session B (and B hidden behind A
// in a second sessionId member) refused forbidden; with A's session and B's
// tab, refused by the extension; with A's read-only capability, every
// method that changes something refused forbidden and the readers
// answered. Afterwards B's page and tabs, and A's page, are as they were,
// read over the test's own CDP connection and the control token's lists.
func TestCapabilityMatrixInTheBrowser(t *testing.T) {
	tag := tagFor(t)
	mine := newSession(t, pageURL("/agent.html", tag, "who", "mine"))
	other := newSession(t, pageURL("/agent.html", tag, "who", "other"))
	minePage := h.cdp.page(t, "who=mine")
	otherPage := h.cdp.page(t, "who=other")
	var full, ro struct {
		Capability string `json:"capability"`
	}
	mustJSON(t, &full, "session", "grant", mine.SessionID)
	mustJSON(t, &ro, "session", "grant", mine.SessionID, "--read-only")

	type tabList struct {
		Tabs []struct {
			TabID int    `json:"tabId"`
			URL   string `json:"url"`
		} `json:"tabs"`
	}
	tabsOf := func(s session) string {
		var l tabList
		mustJSON(t, &l, in(s, "tab", "list")...)
		b, _ := json.Marshal(l)
		return string(b)
	}
	var otherTabs tabList
	mustJSON(t, &otherTabs, in(other, "tab", "list")...)
	if len(otherTabs.Tabs) != 1 {
		t.Fatalf("the other session has tabs %+v", otherTabs)
	}
	otherTab := otherTabs.Tabs[0].TabID
	pageState := `document.getElementById('name').value + '|' + document.title + '|' + location.href`
	otherBefore, mineBefore := otherPage.evalString(pageState), minePage.evalString(pageState)
	otherTabsBefore, mineTabsBefore := tabsOf(other), tabsOf(mine)

	cases, refused := 0, 0
	for _, m := range rpc.Methods {
		for _, params := range []string{
			`{"sessionId":"` + other.SessionID + `"}`,
			`{"sessionId":"` + mine.SessionID + `","sessionId":"` + other.SessionID + `"}`,
		} {
			cases++
			a := callRaw(t, full.Capability, m.Wire, json.RawMessage(params))
			if m.Wire == rpc.SessionList || m.Wire == rpc.ExtensionInfo || m.Wire == rpc.ExtensionCallTiming {
				// outside sessions, and showing nothing of the other one
				// (extension.callTiming wants a callId: refused as params)
				if a.forbidden() || strings.Contains(string(a.Result), other.SessionID) {
					t.Errorf("%s %s with A's capability: %+v %s", m.Wire, params, a.Error, a.Result)
				}
				continue
			}
			if !a.forbidden() {
				t.Errorf("%s %s with A's capability: want forbidden, got %+v %s", m.Wire, params, a.Error, a.Result)
				continue
			}
			refused++
		}
		// A's own session, B's tab: the extension refuses a tab outside the
		// session where the call lands. Only for methods that take a tab
		// and change nothing else of A's first (they all fail on the tab).
		if m.Session != rpc.NoSession && takesTab(m.Params) && m.Wire != rpc.TabAttach {
			cases++
			a := callRaw(t, full.Capability, m.Wire, map[string]any{"sessionId": mine.SessionID, "tabId": otherTab})
			if a.Error == nil {
				t.Errorf("%s on A with B's tab %d answered %s", m.Wire, otherTab, a.Result)
			} else {
				refused++
			}
		}
		// Read-only: what changes anything is refused before it leaves
		// the hub (the readers are answered below, with real params).
		if !rpc.OnlyReads(m.Wire, json.RawMessage(`{"sessionId":"`+mine.SessionID+`"}`)) {
			cases++
			a := callRaw(t, ro.Capability, m.Wire, map[string]any{"sessionId": mine.SessionID})
			if !a.forbidden() {
				t.Errorf("%s with A's read-only capability: want forbidden, got %+v %s", m.Wire, a.Error, a.Result)
			} else {
				refused++
			}
		}
	}
	// tabs.attach of B's tab and of a tab of the person's own.
	person := personTab(t, pageURL("/agent.html", tag, "who", "person"))
	for _, tab := range []int{otherTab, person} {
		cases++
		if a := callRaw(t, full.Capability, rpc.TabAttach, map[string]any{"sessionId": mine.SessionID, "tabId": tab}); !a.forbidden() {
			t.Errorf("tabs.attach of tab %d with A's capability: %+v %s", tab, a.Error, a.Result)
		} else {
			refused++
		}
	}

	// The readers answer a read-only capability, on the real page.
	reads := []struct {
		method string
		params map[string]any
		want   string
	}{
		{rpc.PageSnapshot, map[string]any{}, "Agent form"},
		{rpc.PageGet, map[string]any{"what": "title"}, "Agent form"},
		{rpc.PageGet, map[string]any{"what": "url"}, "who=mine"},
		{rpc.PageFind, map[string]any{"role": "textbox"}, "textbox"},
		{rpc.TabList, map[string]any{}, "who=mine"},
		{rpc.SessionList, map[string]any{}, mine.SessionID},
	}
	for _, r := range reads {
		r.params["sessionId"] = mine.SessionID
		a := callRaw(t, ro.Capability, r.method, r.params)
		if a.Error != nil || !strings.Contains(string(a.Result), r.want) {
			t.Errorf("%s with a read-only capability: %+v %.200s", r.method, a.Error, a.Result)
		}
	}

	if got := otherPage.evalString(pageState); got != otherBefore {
		t.Errorf("B's page changed: %q -> %q", otherBefore, got)
	}
	if got := minePage.evalString(pageState); got != mineBefore {
		t.Errorf("A's page changed under refused calls: %q -> %q", mineBefore, got)
	}
	if got := tabsOf(other); got != otherTabsBefore {
		t.Errorf("B's tabs changed: %s -> %s", otherTabsBefore, got)
	}
	if got := tabsOf(mine); got != mineTabsBefore {
		t.Errorf("A's tabs changed: %s -> %s", mineTabsBefore, got)
	}
	t.Logf("%d methods, %d cases, %d refused", len(rpc.Methods), cases, refused)
}

// personTab opens url in a tab of the person's own (outside every session,
// through the test's CDP connection) and answers its tab id, from the
// control token's list of the person's tabs. The tab is closed at the end.
func personTab(t *testing.T, url string) int {
	t.Helper()
	res, err := h.cdp.call(t.Context(), "", "Target.createTarget", map[string]any{"url": url})
	if err != nil {
		t.Fatalf("CDP open %s: %v", url, err)
	}
	var created struct {
		TargetID string `json:"targetId"`
	}
	_ = json.Unmarshal(res, &created)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_, _ = h.cdp.call(ctx, "", "Target.closeTarget", map[string]any{"targetId": created.TargetID})
	})
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		var all struct {
			Tabs []struct {
				TabID     int    `json:"tabId"`
				URL       string `json:"url"`
				SessionID string `json:"sessionId"`
			} `json:"tabs"`
		}
		mustJSON(t, &all, "tab", "user-list")
		for _, tb := range all.Tabs {
			if tb.URL == url && tb.SessionID == "" {
				return tb.TabID
			}
		}
	}
	t.Fatalf("the person's tab %s never showed in tab user-list", url)
	return 0
}

// A holder of the control token, or of a capability, who dials /ws/browser
// as an extension would (the extension's Origin, the seed's auth frame) is
// refused with a close that says why, and the real extension in Chromium
// keeps the browser slot: the same connection, and calls still reach it.
func TestBrowserSlotRefusesTheControlTokenInTheBrowser(t *testing.T) {
	tag := tagFor(t)
	s := newSession(t, pageURL("/agent.html", tag, "who", "slot"))
	var before hubStatus
	mustJSON(t, &before, "status")
	if !before.Connected {
		t.Fatal("no extension connected")
	}
	var granted struct {
		Capability string `json:"capability"`
	}
	mustJSON(t, &granted, "session", "grant", s.SessionID)
	tokenBytes, _ := os.ReadFile(filepath.Join(h.home, "token"))
	for name, secret := range map[string]string{"control token": strings.TrimSpace(string(tokenBytes)), "capability": granted.Capability} {
		d := websocket.Dialer{HandshakeTimeout: 5 * time.Second}
		ws, _, err := d.Dial("ws://"+h.addr+"/ws/browser", http.Header{"Origin": {"chrome-extension://" + extensionID}})
		if err != nil {
			t.Fatalf("%s: dial: %v", name, err)
		}
		_ = ws.WriteJSON(map[string]string{"type": "auth", "token": secret})
		_ = ws.SetReadDeadline(time.Now().Add(10 * time.Second))
		_, data, err := ws.ReadMessage()
		var ce *websocket.CloseError
		if !errors.As(err, &ce) || ce.Code != 4001 {
			t.Errorf("the %s at /ws/browser: got %q, %v; want a 4001 close", name, data, err)
		} else if !strings.Contains(ce.Text, "key") {
			t.Errorf("the %s at /ws/browser: close reason %q does not say the extension's key is wanted", name, ce.Text)
		}
		ws.Close()
	}
	var after hubStatus
	mustJSON(t, &after, "status")
	if !after.Connected || !after.Since.Equal(before.Since) {
		t.Errorf("the real extension lost the slot: connected %v since %v, was since %v", after.Connected, after.Since, before.Since)
	}
	if got := mustRun(t, in(s, "get", "title")...); !strings.Contains(got, "Agent form") {
		t.Errorf("after the refused takeovers get title answered %q", got)
	}
}
