package completions

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"browserctl/rpc"
)

func TestRefsCache(t *testing.T) {
	dir := t.TempDir()
	if got := Refs(dir, ""); got != nil {
		t.Errorf("no cache: %v", got)
	}
	snap := rpc.SnapshotResult{Refs: map[string]rpc.Ref{
		"e10": {Ref: "e10", Role: "button", Name: "Go"},
		"e2":  {Ref: "e2", Role: "link"},
		"e1":  {Role: "textbox", Name: "Search"},
	}}
	if err := SaveRefs(dir, "s1", snap); err != nil {
		t.Fatal(err)
	}
	if err := SaveRefs(dir, "s2", rpc.SnapshotResult{Refs: map[string]rpc.Ref{"e5": {Ref: "e5", Role: "img"}}}); err != nil {
		t.Fatal(err)
	}
	want := []Candidate{{"e1", `textbox "Search"`}, {"e2", "link"}, {"e10", `button "Go"`}}
	if got := Refs(dir, "s1"); !reflect.DeepEqual(got, want) {
		t.Errorf("Refs(s1) = %v, want %v", got, want)
	}
	// no session named: the newest snapshot's
	if got := Refs(dir, ""); len(got) != 1 || got[0].Value != "e5" {
		t.Errorf("Refs(\"\") = %v", got)
	}
	if got := Refs(dir, "s9"); got != nil {
		t.Errorf("Refs(s9) = %v", got)
	}
	if got := Filter(Refs(dir, "s1"), "e1"); len(got) != 2 {
		t.Errorf("Filter = %v", got)
	}
}

type fakeCaller struct {
	method string
	params string
	result string
}

func (f *fakeCaller) Call(ctx context.Context, method string, params any, timeout time.Duration) (json.RawMessage, error) {
	b, _ := json.Marshal(params)
	f.method, f.params = method, string(b)
	return json.RawMessage(f.result), nil
}

func TestTabAndSessionIDs(t *testing.T) {
	c := &fakeCaller{result: `{"tabs":[{"tabId":7,"title":"Seven"},{"tabId":8,"url":"https://x/"}]}`}
	got, err := TabIDs(context.Background(), c, "s1", false)
	if err != nil || c.method != rpc.TabList || c.params != `{"sessionId":"s1"}` {
		t.Fatalf("sent %s %s: %v", c.method, c.params, err)
	}
	if !reflect.DeepEqual(got, []Candidate{{"7", "Seven"}, {"8", "https://x/"}}) {
		t.Errorf("TabIDs = %v", got)
	}
	if _, err := TabIDs(context.Background(), c, "", true); err != nil || c.method != rpc.TabUserList {
		t.Errorf("user tabs sent %s: %v", c.method, err)
	}
	c.result = `{"sessions":[{"sessionId":"s1","name":"work"}]}`
	ss, err := SessionIDs(context.Background(), c)
	if err != nil || !reflect.DeepEqual(ss, []Candidate{{"s1", "work"}}) || c.method != rpc.SessionList {
		t.Errorf("SessionIDs = %v, %v (sent %s)", ss, err, c.method)
	}
}
