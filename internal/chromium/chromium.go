// Package chromium starts Chromium (or Chrome) with the browserctl
// extension loaded: the one place for the browser's flags and its process,
// used by `browserctl launch`, the end-to-end tests and the benchmark.
package chromium

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Names are looked up on PATH, in order, when no browser is given.
var Names = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"}

// ErrNotFound: no browser was given and none of Names is on PATH.
var ErrNotFound = errors.New("no Chromium or Chrome on PATH (looked for " + strings.Join(Names, ", ") + "); install one (apt-get install chromium)")

// Find is given (a name on PATH or a path), else the first of Names that
// lookPath (exec.LookPath, or a test's) finds.
func Find(lookPath func(string) (string, error), given string) (string, error) {
	if given != "" {
		p, err := lookPath(given)
		if err != nil {
			return "", fmt.Errorf("browser %q not found: %w", given, err)
		}
		return p, nil
	}
	for _, name := range Names {
		if p, err := lookPath(name); err == nil {
			return p, nil
		}
	}
	return "", ErrNotFound
}

// Options say how to start the browser.
type Options struct {
	Extension string // the unpacked extension's folder, loaded and the only one enabled
	Profile   string // --user-data-dir: a profile of its own
	URL       string // the first page; "" is about:blank
	Headless  bool
	NoSandbox bool // Chromium refuses to run as root with its sandbox
	// Harness is for tests and benchmarks in a container: no GPU, no
	// /dev/shm, device scale 1, and no network names but loopback.
	Harness bool
	// WindowWidth and WindowHeight set --window-size when both are > 0.
	WindowWidth, WindowHeight int
	// DebugPort asks for --remote-debugging-port=0: the browser picks a
	// port and writes it to DevToolsActivePort in the profile.
	DebugPort bool
	// TrustSPKI are base64 SHA-256 hashes of public keys whose
	// certificates the browser accepts though no CA it trusts signed them
	// (--ignore-certificate-errors-spki-list; it needs Profile): a hub's
	// self-signed certificate for a remote browser's wss://.
	TrustSPKI []string
}

// quietFlags keep a fresh profile quiet: no first-run UI and no traffic of
// the browser's own (updates, sync, field trials, QUIC probes).
var quietFlags = []string{
	"--no-first-run",
	"--no-default-browser-check",
	"--disable-background-networking",
	"--disable-component-update",
	"--disable-sync",
	"--disable-quic",
}

// harnessFlags: see Options.Harness.
var harnessFlags = []string{
	"--disable-gpu",
	"--disable-dev-shm-usage",
	"--force-device-scale-factor=1",
	// The corpus pages name scripts, fonts and images on their original
	// hosts; with no network, each DNS lookup takes ~20 s to fail and holds
	// the load event. Failing every name but loopback at once keeps a
	// corpus page's load under 2 s. 127.0.0.2 is the second loopback
	// address a remote browser's hub listens on in e2e.
	"--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE 127.0.0.2, EXCLUDE localhost",
}

// Flags are the browser's flags for o, without the first page.
func Flags(o Options) []string {
	var args []string
	if o.Profile != "" {
		args = append(args, "--user-data-dir="+o.Profile)
	}
	if o.Extension != "" {
		args = append(args, "--load-extension="+o.Extension, "--disable-extensions-except="+o.Extension)
	}
	args = append(args, quietFlags...)
	if o.Headless {
		args = append(args, "--headless=new")
	}
	if o.NoSandbox {
		args = append(args, "--no-sandbox")
	}
	if o.Harness {
		args = append(args, harnessFlags...)
	}
	if o.WindowWidth > 0 && o.WindowHeight > 0 {
		args = append(args, "--window-size="+strconv.Itoa(o.WindowWidth)+","+strconv.Itoa(o.WindowHeight))
	}
	if o.DebugPort {
		args = append(args, "--remote-debugging-port=0")
	}
	if len(o.TrustSPKI) > 0 {
		args = append(args, "--ignore-certificate-errors-spki-list="+strings.Join(o.TrustSPKI, ","))
	}
	return args
}

// Args are Flags and the first page, after "--": Chromium takes nothing
// after it as a switch, so a URL that looks like one
// (--remote-debugging-port=9222) stays a URL.
func Args(o Options) []string {
	url := o.URL
	if url == "" {
		url = "about:blank"
	}
	return append(Flags(o), "--", url)
}

// CheckPageURL fails unless u is a URL the browser may be started on: an
// http, https, file or about URL. Anything else (a flag, javascript:,
// data:, chrome:) is refused.
func CheckPageURL(u string) error {
	scheme, _, ok := strings.Cut(u, ":")
	switch strings.ToLower(scheme) {
	case "http", "https", "file", "about":
		if ok && !strings.ContainsAny(u, "\x00\r\n") {
			return nil
		}
	}
	return fmt.Errorf("%q is not an http(s), file or about URL", u)
}

// IsRoot says whether this process runs as root (see Options.NoSandbox).
func IsRoot() bool { return os.Geteuid() == 0 }

// Browser is a started browser process.
type Browser struct {
	Path   string
	cmd    *exec.Cmd
	exited chan struct{}
}

// Start starts the browser at path with o's arguments, its output to log
// (nil: discarded). It runs in a session of its own: it outlives a
// terminal that closes, and Kill ends all its processes at once.
func Start(path string, o Options, log *os.File) (*Browser, error) {
	if o.URL != "" {
		if err := CheckPageURL(o.URL); err != nil {
			return nil, err
		}
	}
	cmd := exec.Command(path, Args(o)...)
	if log != nil {
		cmd.Stdout, cmd.Stderr = log, log
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %w", path, err)
	}
	b := &Browser{Path: path, cmd: cmd, exited: make(chan struct{})}
	go func() {
		_ = cmd.Wait()
		close(b.exited)
	}()
	return b, nil
}

// Pid is the browser's main process id.
func (b *Browser) Pid() int { return b.cmd.Process.Pid }

// Exited is closed once the main process has exited.
func (b *Browser) Exited() <-chan struct{} { return b.exited }

// Kill ends every process of the browser (SIGKILL to its process group)
// and waits, at most 10 s, until they are gone.
func (b *Browser) Kill() {
	pgid := b.cmd.Process.Pid
	_ = syscall.Kill(-pgid, syscall.SIGKILL)
	_ = b.cmd.Process.Kill()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) && syscall.Kill(-pgid, 0) == nil {
		time.Sleep(50 * time.Millisecond)
	}
	select {
	case <-b.exited:
	case <-time.After(time.Until(deadline)):
	}
}
