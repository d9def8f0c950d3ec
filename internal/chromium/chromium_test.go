package chromium

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestLaunchFlags(t *testing.T) {
	args := Args(Options{Extension: "/x/ext", Profile: "/x/prof", Headless: true, NoSandbox: true})
	for _, want := range []string{"--user-data-dir=/x/prof", "--load-extension=/x/ext", "--disable-extensions-except=/x/ext",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-quic", "--headless=new", "--no-sandbox"} {
		if !slices.Contains(args, want) {
			t.Errorf("missing %s in %s", want, args)
		}
	}
	if args[len(args)-2] != "--" || args[len(args)-1] != "about:blank" {
		t.Errorf("the first page is %q, want -- about:blank last", args[len(args)-2:])
	}
	args = Args(Options{Extension: "/x/ext", Profile: "/x/prof", URL: "https://example.com/"})
	joined := strings.Join(args, " ")
	for _, unwanted := range []string{"--no-sandbox", "--headless", "--host-resolver-rules", "--remote-debugging-port"} {
		if strings.Contains(joined, unwanted) {
			t.Errorf("unwanted %s in %s", unwanted, joined)
		}
	}
	if args[len(args)-2] != "--" || args[len(args)-1] != "https://example.com/" {
		t.Errorf("the first page is %q, want it after --", args[len(args)-2:])
	}
	// a URL that reads as a switch stays after --
	args = Args(Options{URL: "--remote-debugging-port=9222"})
	if i := slices.Index(args, "--remote-debugging-port=9222"); i != len(args)-1 || args[i-1] != "--" {
		t.Errorf("a switch-like URL is not after --: %q", args)
	}
}

func TestCheckPageURL(t *testing.T) {
	for _, u := range []string{"http://x/", "https://example.com/a?b", "HTTPS://X/", "file:///tmp/a.html", "about:blank"} {
		if err := CheckPageURL(u); err != nil {
			t.Errorf("%q: %v", u, err)
		}
	}
	for _, u := range []string{"--remote-debugging-port=9222", "-x", "javascript:alert(1)", "data:text/html,x", "chrome://settings", "example.com", "", "http://x/\n--flag"} {
		if err := CheckPageURL(u); err == nil {
			t.Errorf("%q: accepted", u)
		}
	}
	if _, err := Start("/bin/true", Options{URL: "--remote-debugging-port=9222"}, nil); err == nil {
		t.Error("Start with a switch for a URL: no error")
	}
}

func TestHarnessFlags(t *testing.T) {
	args := Flags(Options{Harness: true, WindowWidth: 1280, WindowHeight: 800, DebugPort: true})
	for _, want := range []string{"--disable-gpu", "--disable-dev-shm-usage", "--force-device-scale-factor=1",
		"--window-size=1280,800", "--remote-debugging-port=0"} {
		if !slices.Contains(args, want) {
			t.Errorf("missing %s in %s", want, args)
		}
	}
	var rule string
	for _, a := range args {
		if v, ok := strings.CutPrefix(a, "--host-resolver-rules="); ok {
			rule = v
		}
	}
	if !strings.HasPrefix(rule, "MAP * ~NOTFOUND") || !strings.Contains(rule, "EXCLUDE 127.0.0.1") {
		t.Errorf("host resolver rule %q: every name but loopback must fail", rule)
	}
}

func TestFind(t *testing.T) {
	only := func(have string) func(string) (string, error) {
		return func(name string) (string, error) {
			if name == have {
				return "/opt/" + name, nil
			}
			return "", errors.New("not found")
		}
	}
	if p, err := Find(only("google-chrome"), ""); err != nil || p != "/opt/google-chrome" {
		t.Errorf("Find = %q, %v", p, err)
	}
	if p, err := Find(only("chromium"), ""); err != nil || p != "/opt/chromium" {
		t.Errorf("Find = %q, %v", p, err)
	}
	if _, err := Find(only("nothing"), ""); !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "no Chromium or Chrome on PATH") {
		t.Errorf("Find with none: %v", err)
	}
	if _, err := Find(only("chromium"), "mybrowser"); err == nil || !strings.Contains(err.Error(), `"mybrowser" not found`) {
		t.Errorf("Find of a missing given browser: %v", err)
	}
	if p, err := Find(only("mybrowser"), "mybrowser"); err != nil || p != "/opt/mybrowser" {
		t.Errorf("Find = %q, %v", p, err)
	}
}

// Start runs the browser with the arguments, its output in the log, and
// Kill ends it and its children.
func TestStartAndKill(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "fakebrowser")
	// Records its arguments, starts a child (a renderer, say) and waits.
	script := "#!/bin/sh\nfor a in \"$@\"; do echo \"$a\"; done > \"" + dir + "/args\"\nsleep 300 &\necho started\nwait\n"
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	log, err := os.Create(filepath.Join(dir, "log"))
	if err != nil {
		t.Fatal(err)
	}
	defer log.Close()
	b, err := Start(fake, Options{Profile: dir + "/p", URL: "http://127.0.0.1:1/"}, log)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	var got []byte
	for time.Now().Before(deadline) {
		if got, _ = os.ReadFile(filepath.Join(dir, "log")); strings.Contains(string(got), "started") {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	args, _ := os.ReadFile(filepath.Join(dir, "args"))
	if want := strings.Join(Args(Options{Profile: dir + "/p", URL: "http://127.0.0.1:1/"}), "\n") + "\n"; string(args) != want {
		t.Errorf("the browser got\n%s\nwant\n%s", args, want)
	}
	select {
	case <-b.Exited():
		t.Fatal("exited before Kill")
	default:
	}
	b.Kill()
	select {
	case <-b.Exited():
	default:
		t.Fatal("Exited not closed after Kill")
	}
	if err := syscall.Kill(-b.Pid(), 0); err == nil {
		t.Error("a process of the browser's group outlived Kill")
	}
}
