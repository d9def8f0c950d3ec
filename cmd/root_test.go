package cmd

import (
	"errors"
	"fmt"
	"testing"

	"browserctl/hubclient"
	"browserctl/rpc"
)

// topCmds names each command as its Use does.
func TestTopCmds(t *testing.T) {
	e := newTestEnv(t)
	for _, tc := range topCmds() {
		if got := tc.build(e.f).Name(); got != tc.name {
			t.Errorf("topCmds: %q builds %q", tc.name, got)
		}
	}
}

// Every failure prints `error CODE NAME: MESSAGE` (browser errors, waiting
// in vain for the extension included) or `error: MESSAGE` (the rest), and
// a hint line where one helps.
func TestPrintErrorFormats(t *testing.T) {
	for _, tt := range []struct {
		name string
		err  error
		want string
		code ExitCode
	}{
		{"not connected after --wait", &hubclient.NotConnectedError{Msg: "no extension connected to ws://127.0.0.1:1/ws/browser within 2s"},
			"error 4101 extension_not_connected: no extension connected to ws://127.0.0.1:1/ws/browser within 2s\n" +
				"hint: no extension is connected: `browserctl launch`, or `browserctl extension install DIR` and load it in chrome://extensions\n", ExitNoBrowser},
		{"status not connected", &ReportedError{Code: ExitNoBrowser, Err: &hubclient.NotConnectedError{Msg: "no extension connected to ws://127.0.0.1:1/ws/browser"}},
			"error 4101 extension_not_connected: no extension connected to ws://127.0.0.1:1/ws/browser\n" +
				"hint: no extension is connected: `browserctl launch`, or `browserctl extension install DIR` and load it in chrome://extensions\n", ExitNoBrowser},
		{"the hub's 4101", rpc.ErrNotConnected(),
			"error 4101 extension_not_connected: extension not connected\n" +
				"hint: no extension is connected: `browserctl launch`, or `browserctl extension install DIR` and load it in chrome://extensions\n", ExitNoBrowser},
		{"no hub", fmt.Errorf("no hub at 127.0.0.1:1: %w: http://127.0.0.1:1 (connection refused)", hubclient.ErrNoHub),
			"error: no hub at 127.0.0.1:1: no browserctl hub at this address: http://127.0.0.1:1 (connection refused)\n" +
				"hint: any browser command starts a hub at --server; or run `browserctl serve`\n", ExitNoBrowser},
		{"not a hub", fmt.Errorf("%w: http://127.0.0.1:1 answered 404 Not Found", hubclient.ErrNotAHub),
			"error: not a browserctl hub: http://127.0.0.1:1 answered 404 Not Found\n" +
				"hint: another program holds this address: pick another with --server ($BROWSERCTL_SERVER)\n", ExitNoBrowser},
		{"unauthorized", fmt.Errorf("%w (http://127.0.0.1:1)", hubclient.ErrUnauthorized),
			"error: the hub refused the token (http://127.0.0.1:1)\n" +
				"hint: the hub holds another token than ours (`browserctl token`, $BROWSERCTL_TOKEN): use the same one, or `browserctl stop` that hub and retry\n", ExitNoBrowser},
		{"usage", usageErrorf("bad"), "error: bad\nRun 'browserctl get --help' for usage.\n", ExitUsage},
		{"local", errors.New("boom"), "error: boom\n", ExitError},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := newTestEnv(t)
			PrintError(e.f, "browserctl get", tt.err)
			if got := e.err.String(); got != tt.want {
				t.Errorf("stderr\n%s\nwant\n%s", got, tt.want)
			}
			if got := ExitCodeFor(tt.err); got != tt.code {
				t.Errorf("exit %d, want %d", got, tt.code)
			}
		})
	}
}
