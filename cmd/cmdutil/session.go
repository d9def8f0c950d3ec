package cmdutil

import (
	"context"
	"fmt"
	"reflect"
	"strings"

	"browserctl/rpc"
)

// openSession is the session open makes when there is none (gone: the
// current one is gone, its tabs closed): a new tab group with a blank tab
// (open then loads the page in it, waiting as always), made the caller's
// current session and named on stderr.
func openSession(ctx context.Context, f *Factory, gone bool) (string, error) {
	raw, err := CallHub(ctx, f, rpc.SessionCreate, rpc.SessionCreateParams{})
	if err != nil {
		return "", err
	}
	var s rpc.Session
	if err := DecodeResult(rpc.SessionCreate, raw, &s); err != nil {
		return "", err
	}
	if err := UseSession(ctx, f, s.SessionID); err != nil {
		return "", fmt.Errorf("open made session %s, but could not make it the current session: %w", s.SessionID, err)
	}
	why := "there was none"
	if gone {
		why = "the current one is gone (its tabs were closed)"
	}
	fmt.Fprintf(f.IO.ErrOut, "session %s created: %s\n", s.SessionID, why)
	return s.SessionID, nil
}

// UseSession makes id, a session the browser just answered, the caller's
// current session: the hub's for a one-shot command, the REPL's or batch
// run's own in them.
func UseSession(ctx context.Context, f *Factory, id string) error {
	h, err := f.Hub()
	if err != nil {
		return err
	}
	if own, ok := h.(interface{ Hold(string) }); ok {
		own.Hold(id)
		return nil
	}
	_, err = h.UseSession(ctx, id)
	return err
}

// tabOrURL puts a tab argument into member m of v: an id as it is, a URL
// as the id of the session's one tab there, looked up when pc runs.
func tabOrURL(f *Factory, pc *PageCall, v reflect.Value, m member, s string) error {
	if id, err := parseTabID(s); err == nil {
		v.FieldByIndex(m.index).SetInt(int64(id))
		return nil
	}
	if !strings.Contains(s, ":") {
		return UsageErrorf("a tab is its id (a number) or its URL, got %q", s)
	}
	pc.Before = func(ctx context.Context) error {
		id, err := sessionTabByURL(ctx, f, s)
		v.FieldByIndex(m.index).SetInt(int64(id))
		pc.Params = v.Interface()
		return err
	}
	return nil
}

// sessionTabByURL is the id of the session's one tab at url.
func sessionTabByURL(ctx context.Context, f *Factory, url string) (int, error) {
	raw, err := CallHub(ctx, f, rpc.TabList, rpc.SessionIDParams{SessionID: SessionOf(f)})
	if err != nil {
		return 0, err
	}
	var res rpc.TabListResult
	if err := DecodeResult(rpc.TabList, raw, &res); err != nil {
		return 0, err
	}
	var ids []int
	for _, t := range res.Tabs {
		if t.URL == url {
			ids = append(ids, t.TabID)
		}
	}
	switch len(ids) {
	case 1:
		return ids[0], nil
	case 0:
		return 0, fmt.Errorf("no tab of the session is at %s (`tab list` shows them)", SafeText(url))
	}
	return 0, fmt.Errorf("%d tabs of the session are at %s: name one by its id (`tab list`)", len(ids), SafeText(url))
}
