package cmd

// open, back, forward, reload are declared on their rows
// (rpc/navigation.go): each waits until the new page reached
// --wait-until and prints the final URL and title. Here are that printer
// and the session open makes when there is none.

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"browserctl/rpc"
)

// budgetMS is the --timeout the extension gets for a call that waits; the
// hub waits waitSlack longer, so the extension's own "timed out" answer,
// which names what it waited for, arrives first.
func budgetMS(f *Factory) (int, time.Duration) {
	return int(f.Globals.Timeout / time.Millisecond), f.Globals.Timeout + waitSlack
}

func init() {
	// nav: the final URL and title, one a line.
	printers["nav"] = func(f *Factory, pc *pageCall, _ rpc.Command, _ map[string]string) {
		pc.Human = func(raw json.RawMessage) error {
			var res rpc.NavResult
			if err := decodeResult(pc.Method, raw, &res); err != nil {
				return err
			}
			_, err := fmt.Fprintf(f.IO.Out, "%s\n%s\n", safeText(res.URL), safeText(res.Title))
			return err
		}
	}
}

// openSession is the session open makes when there is none: a new tab
// group with a blank tab (open then loads the page in it, waiting as
// always), made the caller's current session and named on stderr.
func openSession(ctx context.Context, f *Factory) (string, error) {
	raw, err := callHub(ctx, f, rpc.SessionCreate, rpc.SessionCreateParams{})
	if err != nil {
		return "", err
	}
	var s rpc.Session
	if err := decodeResult(rpc.SessionCreate, raw, &s); err != nil {
		return "", err
	}
	if err := useSession(ctx, f, s.SessionID); err != nil {
		return "", fmt.Errorf("open made session %s, but could not make it the current session: %w", s.SessionID, err)
	}
	fmt.Fprintf(f.IO.ErrOut, "session %s created: there was none\n", s.SessionID)
	return s.SessionID, nil
}
