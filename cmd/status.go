package cmd

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"browserctl/hub"
)

type statusOptions struct {
	f    *Factory
	Wait time.Duration
}

func newCmdStatus(f *Factory, runF func(context.Context, *statusOptions) error) *cobra.Command {
	opts := &statusOptions{f: f}
	c := &cobra.Command{
		Use:   "status",
		Short: "Show the hub and whether the extension is connected (exit 0 when it is, 3 when not)",
		Long: `Show the hub at --server: its pid, the extension's connection, the current
session and pending calls. Exits 0 when the extension is connected, 3 when
it is not (or no hub runs) once --wait has passed. Never starts a hub.`,
		Example: `  browserctl status
  browserctl status --wait 30s && browserctl snapshot`,
		Args: noArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if runF != nil {
				return runF(c.Context(), opts)
			}
			return statusRun(c.Context(), opts)
		},
	}
	c.Flags().DurationVar(&opts.Wait, "wait", 0, "wait this long for the extension to connect")
	return c
}

func statusRun(ctx context.Context, opts *statusOptions) error {
	f := opts.f
	h, err := f.ExistingHub()
	if err != nil {
		return err
	}
	deadline := time.Now().Add(opts.Wait)
	var st hub.Status
	for {
		st, err = statusOf(ctx, h)
		if err == nil && st.Connected {
			break
		}
		if err != nil && !errors.Is(err, hub.ErrNoHub) {
			return err // not a hub, a refused token: no point waiting
		}
		if !time.Now().Before(deadline) {
			break
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(pollEvery * 4):
		}
	}
	if err != nil {
		if f.Globals.JSON {
			_ = marshalJSON(f, map[string]any{"hub": false, "addr": f.Globals.Server, "connected": false})
		}
		return fmt.Errorf("no hub at %s: %w", f.Globals.Server, err)
	}
	if f.Globals.JSON {
		if err := marshalJSON(f, st); err != nil {
			return err
		}
	} else {
		printStatus(f, st)
	}
	if !st.Connected {
		// the state is on stdout; stderr says it as every not-connected path does
		msg := fmt.Sprintf("no extension connected to ws://%s/ws/browser", f.Globals.Server)
		if opts.Wait > 0 {
			msg += " within " + opts.Wait.String()
		}
		return &ReportedError{Code: ExitNoBrowser, Err: &NotConnectedError{Msg: msg}}
	}
	return nil
}

func printStatus(f *Factory, st hub.Status) {
	cs := f.IO.ColorScheme()
	w := f.IO.Out
	fmt.Fprintf(w, "hub:       %s (pid %d, protocol %d)\n", st.Addr, st.PID, st.Version)
	since := ""
	if !st.Since.IsZero() {
		since = " since " + st.Since.Local().Format(time.DateTime)
	}
	if st.Connected {
		fmt.Fprintf(w, "extension: %s%s\n", cs.Green("connected"), since)
	} else {
		fmt.Fprintf(w, "extension: %s%s\n", cs.Red("not connected"), since)
	}
	if b := st.Browser; b != nil {
		fmt.Fprintf(w, "browser:   %s\n", describeBrowser(*b))
	}
	session := st.Session
	if session == "" {
		session = "none"
	}
	fmt.Fprintf(w, "session:   %s\n", session)
	fmt.Fprintf(w, "pending:   %d\n", st.Pending)
}

// describeBrowser is the status line naming the connected browser: product
// and version from its User-Agent, its extension id, its address.
func describeBrowser(b hub.Browser) string {
	name := "unknown browser"
	for _, product := range []string{"Edg/", "HeadlessChrome/", "Chromium/", "Chrome/"} {
		if i := strings.Index(b.UserAgent, product); i >= 0 {
			version, _, _ := strings.Cut(b.UserAgent[i+len(product):], " ")
			name = strings.TrimSuffix(product, "/") + " " + version
			break
		}
	}
	if name == "unknown browser" && b.UserAgent != "" {
		name = strconv.Quote(b.UserAgent)
	}
	if b.ExtensionID != "" {
		name += ", extension " + b.ExtensionID
	}
	return name + ", from " + b.Remote
}
