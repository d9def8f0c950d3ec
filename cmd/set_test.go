package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"browserctl/cmd/cmdutil"
	"browserctl/rpc"
)

// set, state and init-script send what their arguments say; bad arguments
// exit 2 before anything reaches the hub; the extension's -32602 (a time
// zone it refuses) is exit 2 too, and a tab that could not take a setting
// is exit 1.
func TestSetCommands(t *testing.T) {
	empty := `{"settings":{},"unapplied":[],"scripts":[]}`
	ok := []struct{ args, method, want string }{
		{"set viewport 1280 720 --scale 2", rpc.EmulationSet, `"viewport":{"width":1280,"height":720,"deviceScaleFactor":2}`},
		{"set device iphone 13", rpc.EmulationSet, `"device":"iPhone 13"`},
		{"set device PIXEL 7", rpc.EmulationSet, `"device":"Pixel 7"`},
		{"set media dark --reduced-motion reduce", rpc.EmulationSet, `"media":{"colorScheme":"dark","reducedMotion":"reduce"}`},
		{"set offline on", rpc.EmulationSet, `"offline":true`},
		{"set throttle slow-3g", rpc.EmulationSet, `"throttle":{"latencyMs":2000,"downloadKbps":400,"uploadKbps":400}`},
		{"set throttle --latency 100 --down 1000 --up 500", rpc.EmulationSet, `"throttle":{"latencyMs":100,"downloadKbps":1000,"uploadKbps":500}`},
		{"set geo 48.85 2.29", rpc.EmulationSet, `"geolocation":{"latitude":48.85,"longitude":2.29}}`}, // the extension's default accuracy, 10 m
		{"set geo 48.85 2.29 --accuracy 50", rpc.EmulationSet, `"geolocation":{"latitude":48.85,"longitude":2.29,"accuracy":50}`},
		{"set permissions grant camera notifications", rpc.EmulationSet, `"permissions":{"camera":"grant","notifications":"grant"}`},
		{"set timezone Asia/Tokyo", rpc.EmulationSet, `"timezone":"Asia/Tokyo"`},
		{"set headers {\"X-A\":\"1\"}", rpc.EmulationSet, `"headers":{"X-A":"1"}`},
		{"set device --reset", rpc.EmulationReset, `"names":["device","viewport","touch","userAgent"]`},
		{"set reset geo media", rpc.EmulationReset, `"names":["geolocation","media"]`},
		{"set reset", rpc.EmulationReset, `{}`},
		{"set show", rpc.EmulationShow, `{}`},
		{"set viewport --reset", rpc.EmulationReset, `"names":["viewport","device"]`},
		{"set viewport 390 664 --mobile", rpc.EmulationSet, `"viewport":{"width":390,"height":664,"mobile":true}`},
		{"set media --print", rpc.EmulationSet, `"media":{"print":true}`},
		{"set offline OFF", rpc.EmulationSet, `"offline":false`},
		{"set throttle off", rpc.EmulationSet, `"throttle":{"latencyMs":0,"downloadKbps":0,"uploadKbps":0}`},
		{"set throttle --latency 5", rpc.EmulationSet, `"throttle":{"latencyMs":5,"downloadKbps":0,"uploadKbps":0}`},
		{"set geo 1 2 --accuracy 50", rpc.EmulationSet, `"geolocation":{"latitude":1,"longitude":2,"accuracy":50}`},
		{"set permissions deny geolocation", rpc.EmulationSet, `"permissions":{"geolocation":"deny"}`},
		{"set locale de-DE", rpc.EmulationSet, `"locale":"de-DE"`},
		{"set useragent Bot/1", rpc.EmulationSet, `"userAgent":"Bot/1"`},
		{"set credentials --reset", rpc.EmulationReset, `"names":["credentials"]`},
		{"set reset DEVICE viewport", rpc.EmulationReset, `"names":["device","viewport","touch","userAgent"]`},
		{"init-script list", rpc.InitScriptsList, `{}`},
		{"init-script add --code x=1", rpc.InitScriptsAdd, `"name":"--code","source":"x=1"`},
		{"init-script remove s2", rpc.InitScriptsRemove, `"id":"s2"`},
	}
	for _, tt := range ok {
		t.Run(tt.args, func(t *testing.T) {
			e := newTestEnv(t)
			for _, m := range []string{rpc.EmulationSet, rpc.EmulationReset, rpc.EmulationShow} {
				e.h.results[m] = empty
			}
			e.h.results[rpc.InitScriptsAdd] = `{"scripts":[],"unapplied":[]}`
			e.h.results[rpc.InitScriptsList] = `{"scripts":[],"unapplied":[]}`
			e.h.results[rpc.InitScriptsRemove] = `{"scripts":[],"unapplied":[]}`
			if code := e.run(tt.args); code != cmdutil.ExitOK {
				t.Fatalf("exit %d; stderr %s", code, e.err)
			}
			if c := e.h.lastCall(t); c.Method != tt.method || !strings.Contains(c.Params, tt.want) {
				t.Errorf("sent %s %s, want %s with %s", c.Method, c.Params, tt.method, tt.want)
			}
		})
	}
	bad := []string{
		"set device Nokia 3310 Ultra", "set viewport wide 100", "set viewport 0 100", "set media purple",
		"set media", "set offline maybe", "set throttle warp", "set throttle slow-3g --latency 5", "set geo 91 0",
		"set geo north 0", "set permissions grant telepathy", "set permissions allow camera", "set headers {bad",
		"set headers [1]", "set credentials", "set credentials admin s3cret", "set reset warp", "set timezone --reset extra", "init-script add",
		"init-script add f.js --code x", "set viewport 1 2 --scale 11", "set viewport 1 100001", "set geo 1 2 --accuracy -1",
		"set throttle", "set throttle --down -1", "set media --reduced-motion fast", "set offline on off", "set device",
		"set credentials --reset admin", "set permissions grant", "init-script remove", "state load", "handoff",
	}
	checkUsage(t, nil, bad...)

	e := newTestEnv(t)
	e.h.errs[rpc.EmulationSet] = &rpc.BrowserError{Code: rpc.CodeInvalidParams, Message: `invalid params: unknown time zone "Mars/Phobos"`}
	if code := e.run("set timezone Mars/Phobos"); code != cmdutil.ExitUsage || !strings.Contains(e.err.String(), "Mars/Phobos") {
		t.Errorf("a time zone the extension refuses: exit %d, stderr %s; want 2 naming it", code, e.err)
	}
	e = newTestEnv(t)
	e.h.results[rpc.EmulationSet] = `{"settings":{"timezone":"UTC"},"unapplied":[{"tabId":7,"setting":"timezone","error":"cannot attach"}],"scripts":[]}`
	if code := e.run("set timezone UTC"); code != cmdutil.ExitError || !strings.Contains(e.err.String(), "tab 7 does not have timezone") {
		t.Errorf("a tab that could not take it: exit %d, stderr %s; want 1 naming the tab", code, e.err)
	}
}

func TestStateFiles(t *testing.T) {
	dir := t.TempDir()
	e := newTestEnv(t)
	e.h.results[rpc.StateSave] = `{"cookies":[{"name":"sid","value":"x","domain":"example.com","path":"/","expires":-1,"httpOnly":true,"secure":false,"sameSite":"Lax"}],"origins":[]}`
	path := filepath.Join(dir, "s.json")
	if code := e.run("state save " + path); code != cmdutil.ExitOK {
		t.Fatalf("state save: exit %d, %s", code, e.err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("state file %v, %v; want mode 0600", fi, err)
	}
	e.h.results[rpc.StateLoad] = `{"cookies":1,"origins":[],"pending":[]}`
	if code := e.run("state load " + path); code != cmdutil.ExitOK {
		t.Fatalf("state load: exit %d, %s", code, e.err)
	}
	if c := e.h.lastCall(t); c.Method != rpc.StateLoad || !strings.Contains(c.Params, `"name":"sid"`) {
		t.Errorf("sent %s %s", c.Method, c.Params)
	}
	bad := filepath.Join(dir, "bad.json")
	_ = os.WriteFile(bad, []byte(`{"cookies":"x"}`), 0o600)
	e = newTestEnv(t)
	if code := e.run("state load " + bad); code != cmdutil.ExitUsage || len(e.h.calls) != 0 {
		t.Errorf("a bad state file: exit %d, calls %+v; want 2 and nothing sent", code, e.h.calls)
	}
}

// The file arguments of state and init-script complete file names; the
// other arguments of the set commands complete their values.
func TestSetAndStateCompletion(t *testing.T) {
	for line, want := range map[string]string{
		"__complete state load ":           ":0",
		"__complete init-script add ":      ":0",
		"__complete set offline ":          "on\noff\n:4",
		"__complete set permissions deny ": "geolocation\nnotifications\ncamera\nmicrophone\nclipboard\n:4",
	} {
		e := newTestEnv(t)
		e.runArgs(append(strings.Fields(line), "")...)
		if !strings.HasPrefix(e.out.String(), want) {
			t.Errorf("%s: %q, want it to start %q", line, e.out, want)
		}
	}
}
