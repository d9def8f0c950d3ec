package hub

import (
	"context"
	"strings"
	"sync"
	"testing"
)

// A result handed to one caller stays intact while the reader goes on to
// the next frame: the reader reuses its buffer, so a result must not alias
// it. (Found by concurrent `--follow` long polls, whose answers came out of
// POST /rpc mixed with the next frame's bytes.)
func TestResultDoesNotAliasTheNextFrame(t *testing.T) {
	th := startHub(t, Options{})
	p := connect(t, th)
	defer p.close()
	go func() {
		a, _, err := p.read()
		if err != nil {
			return
		}
		b, _, err := p.read()
		if err != nil {
			return
		}
		p.reply(a.ID, map[string]string{"v": strings.Repeat(a.Method[len(a.Method)-1:], 64)})
		p.reply(b.ID, map[string]string{"v": strings.Repeat(b.Method[len(b.Method)-1:], 64)})
	}()
	var wg sync.WaitGroup
	results := map[string][]byte{}
	var mu sync.Mutex
	for _, m := range []string{"x.a", "x.b"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := th.Call(context.Background(), m, nil, 0)
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			results[m] = res // read only after both calls returned, below
			mu.Unlock()
		}()
	}
	wg.Wait()
	for m, res := range results {
		got := string(res)
		want := `{"v":"` + strings.Repeat(m[len(m)-1:], 64) + `"}`
		if got != want {
			t.Errorf("%s answered %s, want %s", m, got, want)
		}
	}
}
