package cmd

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"browserctl/chromium"
)

type launchOptions struct {
	f        *Factory
	Browser  string
	Headless bool
	Profile  string
	URL      string
}

func newCmdLaunch(f *Factory, runF func(context.Context, *launchOptions) error) *cobra.Command {
	opts := &launchOptions{f: f}
	c := &cobra.Command{
		Use:   "launch",
		Short: "Start Chromium with the extension loaded, a fresh profile, and wait for it to connect",
		Long: `Start Chromium (or Chrome) with the browserctl extension installed from the
state folder, in a fresh profile, make sure a hub runs at --server, and wait
(--wait) until the extension connects, then print the browser's pid. The
browser runs on after launch returns (its output goes to browser.log in the
state folder). The browser is --browser, else the first of chromium,
chromium-browser, google-chrome on PATH.`,
		Example: `  browserctl launch
  browserctl launch --headless
  browserctl launch --browser /opt/chrome/chrome --url https://example.com`,
		Args: noArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if runF != nil {
				return runF(c.Context(), opts)
			}
			return launchRun(c.Context(), opts)
		},
	}
	c.Flags().StringVar(&opts.Browser, "browser", f.Getenv("BROWSERCTL_BROWSER"), "browser binary ($BROWSERCTL_BROWSER; default: chromium, chromium-browser or google-chrome on PATH)")
	c.Flags().BoolVar(&opts.Headless, "headless", false, "run headless (--headless=new)")
	c.Flags().StringVar(&opts.Profile, "profile", "", "profile folder (default: a fresh one in the state folder)")
	c.Flags().StringVar(&opts.URL, "url", "about:blank", "page to open")
	return c
}

// findBrowser is --browser, else the first known browser on PATH.
func findBrowser(f *Factory, given string) (string, error) {
	p, err := chromium.Find(f.LookPath, given)
	if errors.Is(err, chromium.ErrNotFound) {
		return "", fmt.Errorf("%w or give --browser PATH", err)
	}
	return p, err
}

func launchRun(ctx context.Context, opts *launchOptions) error {
	f := opts.f
	browser, err := findBrowser(f, opts.Browser)
	if err != nil {
		return err
	}
	dir, err := f.StateDir()
	if err != nil {
		return err
	}
	token, err := f.Token()
	if err != nil {
		return err
	}
	extDir := filepath.Join(dir, "extension")
	if err := installExtension(extDir, f.Globals.Server, token); err != nil {
		return err
	}
	profile := opts.Profile
	if profile == "" {
		if profile, err = os.MkdirTemp(dir, "profile-"); err != nil {
			return err
		}
	}
	h, err := f.Hub()
	if err != nil {
		return err
	}
	if _, err := h.Status(ctx); err != nil { // starts a hub when none runs
		return err
	}
	logPath := filepath.Join(dir, "browser.log")
	logf, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return err
	}
	defer logf.Close()
	bc, err := chromium.Start(browser, chromium.Options{
		Extension: extDir, Profile: profile, URL: opts.URL, Headless: opts.Headless, NoSandbox: chromium.IsRoot(),
	}, logf)
	if err != nil {
		return err
	}
	fmt.Fprintf(f.IO.ErrOut, "started %s (pid %d, profile %s, log %s)\n", filepath.Base(browser), bc.Pid(), profile, logPath)
	exited := bc.Exited()
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-exited:
			cancel()
		case <-wctx.Done():
		}
	}()
	if err := waitExtension(wctx, f, h, f.Globals.Server, f.Globals.Wait); err != nil {
		select {
		case <-exited:
			return fmt.Errorf("the browser exited before its extension connected; see %s", logPath)
		default:
		}
		return err
	}
	if f.Globals.JSON {
		return marshalJSON(f, map[string]any{"pid": bc.Pid(), "profile": profile, "browser": browser, "extension": extDir})
	}
	fmt.Fprintf(f.IO.Out, "%d\n", bc.Pid())
	return nil
}
