package cmd

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"syscall"

	"github.com/spf13/cobra"

	"browserctl/hub"
)

type serveOptions struct {
	f           *Factory
	Addr        string
	Verbose     bool
	ExtensionID string
}

func newCmdServe(f *Factory, runF func(context.Context, *serveOptions) error) *cobra.Command {
	opts := &serveOptions{f: f}
	c := &cobra.Command{
		Use:   "serve",
		Short: "Hold the hub: the WebSocket the extension connects to, and the control API",
		Long: `Hold the hub at --addr in the foreground until interrupted: /ws/browser for
the extension, POST /rpc, GET /status, PUT /session and GET /events for
other browserctl processes. One-shot commands start it in the background
when nothing listens; its pid goes to daemon.pid in the state folder.`,
		Example: `  browserctl serve
  browserctl serve --addr 127.0.0.1:9333 -v`,
		Args: noArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if opts.Addr == "" {
				opts.Addr = f.Globals.Server
			} else if addr, err := parseServerAddr(opts.Addr); err != nil {
				return usageErrorf("--addr: %v", err)
			} else {
				opts.Addr = addr
			}
			if err := checkExtensionID(opts.ExtensionID); opts.ExtensionID != "" && err != nil {
				return usageErrorf("--extension-id: %v", err)
			}
			ctx, stop := interruptible(c.Context())
			defer stop()
			if runF != nil {
				return runF(ctx, opts)
			}
			return serveRun(ctx, opts)
		},
		Annotations: notReplayed(notPageWork),
	}
	c.Flags().StringVar(&opts.Addr, "addr", "", "address to listen on (default: --server)")
	c.Flags().BoolVarP(&opts.Verbose, "verbose", "v", false, "log every frame and call")
	c.Flags().StringVar(&opts.ExtensionID, "extension-id", f.Getenv("BROWSERCTL_EXTENSION_ID"), "accept only this extension's origin ($BROWSERCTL_EXTENSION_ID)")
	return c
}

func serveRun(ctx context.Context, opts *serveOptions) error {
	f := opts.f
	if f.InREPL {
		return errors.New("the REPL already holds or uses a hub; run `browserctl serve` in another shell")
	}
	token, err := f.Token()
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", opts.Addr)
	if err != nil {
		if errors.Is(err, syscall.EADDRINUSE) {
			return fmt.Errorf("%s is already in use (another hub or another program); `browserctl status --server %s` tells which", opts.Addr, opts.Addr)
		}
		return err
	}
	logger := log.New(f.IO.ErrOut, "", log.LstdFlags|log.Lmicroseconds)
	hopts := hub.Options{Token: token, ExtensionID: opts.ExtensionID}
	if opts.Verbose {
		hopts.Logf = logger.Printf
		hopts.FrameLog = f.IO.ErrOut
	}
	h := hub.New(hopts)
	defer h.Close()

	if dir, err := f.StateDir(); err == nil {
		pidPath := filepath.Join(dir, pidFileName)
		if err := os.WriteFile(pidPath, []byte(strconv.Itoa(os.Getpid())+"\n"), 0o600); err != nil {
			logger.Printf("cannot write %s: %v", pidPath, err)
		}
		defer removePidFileIfOurs(pidPath, os.Getpid())
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if events, err := h.Events(ctx); err == nil {
		go func() {
			for ev := range events {
				logger.Printf("event %s %s%s", ev.Type, ev.Remote, ev.Session)
			}
		}()
	}
	if dir, err := f.StateDir(); err == nil {
		go watchLaunched(ctx, h, dir, logger.Printf)
	}
	logger.Printf("hub listening on ws://%s/ws/browser (pid %d)", ln.Addr(), os.Getpid())
	err = h.Serve(ctx, ln)
	logger.Printf("hub stopped")
	if err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	return nil
}

func removePidFileIfOurs(path string, pid int) {
	if p, err := readPidFile(path); err == nil && p == pid {
		os.Remove(path)
	}
}
