package cmd

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/cmd/internal/launcher"
	"browserctl/extension"
	"browserctl/hub/hubapi"
	"browserctl/hub/hubclient"
	"browserctl/internal/chromium"
	tokenfile "browserctl/internal/token"
	"browserctl/rpc"
)

type launchOptions struct {
	f        *cmdutil.Factory
	Browser  string
	Headless bool
	Profile  string
	URL      string
	New      bool
	Name     string
}

func newCmdLaunch(f *cmdutil.Factory, runF func(context.Context, *launchOptions) error) *cobra.Command {
	opts := &launchOptions{f: f}
	c := &cobra.Command{
		Use:   "launch",
		Short: "Start Chromium with the extension loaded, a fresh profile, and wait for it to connect",
		Long: `Start Chromium (or Chrome) with the browserctl extension installed from the
state folder, in a fresh profile, make sure a hub runs at --server, and wait
(--wait) until the extension connects, then print the browser's pid. The
browser runs on after launch returns (its output goes to browser.log in the
state folder). The browser is --browser, else the first of chromium,
chromium-browser, google-chrome on PATH.

When a browser's extension is already connected to the hub, launch reuses
it and starts nothing. --new starts another, in a fresh profile, named
launch-XXXX (or --name): a second browser on the hub beside the first, with
a cookie jar of its own. --profile NAME starts a browser named NAME in the
persistent profile folder profiles/NAME of the state folder (its logins
stay for the next launch; a --profile with a '/' is a folder of your own),
or reuses the one that runs there. Each such browser gets its own copy of
the extension inside its profile, whose config.json names it and keeps its
id; ` + "`browserctl browsers`" + ` lists them, and ` + "`session create --browser NAME`" + `
and ` + "`mcp --browser NAME`" + ` pick one.
` + "`browserctl stop`" + ` ends the browsers launch started and removes the fresh
profiles it made for them (never a named one).

--url takes an http(s), file or about URL only, and is passed to the
browser after "--", so it can never become a browser flag. Run as root,
Chromium refuses its sandbox, so launch adds --no-sandbox and says so on
stderr.`,
		Example: `  browserctl launch
  browserctl launch --headless
  browserctl launch --new
  browserctl launch --profile work --headless   # a second cookie jar, kept
  browserctl launch --browser /opt/chrome/chrome --url https://example.com`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if err := chromium.CheckPageURL(opts.URL); err != nil {
				return cmdutil.UsageErrorf("--url: %v", err)
			}
			if err := checkProfile(opts.Profile); err != nil {
				return cmdutil.UsageErrorf("--profile %v", err)
			}
			if runF != nil {
				return runF(c.Context(), opts)
			}
			return launchRun(c.Context(), opts)
		},
		Annotations: cmdutil.NotReplayed(rpc.NotPageWork),
	}
	c.Flags().StringVar(&opts.Browser, "browser", f.Getenv("BROWSERCTL_BROWSER"), "browser binary ($BROWSERCTL_BROWSER; default: chromium, chromium-browser or google-chrome on PATH)")
	c.Flags().BoolVar(&opts.Headless, "headless", false, "run headless (--headless=new)")
	c.Flags().StringVar(&opts.Profile, "profile", "", "a profile NAME (kept in the state folder's profiles/NAME; the browser's name) or a FOLDER with a '/' (default: a fresh one, removed by stop)")
	c.Flags().StringVar(&opts.Name, "name", "", "the browser's name on the hub (default: the profile's name; with --new, launch-XXXX)")
	c.Flags().StringVar(&opts.URL, "url", "about:blank", "page to open")
	c.Flags().BoolVar(&opts.New, "new", false, "start another browser beside the connected ones, named (--name, else launch-XXXX)")
	return c
}

// findBrowser is --browser, else the first known browser on PATH.
func findBrowser(f *cmdutil.Factory, given string) (string, error) {
	p, err := chromium.Find(f.LookPath, given)
	if errors.Is(err, chromium.ErrNotFound) {
		return "", fmt.Errorf("%w or give --browser PATH", err)
	}
	return p, err
}

// launchRun starts a browser with the extension and waits until it
// connects, unless one it can reuse is there already.
func launchRun(ctx context.Context, opts *launchOptions) error {
	f := opts.f
	if !opts.named() {
		if reused, err := reuseConnectedBrowser(ctx, f); reused || err != nil {
			return err
		}
	}
	browser, err := findBrowser(f, opts.Browser)
	if err != nil {
		return err
	}
	dir, err := f.StateDir()
	if err != nil {
		return err
	}
	if _, err := cmdutil.ControlToken(f); err != nil {
		return err // a capability launches nothing
	}
	l := &browserLaunch{opts: opts, browser: browser, dir: dir, extDir: filepath.Join(dir, "extension")}
	if reused, err := l.prepareExtension(); reused || err != nil {
		return err
	}
	h, err := f.Hub()
	if err != nil {
		return err
	}
	if _, err := h.Status(ctx); err != nil { // starts a hub when none runs
		return err
	}
	if err := l.start(); err != nil {
		return err
	}
	if err := l.waitConnected(ctx, h); err != nil {
		return err
	}
	return l.report()
}

// browserLaunch is the browser launchRun starts, filled in step by step.
type browserLaunch struct {
	opts    *launchOptions
	browser string       // the browser binary
	dir     string       // the state folder
	extDir  string       // the copy of the extension it loads
	target  launchTarget // a named launch's profile, name and id
	started time.Time    // a connection made before this is another browser's
	bc      *launcher.Started
}

// prepareExtension writes the extension the browser loads, with this
// machine's extension key: the state folder's copy, or for a named launch
// a copy in its profile whose config names the browser. It reports
// reused, having said so, when a browser launch started already runs in
// the named profile.
func (l *browserLaunch) prepareExtension() (reused bool, err error) {
	f, opts := l.opts.f, l.opts
	key, err := tokenfile.LoadOrCreateExtensionKey()
	if err != nil {
		return false, err
	}
	if !opts.named() {
		return false, installExtension(l.extDir, f.Globals.Server, key)
	}
	if opts.Profile != "" && !profileIsFolder(opts.Profile) {
		if reused, err := reuseRunningProfile(f, l.dir, filepath.Join(l.dir, profilesDir, opts.Profile)); reused || err != nil {
			return reused, err
		}
	}
	if l.target, err = launchTargetFor(l.dir, opts); err != nil {
		return false, err
	}
	l.extDir = l.target.extDir
	return false, installExtensionConfig(l.extDir, extension.Config{Server: "ws://" + f.Globals.Server + "/ws/browser", Token: key,
		Name: l.target.name, BrowserID: l.target.id, Profile: filepath.Base(l.target.profile)})
}

// start starts the browser, in the named launch's profile or a fresh one,
// and says on stderr what it started.
func (l *browserLaunch) start() error {
	f, opts := l.opts.f, l.opts
	l.started = time.Now()
	if chromium.IsRoot() {
		fmt.Fprintln(f.IO.ErrOut, "warning: running as root: Chromium is started with --no-sandbox, so a page that breaks the renderer runs with root's rights; run browserctl as another user to keep the sandbox")
	}
	co := chromium.Options{Extension: l.extDir, Profile: opts.Profile, URL: opts.URL, Headless: opts.Headless, NoSandbox: chromium.IsRoot()}
	var err error
	if opts.named() {
		co.Profile = l.target.profile
		l.bc, err = launcher.StartAs(l.dir, l.browser, co, launcher.Browser{Fresh: l.target.fresh, Name: l.target.name, BrowserID: l.target.id}, f.IO.ErrOut)
	} else {
		l.bc, err = launcher.Start(l.dir, l.browser, co, f.IO.ErrOut)
	}
	if err != nil {
		return err
	}
	if opts.named() {
		fmt.Fprintf(f.IO.ErrOut, "started %s as browser %s (id %s, pid %d, profile %s, log %s)\n", filepath.Base(l.browser), l.target.name, l.target.id, l.bc.Pid(), l.bc.Profile, l.bc.Log)
	} else {
		fmt.Fprintf(f.IO.ErrOut, "started %s (pid %d, profile %s, log %s)\n", filepath.Base(l.browser), l.bc.Pid(), l.bc.Profile, l.bc.Log)
	}
	return nil
}

// waitConnected waits (--wait) until the started browser's extension has
// connected to the hub, this browser's and not one connected before; the
// browser exiting first ends the wait, with its log named.
func (l *browserLaunch) waitConnected(ctx context.Context, h hubapi.Controller) error {
	f := l.opts.f
	exited := l.bc.Exited()
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-exited:
			cancel()
		case <-wctx.Done():
		}
	}()
	waitOut := &connectedNote{w: f.IO.ErrOut}
	err := hubclient.WaitExtension(wctx, waitOut, h, f.Globals.Server, f.Globals.Wait)
	switch {
	case err == nil && l.opts.named():
		err = waitBrowserSince(wctx, h, l.target.id, l.started, f.Globals.Wait)
	case err == nil:
		err = waitConnectedSince(wctx, h, l.started, f.Globals.Wait)
	}
	if err == nil && !waitOut.said {
		// the extension was quicker than the first look: say it all the same
		fmt.Fprintln(f.IO.ErrOut, "extension connected")
	}
	if err != nil {
		select {
		case <-exited:
			return fmt.Errorf("the browser exited before its extension connected; see %s", l.bc.Log)
		default:
		}
		return err
	}
	return nil
}

// report prints the started browser's pid, or with --json what launch
// made.
func (l *browserLaunch) report() error {
	f := l.opts.f
	if f.Globals.JSON {
		out := map[string]any{"pid": l.bc.Pid(), "profile": l.bc.Profile, "browser": l.browser, "extension": l.extDir}
		if l.opts.named() {
			out["name"], out["browserId"] = l.target.name, l.target.id
		}
		return cmdutil.MarshalJSON(f, out)
	}
	fmt.Fprintf(f.IO.Out, "%d\n", l.bc.Pid())
	return nil
}

// reuseConnectedBrowser: when a hub runs and a browser's extension is
// connected to it, launch starts nothing (two browsers would take the hub
// from each other). It prints the pid of the browser launch
// started, when the connected one is that.
func reuseConnectedBrowser(ctx context.Context, f *cmdutil.Factory) (bool, error) {
	h, err := f.ExistingHub()
	if err != nil {
		return false, nil
	}
	if c, ok := h.(io.Closer); ok {
		defer c.Close()
	}
	st, err := hubclient.StatusOf(ctx, h)
	if err != nil || !st.Connected {
		return false, nil // no hub, or no browser yet: launch one
	}
	who := "a browser"
	if st.Browser != nil {
		who = describeBrowser(*st.Browser)
	}
	pid := 0
	if dir, err := f.StateDir(); err == nil {
		pid = launcher.LastLivePID(dir)
	}
	fmt.Fprintf(f.IO.ErrOut, "already connected: %s; reusing it (`browserctl launch --new` starts another)\n", who)
	if f.Globals.JSON {
		return true, cmdutil.MarshalJSON(f, map[string]any{"reused": true, "pid": pid, "connected": st.Browser})
	}
	if pid > 0 {
		fmt.Fprintf(f.IO.Out, "%d\n", pid)
	}
	return true, nil
}

// connectedNote passes the wait's notes on and remembers whether one of
// them said the extension connected.
type connectedNote struct {
	w    io.Writer
	said bool
}

func (n *connectedNote) Write(p []byte) (int, error) {
	if bytes.Contains(p, []byte("extension connected")) {
		n.said = true
	}
	return n.w.Write(p)
}

// waitConnectedSince waits up to d until the hub's connection is one made
// after t: with --new another browser is connected already, and the new
// one has connected only once it replaced that one.
func waitConnectedSince(ctx context.Context, h hubapi.Controller, t time.Time, d time.Duration) error {
	return waitStatus(ctx, h, d, func(st hubapi.Status) bool { return st.Connected && !st.Since.Before(t) },
		fmt.Sprintf("the browser launch started did not connect within %s; another one still is", d))
}

// waitStatus polls the hub's status up to d until ok holds; a
// NotConnectedError saying why not after that.
func waitStatus(ctx context.Context, h hubapi.Controller, d time.Duration, ok func(hubapi.Status) bool, why string) error {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	for {
		st, err := hubclient.StatusOf(ctx, h)
		if err != nil && ctx.Err() == nil {
			return err
		}
		if err == nil && ok(st) {
			return nil
		}
		select {
		case <-ctx.Done():
			return &hubclient.NotConnectedError{Msg: why}
		case <-time.After(cmdutil.PollEvery):
		}
	}
}
