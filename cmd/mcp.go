package cmd

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/cmd/internal/failure"
	"browserctl/hub/capability"
	"browserctl/hub/hubapi"
	"browserctl/hub/hubclient"
	"browserctl/mcpserver"
	"browserctl/rpc"
)

// mcpOptions are the mcp command's flags.
type mcpOptions struct {
	f         *cmdutil.Factory
	Browser   string
	OutputDir string
	AllowRead []string // made absolute by check
	Confirm   string
	AllTools  bool
	MaxChars  int
}

const mcpLong = `Run an MCP server on stdin/stdout for an AI agent (Claude Code, Claude Desktop,
Cursor, VS Code, ...). Its tools are shaped like Playwright MCP's
(browser_navigate, browser_snapshot, browser_click, ...) and act through the
same hub, extension and sessions as every other command: the hub at --server
is found or started the same way.

Each client gets a session (tab group) of its own, created on its first page
tool and released when it goes; a client sees and acts on only the sessions
it created (another's use or release fails with reason forbidden);
--session makes every client share that session instead. With several
browsers on the hub (` + "`browserctl browsers`" + `), --browser NAME makes every
client's sessions in that one (a second Chrome profile is a second cookie
jar: one agent per profile is logged in as a different account), and a
client cannot make one elsewhere; without it they go to the browser
connected first, and browser_session create takes a browser.
A client's sessions never become the shells' current session.
tools/list shows the tools most tasks use and browser_more, which runs every
other tool by name (and with help, says its arguments); --all-tools lists
every tool instead. After an action the result carries any dialog that
opened and at most --max-snapshot-chars characters of the page (0: its URL
and title only; -1: the whole snapshot): on the document the client last
saw, what changed (less what the action was asked to set and did); on a new
document, its URL and title and the page whole when it is small, else an
outline (landmarks, headings, frames and controls with refs) and how to
read more (browser_find, browser_snapshot).
The tools write only under --output-dir (default: the state folder's
mcp/CLIENT/, CLIENT the client's name): PDFs, traces, state files, and
downloads unless --download-dir is given; the results name each file. They
read files (browser_file_upload, browser_state_load) only from --allow-read
folders, the client's MCP roots, and the output folder. A path outside,
with "..", or through a symlink leading out fails with reason
path_not_allowed and nothing is read or written.
--confirm names what the sessions the clients create ask the person at the
browser before (as session policy --confirm): a bar in the page and the
popup names the client and the action ("mcp claude-code wants to click
'Pay now' on shop.example"); the tool call waits for Allow, reporting the
wait as progress to a client that sent a progress token, and fails with
reason denied or approval_timeout otherwise. The clients cannot change it.`

func newCmdMCP(f *cmdutil.Factory) *cobra.Command {
	opts := &mcpOptions{f: f, MaxChars: mcpserver.DefaultMaxSnapshotChars}
	c := &cobra.Command{
		Use:   "mcp",
		Short: "Serve the browser to an AI agent over the Model Context Protocol (stdio)",
		Long:  mcpLong,
		Example: `  browserctl mcp
  browserctl mcp --max-snapshot-chars 4000
  browserctl mcp --session s1k2x9      # share an existing session
  browserctl mcp --browser work        # every session in the browser named work
  browserctl mcp --output-dir ~/agent-out --allow-read ~/project/fixtures
  browserctl mcp --confirm submit,upload,download,navigate-offsite,eval,close
  claude mcp add browserctl -- browserctl mcp`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return mcpRun(c.Context(), opts)
		},
		Annotations: cmdutil.NotReplayed(rpc.NotPageWork),
	}
	declareMCPFlags(c, opts)
	return c
}

// declareMCPFlags declares the mcp command's flags into opts.
func declareMCPFlags(c *cobra.Command, opts *mcpOptions) {
	f := opts.f
	c.Flags().StringVar(&opts.Browser, "browser", "", "the browser (name or id, as `browserctl browsers` lists them) every client's sessions are made in")
	_ = c.RegisterFlagCompletionFunc("browser", func(c *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return cmdutil.CompleteBrowsers(f, toComplete), cobra.ShellCompDirectiveNoFileComp
	})
	c.Flags().StringVar(&opts.OutputDir, "output-dir", "", "the one folder the tools write in (PDFs, traces, state files, downloads without --download-dir); default: the state folder's mcp/CLIENT/")
	c.Flags().StringArrayVar(&opts.AllowRead, "allow-read", nil, "a folder the tools may read files from (browser_file_upload, browser_state_load), besides the output folder and the client's roots; repeatable")
	c.Flags().StringVar(&opts.Confirm, "confirm", "", "ask the person at the browser before these in the sessions the clients create, comma-separated: "+strings.Join(rpc.ConfirmKind.Values, ","))
	c.Flags().BoolVar(&opts.AllTools, "all-tools", false, "list every tool in tools/list (default: the common ones and browser_more, which runs the others)")
	c.Flags().IntVar(&opts.MaxChars, "max-snapshot-chars", opts.MaxChars, "the page part of an action's result, in characters: changes, the small page whole or an outline (0: URL and title only, -1: the whole snapshot)")
}

// mcpRun serves the tools on stdin/stdout until the client goes or the
// command is interrupted.
func mcpRun(ctx context.Context, opts *mcpOptions) error {
	f := opts.f
	kinds, err := opts.check()
	if err != nil {
		return err
	}
	ctl, err := f.Hub()
	if err != nil {
		return err
	}
	session, err := mcpSession(ctx, f, ctl, kinds)
	if err != nil {
		return err
	}
	srv := mcpserver.New(mcpServerOptions(opts, ctl, session, kinds))
	ctx, cancel := interruptible(ctx)
	defer cancel()
	err = srv.Run(ctx, &mcp.StdioTransport{})
	if ctx.Err() != nil {
		return nil // interrupted: a clean end
	}
	return err
}

// check refuses a bad --max-snapshot-chars, --confirm or --allow-read
// before the hub is reached, makes each --allow-read folder absolute, and
// returns the --confirm kinds.
func (o *mcpOptions) check() ([]string, error) {
	if o.MaxChars < -1 {
		return nil, cmdutil.UsageErrorf("--max-snapshot-chars must be >= 0, or -1 for no limit")
	}
	kinds, err := parseConfirm(o.Confirm)
	if err != nil {
		return nil, err
	}
	for i, d := range o.AllowRead {
		abs, err := filepath.Abs(d)
		if err != nil {
			return nil, cmdutil.UsageErrorf("--allow-read %s: %v", d, err)
		}
		if st, err := os.Stat(abs); err != nil || !st.IsDir() {
			return nil, cmdutil.UsageErrorf("--allow-read %s: not a folder", d)
		}
		o.AllowRead[i] = abs
	}
	return kinds, nil
}

// mcpSession is the session every client shares: --session (with a note
// that --confirm does not reach it), else the one session of a capability
// browserctl was started with, else none (each client makes its own).
func mcpSession(ctx context.Context, f *cmdutil.Factory, ctl hubapi.Controller, kinds []string) (string, error) {
	session := cmdutil.SessionOf(f)
	if len(kinds) > 0 && session != "" {
		fmt.Fprintf(f.IO.ErrOut, "note: --confirm applies to the sessions the clients create, not to session %s (set its own with `browserctl session policy %s --confirm ...`)\n", session, session)
	}
	if t, err := f.Token(); err == nil && capability.Is(t) && session == "" {
		// Started with a capability: its one session is every
		// client's (the hub answers it in the status).
		st, err := hubclient.StatusOf(ctx, ctl)
		if err != nil {
			return "", err
		}
		session = st.Session
	}
	return session, nil
}

// mcpServerOptions is the server's setup: the checked flags, the shared
// session, and the CLI's own ways to describe a failure and save a
// download, so the tools report and write as the commands do.
func mcpServerOptions(opts *mcpOptions, ctl hubapi.Controller, session string, kinds []string) mcpserver.Options {
	f := opts.f
	return mcpserver.Options{
		Caller:           ctl,
		Session:          session,
		Browser:          opts.Browser,
		MaxSnapshotChars: opts.MaxChars,
		Timeout:          f.Globals.Timeout,
		Hint: func(err error) string {
			var be *rpc.BrowserError
			if errors.As(err, &be) {
				return failure.HintFor(be)
			}
			return failure.HubHint(err)
		},
		Describe: func(err error) mcpserver.ErrorReport {
			r := failure.Describe("", f.Globals.Server, err)
			return mcpserver.ErrorReport{Code: r.Code, Name: r.Name, Message: r.Message,
				Reason: mcpserver.ReasonOf(err), Retryable: r.Retryable, Hint: r.Hint}
		},
		Version: cmdutil.Version(),
		SaveDownload: func(d *rpc.Download, into string) (string, error) {
			folder := downloadFolder(f)
			folder.Given = into
			return folder.Save(d, "", false)
		},
		DownloadDir: f.Globals.DownloadDir,
		OutputDir:   opts.OutputDir,
		StateDir:    f.StateDir,
		AllowRead:   opts.AllowRead,
		Confirm:     kinds,
		AllTools:    opts.AllTools,
	}
}
