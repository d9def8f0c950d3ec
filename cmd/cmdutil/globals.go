package cmdutil

// The root's persistent flags (--server, --session, --json, ...), each with
// an environment variable that gives its default.

import (
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"browserctl/hub"
	"browserctl/rpc"
)

// Globals are the root's persistent flags, each with an environment variable.
type Globals struct {
	Server  string        // --server, BROWSERCTL_SERVER
	Session string        // --session, BROWSERCTL_SESSION
	JSON    bool          // --json, BROWSERCTL_JSON
	Timeout time.Duration // --timeout, BROWSERCTL_TIMEOUT (0: rpc.DefaultTimeout)
	NoColor bool          // --no-color, NO_COLOR
	Wait    time.Duration // --wait, BROWSERCTL_WAIT: how long to wait for the extension
	// DownloadDir is --download-dir, BROWSERCTL_DOWNLOAD_DIR ("": the
	// state folder's downloads/).
	DownloadDir string
	// Verbose is -v, BROWSERCTL_TIMING: where the command's time went.
	Verbose bool
	// ServerScheme is the scheme --server was given with ("wss" for a
	// remote browser's address, extension install), "" for none; Server
	// is host:port.
	ServerScheme string
}

// ServerScheme is the lower-case scheme of a --server value, "" for none.
func ServerScheme(server string) string {
	scheme, _, ok := strings.Cut(strings.TrimSpace(server), "://")
	if !ok {
		return ""
	}
	return strings.ToLower(scheme)
}

func AddGlobalFlags(root *cobra.Command, f *Factory) {
	d := f.Defaults
	if d == nil {
		env := EnvGlobals(f.Getenv)
		d = &env
	}
	g := f.Globals
	pf := root.PersistentFlags()
	pf.StringVar(&g.Server, "server", d.Server, "hub address host:port ($BROWSERCTL_SERVER)")
	pf.StringVar(&g.Session, "session", d.Session, "session id to act on ($BROWSERCTL_SESSION; default: the hub's current session)")
	pf.BoolVar(&g.JSON, "json", d.JSON, "print the raw result JSON ($BROWSERCTL_JSON)")
	pf.DurationVar(&g.Timeout, "timeout", d.Timeout, "time budget of a browser command: connecting, waiting for the extension and its calls ($BROWSERCTL_TIMEOUT)")
	pf.BoolVar(&g.NoColor, "no-color", d.NoColor, "no colour in output ($NO_COLOR)")
	pf.BoolVarP(&g.Verbose, "verbose", "v", d.Verbose, "print on stderr where the command's time went: start, hub, extension, each CDP method ($BROWSERCTL_TIMING)")
	pf.DurationVar(&g.Wait, "wait", d.Wait, "how long to wait for the extension to connect ($BROWSERCTL_WAIT)")
	pf.StringVar(&g.DownloadDir, "download-dir", d.DownloadDir, "where downloads are saved ($BROWSERCTL_DOWNLOAD_DIR; default: the state folder's downloads/)")
	_ = root.MarkPersistentFlagDirname("download-dir")
	_ = root.RegisterFlagCompletionFunc("session", completeSessionFlag(f))
}

// EnvGlobals are the root flags' defaults from the environment.
func EnvGlobals(env func(string) string) Globals {
	return Globals{
		Server:  envOr(env("BROWSERCTL_SERVER"), hub.DefaultAddr),
		Session: env("BROWSERCTL_SESSION"),
		JSON:    EnvBool(env("BROWSERCTL_JSON")),
		Timeout: envDuration(env("BROWSERCTL_TIMEOUT"), rpc.DefaultTimeout),
		NoColor: env("NO_COLOR") != "",
		Verbose: EnvBool(env("BROWSERCTL_TIMING")),
		Wait:    envDuration(env("BROWSERCTL_WAIT"), 30*time.Second),

		DownloadDir: env("BROWSERCTL_DOWNLOAD_DIR"),
	}
}

func envOr(v, def string) string {
	if v != "" {
		return v
	}
	return def
}

func EnvBool(v string) bool {
	b, err := strconv.ParseBool(v)
	return err == nil && b
}

func envDuration(v string, def time.Duration) time.Duration {
	if v == "" {
		return def
	}
	if d, err := time.ParseDuration(v); err == nil {
		return d
	}
	if ms, err := strconv.Atoi(v); err == nil {
		return time.Duration(ms) * time.Millisecond
	}
	return def
}

// HostPort reduces a --server value to host:port ("http://127.0.0.1:9223/"
// and "ws://127.0.0.1:9223/ws/browser" are accepted too).
func HostPort(server string) string {
	s := strings.TrimSpace(server)
	if i := strings.Index(s, "://"); i >= 0 {
		s = s[i+3:]
	}
	if i := strings.IndexByte(s, '/'); i >= 0 {
		s = s[:i]
	}
	return s
}
