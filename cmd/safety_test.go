package cmd

import (
	"strings"
	"testing"

	"browserctl/cmd/cmdutil"
	"browserctl/rpc"
)

// Flags that would become something else are refused before anything is
// sent: a hub beyond loopback without --allow-remote, a launch URL that is
// a browser flag or a script.
func TestFlagsStayWhatTheyAre(t *testing.T) {
	checkUsage(t, nil,
		"serve --addr 0.0.0.0:9223",
		"serve --addr 192.168.1.5:9223",
		"serve --addr devbox.lan:9223",
		"--server 0.0.0.0:9223 serve",
		"launch --url=--remote-debugging-port=9222",
		"launch --url javascript:alert(1)",
		"launch --url data:text/html,hi",
		"launch --url chrome://settings",
	)
}

// open refuses javascript: and wants --allow-file before a file: URL;
// nothing is sent for either.
func TestOpenRefusesScriptAndFileURLs(t *testing.T) {
	checkUsage(t, nil,
		"open javascript:alert(1)",
		"open JavaScript:alert(1)",
		"open file:///etc/passwd",
		"open FILE:///etc/passwd",
	)
	checkSent(t, []sentCase{
		{"open --allow-file file:///tmp/page.html", rpc.PageNavigate, `{"timeoutMs":30000,"url":"file:///tmp/page.html","allowFile":true}`},
		{"open example.com/javascript:", rpc.PageNavigate, `{"timeoutMs":30000,"url":"example.com/javascript:"}`},
	}, nil)
}

// set credentials reads the password from $BROWSERCTL_PASSWORD or stdin;
// a PASSWORD argument (ps shows it to every user) is refused, exit 2.
func TestSetCredentialsPassword(t *testing.T) {
	want := func(pw, origin string) string {
		o := ""
		if origin != "" {
			o = `,"origin":"` + origin + `"`
		}
		return `{"settings":{"credentials":{"username":"admin","password":"` + pw + `"` + o + `}}}`
	}
	withStdin := func(s string) func(*testEnv) {
		return func(e *testEnv) { e.f.IO.In = strings.NewReader(s) }
	}
	withEnv := func(e *testEnv) {
		e.f.Getenv = func(k string) string {
			if k == "BROWSERCTL_PASSWORD" {
				return "from-env"
			}
			return ""
		}
		e.f.IO.In = strings.NewReader("from-stdin\n")
	}
	checkSent(t, []sentCase{{"set credentials admin", rpc.EmulationSet, want("from-stdin", "")}}, withStdin("from-stdin\r\nnext line\n"))
	checkSent(t, []sentCase{{"set credentials admin --origin HTTPS://Intranet.Example:8443/login", rpc.EmulationSet, want("from-env", "https://intranet.example:8443")}}, withEnv)
	checkUsage(t, withStdin(""), "set credentials admin")
	checkUsage(t, withStdin("pw\n"), "set credentials admin --origin ftp://x", "set credentials admin --origin not-a-url")
	checkUsage(t, withEnv, "set credentials admin s3cret", "set credentials admin s3cret --origin https://a.example")
	// the REPL's and batch's stdin holds their lines: never read for a password
	checkUsage(t, func(e *testEnv) { e.f.InREPL = true; e.f.IO.In = strings.NewReader("next line\n") }, "set credentials admin")
	checkSent(t, []sentCase{{"set credentials admin", rpc.EmulationSet, want("from-env", "")}}, func(e *testEnv) { withEnv(e); e.f.InREPL = true })

	e := newTestEnv(t)
	e.f.IO.In = strings.NewReader("pw\n")
	if code := e.run("set credentials admin s3cret"); code != cmdutil.ExitUsage {
		t.Errorf("the argument form: exit %d, want 2", code)
	}
	if msg := e.err.String(); !strings.Contains(msg, "stdin") || !strings.Contains(msg, "$BROWSERCTL_PASSWORD") || strings.Contains(msg, "s3cret") {
		t.Errorf("the argument form's error should say where the password goes and not echo it: %q", msg)
	}
}

// set headers --origin reads an http(s) origin like set credentials'.
func TestSetHeadersOrigin(t *testing.T) {
	checkSent(t, []sentCase{
		{`set headers {"X-A":"1"} --origin https://API.example/v1`, rpc.EmulationSet, `{"settings":{"headers":{"X-A":"1"},"headersOrigin":"https://api.example"}}`},
		{`set headers {"X-A":"1"}`, rpc.EmulationSet, `{"settings":{"headers":{"X-A":"1"}}}`},
		{`set headers --reset`, rpc.EmulationReset, `{"names":["headers","headersOrigin"]}`},
	}, nil)
	checkUsage(t, nil, `set headers {"X-A":"1"} --origin file:///etc`, `set headers {"X-A":"1"} --origin https://user@a.example`)
}
