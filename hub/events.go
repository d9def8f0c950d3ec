package hub

// The Events fan-out.

import (
	"browserctl/hub/hubapi"
	"context"
	"sync"
)

// eventBuffer is how many events a slow subscriber may fall behind before
// it misses some.
const eventBuffer = 64

// broadcaster fans Events out to subscribers; it never blocks the hub.
type broadcaster struct {
	mu     sync.Mutex
	subs   map[chan hubapi.Event]func() bool // channel -> stop of its context.AfterFunc
	closed bool
}

func (b *broadcaster) init() { b.subs = map[chan hubapi.Event]func() bool{} }

// subscribe returns a channel of events, closed when ctx is done or the hub
// closes.
func (b *broadcaster) subscribe(ctx context.Context) <-chan hubapi.Event {
	ch := make(chan hubapi.Event, eventBuffer)
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		close(ch)
		return ch
	}
	b.subs[ch] = context.AfterFunc(ctx, func() { b.remove(ch) })
	return ch
}

func (b *broadcaster) remove(ch chan hubapi.Event) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, ok := b.subs[ch]; ok {
		delete(b.subs, ch)
		close(ch)
	}
}

// emit sends ev to every subscriber that has room.
func (b *broadcaster) emit(ev hubapi.Event) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for ch := range b.subs {
		select {
		case ch <- ev:
		default:
		}
	}
}

// closeAll ends every subscription; later ones are closed at once.
func (b *broadcaster) closeAll() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.closed = true
	for ch, stop := range b.subs {
		stop()
		close(ch)
	}
	clear(b.subs)
}
