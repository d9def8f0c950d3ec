package cmd

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/cmd/internal/daemon"
	"browserctl/internal/token"
	"browserctl/rpc"
)

type serveOptions struct {
	f           *cmdutil.Factory
	Addr        string
	Verbose     bool
	ExtensionID string
	AllowRemote bool
	RemoteAddr  string
	TLSCert     string
	TLSKey      string
	Hosts       []string
	Keep        bool
}

func newCmdServe(f *cmdutil.Factory, runF func(context.Context, *serveOptions) error) *cobra.Command {
	opts := &serveOptions{f: f}
	c := &cobra.Command{
		Use:   "serve",
		Short: "Hold the hub: the WebSocket the extension connects to, and the control API",
		Long: `Hold the hub at --addr in the foreground until interrupted: /ws/browser for
the extension, POST /rpc, GET /status, PUT /session and GET /events for
other browserctl processes. One-shot commands start it in the background
when nothing listens; its pid goes to daemon.pid in the state folder.

--addr must be a loopback address (127.0.0.1, [::1], localhost): the
control API never leaves this machine. --allow-remote opens a second
listener, --remote-addr (default 0.0.0.0:9443), for browsers on other
machines: wss:// only, /ws/browser only, and only for a browser with a key
of its own (` + "`browserctl extension install --server wss://HOST:PORT --name NAME DIR`" + `
makes one and writes it into that browser's config.json; never the control
token, never this machine's extension key). Its certificate is --tls-cert
and --tls-key, else a self-signed pair made once in the state folder's tls/
for the remote address's names and every --allow-host; stderr prints its
key's SHA-256, which Chromium on the other machine is started with
(--ignore-certificate-errors-spki-list=...): an extension cannot check a
certificate itself.

-v logs, to stderr, every connection event and every frame each way (the
first 4 KiB of each), with the hub's messages. It never logs the token
or the values of members that carry secrets: fill values and typed text
("value", "text"), passwords, headers (with cookies and Authorization),
request and response bodies, and the localStorage and sessionStorage of a
state; each shows as "[redacted N chars]". Method names, refs, selectors,
URLs, titles and the other members are logged as they are.

--keep (or BROWSERCTL_KEEP_JOURNAL=1, which a hub a one-shot command starts
in the background, and a REPL that holds the hub itself, read too) keeps
the journal (browserctl log) on disk as well: one file per session in the
state folder's journal/ (0600, the folder 0700), the newest 10,000 entries
of each (a file is rewritten once it holds 20,000 lines), read back when a
hub starts, so log shows what callers did before a restart. Like the
journal in memory it never holds a typed value, only its length.`,
		Example: `  browserctl serve
  browserctl serve --addr 127.0.0.1:9333 -v
  browserctl serve --keep
  browserctl serve --allow-remote --allow-host devbox.lan
  browserctl serve --allow-remote --remote-addr 10.0.0.5:9443 --tls-cert hub.pem --tls-key hub-key.pem`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if opts.Addr == "" {
				opts.Addr = f.Globals.Server
			} else if addr, err := cmdutil.ParseServerAddr(opts.Addr); err != nil {
				return cmdutil.UsageErrorf("--addr: %v", err)
			} else {
				opts.Addr = addr
			}
			if !daemon.LoopbackAddr(opts.Addr) {
				return cmdutil.UsageErrorf("--addr %s is not a loopback address: the control API stays on this machine; browsers on other machines connect over wss:// to --remote-addr (--allow-remote)", opts.Addr)
			}
			if err := checkRemoteFlags(opts); err != nil {
				return err
			}
			if err := cmdutil.CheckExtensionID(opts.ExtensionID); opts.ExtensionID != "" && err != nil {
				return cmdutil.UsageErrorf("--extension-id: %v", err)
			}
			ctx, stop := interruptible(c.Context())
			defer stop()
			if runF != nil {
				return runF(ctx, opts)
			}
			return serveRun(ctx, opts)
		},
		Annotations: cmdutil.NotReplayed(rpc.NotPageWork),
	}
	c.Flags().StringVar(&opts.Addr, "addr", "", "address to listen on (default: --server)")
	c.Flags().BoolVarP(&opts.Verbose, "verbose", "v", false, "log every frame and call to stderr, secrets redacted (see above)")
	c.Flags().BoolVar(&opts.AllowRemote, "allow-remote", false, "take browsers on other machines over wss:// at --remote-addr, each with its own key")
	c.Flags().StringVar(&opts.RemoteAddr, "remote-addr", "0.0.0.0:9443", "with --allow-remote, where remote browsers connect (wss://)")
	c.Flags().StringVar(&opts.TLSCert, "tls-cert", "", "with --allow-remote, the remote listener's certificate (PEM; default: a self-signed one in the state folder)")
	c.Flags().StringVar(&opts.TLSKey, "tls-key", "", "with --allow-remote, the key of --tls-cert (PEM)")
	c.Flags().StringArrayVar(&opts.Hosts, "allow-host", nil, "with --allow-remote, a further name of this machine the generated certificate is made for (repeatable)")
	c.Flags().StringVar(&opts.ExtensionID, "extension-id", f.Getenv("BROWSERCTL_EXTENSION_ID"), "accept only this extension's origin ($BROWSERCTL_EXTENSION_ID)")
	c.Flags().BoolVar(&opts.Keep, "keep", cmdutil.EnvBool(f.Getenv("BROWSERCTL_KEEP_JOURNAL")), "keep the journal on disk too, in the state folder's journal/ ($BROWSERCTL_KEEP_JOURNAL)")
	return c
}

func serveRun(ctx context.Context, opts *serveOptions) error {
	f := opts.f
	if f.InREPL {
		return errors.New("the REPL already holds or uses a hub; run `browserctl serve` in another shell")
	}
	controlToken, err := cmdutil.ControlToken(f)
	if err != nil {
		return err
	}
	extKey, err := token.LoadOrCreateExtensionKey()
	if err != nil {
		return err
	}
	dir, err := f.StateDir()
	if err != nil {
		if opts.Keep {
			return fmt.Errorf("--keep: no state folder to keep the journal in: %w", err)
		}
		dir = "" // no pid file, no watch on launched browsers
	}
	return daemon.Serve(ctx, daemon.Options{
		Addr: opts.Addr, Token: controlToken, ExtensionKey: extKey, ExtensionID: opts.ExtensionID, Verbose: opts.Verbose,
		StateDir: dir, Log: f.IO.ErrOut, AllowRemote: opts.AllowRemote, Hosts: opts.Hosts, KeepJournal: opts.Keep,
		RemoteAddr: opts.RemoteAddr, TLSCert: opts.TLSCert, TLSKey: opts.TLSKey,
	})
}

// checkRemoteFlags: the remote listener's flags go with --allow-remote,
// and the certificate's two files together.
func checkRemoteFlags(opts *serveOptions) error {
	c := opts.TLSCert != "" || opts.TLSKey != "" || len(opts.Hosts) > 0
	switch {
	case c && !opts.AllowRemote:
		return cmdutil.UsageErrorf("--tls-cert, --tls-key and --allow-host go with --allow-remote")
	case (opts.TLSCert == "") != (opts.TLSKey == ""):
		return cmdutil.UsageErrorf("--tls-cert and --tls-key go together")
	case opts.AllowRemote:
		if _, err := cmdutil.ParseServerAddr(opts.RemoteAddr); err != nil && !strings.HasPrefix(opts.RemoteAddr, ":") {
			return cmdutil.UsageErrorf("--remote-addr: %v", err)
		}
	}
	return nil
}
