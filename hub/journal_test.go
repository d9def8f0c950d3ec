package hub

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// Every call that reaches the browser is journaled with its caller, what it
// named and how it ended; a typed value is kept as its length only.
func TestJournalRecordsCallsWithoutTypedValues(t *testing.T) {
	ch := startCapHub(t, false)
	const secret = "hunter2-correct-horse"
	for _, body := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"pages.fill","params":{"sessionId":"s1","ref":"e4","value":"` + secret + `"},"caller":{"kind":"mcp","name":"claude-code","pid":42}}`,
		`{"jsonrpc":"2.0","id":2,"method":"pages.click","params":{"sessionId":"s2","selector":"#pay"},"caller":{"kind":"batch","name":"flow.txt","pid":7}}`,
		`{"jsonrpc":"2.0","id":3,"method":"pages.get","params":{"sessionId":"s1","what":"title"}}`,
	} {
		if resp, out := do(t, ch.testHub, "POST", "/rpc", body, nil); resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: %s", resp.Status, out)
		}
	}
	resp, out := do(t, ch.testHub, "GET", "/journal", "", nil)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /journal: %s %s", resp.Status, out)
	}
	if strings.Contains(out, secret) {
		t.Fatalf("the journal holds the typed value:\n%s", out)
	}
	var es []hubapi.JournalEntry
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		var e hubapi.JournalEntry
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatalf("%q: %v", sc.Text(), err)
		}
		es = append(es, e)
	}
	if len(es) != 3 {
		t.Fatalf("%d entries, want 3:\n%s", len(es), out)
	}
	fill, click, get := es[0], es[1], es[2]
	if fill.Method != rpc.PageFill || fill.Session != "s1" || fill.Caller != (hubapi.Caller{Kind: "mcp", Name: "claude-code", PID: 42}) ||
		fill.Target != "e4" || fill.ValueLength == nil || *fill.ValueLength != len(secret) || !fill.OK {
		t.Errorf("fill entry %+v", fill)
	}
	if click.Session != "s2" || click.Caller.String() != "batch flow.txt" || click.Target != "#pay" {
		t.Errorf("click entry %+v", click)
	}
	if get.Caller.Kind != "unnamed" || get.ValueLength != nil || !(fill.Seq < click.Seq && click.Seq < get.Seq) {
		t.Errorf("get entry %+v", get)
	}
	// one session's, and a capability sees its own alone
	_, out = do(t, ch.testHub, "GET", "/journal?session=s2", "", nil)
	if strings.Count(out, "\n") != 1 || !strings.Contains(out, `"pages.click"`) {
		t.Errorf("journal of s2:\n%s", out)
	}
	c := ch.grant(t, hubapi.GrantRequest{SessionID: "s2"})
	ch.requests()
	_, out = do(t, ch.testHub, "GET", "/journal", "", map[string]string{"Authorization": "Bearer " + c})
	if strings.Contains(out, `"s1"`) || !strings.Contains(out, `"pages.click"`) {
		t.Errorf("a capability of s2 read:\n%s", out)
	}
	if resp, _ := do(t, ch.testHub, "GET", "/journal?session=s1", "", map[string]string{"Authorization": "Bearer " + c}); resp.StatusCode != http.StatusForbidden {
		t.Errorf("a capability of s2 asking for s1's journal: %s", resp.Status)
	}
}

// Follow hands over each new entry as it comes; the journal keeps the
// newest JournalLimit of a session.
func TestJournalFollowsAndIsBounded(t *testing.T) {
	th := startHub(t, Options{})
	p := connect(t, th)
	defer p.close()
	p.serve(func(req rpc.Request) any { return map[string]any{} })
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	entries, err := th.Journal(ctx, "s9", 0, true)
	if err != nil {
		t.Fatal(err)
	}
	cctx := hubapi.WithCaller(context.Background(), hubapi.Caller{Kind: "repl", PID: 3})
	if _, err := th.Call(cctx, rpc.PageClick, map[string]any{"sessionId": "s9", "ref": "e1"}, time.Second); err != nil {
		t.Fatal(err)
	}
	select {
	case e := <-entries:
		if e.Method != rpc.PageClick || e.Caller.Kind != "repl" || !e.OK {
			t.Errorf("followed entry %+v", e)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("follow handed over nothing")
	}
	cancel()
	for range entries {
	}

	for i := 0; i < JournalLimit+5; i++ {
		th.journal.add(hubapi.JournalEntry{Session: "s8", Method: "pages.get"})
	}
	all, _ := th.journal.since("s8", 0)
	if len(all) != JournalLimit || all[0].Seq >= all[len(all)-1].Seq {
		t.Errorf("kept %d entries (want %d, oldest first)", len(all), JournalLimit)
	}
}

// The journal names the page's URL: the answer's own, the navigation a
// click set off, else the "page" member the extension sends beside the
// answer (beyond the spec; a failed call's too). A peer that sends none
// leaves it empty.
func TestJournalNamesThePage(t *testing.T) {
	th := startHub(t, Options{})
	p := connect(t, th)
	defer p.close()
	go func() {
		for i := 0; i < 4; i++ {
			req := p.nextRequest()
			switch i {
			case 0:
				p.sendRaw(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":{"ok":true},"page":{"tabId":7,"url":"https://shop.example/cart"}}`, req.ID))
			case 1:
				p.sendRaw(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"error":{"code":4110,"message":"covered","data":{"reason":"covered"}},"page":{"tabId":7,"url":"https://shop.example/pay"}}`, req.ID))
			case 2:
				p.sendRaw(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":{"ok":true,"navigation":{"url":"https://shop.example/done"}},"page":{"tabId":7,"url":"https://shop.example/pay"}}`, req.ID))
			default:
				p.reply(req.ID, map[string]any{"ok": true})
			}
		}
	}()
	ctx := hubapi.WithCaller(context.Background(), hubapi.Caller{Kind: "shell", PID: 1})
	for i := 0; i < 4; i++ {
		_, _ = th.Call(ctx, rpc.PageClick, map[string]any{"sessionId": "s1", "ref": "e1"}, 5*time.Second)
	}
	got := readAll(t, th.Hub, "s1")
	want := []string{"https://shop.example/cart", "https://shop.example/pay", "https://shop.example/done", ""}
	if len(got) != 4 {
		t.Fatalf("%d entries", len(got))
	}
	for i, e := range got {
		if e.URL != want[i] {
			t.Errorf("entry %d: URL %q, want %q", i, e.URL, want[i])
		}
	}
}
