// Package doctor checks every hop from this shell to the page, in order:
// the state folder and the token file, the --server address, a browserctl
// hub answering there (told from a frozen one and from another program),
// the extension connected to it and the connections the hub refused, the
// protocol version on both sides, a browser for launch, and bash-completion.
// Each Check names what it found and, when broken, its fix. It never starts
// a hub and never writes a file; `browserctl doctor` prints the checks.
package doctor

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

	"browserctl/hub"
	"browserctl/hub/hubapi"
	"browserctl/hub/hubclient"
	"browserctl/internal/chromium"
	statedir "browserctl/internal/statedir"
	"browserctl/internal/token"
	"browserctl/rpc"
)

// Check outcomes. Only "fail" makes doctor exit non-zero; "warn" is
// something to know that does not stop browserctl working.
const (
	OK   = "ok"
	Fail = "fail"
	Warn = "warn"
	Skip = "skip"
)

// Check is one hop and how it stands.
type Check struct {
	Name   string `json:"name"`
	Status string `json:"status"` // ok, fail, warn, skip
	Detail string `json:"detail"`
	Fix    string `json:"fix,omitempty"`
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

// timeout bounds each question to the hub or the extension.
const timeout = 5 * time.Second

// bashCompletionPaths are where the bash-completion package puts its main
// script (Debian/Fedora, older distributions, Homebrew).
var bashCompletionPaths = []string{
	"/usr/share/bash-completion/bash_completion",
	"/etc/bash_completion",
	"/opt/homebrew/etc/profile.d/bash_completion.sh",
	"/usr/local/etc/profile.d/bash_completion.sh",
}

// state carries what a check found to the checks after it.
type state struct {
	env       Env
	token     string // "" when there is none to use
	addr      string // host:port, "" when it does not parse
	hubStatus *hubapi.Status
	client    *hubclient.Client
}

// Env is what the checks read: the environment, the clock, PATH, and the
// --server value as given and as host:port.
type Env struct {
	Getenv    func(string) string
	Now       func() time.Time
	LookPath  func(string) (string, error)
	RawServer string // --server as given
	Addr      string // RawServer reduced to host:port
}

// Run checks every hop, in order; it never starts a hub nor writes a file.
func Run(ctx context.Context, env Env) []Check {
	ds := state{env: env}
	checks := []Check{
		checkStateFolder(env),
		checkToken(env, &ds),
		checkAddress(env, &ds),
	}
	checks = append(checks, checkHub(ctx, &ds))
	checks = append(checks, checkExtension(env, &ds), checkHandshake(env, &ds))
	checks = append(checks, checkProtocol(ctx, &ds))
	checks = append(checks, checkBrowser(env, &ds), checkBashCompletion())
	if ds.client != nil {
		ds.client.Close()
	}
	return checks
}

// HubMissing: a failed check that means no hub of ours is at the address
// (not a refused token: that hub is there), or no extension is connected.
func HubMissing(c Check) bool {
	switch c.Name {
	case hopExtension:
		return true
	case hopHub:
		// a hub with another token is there: the token is what to fix
		return !strings.HasPrefix(c.Detail, "the hub refused") && !strings.Contains(c.Detail, "holds another token") &&
			!strings.HasPrefix(c.Detail, "the program at")
	}
	return false
}

func checkStateFolder(env Env) Check {
	c := Check{Name: hopStateFolder}
	dir, err := statedir.Locate(env.Getenv)
	if err != nil {
		c.Status, c.Detail = Fail, err.Error()
		c.Fix = "set " + statedir.EnvHome + " to a folder of yours"
		return c
	}
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		c.Status, c.Detail = Fail, dir+" does not exist"
		c.Fix = "`browserctl token` creates it (mode 0700) with a token file"
	case err != nil:
		c.Status, c.Detail = Fail, err.Error()
		c.Fix = "make " + dir + " a folder you can read and write, or set " + statedir.EnvHome
	case !fi.IsDir():
		c.Status, c.Detail = Fail, dir+" is not a folder"
		c.Fix = "move it away, or set " + statedir.EnvHome + " to a folder"
	case fi.Mode().Perm()&0o077 != 0:
		c.Status = Warn
		c.Detail = fmt.Sprintf("%s (mode %04o: other users can list it)", dir, fi.Mode().Perm())
		c.Fix = "chmod 700 " + shellQuote(dir)
	default:
		c.Status, c.Detail = OK, fmt.Sprintf("%s (mode %04o)", dir, fi.Mode().Perm())
	}
	return c
}

func checkToken(env Env, ds *state) Check {
	c := Check{Name: hopToken}
	given := env.Getenv(token.Env)
	dir, err := statedir.Locate(env.Getenv)
	if err != nil {
		if given != "" {
			ds.token = given
			c.Status, c.Detail = OK, "from $"+token.Env
			return c
		}
		c.Status, c.Detail = Skip, "no state folder"
		return c
	}
	path := filepath.Join(dir, token.FileName)
	fi, statErr := os.Stat(path)
	switch {
	case statErr == nil && fi.Mode().Perm()&^0o600 != 0:
		// checked even when $BROWSERCTL_TOKEN wins: a readable secret is a leak
		c.Status = Fail
		c.Detail = fmt.Sprintf("token file %s has mode %04o: other users can read the token", path, fi.Mode().Perm())
		c.Fix = "chmod 600 " + shellQuote(path)
		if given != "" {
			ds.token = given
		} else if t, err := readTokenFile(path); err == nil {
			ds.token = t
		}
		return c
	case given != "":
		ds.token = given
		c.Status, c.Detail = OK, "from $"+token.Env+" (the token file is not used)"
		return c
	case errors.Is(statErr, fs.ErrNotExist):
		c.Status, c.Detail = Fail, "no token file "+path+" and no $"+token.Env
		c.Fix = "`browserctl token` creates one (mode 0600); the extension has a key of its own (`browserctl extension install DIR` writes it)"
		return c
	case statErr != nil:
		c.Status, c.Detail = Fail, statErr.Error()
		c.Fix = "make " + path + " readable by you, mode 0600"
		return c
	}
	t, err := readTokenFile(path)
	if err != nil {
		c.Status, c.Detail = Fail, err.Error()
		c.Fix = "delete " + shellQuote(path) + "; `browserctl token` makes a new one (then reinstall the extension's config)"
		return c
	}
	ds.token = t
	c.Status, c.Detail = OK, fmt.Sprintf("%s (mode %04o)", path, fi.Mode().Perm())
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

func checkAddress(env Env, ds *state) Check {
	c := Check{Name: hopAddress}
	raw, addr := env.RawServer, env.Addr
	host, port, err := net.SplitHostPort(addr)
	pn, perr := strconv.Atoi(port)
	if err != nil || host == "" || perr != nil || pn <= 0 || pn > 65535 {
		c.Status = Fail
		c.Detail = fmt.Sprintf("--server %q is not host:port", raw)
		c.Fix = "give --server (or $BROWSERCTL_SERVER) as host:port, for example " + hub.DefaultAddr
		return c
	}
	ds.addr = addr
	if isLoopback(host) {
		c.Status, c.Detail = OK, addr+" (loopback)"
		return c
	}
	c.Status = Warn
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

func checkProtocol(ctx context.Context, ds *state) Check {
	c := Check{Name: hopProtocol}
	st := ds.hubStatus
	if st == nil {
		c.Status, c.Detail = Skip, "needs the hub"
		return c
	}
	reinstall := "reinstall the extension from this browserctl (`browserctl extension install DIR`) and reload it in chrome://extensions"
	if st.Version != rpc.ProtocolVersion {
		c.Status = Fail
		c.Detail = fmt.Sprintf("the hub speaks protocol %d, this browserctl %d", st.Version, rpc.ProtocolVersion)
		c.Fix = "`browserctl stop`, then any command starts a hub of this version"
		return c
	}
	if !st.Connected {
		c.Status, c.Detail = Skip, fmt.Sprintf("hub %d, this browserctl %d; the extension's needs it connected", st.Version, rpc.ProtocolVersion)
		return c
	}
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	raw, err := ds.client.Call(cctx, rpc.ExtensionInfo, struct{}{}, timeout)
	var be *rpc.BrowserError
	switch {
	case errors.As(err, &be) && be.Code == rpc.CodeMethodNotFound:
		c.Status = Fail
		c.Detail = fmt.Sprintf("hub %d; the extension does not answer %s: it is older than this browserctl", st.Version, rpc.ExtensionInfo)
		c.Fix = reinstall
		return c
	case err != nil:
		c.Status = Fail
		c.Detail = fmt.Sprintf("hub %d; asking the extension for its version failed: %v", st.Version, err)
		c.Fix = "retry; if it persists, reload the extension in chrome://extensions"
		return c
	}
	var info rpc.ExtensionInfoResult
	if err := json.Unmarshal(raw, &info); err != nil || info.ProtocolVersion == 0 {
		c.Status = Fail
		c.Detail = fmt.Sprintf("hub %d; the extension's %s answer carries no protocolVersion: %s", st.Version, rpc.ExtensionInfo, raw)
		c.Fix = reinstall
		return c
	}
	if info.ProtocolVersion != st.Version {
		c.Status = Fail
		c.Detail = fmt.Sprintf("the extension speaks protocol %d, the hub %d", info.ProtocolVersion, st.Version)
		c.Fix = reinstall
		return c
	}
	c.Status = OK
	c.Detail = fmt.Sprintf("%d on both sides (extension %s)", st.Version, info.Version)
	return c
}

func checkBrowser(env Env, ds *state) Check {
	c := Check{Name: hopBrowser}
	p, err := chromium.Find(env.LookPath, "")
	if err == nil {
		c.Status, c.Detail = OK, p+" (for `browserctl launch`)"
		return c
	}
	c.Detail = "no Chromium or Chrome on PATH for `browserctl launch`"
	c.Fix = "install one (apt-get install chromium), or pass `launch --browser PATH`"
	c.Status = Fail
	if ds.hubStatus != nil && ds.hubStatus.Connected {
		c.Status = Warn // a browser is connected already: launch is not needed
	}
	return c
}

func checkBashCompletion() Check {
	c := Check{Name: hopBashCompletion}
	for _, p := range bashCompletionPaths {
		if _, err := os.Stat(p); err == nil {
			c.Status, c.Detail = OK, p
			return c
		}
	}
	c.Status = Warn
	c.Detail = "the bash-completion package is not installed: `completion bash` uses its own minimal fallback"
	c.Fix = "install bash-completion (apt-get install bash-completion) for the full behaviour"
	return c
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
