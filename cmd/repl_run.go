package cmd

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"browserctl/cmd/cmdutil"
	"browserctl/cmd/internal/daemon"
	"browserctl/cmd/internal/launcher"
	"browserctl/hub"
	"browserctl/hub/capability"
	"browserctl/hub/hubapi"
	"browserctl/hub/hubclient"
	tokenfile "browserctl/internal/token"
	"browserctl/repl"
	"browserctl/repl/hubwatch"
)

// historyFileName is the REPL's history in the state folder.
const historyFileName = "history"

// replHub is the controller the REPL's lines share: a client of a running
// hub, or a hub this process holds.
type replHub struct {
	ctrl    hubapi.Controller
	inProc  bool
	serving chan error // the in-process hub's Serve result
	local   func()     // waits for the in-process hub's control socket to close
}

// openREPLHub becomes a client of the hub at addr, or, with none there,
// holds the listener itself.
func openREPLHub(ctx context.Context, f *cmdutil.Factory) (*replHub, error) {
	token, err := f.Token()
	if err != nil {
		return nil, err
	}
	addr := f.Globals.Server
	client := hubclient.NewClient(addr, token)
	client.UseLocalSocket(cmdutil.LocalSocket(f))
	_, err = hubclient.StatusOf(ctx, client)
	if err == nil {
		return &replHub{ctrl: client}, nil
	}
	if !errors.Is(err, hubclient.ErrNoHub) {
		return nil, err
	}
	if capability.Is(token) {
		return nil, fmt.Errorf("no hub at %s: %w", addr, cmdutil.ErrCapabilityHoldsNoHub)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("no hub at %s and cannot listen there: %w", addr, err)
	}
	extKey, err := tokenfile.LoadOrCreateExtensionKey()
	if err != nil {
		ln.Close()
		return nil, err
	}
	hopts := hub.Options{Token: token, ExtensionKey: extKey, ExtensionID: f.Getenv("BROWSERCTL_EXTENSION_ID")}
	if dir, err := f.StateDir(); err == nil {
		if caps, err := capability.Open(filepath.Join(dir, capability.FileName)); err == nil {
			hopts.Capabilities = caps
		}
		if cmdutil.EnvBool(f.Getenv("BROWSERCTL_KEEP_JOURNAL")) {
			hopts.JournalDir = daemon.JournalDir(dir) // as serve --keep
		}
	}
	h := hub.New(hopts)
	rh := &replHub{ctrl: h, inProc: true, serving: make(chan error, 1), local: func() {}}
	go func() { rh.serving <- h.Serve(ctx, ln) }()
	if dir, err := f.StateDir(); err == nil {
		go launcher.Watch(ctx, h, dir, func(string, ...any) {}) // the REPL's lines say it
		rh.local = daemon.ServeLocal(ctx, h, dir, ln.Addr(), func(string, ...any) {})
	}
	return rh, nil
}

func runREPL(ctx context.Context, f *cmdutil.Factory) error {
	// Lines get their own context: SIGINT while a line runs cancels that
	// line only; SIGTERM or SIGHUP end the REPL.
	base, stop := context.WithCancel(context.WithoutCancel(ctx))
	defer stop()
	term := make(chan os.Signal, 1)
	signal.Notify(term, syscall.SIGTERM, syscall.SIGHUP)
	defer signal.Stop(term)
	go func() {
		select {
		case <-term:
			stop()
		case <-base.Done():
		}
	}()

	rh, err := openREPLHub(base, f)
	if err != nil {
		return err
	}
	defer func() {
		stop()
		if rh.inProc {
			<-rh.serving
			rh.local()
		}
	}()

	own := hubclient.NewOwn(launchAware{rh.ctrl, f}, "this REPL", startSession(base, f, rh.ctrl))
	own.SetCaller(hubapi.Caller{Kind: "repl", PID: os.Getpid()})
	var ps hubwatch.Prompt
	if st, err := hubclient.StatusOf(base, own); err == nil {
		ps.Set(st)
	}
	if rh.inProc {
		fmt.Fprintf(f.IO.ErrOut, "holding the hub at ws://%s/ws/browser while the REPL runs\n", f.Globals.Server)
	} else {
		fmt.Fprintf(f.IO.ErrOut, "using the hub at %s\n", f.Globals.Server)
	}
	fmt.Fprintln(f.IO.ErrOut, "Tab completes, Ctrl-C clears the line, Ctrl-D leaves; `help` lists commands.")

	notices := make(chan string, 16)
	go hubwatch.Watch(base, own, f.IO.ColorScheme, &ps, notices)

	lineF := replFactory(f, own)
	var session replSession
	lineF.History = session.lines
	script := newRecorder(own, lineF.Factory)
	lineF.Script = script.Script
	historyFile := ""
	if dir, err := f.StateDir(); err == nil {
		historyFile = filepath.Join(dir, historyFileName)
	}
	return repl.Loop(base, repl.Config{
		Prompt: func() string { return ps.String(f.IO.ColorScheme()) },
		Run: func(ctx context.Context, args []string) {
			session.add(args)
			lctx, cancel := context.WithCancel(ctx)
			defer cancel()
			intr := make(chan os.Signal, 1)
			signal.Notify(intr, os.Interrupt)
			defer signal.Stop(intr)
			go func() {
				select {
				case <-intr:
					cancel()
				case <-lctx.Done():
				}
			}()
			f.IO.SetColorEnabled(lineF.colorDefault)
			sl := script.Before(lctx, args)
			script.After(sl, Run(lctx, lineF.Factory, args) == cmdutil.ExitOK)
			sctx, scancel := context.WithTimeout(ctx, time.Second)
			if st, err := own.Status(sctx); err == nil {
				ps.Set(st)
			}
			scancel()
		},
		Complete: func(args []string, toComplete string) []string {
			return CompleteLine(base, lineF.Factory, args, toComplete)
		},
		HistoryFile: historyFile,
		Notices:     notices,
		Stdin:       readCloser(f),
		Stdout:      f.IO.Out,
		Stderr:      f.IO.ErrOut,
	})
}

type lineFactory struct {
	*cmdutil.Factory
	colorDefault bool
}

// replFactory is the factory of the REPL's (or a batch run's) lines: the
// REPL's hub through a session of the REPL's own (hubclient.Own; ctrl, when
// it is not one already, gets one holding the REPL's --session), and the
// REPL's own global flags as the lines' defaults, less --session, which the
// Own holds so that `session use` and `session create` on a line change it.
func replFactory(f *cmdutil.Factory, ctrl hubapi.Controller) lineFactory {
	if _, ok := ctrl.(*hubclient.Own); !ok {
		ctrl = hubclient.NewOwn(ctrl, "this REPL", f.Globals.Session)
	}
	defaults := *f.Globals
	defaults.Session = ""
	lf := *f
	lf.Globals = &cmdutil.Globals{}
	lf.Defaults = &defaults
	lf.InREPL = true
	lf.Hub = func() (hubapi.Controller, error) { return ctrl, nil }
	lf.ExistingHub = lf.Hub
	return lineFactory{Factory: &lf, colorDefault: f.IO.ColorEnabled()}
}

func readCloser(f *cmdutil.Factory) *os.File {
	if file, ok := f.IO.In.(*os.File); ok {
		return file
	}
	return os.Stdin
}

// CompleteLine answers completion candidates for a partial command line,
// from the same tree (and ValidArgsFunctions) as shell completion: it runs
// cobra's hidden __complete command on a fresh tree.
func CompleteLine(ctx context.Context, f *cmdutil.Factory, args []string, toComplete string) []string {
	var out bytes.Buffer
	cf := *f
	io := *f.IO
	io.Out, io.ErrOut = &out, &bytes.Buffer{}
	cf.IO = &io
	cf.Globals = &cmdutil.Globals{}
	root := NewRootCmd(&cf)
	root.SetArgs(append(append([]string{"__complete"}, args...), toComplete))
	if err := root.ExecuteContext(ctx); err != nil {
		return nil
	}
	var cands []string
	sc := bufio.NewScanner(&out)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, ":") {
			break // the directive
		}
		if line == "" || strings.HasPrefix(line, "_activeHelp_") {
			continue
		}
		cands = append(cands, line)
	}
	if len(args) == 0 {
		for _, b := range []string{"exit", "quit"} {
			if strings.HasPrefix(b, toComplete) {
				cands = append(cands, b)
			}
		}
	}
	return cands
}
