package cmd

// `browserctl doctor`: every hop from this shell to the page, checked in
// order, the first broken one named with its fix.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"browserctl/hub"
	"browserctl/hubapi"
	"browserctl/hubclient"
	"browserctl/rpc"
	"browserctl/state"
	"browserctl/token"
)

// Check outcomes. Only "fail" makes doctor exit non-zero; "warn" is
// something to know that does not stop browserctl working.
const (
	checkOK   = "ok"
	checkFail = "fail"
	checkWarn = "warn"
	checkSkip = "skip"
)

// doctorCheck is one hop and how it stands.
type doctorCheck struct {
	Name   string `json:"name"`
	Status string `json:"status"` // ok, fail, warn, skip
	Detail string `json:"detail"`
	Fix    string `json:"fix,omitempty"`
}

// doctorReport is what --json prints.
type doctorReport struct {
	OK          bool          `json:"ok"`
	ExitCode    int           `json:"exitCode"`
	FirstBroken string        `json:"firstBroken,omitempty"`
	Checks      []doctorCheck `json:"checks"`
}

// Hop names, in the order they are checked.
const (
	hopStateFolder    = "state folder"
	hopToken          = "token"
	hopAddress        = "address"
	hopHub            = "hub"
	hopExtension      = "extension"
	hopHandshake      = "handshake"
	hopProtocol       = "protocol"
	hopBrowser        = "browser"
	hopBashCompletion = "bash-completion"
)

// doctorTimeout bounds each question to the hub or the extension.
const doctorTimeout = 5 * time.Second

// bashCompletionPaths are where the bash-completion package puts its main
// script (Debian/Fedora, older distributions, Homebrew).
var bashCompletionPaths = []string{
	"/usr/share/bash-completion/bash_completion",
	"/etc/bash_completion",
	"/opt/homebrew/etc/profile.d/bash_completion.sh",
	"/usr/local/etc/profile.d/bash_completion.sh",
}

func newCmdDoctor(f *Factory) *cobra.Command {
	var rawServer string
	c := &cobra.Command{
		Use:   "doctor",
		Short: "Check every hop from this shell to the browser and name the first broken one",
		Long: `Check, in order: the state folder and the token file (mode 0600), the
address (--server: parses, loopback or not), a browserctl hub answering there
(its pid and protocol version; a frozen hub, one that accepts connections
and answers nothing, is told from another program), the extension connected
to it (or when it was last seen, and the last connection the hub refused,
with its fix), the hub's refused connection attempts, the protocol version on both sides, a browser for ` + "`launch`" + `, and
the bash-completion package for ` + "`completion bash`" + `. The first broken hop is
named with its fix. Never starts a hub and never writes a file.

Exit 0 when every hop holds, 3 when the hub or the extension is missing, 1
otherwise. --json prints every check with its result.`,
		Example: `  browserctl doctor
  browserctl doctor --json | jq '.checks[] | select(.status != "ok")'`,
		Args: noArgs,
		// Its own pre-run: doctor checks the --server value itself, so a
		// value the other commands refuse is reported as the broken hop
		// rather than refused before doctor runs.
		PersistentPreRunE: func(c *cobra.Command, args []string) error {
			if f.Globals.NoColor {
				f.IO.SetColorEnabled(false)
			}
			rawServer = f.Globals.Server
			f.Globals.Server = hostPort(f.Globals.Server)
			return nil
		},
		RunE: func(c *cobra.Command, args []string) error {
			rep := runDoctor(c.Context(), f, rawServer)
			return printDoctor(f, rep)
		},
		Annotations: notReplayed(notPageWork),
	}
	return c
}

// doctorState carries what a check found to the checks after it.
type doctorState struct {
	token     string // "" when there is none to use
	addr      string // host:port, "" when it does not parse
	hubStatus *hubapi.Status
	client    *hubclient.Client
}

func runDoctor(ctx context.Context, f *Factory, rawServer string) doctorReport {
	var ds doctorState
	checks := []doctorCheck{
		checkStateFolder(f),
		checkToken(f, &ds),
		checkAddress(rawServer, &ds),
	}
	checks = append(checks, checkHub(ctx, &ds))
	checks = append(checks, checkExtension(f, &ds), checkHandshake(f, &ds))
	checks = append(checks, checkProtocol(ctx, &ds))
	checks = append(checks, checkBrowser(f, &ds), checkBashCompletion())
	if ds.client != nil {
		ds.client.Close()
	}

	rep := doctorReport{OK: true, Checks: checks}
	for _, c := range checks {
		if c.Status != checkFail {
			continue
		}
		rep.OK = false
		if rep.FirstBroken == "" {
			rep.FirstBroken = c.Name
			rep.ExitCode = int(ExitError)
		}
		if hubMissing(c) {
			rep.ExitCode = int(ExitNoBrowser)
		}
	}
	return rep
}

// hubMissing: a failed check that means no hub of ours is at the address
// (not a refused token: that hub is there), or no extension is connected.
func hubMissing(c doctorCheck) bool {
	switch c.Name {
	case hopExtension:
		return true
	case hopHub:
		return !strings.HasPrefix(c.Detail, "the hub refused")
	}
	return false
}

func checkStateFolder(f *Factory) doctorCheck {
	c := doctorCheck{Name: hopStateFolder}
	dir, err := state.Locate(f.Getenv)
	if err != nil {
		c.Status, c.Detail = checkFail, err.Error()
		c.Fix = "set " + state.EnvHome + " to a folder of yours"
		return c
	}
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		c.Status, c.Detail = checkFail, dir+" does not exist"
		c.Fix = "`browserctl token` creates it (mode 0700) with a token file"
	case err != nil:
		c.Status, c.Detail = checkFail, err.Error()
		c.Fix = "make " + dir + " a folder you can read and write, or set " + state.EnvHome
	case !fi.IsDir():
		c.Status, c.Detail = checkFail, dir+" is not a folder"
		c.Fix = "move it away, or set " + state.EnvHome + " to a folder"
	case fi.Mode().Perm()&0o077 != 0:
		c.Status = checkWarn
		c.Detail = fmt.Sprintf("%s (mode %04o: other users can list it)", dir, fi.Mode().Perm())
		c.Fix = "chmod 700 " + shellQuote(dir)
	default:
		c.Status, c.Detail = checkOK, fmt.Sprintf("%s (mode %04o)", dir, fi.Mode().Perm())
	}
	return c
}

func checkToken(f *Factory, ds *doctorState) doctorCheck {
	c := doctorCheck{Name: hopToken}
	env := f.Getenv(token.Env)
	dir, err := state.Locate(f.Getenv)
	if err != nil {
		if env != "" {
			ds.token = env
			c.Status, c.Detail = checkOK, "from $"+token.Env
			return c
		}
		c.Status, c.Detail = checkSkip, "no state folder"
		return c
	}
	path := filepath.Join(dir, token.FileName)
	fi, statErr := os.Stat(path)
	switch {
	case statErr == nil && fi.Mode().Perm()&^0o600 != 0:
		// checked even when $BROWSERCTL_TOKEN wins: a readable secret is a leak
		c.Status = checkFail
		c.Detail = fmt.Sprintf("token file %s has mode %04o: other users can read the token", path, fi.Mode().Perm())
		c.Fix = "chmod 600 " + shellQuote(path)
		if env != "" {
			ds.token = env
		} else if t, err := readTokenFile(path); err == nil {
			ds.token = t
		}
		return c
	case env != "":
		ds.token = env
		c.Status, c.Detail = checkOK, "from $"+token.Env+" (the token file is not used)"
		return c
	case errors.Is(statErr, fs.ErrNotExist):
		c.Status, c.Detail = checkFail, "no token file "+path+" and no $"+token.Env
		c.Fix = "`browserctl token` creates one (mode 0600); give the extension the same token (`browserctl extension install DIR` writes it)"
		return c
	case statErr != nil:
		c.Status, c.Detail = checkFail, statErr.Error()
		c.Fix = "make " + path + " readable by you, mode 0600"
		return c
	}
	t, err := readTokenFile(path)
	if err != nil {
		c.Status, c.Detail = checkFail, err.Error()
		c.Fix = "delete " + shellQuote(path) + "; `browserctl token` makes a new one (then reinstall the extension's config)"
		return c
	}
	ds.token = t
	c.Status, c.Detail = checkOK, fmt.Sprintf("%s (mode %04o)", path, fi.Mode().Perm())
	return c
}

func readTokenFile(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	t := strings.TrimSpace(string(b))
	if t == "" {
		return "", fmt.Errorf("token file %s is empty", path)
	}
	return t, nil
}

func checkAddress(raw string, ds *doctorState) doctorCheck {
	c := doctorCheck{Name: hopAddress}
	addr := hostPort(raw)
	host, port, err := net.SplitHostPort(addr)
	pn, perr := strconv.Atoi(port)
	if err != nil || host == "" || perr != nil || pn <= 0 || pn > 65535 {
		c.Status = checkFail
		c.Detail = fmt.Sprintf("--server %q is not host:port", raw)
		c.Fix = "give --server (or $BROWSERCTL_SERVER) as host:port, for example " + hub.DefaultAddr
		return c
	}
	ds.addr = addr
	if isLoopback(host) {
		c.Status, c.Detail = checkOK, addr+" (loopback)"
		return c
	}
	c.Status = checkWarn
	c.Detail = addr + " is not loopback: other machines can reach a hub listening there"
	c.Fix = "use " + hub.DefaultAddr + " unless the extension runs on another machine"
	return c
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func checkProtocol(ctx context.Context, ds *doctorState) doctorCheck {
	c := doctorCheck{Name: hopProtocol}
	st := ds.hubStatus
	if st == nil {
		c.Status, c.Detail = checkSkip, "needs the hub"
		return c
	}
	reinstall := "reinstall the extension from this browserctl (`browserctl extension install DIR`) and reload it in chrome://extensions"
	if st.Version != rpc.ProtocolVersion {
		c.Status = checkFail
		c.Detail = fmt.Sprintf("the hub speaks protocol %d, this browserctl %d", st.Version, rpc.ProtocolVersion)
		c.Fix = "`browserctl stop`, then any command starts a hub of this version"
		return c
	}
	if !st.Connected {
		c.Status, c.Detail = checkSkip, fmt.Sprintf("hub %d, this browserctl %d; the extension's needs it connected", st.Version, rpc.ProtocolVersion)
		return c
	}
	cctx, cancel := context.WithTimeout(ctx, doctorTimeout)
	defer cancel()
	raw, err := ds.client.Call(cctx, rpc.ExtensionInfo, struct{}{}, doctorTimeout)
	var be *rpc.BrowserError
	switch {
	case errors.As(err, &be) && be.Code == rpc.CodeMethodNotFound:
		c.Status = checkFail
		c.Detail = fmt.Sprintf("hub %d; the extension does not answer %s: it is older than this browserctl", st.Version, rpc.ExtensionInfo)
		c.Fix = reinstall
		return c
	case err != nil:
		c.Status = checkFail
		c.Detail = fmt.Sprintf("hub %d; asking the extension for its version failed: %v", st.Version, err)
		c.Fix = "retry; if it persists, reload the extension in chrome://extensions"
		return c
	}
	var info rpc.ExtensionInfoResult
	if err := json.Unmarshal(raw, &info); err != nil || info.ProtocolVersion == 0 {
		c.Status = checkFail
		c.Detail = fmt.Sprintf("hub %d; the extension's %s answer carries no protocolVersion: %s", st.Version, rpc.ExtensionInfo, raw)
		c.Fix = reinstall
		return c
	}
	if info.ProtocolVersion != st.Version {
		c.Status = checkFail
		c.Detail = fmt.Sprintf("the extension speaks protocol %d, the hub %d", info.ProtocolVersion, st.Version)
		c.Fix = reinstall
		return c
	}
	c.Status = checkOK
	c.Detail = fmt.Sprintf("%d on both sides (extension %s)", st.Version, info.Version)
	return c
}

func checkBrowser(f *Factory, ds *doctorState) doctorCheck {
	c := doctorCheck{Name: hopBrowser}
	p, err := findBrowser(f, "")
	if err == nil {
		c.Status, c.Detail = checkOK, p+" (for `browserctl launch`)"
		return c
	}
	c.Detail = "no Chromium or Chrome on PATH for `browserctl launch`"
	c.Fix = "install one (apt-get install chromium), or pass `launch --browser PATH`"
	c.Status = checkFail
	if ds.hubStatus != nil && ds.hubStatus.Connected {
		c.Status = checkWarn // a browser is connected already: launch is not needed
	}
	return c
}

func checkBashCompletion() doctorCheck {
	c := doctorCheck{Name: hopBashCompletion}
	for _, p := range bashCompletionPaths {
		if _, err := os.Stat(p); err == nil {
			c.Status, c.Detail = checkOK, p
			return c
		}
	}
	c.Status = checkWarn
	c.Detail = "the bash-completion package is not installed: `completion bash` uses its own minimal fallback"
	c.Fix = "install bash-completion (apt-get install bash-completion) for the full behaviour"
	return c
}

func printDoctor(f *Factory, rep doctorReport) error {
	if f.Globals.JSON {
		if err := marshalJSON(f, rep); err != nil {
			return err
		}
	} else {
		cs := f.IO.ColorScheme()
		w := f.IO.Out
		for _, c := range rep.Checks {
			mark := map[string]string{
				checkOK:   cs.Green("ok  "),
				checkFail: cs.Red("FAIL"),
				checkWarn: cs.Yellow("warn"),
				checkSkip: cs.Dim("skip"),
			}[c.Status]
			fmt.Fprintf(w, "%s  %-16s %s\n", mark, c.Name, c.Detail)
			if c.Fix != "" && c.Status != checkOK && c.Status != checkSkip {
				fmt.Fprintf(w, "      %-16s fix: %s\n", "", inREPLWords(f, c.Fix))
			}
		}
	}
	if rep.OK {
		return nil
	}
	var first doctorCheck
	for _, c := range rep.Checks {
		if c.Name == rep.FirstBroken {
			first = c
		}
	}
	cs := f.IO.ErrColorScheme()
	fmt.Fprintln(f.IO.ErrOut, cs.Red("error: "+first.Name+": "+first.Detail))
	fmt.Fprintln(f.IO.ErrOut, cs.Dim("hint: "+inREPLWords(f, first.Fix)))
	return &ReportedError{Code: ExitCode(rep.ExitCode)}
}

// shellQuote quotes a path for a command line the user may paste.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '/' || r == '.' || r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
