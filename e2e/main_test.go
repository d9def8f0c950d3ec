// Package e2e runs the real browserctl binary, its hub and the real extension
// inside a headless Chromium, against pages served by httptest, and checks
// what happened on the page independently of the extension: the pages report
// their events to the test server, and the test reads page state over its own
// CDP connection to the browser.
//
// TestMain builds the binary once, starts `browserctl serve` on a free port
// with BROWSERCTL_HOME in a temporary folder, writes the extension with
// `browserctl extension install`, launches Chromium headless with it loaded
// (its own profile, --remote-debugging-port=0 for the test's own CDP
// connection) and waits with `browserctl status --wait 30s`. A missing
// Chromium fails the package; it never skips.
//
// Environment:
//
//	BROWSERCTL_CHROMIUM   the browser (default: chromium on PATH, /usr/bin/chromium)
//	E2E_CORPUS            the corpus pages (default: ../../shared/corpus/pages)
//	E2E_EXTENSION_DIR     a built dist/ to load instead of the one the binary embeds
//	E2E_KEEP=1            keep the temporary folder (logs, profile) after the run
//	E2E_COVERAGE_REPORT   write the corpus ref-coverage table (markdown) to this file
package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http/httptest"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.uber.org/goleak"

	"browserctl/extension"
	"browserctl/internal/chromium"
)

// The window size Chromium is launched with. In new headless mode the page's
// viewport is as wide as the window and 87 px less high (1280x713): the
// tests read the viewport from the page rather than assume it.
const (
	viewportW = 1280
	viewportH = 800
)

// harness is everything TestMain starts; the tests share it.
type harness struct {
	dir      string // the temporary folder holding everything below
	bin      string // the browserctl binary
	home     string // BROWSERCTL_HOME
	addr     string // 127.0.0.1:port of the hub
	extDir   string // where `extension install` wrote the extension
	profile  string // Chromium's user data dir
	chrome   *chromium.Browser
	chromium string // the browser's path
	serve    *exec.Cmd
	serveLog string
	web      *httptest.Server
	rec      *recorder
	cdp      *cdpConn // the test's own connection to the browser
}

var h *harness

func TestMain(m *testing.M) {
	os.Exit(mainWithHarness(m))
}

func mainWithHarness(m *testing.M) int {
	stopInterrupts := handleInterrupts()
	var err error
	h, err = setup()
	if err != nil {
		fmt.Fprintf(os.Stderr, "e2e: FAIL: setting up the browser harness: %v\n", err)
		if h != nil {
			h.dumpLogs()
			h.teardown()
		}
		stopInterrupts()
		return 1
	}
	code := m.Run()
	if code != 0 {
		h.dumpLogs()
	}
	h.teardown()
	stopInterrupts() // before the leak check: its goroutine ends here
	if code == 0 {
		if err := goleak.Find(); err != nil {
			fmt.Fprintf(os.Stderr, "e2e: FAIL: goroutines leaked: %v\n", err)
			return 1
		}
	}
	return code
}

// handleInterrupts gives SIGINT a handler of the test binary's own, for
// two reasons. A binary started as a script's background job
// (scripts/e2e.sh's shards) begins with SIGINT ignored, and every process
// it starts would inherit that: the tests stop followers and REPLs with an
// interrupt, which such a child never sees (the follow tests then hang
// until their context kills them). exec gives a handled signal its default
// back in the child, an ignored one stays ignored. And an interrupt of the
// tests themselves (Ctrl-C) now ends the browser and hub they started
// before the binary exits 130. The returned func removes the handler.
func handleInterrupts() (stop func()) {
	interrupted := make(chan os.Signal, 1)
	signal.Notify(interrupted, os.Interrupt)
	done := make(chan struct{})
	go func() {
		select {
		case <-interrupted:
			fmt.Fprintln(os.Stderr, "e2e: interrupted: ending the harness")
			if h != nil {
				h.teardown()
			}
			os.Exit(130)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(interrupted)
		close(done)
	}
}

func findChromium() (string, error) {
	p, err := chromium.Find(exec.LookPath, os.Getenv("BROWSERCTL_CHROMIUM"))
	if err != nil {
		return "", fmt.Errorf("$BROWSERCTL_CHROMIUM or PATH: %w; install Debian's chromium package (scripts/deps.sh does): "+
			"the end-to-end tests need a real browser and never skip", err)
	}
	return p, nil
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func setup() (*harness, error) {
	chromium, err := findChromium()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "browserctl-e2e-")
	if err != nil {
		return nil, err
	}
	hh := &harness{
		dir:      dir,
		bin:      filepath.Join(dir, "browserctl"),
		home:     filepath.Join(dir, "home"),
		extDir:   filepath.Join(dir, "ext"),
		profile:  filepath.Join(dir, "profile"),
		serveLog: filepath.Join(dir, "serve.log"),
	}
	if err := os.MkdirAll(hh.home, 0o700); err != nil {
		return hh, err
	}

	// 1. Build the binary once.
	build := exec.Command("go", "build", "-o", hh.bin, "..")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		return hh, fmt.Errorf("go build of the binary: %w", err)
	}

	// 2. The test pages.
	hh.rec = newRecorder()
	hh.web = httptest.NewServer(hh.rec.handler())

	// 3. The hub.
	port, err := freePort()
	if err != nil {
		return hh, err
	}
	hh.addr = "127.0.0.1:" + strconv.Itoa(port)
	if err := hh.startServe(); err != nil {
		return hh, err
	}

	// 4. The extension, with config.json pointing at this hub.
	out, errOut, code := hh.exec(context.Background(), "extension", "install", hh.extDir)
	if code != 0 {
		return hh, fmt.Errorf("browserctl extension install exited %d: %s%s", code, out, errOut)
	}
	if over := os.Getenv("E2E_EXTENSION_DIR"); over != "" {
		// A freshly built dist/ instead of the embedded one (the binary
		// embeds dist at build time); config.json stays as install wrote it.
		if err := extension.Overlay(over, hh.extDir); err != nil {
			return hh, fmt.Errorf("E2E_EXTENSION_DIR: %w", err)
		}
	}
	manifest, err := os.ReadFile(filepath.Join(hh.extDir, "manifest.json"))
	if err != nil {
		return hh, fmt.Errorf("extension install wrote no manifest.json: %w", err)
	}
	if !bytes.Contains(manifest, []byte(`"manifest_version"`)) {
		return hh, fmt.Errorf("the extension the binary embeds is not built (manifest.json: %.200s): run `cd extension && npm run build`, then the tests again", manifest)
	}
	cfg, err := os.ReadFile(filepath.Join(hh.extDir, "config.json"))
	if err != nil {
		return hh, fmt.Errorf("extension install wrote no config.json: %w", err)
	}
	if !bytes.Contains(cfg, []byte(hh.addr)) {
		return hh, fmt.Errorf("config.json does not name this hub's address %s: %s", hh.addr, cfg)
	}

	// 5. Chromium with the extension loaded.
	hh.chromium = chromium
	if err := hh.startChromium(chromium); err != nil {
		return hh, err
	}

	// 6. Wait for the extension to connect.
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	out, errOut, code = hh.exec(ctx, "status", "--wait", "30s")
	if code != 0 {
		return hh, fmt.Errorf("the extension did not connect: browserctl status --wait 30s exited %d: %s%s", code, out, errOut)
	}

	// 7. The test's own CDP connection.
	hh.cdp, err = dialBrowser(hh.profile)
	if err != nil {
		return hh, err
	}
	return hh, nil
}

// startServe starts `browserctl serve` on h.addr and waits until it answers.
func (hh *harness) startServe() error {
	logf, err := os.OpenFile(hh.serveLog, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return err
	}
	cmd := exec.Command(hh.bin, "serve", "--addr", hh.addr)
	cmd.Env = hh.env()
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		logf.Close()
		return fmt.Errorf("starting browserctl serve: %w", err)
	}
	logf.Close()
	hh.serve = cmd
	go cmd.Wait() //nolint: reaped here so the pid does not linger as a zombie
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		c, err := net.DialTimeout("tcp", hh.addr, 200*time.Millisecond)
		if err == nil {
			c.Close()
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("browserctl serve --addr %s did not listen within 15 s", hh.addr)
}

// killServe SIGKILLs the serve process and waits until the port is free.
func (hh *harness) killServe() {
	if hh.serve == nil || hh.serve.Process == nil {
		return
	}
	_ = syscall.Kill(-hh.serve.Process.Pid, syscall.SIGKILL)
	_ = hh.serve.Process.Kill()
	hh.serve = nil
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		c, err := net.DialTimeout("tcp", hh.addr, 100*time.Millisecond)
		if err != nil {
			return
		}
		c.Close()
		time.Sleep(50 * time.Millisecond)
	}
}

// startChromium starts the browser headless with the extension loaded, its
// own profile and a debugging port for the test's CDP connection.
func (hh *harness) startChromium(path string) error {
	return hh.startChromiumSized(path, viewportW, viewportH)
}

// startChromiumSized is startChromium with the window w x h; 0, 0: no
// --window-size at all (Chromium's default headless window, as a user who
// launches it by hand has it).
func (hh *harness) startChromiumSized(path string, w, hgt int) error {
	logf, err := os.OpenFile(filepath.Join(hh.dir, "chromium.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return err
	}
	defer logf.Close()
	hh.chrome, err = chromium.Start(path, chromium.Options{
		Extension: hh.extDir, Profile: hh.profile, Headless: true, NoSandbox: true, Harness: true,
		WindowWidth: w, WindowHeight: hgt, DebugPort: true,
	}, logf)
	return err
}

// killChromium SIGKILLs the browser's whole process group and waits until
// it is gone.
func (hh *harness) killChromium() {
	if hh.chrome == nil {
		return
	}
	hh.chrome.Kill()
	hh.chrome = nil
}

func (hh *harness) env() []string {
	var env []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "BROWSERCTL_") {
			continue // no session, server or token from the developer's shell
		}
		env = append(env, kv)
	}
	return append(env, "BROWSERCTL_HOME="+hh.home, "NO_COLOR=1")
}

// exec runs the binary with --server; it never adds --json.
func (hh *harness) exec(ctx context.Context, args ...string) (string, string, int) {
	full := append([]string{"--server", hh.addr}, args...)
	cmd := exec.CommandContext(ctx, hh.bin, full...)
	cmd.Env = hh.env()
	cmd.Dir = hh.dir // a screenshot without -o lands here, not in the repository
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	cmd.WaitDelay = 2 * time.Second
	err := cmd.Run()
	code := 0
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && ee.Exited() {
			code = ee.ExitCode()
		} else {
			code = -1
			errOut.WriteString("\n[e2e: " + err.Error() + "]")
		}
	}
	return out.String(), errOut.String(), code
}

func (hh *harness) teardown() {
	if hh.cdp != nil {
		hh.cdp.Close()
	}
	if hh.bin != "" && hh.addr != "" {
		// Ends a daemon a one-shot command may have started on its own.
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		hh.exec(ctx, "stop")
		cancel()
	}
	hh.killServe()
	hh.killChromium()
	if hh.web != nil {
		hh.web.CloseClientConnections()
		hh.web.Close()
	}
	if hh.dir != "" && os.Getenv("E2E_KEEP") == "" {
		// Chromium may still be writing its profile for a moment.
		for i := 0; i < 20; i++ {
			if os.RemoveAll(hh.dir) == nil {
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
}

func (hh *harness) dumpLogs() {
	for _, name := range []string{"serve.log", "chromium.log"} {
		b, err := os.ReadFile(filepath.Join(hh.dir, name))
		if err != nil {
			continue
		}
		var keep []string
		for _, line := range strings.Split(string(b), "\n") {
			if !strings.Contains(line, "dbus") {
				keep = append(keep, line)
			}
		}
		b = []byte(strings.Join(keep, "\n"))
		if len(b) > 4000 {
			b = b[len(b)-4000:]
		}
		fmt.Fprintf(os.Stderr, "---- e2e: tail of %s ----\n%s\n", name, b)
	}
}

// ---- running the binary from a test ----

// callTimeout bounds every command a test runs: a command that runs longer
// hung, and the test says so instead of waiting forever.
const callTimeout = 60 * time.Second

// run runs the binary with --server and --json and returns stdout, stderr and
// the exit code.
func run(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	return runWithin(t, callTimeout, args...)
}

func runWithin(t *testing.T, d time.Duration, args ...string) (string, string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	full := append([]string{"--json"}, args...)
	start := time.Now()
	out, errOut, code := h.exec(ctx, full...)
	if ctx.Err() != nil {
		t.Fatalf("browserctl %s hung: no exit within %s\nstdout: %s\nstderr: %s", strings.Join(args, " "), d, out, errOut)
	}
	t.Logf("browserctl %s -> exit %d (%s)\nstdout: %s\nstderr: %s", strings.Join(args, " "), code, time.Since(start).Round(time.Millisecond), abbrev(out), abbrev(errOut))
	return out, errOut, code
}

func abbrev(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 600 {
		return s[:600] + fmt.Sprintf("... (%d bytes)", len(s))
	}
	return s
}

// mustRun runs a command that must succeed and returns its stdout.
func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	out, errOut, code := run(t, args...)
	if code != 0 {
		t.Fatalf("browserctl %s exited %d\nstderr: %s", strings.Join(args, " "), code, errOut)
	}
	return out
}

// mustJSON runs a command that must succeed and decodes its --json output.
func mustJSON(t *testing.T, v any, args ...string) {
	t.Helper()
	out := mustRun(t, args...)
	if err := json.Unmarshal([]byte(out), v); err != nil {
		t.Fatalf("browserctl %s: --json output is not the JSON result: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// mustFail runs a command that must fail with exit code and the error code
// on stderr (`error 4109 page_ref_not_found: ...`); it returns stderr.
func mustFail(t *testing.T, exit int, errCode int, args ...string) string {
	t.Helper()
	_, errOut, code := run(t, args...)
	if code != exit {
		t.Errorf("browserctl %s: exit %d, want %d; stderr: %s", strings.Join(args, " "), code, exit, errOut)
	}
	errOut = errorLine(t, errOut)
	if want := fmt.Sprintf("error %d ", errCode); !strings.Contains(errOut, want) {
		t.Errorf("browserctl %s: stderr %q does not carry %q", strings.Join(args, " "), errOut, want)
	}
	return errOut
}

// errorLine turns the JSON error that --json prints on stderr
// ({"error":{"code","name","message","hint"}}) back into the lines a person
// reads (`error 4109 page_ref_not_found: ...`, `hint: ...`), so tests check
// one wording; stderr that is not such an object is returned as it is.
func errorLine(t *testing.T, stderr string) string {
	t.Helper()
	var r struct {
		Error *struct {
			Code    int    `json:"code"`
			Name    string `json:"name"`
			Message string `json:"message"`
			Hint    string `json:"hint"`
		} `json:"error"`
	}
	if json.Unmarshal([]byte(strings.TrimSpace(stderr)), &r) != nil || r.Error == nil {
		return stderr
	}
	line := fmt.Sprintf("error %d %s: %s", r.Error.Code, r.Error.Name, r.Error.Message)
	if r.Error.Hint != "" {
		line += "\nhint: " + r.Error.Hint
	}
	return line
}

// callFail runs `browserctl call METHOD PARAMS`, which must fail with the
// error code: `call` prints the raw error object ({"error":{"code":...}}) on
// stdout, or the usual `error N name: ...` line on stderr.
func callFail(t *testing.T, errCode int, method string, params map[string]any) string {
	t.Helper()
	out, errOut, code := run(t, "call", method, callJSON(params))
	if code == 0 {
		t.Errorf("browserctl call %s %s succeeded; want error %d", method, callJSON(params), errCode)
		return out
	}
	var r struct {
		Error *struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal([]byte(out), &r) == nil && r.Error != nil {
		if r.Error.Code != errCode {
			t.Errorf("browserctl call %s: error %d %q, want %d", method, r.Error.Code, r.Error.Message, errCode)
		}
		return r.Error.Message
	}
	if !strings.Contains(errOut, fmt.Sprintf("error %d ", errCode)) {
		t.Errorf("browserctl call %s: exit %d, stdout %q, stderr %q: no error %d", method, code, out, errOut, errCode)
	}
	return errOut
}
