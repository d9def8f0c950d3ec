package hub

// Per-session locks for pages.* calls.

import (
	"context"
	"sync"
	"time"
)

// sessionLocks serializes pages.* calls per session (spec section 6). A lock
// exists only while someone holds it or waits for it: it is made on first use
// and removed when its reference count falls to zero, so ids of long-gone
// sessions do not pile up.
type sessionLocks struct {
	mu sync.Mutex
	m  map[string]*sessionLock
}

type sessionLock struct {
	sem  chan struct{} // capacity 1: full while held
	refs int           // holders plus waiters; guarded by sessionLocks.mu
}

// acquire waits for the session's lock, for ctx, or for the call's timer
// (errTimerFired).
func (s *sessionLocks) acquire(ctx context.Context, id string, timer <-chan time.Time) (*sessionLock, error) {
	s.mu.Lock()
	l := s.m[id]
	if l == nil {
		l = &sessionLock{sem: make(chan struct{}, 1)}
		s.m[id] = l
	}
	l.refs++
	s.mu.Unlock()

	select {
	case l.sem <- struct{}{}:
		return l, nil
	default:
	}
	select {
	case l.sem <- struct{}{}:
		return l, nil
	case <-ctx.Done():
		s.unref(id, l)
		return nil, ctx.Err()
	case <-timer:
		s.unref(id, l)
		return nil, errTimerFired
	}
}

// release gives the lock back.
func (s *sessionLocks) release(id string, l *sessionLock) {
	<-l.sem
	s.unref(id, l)
}

func (s *sessionLocks) unref(id string, l *sessionLock) {
	s.mu.Lock()
	l.refs--
	if l.refs == 0 {
		delete(s.m, id)
	}
	s.mu.Unlock()
}

// size is how many locks exist (for tests).
func (s *sessionLocks) size() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.m)
}
